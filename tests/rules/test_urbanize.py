"""Urbanize: a New City tile on a gray city, two random cubes (RW-p5-13..16)."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import DeliverGoods, Urbanize
from railways.core.board import Color

from .rw_helpers import WEST_SOUTH, build, pass_round, refused, tiny


@pytest.mark.rules("RW-p5-13", "RW-p3-11")
def test_urbanizing_a_gray_city_costs_ten_thousand_and_adds_two_random_cubes():
    game = tiny(cash=12)
    state = game.state
    before_cubes = list(state.cubes["south"])
    total = state.cubes_total()
    draws = state.rng.draws
    game.apply(Urbanize(seat=0, city="south", color="yellow"))
    assert state.players[0].cash == 2
    assert state.players[0].bonds == 0
    assert state.city_colors["south"] is Color.YELLOW
    assert state.new_city_tiles[Color.YELLOW] == 5
    assert state.cubes["south"][: len(before_cubes)] == before_cubes
    assert len(state.cubes["south"]) == len(before_cubes) + 2
    assert state.cubes_total() == total  # the two cubes came out of the bag
    assert state.rng.draws > draws  # drawn at random
    assert game.to_act == 1


@pytest.mark.rules("RW-p5-13")
def test_the_two_cubes_depend_on_the_draw():
    seen = set()
    for seed in range(10):
        game = support.start(players=2, seed=seed, map_id=support.TINY)
        game.apply(Urbanize(seat=0, city="south", color="black"))
        seen.add(tuple(sorted(c.value for c in game.state.cubes["south"][-2:])))
    assert len(seen) > 1


@pytest.mark.rules("RW-p5-13", "RW-p4-23")
def test_urbanizing_without_the_money_issues_bonds():
    game = tiny(cash=1)
    game.apply(Urbanize(seat=0, city="south", color="blue"))
    assert game.state.players[0].bonds == 2
    assert game.state.players[0].cash == 1


@pytest.mark.rules("RW-p5-13")
@pytest.mark.parametrize("color", ["red", "gray", "green", None])
def test_there_is_no_red_new_city_tile(color):
    game = tiny(cash=20)
    refused(game, Urbanize(seat=0, city="south", color=color), "RW-p5-13")


@pytest.mark.rules("RW-p5-13")
def test_a_colour_whose_tiles_have_run_out_cannot_be_chosen():
    game = support.start(players=3, seed=4)
    game.state.new_city_tiles[Color.PURPLE] = 0
    refused(game, Urbanize(seat=0, city="harrisburg", color="purple"), "RW-p5-13")
    game.apply(Urbanize(seat=0, city="harrisburg", color="black"))
    assert game.state.city_colors["harrisburg"] is Color.BLACK


@pytest.mark.rules("RW-p5-16", "RW-p5-13")
def test_only_gray_cities_can_be_urbanized():
    game = tiny(cash=20)
    refused(game, Urbanize(seat=0, city="west", color="yellow"), "RW-p5-16")
    refused(game, Urbanize(seat=0, city="east", color="yellow"), "RW-p5-16")
    refused(game, Urbanize(seat=0, city="nowhere", color="yellow"), None)


@pytest.mark.rules("RW-p5-16")
def test_a_city_can_be_urbanized_only_once():
    game = tiny(players=2, cash=30)
    game.apply(Urbanize(seat=0, city="south", color="purple"))
    support.make_turn(game, 1)
    refused(game, Urbanize(seat=1, city="south", color="yellow"), "RW-p5-16")
    refused(game, Urbanize(seat=1, city="south", color="purple"), "RW-p5-16")
    assert game.state.city_colors["south"] is Color.PURPLE


@pytest.mark.rules("RW-p5-14")
def test_urbanizing_an_empty_city_removes_its_marker():
    game = tiny(cash=20)
    state = game.state
    support.set_cubes(game, "south", [])
    state.ecm.add("south")
    game.apply(Urbanize(seat=0, city="south", color="blue"))
    assert "south" not in state.ecm
    assert len(state.cubes["south"]) == 2


@pytest.mark.rules("RW-p5-15", "RW-p5-14")
def test_removing_a_marker_does_not_undo_a_triggered_end():
    game = tiny(cash=20)
    state = game.state
    support.set_cubes(game, "south", [])
    state.ecm.add("south")
    state.ecm_needed = 1
    state.end_trigger_turn = state.turn
    game.apply(Urbanize(seat=0, city="south", color="blue"))
    assert state.ecm == set()
    assert state.end_trigger_turn == 1


@pytest.mark.rules("RW-p3-11", "RW-p5-23")
def test_goods_of_the_new_colour_can_then_be_delivered_to_the_city():
    game = tiny(players=2, cash=40)
    build(game, 0, WEST_SOUTH)
    link = next(iter(game.state.links))
    support.set_cubes(game, "west", [Color.YELLOW, Color.BLUE])
    support.make_turn(game, 0)
    deliver = DeliverGoods(seat=0, city="west", color="yellow", links=(link,))
    refused(game, deliver, "RW-p5-22")
    game.apply(Urbanize(seat=0, city="south", color="yellow"))
    pass_round(game)
    game.apply(deliver)
    assert game.state.cubes["west"] == [Color.BLUE]
    assert game.state.players[0].score == 1
