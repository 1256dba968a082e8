"""Random games on Europe for every allowed player count, every invariant checked (and the
record replayed, views searched for secrets)."""

from __future__ import annotations

import pytest

from railways.cli.simulate import play_one

from .helpers import MAP


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_normally_with_every_check(players: int) -> None:
    result = play_one(MAP, players, ["random"], seed=800 + players, check=True)
    assert result.problems == []
    assert result.finished
    assert set(result.scores) == set(range(players))
    assert result.winner in result.scores


def test_a_greedy_game_ends_normally() -> None:
    result = play_one(MAP, 5, ["greedy", "random"], seed=88, check=True)
    assert result.problems == []
    assert result.finished
