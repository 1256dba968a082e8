"""The turn structure: the order of a turn's steps, as a hook object the engine consults.

``Game`` does not hard-wire how a turn runs. It asks its ruleset's :class:`TurnStructure`
at four points:

- ``start_turn``: a new turn begins (the default holds the first player auction);
- ``check`` and ``step_actions``: which actions the current step accepts, and (for steps
  other than an ordinary action round) the only ones it offers;
- ``after_action``: an action was performed; move on to the next seat, round or step;
- ``end_turn``: every action of the turn is taken (the default pays income and dividends,
  removes incomplete links, adds an Operations card, then ends the game or starts a turn);
- ``result``: the game is over; who won.

The default is the multiplayer turn of RW-p4..p6: auction, three action rounds, income.
A variant replaces only what differs (the solo game has no auction and puts the Railbot's
card between the second and third action, RB-050) and reuses the building blocks ``Game``
exposes for the default: ``start_auction``, ``next_seat``, ``income_phase``,
``draw_operations_card``, ``next_turn_or_finish``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from railways.core.actions import Action
    from railways.core.game import Game


class TurnStructure:
    """The multiplayer turn (RW-p4-28..41, RW-p6-01..10). Subclass to change a step."""

    id = "standard"

    def start_turn(self, game: Game, first_turn: bool) -> None:
        """Begin a turn: the first player auction (RW-p4-29)."""
        game.start_auction(first_turn)

    def check(self, game: Game, action: Action) -> None:
        """Raise IllegalAction if the current step does not accept ``action``."""

    def step_actions(self, game: Game, seat: int) -> list[Action] | None:
        """The only actions the current step offers, or None for an ordinary action round."""
        return None

    def is_free(self, game: Game, action: Action) -> bool:
        """Whether ``action`` takes no action slot (it is a choice inside a step)."""
        return False

    def after_action(self, game: Game, action: Action) -> None:
        """An action that takes a slot was performed: the next seat, round or the turn's end."""
        game.next_seat()

    def end_turn(self, game: Game) -> None:
        """Income and dividends, incomplete links, a new Operations card (RW-p6-01..07)."""
        game.income_phase()
        game.draw_operations_card()
        game.next_turn_or_finish()

    def result(self, game: Game, final: Mapping[int, int]) -> tuple[int | None, str]:
        """The winner and the closing log line, from the final scores (RW-p6-14..17)."""
        ranked = sorted(final, key=lambda seat: game.rank_key(seat, final), reverse=True)
        best = ranked[0]
        return best, f"Game over. {game.seats[best]} wins with {final[best]} points"
