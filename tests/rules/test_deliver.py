"""Deliver One Goods Cube (RW-p5-22..33) and the engine level limit (RW-p5-18, RW-p5-19)."""

from __future__ import annotations

import itertools

import pytest

import support
from railways.core.actions import DeliverGoods
from railways.core.board import Color
from railways.core.hexgrid import Side

from .rw_helpers import (
    SOUTH_EAST,
    WEST,
    WEST_SOUTH,
    WEST_SOUTH_ALT,
    H,
    build,
    refused,
    tiny,
)

B, R, Y, P, K = Color.BLUE, Color.RED, Color.YELLOW, Color.PURPLE, Color.BLACK


def network(owner_ws: int = 0, owner_se: int = 0, engine: int = 2):
    """Westport (red) - Southby (gray) - Eastville (blue); seat 0 to act in round 1."""
    game = tiny(players=2, cash=40)
    build(game, owner_ws, WEST_SOUTH)
    build(game, owner_se, SOUTH_EAST)
    for p in game.state.players:
        p.engine = engine
        p.score = 0  # forget the Major Line points: scores below count deliveries only
    ws = game.state.links[1].id
    se = game.state.links[2].id
    support.make_turn(game, 0)
    return game, ws, se


@pytest.mark.rules("RW-p5-24", "RW-p5-22", "RW-p5-23", "RW-p5-30", "RW-p5-31")
def test_a_cube_is_delivered_through_a_gray_city_to_a_city_of_its_colour():
    game, ws, se = network()
    state = game.state
    support.set_cubes(game, "west", [R, B])
    bag = dict(state.bag)
    east = list(state.cubes["east"])
    total = state.cubes_total()
    game.apply(DeliverGoods(seat=0, city="west", color="blue", links=(ws, se)))
    assert state.cubes["west"] == [R]
    assert state.cubes["east"] == east  # the cube goes to the bag, not onto the city
    assert state.bag[B] == bag[B] + 1
    assert state.cubes_total() == total
    assert state.players[0].score == 2
    assert state.players[1].score == 0
    assert "west" not in state.ecm
    assert game.to_act == 1


@pytest.mark.rules("RW-p5-22")
@pytest.mark.parametrize("color", ["purple", "black", "yellow", "red"])
def test_a_cube_only_goes_to_a_city_of_the_same_colour(color):
    game, ws, se = network()
    support.set_cubes(game, "west", [Color(color)])
    refused(game, DeliverGoods(seat=0, city="west", color=color, links=(ws, se)), "RW-p5-22")


@pytest.mark.rules("RW-p5-23")
def test_no_cube_can_be_delivered_to_a_gray_city():
    game, ws, _se = network()
    support.set_cubes(game, "west", [B, R, Y, P, K])
    for cube in ("blue", "red", "yellow", "purple", "black"):
        exc = refused(game, DeliverGoods(seat=0, city="west", color=cube, links=(ws,)), "RW-p5-22")
        assert "Southby" in exc.message


@pytest.mark.rules("RW-p5-23", "RW-p5-31")
def test_a_cube_may_start_in_a_gray_city():
    game, ws, _se = network()
    support.set_cubes(game, "south", [R, B])
    game.apply(DeliverGoods(seat=0, city="south", color="red", links=(ws,)))
    assert game.state.cubes["south"] == [B]
    assert game.state.players[0].score == 1


@pytest.mark.rules("RW-p5-24")
def test_the_cube_must_be_in_the_city_it_starts_from():
    game, ws, se = network()
    support.set_cubes(game, "west", [R])
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(ws, se)), "RW-p5-24")
    refused(game, DeliverGoods(seat=0, city="nowhere", color="blue", links=(ws, se)), None)
    refused(game, DeliverGoods(seat=0, city="west", color="gray", links=(ws, se)), "RW-p5-24")
    refused(game, DeliverGoods(seat=0, city="west", color="mauve", links=(ws, se)), "RW-p5-22")


@pytest.mark.rules("RW-p5-25")
def test_cubes_move_only_along_complete_links():
    game = tiny(players=2, cash=40)
    build(game, 0, WEST_SOUTH)
    build(game, 0, (WEST, H(0, 1), H(0, 2), H(0, 3)), Side.E)  # incomplete, toward Eastville
    incomplete = next(lk.id for lk in game.state.links.values() if not lk.complete)
    ws = next(lk.id for lk in game.state.links.values() if lk.complete)
    support.set_cubes(game, "west", [B])
    support.make_turn(game, 0)
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(incomplete,)), "RW-p5-25")
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(99,)), "RW-p5-25")
    # a link that does not start where the cube is
    game.state.players[0].engine = 2
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(ws, ws + 99)), "RW-p5-25")


@pytest.mark.rules("RW-p5-25")
def test_each_link_must_leave_from_the_city_the_cube_is_in():
    game, ws, se = network()
    support.set_cubes(game, "west", [B])
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(se, ws)), "RW-p5-25")


@pytest.mark.rules("RW-p5-26", "RW-p5-18", "RW-p5-19")
def test_engine_level_limits_how_many_links_a_cube_travels():
    game, ws, se = network(engine=1)
    support.set_cubes(game, "west", [B])
    deliver = DeliverGoods(seat=0, city="west", color="blue", links=(ws, se))
    refused(game, deliver, "RW-p5-26")
    game.state.players[0].engine = 2
    game.apply(deliver)
    assert game.state.players[0].score == 2


@pytest.mark.rules("RW-p5-19", "RW-p5-26", "RW-p5-18")
def test_an_engine_two_reaches_one_or_two_links_but_not_three():
    game = support.start(players=2, seed=1)
    game.state.ops_display = []  # no goal cards, so only link points are scored
    chain = ["pittsburgh", "harrisburg", "philadelphia", "new-york"]
    links = tuple(support.build_link(game, 0, a, b) for a, b in itertools.pairwise(chain))
    # black Pittsburgh, gray Harrisburg, blue Philadelphia, red New York
    support.set_cubes(game, "pittsburgh", [R, R])
    support.set_cubes(game, "harrisburg", [B])
    game.state.round = 1
    p = game.state.players[0]
    p.engine = 2
    p.score = 0  # forget any Major Line points: count deliveries only
    support.make_turn(game, 0)
    three = DeliverGoods(seat=0, city="pittsburgh", color="red", links=links)
    refused(game, three, "RW-p5-26")
    game.apply(DeliverGoods(seat=0, city="harrisburg", color="blue", links=(links[1],)))
    assert p.score == 1
    support.make_turn(game, 0)
    p.engine = 3
    game.apply(three)
    assert p.score == 4
    assert game.state.cubes["pittsburgh"] == [R]


@pytest.mark.rules("RW-p5-27")
def test_a_cube_never_enters_the_same_city_twice():
    game = tiny(players=2, cash=40)
    build(game, 0, WEST_SOUTH)
    build(game, 0, WEST_SOUTH_ALT)
    a, b = sorted(game.state.links)
    for p in game.state.players:
        p.engine = 3
    support.set_cubes(game, "west", [R, B])
    support.make_turn(game, 0)
    # out to Southby and back to Westport on the other link: Westport twice
    refused(game, DeliverGoods(seat=0, city="west", color="red", links=(a, b)), "RW-p5-27")


@pytest.mark.rules("RW-p5-27")
def test_a_cube_never_uses_the_same_link_twice():
    game, ws, se = network(engine=3)
    support.set_cubes(game, "west", [B])
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(ws, ws)), "RW-p5-27")
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(ws, se, se)), "RW-p5-27")


@pytest.mark.rules("RW-p5-28")
def test_a_cube_stops_at_the_first_city_of_its_colour():
    game, ws, se = network(engine=2)
    game.state.city_colors["south"] = B  # as if Southby had been urbanized blue
    support.set_cubes(game, "west", [B])
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(ws, se)), "RW-p5-28")
    game.apply(DeliverGoods(seat=0, city="west", color="blue", links=(ws,)))
    assert game.state.players[0].score == 1
    assert game.state.cubes["west"] == []


@pytest.mark.rules("RW-p5-29")
def test_a_cube_cannot_be_moved_without_being_delivered():
    game, ws, _se = network()
    support.set_cubes(game, "west", [B])
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=()), "RW-p5-29")
    # stopping in Southby, which does not take blue, is no delivery either
    refused(game, DeliverGoods(seat=0, city="west", color="blue", links=(ws,)), "RW-p5-22")


@pytest.mark.rules("RW-p5-31")
def test_each_link_travelled_scores_a_point_for_its_owner():
    game, ws, se = network(owner_ws=0, owner_se=1)
    support.set_cubes(game, "west", [B])
    game.apply(DeliverGoods(seat=0, city="west", color="blue", links=(ws, se)))
    assert [p.score for p in game.state.players] == [1, 1]


@pytest.mark.rules("RW-p5-32")
def test_the_active_player_must_own_the_first_link():
    game, ws, se = network(owner_ws=0, owner_se=1)
    support.set_cubes(game, "west", [B])
    support.set_cubes(game, "south", [B])
    support.make_turn(game, 1)
    refused(game, DeliverGoods(seat=1, city="west", color="blue", links=(ws, se)), "RW-p5-32")
    game.apply(DeliverGoods(seat=1, city="south", color="blue", links=(se,)))
    assert [p.score for p in game.state.players] == [0, 1]


@pytest.mark.rules("RW-p5-33")
def test_an_empty_city_marker_goes_on_the_city_that_loses_its_last_cube():
    game, ws, se = network()
    state = game.state
    support.set_cubes(game, "west", [B, B])
    game.apply(DeliverGoods(seat=0, city="west", color="blue", links=(ws, se)))
    assert "west" not in state.ecm
    support.make_turn(game, 0)
    game.apply(DeliverGoods(seat=0, city="west", color="blue", links=(ws, se)))
    assert state.cubes["west"] == []
    assert state.ecm == {"west"}
    assert state.end_trigger_turn is None  # 10 markers are needed with two players
