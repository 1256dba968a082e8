"""Scenario helpers for the Portugal tests (the shared ones are board_helpers)."""

from __future__ import annotations

import support
from railways.core.game import Game

from ..board_helpers import H, act_as, refused  # noqa: F401  (re-exported)

MAP = "portugal"


def start(players: int = 3, seed: int = 1) -> Game:
    """A Portugal game at round 1 of turn 1, barons chosen and the auction passed."""
    return support.start(players=players, seed=seed, map_id=MAP)
