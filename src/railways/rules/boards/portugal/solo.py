"""Portugal in the solo game: the Railbot's maritime card (RB-088).

One card of Portugal's Railbot deck (``railbot.toml``, ``kind = "maritime"``) names (island,
port) pairs. Resolved, it lays the Railbot's maritime link of each pair along the lane between
them, whether or not the two are connected already (a lane that holds track gets nothing),
then takes one cube of the player's choice off each island. What the rest of the solo
appendix says of the lanes is data the generic Railbot reads: its paths pay a lane's price
once (``solo.toml`` ``railbot_lanes``, RB-085), Exhaust Goods spares the islands
(``exhaust_exempt``), and the player's Capital Charters count its lane links (RB-083).
"""

from __future__ import annotations

from railways.content.solo import RailbotCard
from railways.core.game import Game
from railways.rules.boards.portugal import MARITIME
from railways.rules.solo import railbot
from railways.rules.solo.hooks import SoloHook, Task
from railways.rules.solo.state import solo_map

LAY = "maritime"  # the task that lays one maritime link


def pairs(card: RailbotCard) -> list[tuple[str, str]]:
    """The card's (island, port) pairs."""
    return list(zip(card.cities[::2], card.cities[1::2], strict=True))


def lay_maritime(game: Game, port: str, island: str) -> None:
    """RB-088: lay the Railbot's maritime link between ``port`` and ``island``, whether or not
    they are connected already; its lane must be free of track."""
    board, smap = game.board, solo_map(game)
    names = f"{game.city_name(port)} - {game.city_name(island)}"
    for border in sorted(board.borders.values(), key=lambda b: b.id):
        if border.kind not in smap.railbot_lanes:
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
    """The maritime card as the solo game's hook (``Portugal.solo_hook``)."""

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
