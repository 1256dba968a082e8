"""Random games on Sweden for every allowed player count, every invariant checked."""

from __future__ import annotations

import pytest

from railways.cli.simulate import play_one

from .helpers import MAP


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_normally_with_every_check(players: int) -> None:
    """Invariants after every action, secrets in every view, replays at checkpoints."""
    result = play_one(MAP, players, ["random"], seed=800 + players, check=True)
    assert result.problems == []
    assert result.finished
    assert set(result.scores) == set(range(players))
