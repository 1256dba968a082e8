"""The Faster Game (RW-p9-39..43): when the West opens, Eastern cities without a link and
every Eastern gray city lose their cubes; the East still never grows again."""

from __future__ import annotations

import pytest

from railways.core.actions import Urbanize
from railways.core.board import Color
from railways.rules.boards.transcontinental import eastern_cities

from .helpers import pass_auction, pass_steps, put_link, refused, start, to_the_west

FASTER = {"modules": ["fuel-depots", "transcontinental-faster"]}


@pytest.mark.rules("RW-p9-39", "RW-p9-40", "RW-p9-41", "RW-p8-25")
def test_unlinked_and_gray_eastern_cities_are_cleared() -> None:
    game = start(players=4, options=FASTER)
    put_link(game, 1, "boston", "providence")
    put_link(game, 1, "knoxville", "chattanooga")  # Knoxville is gray: cleared all the same
    on_east = {c: len(game.state.cubes[c]) for c in eastern_cities(game.board)}
    to_the_west(game)
    board, state = game.board, game.state
    linked = {"boston", "providence", "chattanooga", "milwaukee", "chicago"}
    for city in eastern_cities(board):
        if city in linked and board.cities[city].color is not Color.GRAY:
            continue  # linked and coloured: its cubes stay (Chicago lost its own delivering)
        assert state.cubes[city] == [], city
    assert state.cubes["knoxville"] == []
    assert len(state.cubes["boston"]) == on_east["boston"]
    assert state.cubes_total() == 5 * board.tables.goods_per_color  # back in the bag


@pytest.mark.rules("RW-p9-42", "RW-p9-34")
def test_the_east_does_not_grow_in_the_faster_game_either() -> None:
    game = start(players=4, options=FASTER)
    to_the_west(game)
    pass_auction(game)
    pass_steps(game)
    seat = game.to_act
    assert seat is not None
    refused(game, Urbanize(seat=seat, city="raleigh", color="blue"), "RW-p9-34")


@pytest.mark.rules("RW-p9-19")
def test_without_the_faster_game_the_east_keeps_its_cubes() -> None:
    game = start(players=4)
    before = {c: list(game.state.cubes[c]) for c in eastern_cities(game.board)}
    to_the_west(game)
    after = {c: list(game.state.cubes[c]) for c in eastern_cities(game.board)}
    changed = [c for c in before if before[c] != after[c]]
    assert changed == ["chicago"]  # only the city whose last cube ended the Eastern phase
