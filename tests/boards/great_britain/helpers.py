"""Scenario helpers for the Great Britain rule tests (the shared ones are board_helpers)."""

from __future__ import annotations

import support
from railways.core.game import Game

from ..board_helpers import (  # noqa: F401  (re-exported for the test modules)
    H,
    baron_score,
    build,
    end_now,
    put_link,
    refused,
)

MAP = "great-britain"


def start(players: int = 4, seed: int = 1) -> Game:
    """A Great Britain game at round 1 of turn 1, barons chosen and the auction passed."""
    return support.start(players=players, seed=seed, map_id=MAP)
