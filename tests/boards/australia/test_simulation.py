"""Random games on Railways of Australia for every player count (each set of regions), with
every check of ``railways simulate``: the invariants after every action (money, cubes, tiles,
markers; every card in one place, co-owners, every point explained), views searched for
secrets, the record replayed; and greedy games."""

from __future__ import annotations

import pytest

from railways.cli.simulate import play_one

MAP = "australia"


@pytest.mark.rules("AU-008", "AU-009", "AU-010")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_normally_with_every_check(players: int) -> None:
    result = play_one(MAP, players, ["random"], seed=900 + players, check=True)
    assert result.problems == []
    assert result.finished
    assert set(result.scores) == set(range(players))


def test_greedy_games_with_the_optional_modules_end_normally() -> None:
    modules = ("australia-optional-barons", "black-stars", "base-score-track")
    result = play_one(MAP, 3, ["greedy", "random"], seed=91, check=True, modules=modules)
    assert result.problems == []
    assert result.finished
