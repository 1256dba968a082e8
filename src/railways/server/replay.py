"""Stepping through a game: the position after any number of its actions, as a seat saw it.

The server keeps the record (seed and actions) to itself and hands out only views, so a replay
shows a seat exactly what it saw at that point and nothing more: hidden cards stay hidden until
the step where they were revealed. Positions are rebuilt by replaying the record from the
nearest checkpoint (a ``Game.copy`` kept every :data:`CHECKPOINT_EVERY` actions), so scrubbing
back and forth through a long game stays cheap.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from railways.core.actions import Action
from railways.core.game import Game
from railways.core.view import view_for

CHECKPOINT_EVERY = 32


class Replayer:
    """Positions of one game's prefix of actions; safe to use from several worker threads."""

    def __init__(self, start: Game) -> None:
        # ``start``: the game before its first action (a copy this object owns).
        self._checkpoints: dict[int, Game] = {0: start}
        self._lock = threading.Lock()

    def game_at(self, actions: Sequence[Action], at: int) -> Game:
        """A new game equal to the game after ``actions[:at]``."""
        if not 0 <= at <= len(actions):
            raise ValueError(f"step {at} is outside 0..{len(actions)}")
        with self._lock:
            base = max(k for k in self._checkpoints if k <= at)
            game = self._checkpoints[base].copy()
            for i in range(base, at):
                game.apply(actions[i])
                done = i + 1
                if done % CHECKPOINT_EVERY == 0 and done not in self._checkpoints:
                    self._checkpoints[done] = game.copy()
            return game

    def view_at(self, actions: Sequence[Action], at: int, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) saw after ``actions[:at]``, and the last log line."""
        game = self.game_at(actions, at)
        view = view_for(game, seat)
        return {"view": view, "last": game.state.log[-1] if game.state.log else ""}
