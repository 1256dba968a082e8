"""Alternate Rail Baron selection: keep both cards until the first Major Line (RW-p8-07..08).

Each player holds the two Rail Baron cards dealt at set-up. Once any Major Line is
completed, each player, at their next action, keeps one of the two (a free choice
that comes before the action). A player who has not chosen holds no Rail Baron for
scoring. The choice is the ``baron-choice`` step of a turn (``railways.core.turns``),
which this module replaces; the auction variants change another step, so they combine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from railways.core.actions import Action, register
from railways.core.errors import IllegalAction
from railways.core.kinds import ActionInfo, ActionKind, KindInfo
from railways.core.state import Phase
from railways.core.turns import BaronChoiceStep
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.game import Game
    from railways.core.rng import Rng


@register
@dataclass(frozen=True, slots=True)
class KeepBaron(Action):
    baron: str = ""
    kind: ClassVar[str] = "keep_baron"

    def __str__(self) -> str:
        return f"P{self.seat + 1} keeps a Rail Baron card"


def pending(game: Game) -> list[int]:
    """Seats still holding both of their dealt Rail Baron cards."""
    data: dict[str, Any] = game.state.plugin_data.setdefault("late_barons", {"pending": []})
    seats: list[int] = data["pending"]
    return seats


def must_choose(game: Game, seat: int) -> bool:
    state = game.state
    return state.phase is Phase.ACTIONS and bool(state.major_lines) and seat in pending(game)


class KeepBaronKind(ActionKind):
    action_type = KeepBaron
    advances_turn = False
    info = KindInfo(
        "Keep a Rail Baron",
        "a Major Line is done: keep one of your two Rail Baron cards",
        "RW-p8-08",
        "k",
    )

    def check(self, game: Game, action: KeepBaron) -> object:
        if action.seat not in pending(game):
            raise IllegalAction("you have already kept a Rail Baron card", "RW-p8-08")
        if not game.state.major_lines:
            raise IllegalAction(
                "Rail Baron cards are chosen once the first Major Line is complete", "RW-p8-08"
            )
        if action.baron not in game.state.players[action.seat].barons_dealt:
            raise IllegalAction("keep one of the two Rail Baron cards you were dealt", "RW-p8-08")
        return None

    def perform(self, game: Game, action: KeepBaron, checked: object) -> None:
        game.state.players[action.seat].baron = action.baron
        pending(game).remove(action.seat)
        game.log(f"{game.seats[action.seat]} keeps a Rail Baron card")

    def options(self, game: Game, seat: int) -> list[Action]:
        dealt = game.state.players[seat].barons_dealt
        return [KeepBaron(seat=seat, baron=b) for b in dealt]

    def describe(self, game: Game, action: KeepBaron) -> ActionInfo:
        baron = game.ruleset.barons.get(action.baron)
        name = baron.name if baron is not None else action.baron
        return ActionInfo(f"Keep the Rail Baron {name}", help="RW-p8-08")


class LateBaronTurn(BaronChoiceStep):
    """Once a Major Line is complete, a seat holding two cards keeps one before acting."""

    def check(self, game: Game, action: Action) -> None:
        if must_choose(game, action.seat) and not isinstance(action, KeepBaron):
            raise IllegalAction(
                "a Major Line is complete: keep one of your Rail Baron cards first", "RW-p8-08"
            )

    def offers(self, game: Game, seat: int) -> list[Action] | None:
        if must_choose(game, seat):
            dealt = game.state.players[seat].barons_dealt
            return [KeepBaron(seat=seat, baron=b) for b in dealt]
        return None


@register_plugin
class LateBarons(Module):
    id = "late-barons"
    title = "Alternate Rail Baron selection"
    summary = "keep both Rail Baron cards until the first Major Line, then choose one"
    clauses = ("RW-p8-07", "RW-p8-08")
    turn_steps = (LateBaronTurn,)

    def setup(self, game: Game) -> None:
        seats = pending(game)
        for p in game.state.players:
            if p.baron is None and len(p.barons_dealt) == 2:
                p.baron = ""  # no Rail Baron yet: the choice comes later (RW-p8-08)
                seats.append(p.seat)

    def action_kinds(self) -> Sequence[ActionKind]:
        return (KeepBaronKind(),)

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        out: dict[str, Any] = {**super().view(game, seat), "barons_pending": list(pending(game))}
        if seat is not None and seat in pending(game):  # a seat's own cards, never another's
            out["my_barons_dealt"] = list(game.state.players[seat].barons_dealt)
        return out

    def determinize(self, game: Game, seat: int, rng: Rng) -> None:
        deck = game.state.baron_deck  # the cards this seat has not seen, already shuffled
        for other in pending(game):
            if other != seat and len(deck) >= 2:
                game.state.players[other].barons_dealt = (deck.pop(), deck.pop())
