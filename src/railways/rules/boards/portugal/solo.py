"""Portugal in the solo game: the Railbot's maritime card (RB-088).

One card of Portugal's Railbot deck (``railbot.toml``, ``kind = "maritime"``) names (island,
port) pairs. Resolved, it lays the Railbot's maritime link of each pair along the lane between
them, whether or not the two are connected already (a lane that holds track gets nothing),
then takes one cube of the player's choice off each island. The rest of the solo appendix is
two keys of ``solo.toml`` read here and asked by the generic Railbot through the hook: its
paths pay a lane's price once (``[railbot_lanes]``, border kind = price, RB-085) and Exhaust
Goods spares the islands (``exhaust_exempt``); the player's Capital Charters count its lane
links (RB-083).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from railways.content.solo import RailbotCard, SoloMap
from railways.core.board import Board
from railways.core.game import Game
from railways.rules.boards.portugal import MARITIME
from railways.rules.solo import railbot
from railways.rules.solo.hooks import SoloHook, Task
from railways.rules.solo.state import solo_map

LAY = "maritime"  # the task that lays one maritime link
SPARED = "exhaust_exempt"  # the key of solo.toml: cities Exhaust Goods spares
LANES = "railbot_lanes"  # the table of solo.toml: border kind = the Railbot's price of a lane


@dataclass(frozen=True)
class SeaRules:
    """What the solo appendix says of the lanes and the islands (RB-085)."""

    spared: frozenset[str] = frozenset()
    lanes: Mapping[str, int] = field(default_factory=dict)


def read_sea_rules(smap: SoloMap, board: Board, p: list[str]) -> SeaRules:
    """The ``exhaust_exempt`` list and the ``[railbot_lanes]`` table, checked."""
    file = "solo.toml"
    raw = smap.own.get(SPARED, [])
    spared: list[str] = []
    if not isinstance(raw, list) or not all(isinstance(c, str) and c for c in raw):
        p.append(f"{file}:{SPARED}: expected a list of ids")
    else:
        spared = list(raw)
    for city in spared:
        if city not in board.cities:
            p.append(f"{file}:{SPARED}: {city!r} is not a city of {board.id}")
    lanes: dict[str, int] = {}
    table = smap.own.get(LANES, {})
    if not isinstance(table, dict):
        p.append(f"{file}:{LANES}: expected a table of border kind = cost")
        table = {}
    for kind, cost in table.items():
        if kind == "source":
            continue
        if not any(b.kind == kind for b in board.borders.values()):
            p.append(f"{file}:{LANES}: {board.id} has no border of kind {kind!r}")
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
            p.append(f"{file}:{LANES}.{kind}: expected a whole number of at least 0, got {cost!r}")
            cost = 0
        lanes[kind] = cost
    return SeaRules(frozenset(spared), lanes)


def sea_rules(game: Game) -> SeaRules:
    appendix = solo_map(game).appendix
    return appendix if isinstance(appendix, SeaRules) else SeaRules()


def pairs(card: RailbotCard) -> list[tuple[str, str]]:
    """The card's (island, port) pairs."""
    return list(zip(card.cities[::2], card.cities[1::2], strict=True))


def lay_maritime(game: Game, port: str, island: str) -> None:
    """RB-088: lay the Railbot's maritime link between ``port`` and ``island``, whether or not
    they are connected already; its lane must be free of track."""
    board, lanes = game.board, sea_rules(game).lanes
    names = f"{game.city_name(port)} - {game.city_name(island)}"
    for border in sorted(board.borders.values(), key=lambda b: b.id):
        if border.kind not in lanes:
            continue
        if {border.params.get("port"), border.params.get("island")} != {port, island}:
            continue
        edges = {(e.a, e.b) for e in border.edges} | {(e.b, e.a) for e in border.edges}
        path = [board.cities[port].at]
        while path[-1] != board.cities[island].at:
            nxt = [b for a, b in edges if a == path[-1] and b not in path]
            if len(nxt) != 1:
                break
            path.append(nxt[0])
        if path[-1] != board.cities[island].at:
            break
        if any(game.state.track.get(h) for h in path[1:-1]):
            game.log(f"The maritime lane {names} already holds track: the Railbot lays nothing")
            return
        railbot.build_path(game, tuple(path))
        return
    game.log(f"There is no maritime lane {names} for the Railbot to build")


class PortugalSolo(SoloHook):
    """The maritime card, the lanes' price and the spared islands as the solo game's hook
    (``Portugal.solo_hook``)."""

    def appendix_keys(self) -> frozenset[str]:
        return frozenset({SPARED, LANES})

    def read_appendix(self, smap: SoloMap, board: Board, problems: list[str]) -> object:
        return read_sea_rules(smap, board, problems)

    def exhaust_spares(self, game: Game) -> frozenset[str]:
        return sea_rules(game).spared

    def lane_prices(self, game: Game) -> Mapping[str, int]:
        return sea_rules(game).lanes

    def card_kinds(self) -> frozenset[str]:
        return frozenset({MARITIME})

    def card_problems(self, card: RailbotCard) -> list[str]:
        cities = card.cities
        if card.bottom or not cities or len(cities) % 2 or len(set(cities)) != len(cities):
            return [f"railbot.toml:{card.id}.cities: a maritime card names (island, port) pairs"]
        return []

    def card_tasks(self, game: Game, card: RailbotCard) -> list[Task]:
        """RB-088: the maritime links, then a cube off each island."""
        found = pairs(card)
        tasks: list[Task] = [{"kind": LAY, "a": port, "b": island} for island, port in found]
        return tasks + [{"kind": "any_cube", "city": island} for island, _port in found]

    def describe_card(self, game: Game | None, card: RailbotCard) -> str | None:
        names = [game.city_name(c) for c in card.cities] if game is not None else list(card.cities)
        shown = [f"{a}/{b}" for a, b in zip(names[::2], names[1::2], strict=True)]
        return "Maritime links " + " and ".join(shown)

    def do_task(self, game: Game, task: Task) -> bool:
        if task["kind"] != LAY:
            return False
        lay_maritime(game, task["a"], task["b"])
        return True
