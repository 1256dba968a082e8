"""Mines: twice a game, pay $10,000 to bring goods out of a gray city (RW-p7-07..11)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from railways.core.actions import Action, register
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.kinds import ActionInfo, ActionKind, KindInfo
from railways.core.plugins import Marker
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.game import Game

MINES_PER_PLAYER = 2  # RW-p7-07
MINE_COST = 10  # $10,000 (RW-p7-08)
MAX_DRAWS = 5  # RW-p7-09


@register
@dataclass(frozen=True, slots=True)
class PlaceMine(Action):
    city: str = ""
    kind: ClassVar[str] = "place_mine"

    def __str__(self) -> str:
        return f"P{self.seat + 1} places a mine at {self.city}"


def mines(game: Game) -> dict[str, Any]:
    """``{"placed": {city: seat}}``: every mine on the board (each one is depleted)."""
    data: dict[str, Any] = game.state.plugin_data.setdefault("mines", {"placed": {}})
    return data


def mines_left(game: Game, seat: int) -> int:
    return MINES_PER_PLAYER - sum(1 for s in mines(game)["placed"].values() if s == seat)


def card_mines(game: Game) -> dict[str, int]:
    """``{city: seat}``: the mines opened with the Mine Operations card (RW-p22-02)."""
    placed: dict[str, int] = game.state.plugin_data.setdefault("mine_cards", {})
    return placed


def depleted(game: Game) -> frozenset[str]:
    """Every city with a spent mine, from this module or from a Mine card: none is mined again."""
    data = game.state.plugin_data
    return frozenset(data.get("mines", {}).get("placed", {})) | frozenset(
        data.get("mine_cards", {})
    )


def dig(game: Game, draws: int = MAX_DRAWS) -> tuple[list[Color], Color | None]:
    """Draw until a colour repeats or ``draws`` are drawn: the distinct cubes, and the repeat."""
    found: list[Color] = []
    for _ in range(draws):
        drawn = game.draw_cubes(1)
        if not drawn:
            break  # the bag is empty
        if drawn[0] in found:
            return found, drawn[0]
        found.append(drawn[0])
    return found, None


def open_mine(game: Game, seat: int, city: str, cost: int, draws: int = MAX_DRAWS) -> list[Color]:
    """Pay ``cost``, dig (``dig``), put the distinct colours on ``city`` and send the repeated
    cube back to the bag (RW-p7-08..10; the Mine card, RW-p22-02). Returns what was found."""
    game.pay(seat, cost, "mine")
    found, repeat = dig(game, draws)
    if repeat is not None:
        game.state.bag[repeat] += 1  # the matching cube goes back
    game.add_cubes(city, found)
    colours = ", ".join(c.value for c in found) or "nothing"
    game.log(f"{game.seats[seat]} opens a mine at {game.city_name(city)}: {colours}")
    return found


class PlaceMineKind(ActionKind):
    """An add-on on your turn in an action round: it does not use up the action."""

    action_type = PlaceMine
    advances_turn = False
    info = KindInfo(
        "Place a mine",
        f"pay ${MINE_COST},000: goods from a gray city's mine (twice a game)",
        "RW-p7-08",
        "m",
    )

    def check(self, game: Game, action: PlaceMine) -> object:
        if mines_left(game, action.seat) <= 0:
            raise IllegalAction(
                f"you have placed both of your {MINES_PER_PLAYER} mines", "RW-p7-07"
            )
        if action.city not in game.board.cities:
            raise IllegalAction(f"there is no city {action.city!r}")
        if action.city in depleted(game):
            raise IllegalAction(
                f"{game.city_name(action.city)} has a depleted mine already", "RW-p7-11"
            )
        if game.state.city_colors[action.city] is not Color.GRAY:
            raise IllegalAction("a mine goes on a gray city", "RW-p7-09")
        return None

    def perform(self, game: Game, action: PlaceMine, checked: object) -> None:
        open_mine(game, action.seat, action.city, MINE_COST)  # RW-p7-08..10
        mines(game)["placed"][action.city] = action.seat  # RW-p7-11

    def options(self, game: Game, seat: int) -> list[Action]:
        if mines_left(game, seat) <= 0:
            return []
        gray = [c for c, col in sorted(game.state.city_colors.items()) if col is Color.GRAY]
        spent = depleted(game)
        return [PlaceMine(seat=seat, city=c) for c in gray if c not in spent]

    def describe(self, game: Game, action: PlaceMine) -> ActionInfo:
        city = game.board.cities.get(action.city)
        return ActionInfo(
            f"Place a mine at {game.city_name(action.city)}",
            MINE_COST,
            hexes=(city.at,) if city is not None else (),
            cities=(action.city,),
            help="RW-p7-08",
        )


@register_plugin
class Mines(Module):
    id = "mines"
    title = "Mines"
    summary = "twice a game, pay $10,000 to draw up to 5 goods into a gray city"
    clauses = ("RW-p7-07", "RW-p7-08", "RW-p7-09", "RW-p7-10", "RW-p7-11")

    def setup(self, game: Game) -> None:
        mines(game)

    def action_kinds(self) -> Sequence[ActionKind]:
        return (PlaceMineKind(),)

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        placed = mines(game)["placed"]
        return {
            **super().view(game, seat),
            "mines": {
                "placed": dict(placed),
                "left": {str(p.seat): mines_left(game, p.seat) for p in game.state.players},
            },
        }

    def own_markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        return [
            Marker(
                kind="mine",
                label=f"{game.seats[owner]}'s depleted mine at {game.city_name(city)}",
                symbol="M",
                hex=game.board.cities[city].at,
                city=city,
                owner=owner,
                help="RW-p7-11",
            )
            for city, owner in sorted(mines(game)["placed"].items())
        ]
