"""An undo-heavy record is cheap to check (issue 30, item 1: a 2,990-action build-and-undo
record took 7.7 s of CPU to import, because every undo replayed the whole game from its
first action). An undo now replays from a kept state; this counts the actions it replays.

The state an undo leaves is checked in test_undo_snapshots.py; here only its cost.
"""

from __future__ import annotations

import dataclasses

from railways.core.actions import Action, BuildTrack, Undo
from railways.core.game import Game
from railways.core.legal import sample_action
from railways.core.plugins import Plugin
from railways.core.rng import Rng
from railways.rules import new_game


class _CountsActions(Plugin):
    """Counts every action the game carries out, a replayed one included."""

    id = "test-counts-actions"

    def __init__(self) -> None:
        self.carried_out = 0

    def after_action(self, game: Game, action: Action) -> None:
        self.carried_out += 1


def test_an_undo_replays_a_few_actions_not_the_whole_game() -> None:
    plain = new_game("eastern-us", players=3, seed=4)
    counter = _CountsActions()
    ruleset = dataclasses.replace(plain.ruleset, plugins=(*plain.ruleset.plugins, counter))
    game = Game(plain.board, ruleset, plain.seats, plain.seed, plain.options)
    rng = Rng(6)
    undos: list[int] = []  # actions carried out again by each undo
    while len(game.history) < 250 and not game.over:
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        game.apply(action)
        # Build and undo up to three times over, as an undo-heavy record does.
        for _ in range(3 if isinstance(action, BuildTrack) else 0):
            if game.undo_allowed(seat) is not None:
                break
            before = counter.carried_out
            game.apply(Undo(seat=seat))
            undos.append(counter.carried_out - before)
            game.apply(action)
    assert len(game.history) >= 250 and len(undos) >= 50, (len(game.history), len(undos))
    # Replaying from the start costs the game's length (hundreds of actions) every time;
    # from a kept state, the first undo at most a sparse snapshot's distance (128) and the
    # others the one or two actions since the state the last undo left.
    assert max(undos) <= 128, undos
    assert sum(undos) <= 128 + 3 * len(undos), undos
