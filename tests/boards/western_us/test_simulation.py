"""Random games on the Western U.S. for every allowed player count, with its City Rotors and
Fuel Depots (RW-p12-05..12) and without them (RW-p12-13), every invariant checked."""

from __future__ import annotations

import pytest

from railways.cli.simulate import play_one

from .helpers import MAP


@pytest.mark.rules("RW-p12-13")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize(
    "without", [(), ("city-rotors", "fuel-depots")], ids=["with-modules", "without-modules"]
)
def test_random_games_end_normally_with_every_check(players: int, without: tuple[str, ...]):
    """Invariants after every action, secrets in every view, replays at checkpoints."""
    result = play_one(MAP, players, ["random"], seed=700 + players, check=True, without=without)
    assert result.problems == []
    assert result.finished
    assert set(result.scores) == set(range(players))
    assert result.winner in result.scores


def test_greedy_games_end_normally_on_the_board():
    result = play_one(MAP, 4, ["greedy", "random"], seed=11, check=True)
    assert result.problems == [] and result.finished
