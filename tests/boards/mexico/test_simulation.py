"""Random games on Mexico for every allowed player count, with and without the Black Star
cards, every invariant checked (and the record replayed, views searched for secrets)."""

from __future__ import annotations

import pytest

from railways.cli.simulate import play_one

from .helpers import BLACK_STARS, MAP


@pytest.mark.parametrize("modules", [(), (BLACK_STARS,)], ids=["plain", "black-stars"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_normally_with_every_check(players: int, modules: tuple[str]) -> None:
    result = play_one(MAP, players, ["random"], seed=700 + players, check=True, modules=modules)
    assert result.problems == []
    assert result.finished
    assert set(result.scores) == set(range(players))
    assert result.winner in result.scores


def test_a_greedy_game_with_the_black_stars_ends_normally() -> None:
    result = play_one(MAP, 4, ["greedy", "random"], seed=77, check=True, modules=(BLACK_STARS,))
    assert result.problems == []
    assert result.finished
