"""The engine's random draws as outcomes an outside caller chooses (OpenSpiel's chance nodes).

Every draw the rules make goes through ``Rng.below(n)``: a cube from the bag, a card's place
in a shuffle, an event, a Railbot card. ``ScriptedRng`` is a generator whose answers are
given from outside: each ``below(n)`` takes the next outcome of its script and, when the
script runs out, raises ``DrawNeeded(n)`` instead of drawing. ``apply_with_draws`` carries
out an action on a copy of the game with a given script; if the action needs one more draw,
the copy is thrown away and the caller learns how many outcomes the draw has (each equally
likely, ``1/n``, as ``below`` draws them). Choosing an outcome and trying again from the
same position plays the action with that outcome, and so on until it is carried out.

A draw with one outcome (``below(1)``) is no choice and is answered 0 without asking.

The deal works the same way: ``deal_with_draws`` sets a game up (``new_game``'s ``rng``: the
engine's one hook for this) with a script of outcomes, and learns the next draw's size when
the script runs out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railways.core.actions import Action
from railways.core.game import Game
from railways.core.rng import Rng
from railways.rules import new_game


class DrawNeeded(Exception):  # not an error: the caller is asked for a draw
    """An action needs one more draw, of ``bound`` equally likely outcomes."""

    def __init__(self, bound: int) -> None:
        super().__init__(f"a draw of {bound} outcomes is needed")
        self.bound = bound


class ScriptedRng(Rng):
    """A generator that answers ``below`` from a script of outcomes (see the module)."""

    __slots__ = ("script", "used")
    kind = "scripted"

    def __init__(self, script: Sequence[int] = (), draws: int = 0) -> None:
        super().__init__(0, draws)
        self.script = list(script)
        self.used = 0

    def copy(self) -> Rng:
        return ScriptedRng(self.script[self.used :], self.draws)

    def next64(self) -> int:
        # The rules draw only through below(); a raw 64-bit draw has no outcome list.
        raise RuntimeError("a scripted generator answers below() only")

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.draws += 1
        if n == 1:
            return 0
        if self.used == len(self.script):
            raise DrawNeeded(n)
        outcome = self.script[self.used]
        if not 0 <= outcome < n:
            raise ValueError(f"draw outcome {outcome} is not below {n}")
        self.used += 1
        return outcome


def scripted(game: Game) -> Game:
    """``game`` with its generator replaced by a scripted one: no seed is left in its state."""
    game.state.rng = ScriptedRng((), game.state.rng.draws)
    return game


def apply_with_draws(game: Game, action: Action, outcomes: Sequence[int]) -> Game | int:
    """``action`` carried out on a copy of ``game`` whose draws are ``outcomes``, in order.

    Returns the copy when the action is done, or the number of outcomes of the next draw it
    needs (``game`` is never changed).
    """
    twin = game.copy()
    rng = ScriptedRng(outcomes, game.state.rng.draws)
    twin.state.rng = rng
    try:
        twin.apply(action)
    except DrawNeeded as need:
        return need.bound
    if rng.used != len(rng.script):
        raise ValueError(f"{len(rng.script) - rng.used} draw outcome(s) left unused")
    return twin


def deal_with_draws(
    map_id: str, players: int, options: Mapping[str, Any] | None, outcomes: Sequence[int]
) -> tuple[Game, int] | int:
    """A new game of ``map_id`` whose set-up draws are ``outcomes``, in order, and the number
    of outcomes it used; or the number of outcomes of the next draw the deal needs.

    Outcomes past the deal's last draw are left unused (a replay hands the whole history in
    and plays the rest). The game's generator afterwards is a scripted one with no script:
    no seed is left in it (its ``seed`` field is 0 and means nothing).
    """
    rng = ScriptedRng(outcomes)
    try:
        game = new_game(map_id, players=players, seed=0, options=options, rng=rng)
    except DrawNeeded as need:
        return need.bound
    game.state.rng = ScriptedRng((), rng.draws)
    return game, rng.used
