"""Fuel Depots (RW-p7-12..25), as the Western U.S. plays them (RW-p12-11, RW-p12-12).

Cities used (Western U.S. board): Boise blue, Helena red, Missoula, Idaho Falls, Great Falls,
Miles City and Pierre gray, Portland red, Billings and Sioux Falls purple. None has a rotor.
"""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack, DeliverGoods, Pass
from railways.core.board import Color
from railways.core.legal import build_options, legal_actions
from railways.core.view import view_for
from railways.rules.modules.fuel_depots import (
    ContinueDelivery,
    ContinueToFuelDepot,
    PlaceFuelDepot,
    StopAtFuelDepot,
    data,
    depots_at,
    held,
    in_supply,
)

from .helpers import act_as, chain, no_goals, only_cubes, put_link, refused, start


def _put_depots(game, seat, city, count):
    """Depots already on the board (scenario set-up; placing them is tested below)."""
    data(game)["placed"][city] = [seat, count]


def _mike():
    """RW-p7-22: a purple cube in A, a level 4 engine, two depots in purple B 4 links away."""
    game = start()
    no_goals(game)
    to_b = chain(game, 0, ["boise", "idaho-falls", "missoula", "great-falls", "billings"])
    to_c = chain(game, 0, ["billings", "miles-city", "pierre", "sioux-falls"])
    only_cubes(game, "boise", [Color.PURPLE])
    _put_depots(game, 0, "billings", 2)
    act_as(game, 0, engine=4)
    return game, to_b, to_c


@pytest.mark.rules("RW-p7-12", "RW-p7-13")
def test_two_depots_for_5000_on_a_city_you_reach_then_the_build_action():
    game = start()
    put_link(game, 0, "boise", "idaho-falls")
    act_as(game, 0, cash=20)
    game.apply(PlaceFuelDepot(seat=0, city="boise", amount=2))
    assert game.state.players[0].cash == 15
    assert depots_at(game, 0, "boise") == 2 and in_supply(game, 0) == 2
    assert game.to_act == 0  # an add-on: the Build Track action is still to take
    refused(game, Pass(seat=0), "RW-p7-12")
    legal = legal_actions(game, 0)
    assert legal.builds and not legal.simple and not legal.deliveries
    # The build need not touch the depot's city (RW-p7-13).
    boise = game.board.cities["boise"].at
    far = next(o for o in build_options(game, 0) if boise not in o.action.path)
    game.apply(BuildTrack(seat=0, path=far.action.path, exit=far.action.exit))
    assert game.to_act != 0 and data(game)["pending"] is None


@pytest.mark.rules("RW-p7-12", "RW-p7-13")
def test_depot_placements_the_rules_do_not_allow_are_refused():
    game = start()
    put_link(game, 0, "boise", "idaho-falls")
    put_link(game, 1, "helena", "missoula")
    act_as(game, 0)
    refused(game, PlaceFuelDepot(seat=0, city="helena", amount=1), "RW-p7-13")  # not reached
    refused(game, PlaceFuelDepot(seat=0, city="boise", amount=3), "RW-p7-13")  # 2 at most
    _put_depots(game, 1, "idaho-falls", 1)
    refused(game, PlaceFuelDepot(seat=0, city="idaho-falls", amount=1), "RW-p7-13")  # taken
    _put_depots(game, 0, "portland", 2)
    _put_depots(game, 0, "eugene", 1)
    refused(game, PlaceFuelDepot(seat=0, city="boise", amount=2), "RW-p7-12")  # 1 left
    game.apply(PlaceFuelDepot(seat=0, city="boise", amount=1))
    assert in_supply(game, 0) == 0
    act_as(game, 0)
    del data(game)["placed"]["portland"]  # two back in the supply
    refused(game, PlaceFuelDepot(seat=0, city="idaho-falls", amount=1), "RW-p7-13")


@pytest.mark.rules("RW-p7-12")
def test_no_depot_without_track_to_build_then():
    """A depot comes with a Build Track action: with every tile of the supply laid, no link
    can be built, so no depot is offered and placing one is refused."""
    games = []
    for _ in range(2):
        game = start()
        put_link(game, 0, "boise", "idaho-falls")
        act_as(game, 0)
        games.append(game)
    free, full = games
    full.state.tile_counts = dict(full.board.tables.tile_supply)  # every tile on the board
    assert build_options(full, 0) == [] and build_options(free, 0) != []
    offered = [a for a in legal_actions(free, 0).simple if isinstance(a, PlaceFuelDepot)]
    assert {(a.city, a.amount) for a in offered} == {
        (c, n) for c in ("boise", "idaho-falls") for n in (1, 2)
    }
    assert not [a for a in legal_actions(full, 0).simple if isinstance(a, PlaceFuelDepot)]
    refused(full, PlaceFuelDepot(seat=0, city="boise", amount=1), "RW-p7-12")


@pytest.mark.rules("RW-p7-14", "RW-p7-15")
def test_a_depot_lets_a_cube_through_a_city_of_its_colour_and_goes_back_to_the_supply():
    game = start()
    no_goals(game)
    links = chain(game, 0, ["boise", "helena", "missoula", "portland"])
    only_cubes(game, "boise", [Color.RED])
    act_as(game, 0, engine=3)
    through = DeliverGoods(seat=0, city="boise", color="red", links=links)
    refused(game, through, "RW-p5-28")  # red Helena stops the red cube
    _put_depots(game, 1, "helena", 2)
    refused(game, through, "RW-p5-28")  # another player's depot is no help
    _put_depots(game, 0, "helena", 2)
    score = game.state.players[0].score
    game.apply(through)
    assert game.state.players[0].score == score + 3
    assert depots_at(game, 0, "helena") == 1 and in_supply(game, 0) == 3


@pytest.mark.rules("RW-p7-16", "RW-p7-17", "RW-p7-18", "RW-p7-22", "RW-p7-23", "RW-p7-24")
@pytest.mark.rules("RW-p7-25")
def test_mike_stops_at_his_depot_and_carries_the_cube_on_for_seven_points():
    game, to_b, to_c = _mike()
    score = game.state.players[0].score
    bag = game.state.bag[Color.PURPLE]
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b))
    assert depots_at(game, 0, "billings") == 1  # one used to ignore purple Billings
    assert game.state.cubes["boise"] == [] and "boise" in game.state.ecm
    assert held(game, 0) is not None and game.state.bag[Color.PURPLE] == bag
    assert game.state.players[0].score == score  # nothing scored yet
    act_as(game, 0, engine=4)
    game.apply(ContinueDelivery(seat=0, links=to_c))
    assert depots_at(game, 0, "billings") == 0 and in_supply(game, 0) == 4
    assert game.state.players[0].score == score + 7  # 4 links to Billings, 3 on
    assert held(game, 0) is None and game.state.bag[Color.PURPLE] == bag + 1
    assert game.state.players[0].deliveries == 1


@pytest.mark.rules("RW-p7-21", "RW-p7-16")
def test_one_depot_cannot_both_ignore_the_colour_and_carry_the_cube_on():
    game, to_b, _ = _mike()
    _put_depots(game, 0, "billings", 1)
    refused(game, StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b), "RW-p7-21")
    legal = [a for a in legal_actions(game, 0).simple if isinstance(a, StopAtFuelDepot)]
    assert all(a.links != to_b for a in legal)
    # A gray city takes no colour: there one depot is enough to stop and go on.
    _put_depots(game, 0, "great-falls", 1)
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b[:3]))
    assert depots_at(game, 0, "great-falls") == 1


@pytest.mark.rules("RW-p7-16", "RW-p5-26")
def test_each_part_of_the_journey_is_at_most_the_engine_s_links():
    game, to_b, to_c = _mike()
    game.state.players[0].engine = 3
    refused(game, StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b), "RW-p7-16")
    game.state.players[0].engine = 4
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b))
    act_as(game, 0, engine=2)
    refused(game, ContinueDelivery(seat=0, links=to_c), "RW-p7-16")


@pytest.mark.rules("RW-p7-19")
def test_a_cube_not_carried_on_with_the_next_action_is_discarded():
    game, to_b, _ = _mike()
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b))
    bag = game.state.bag[Color.PURPLE]
    act_as(game, 0)
    game.apply(Pass(seat=0))
    assert held(game, 0) is None
    assert game.state.bag[Color.PURPLE] == bag + 1
    act_as(game, 0, engine=4)
    refused(game, ContinueDelivery(seat=0, links=(99,)), "RW-p7-18")


@pytest.mark.rules("RW-p7-20", "RW-p7-17", "RW-p7-18")
def test_depots_chain_one_removed_at_each_stop_and_pass():
    game = start()
    no_goals(game)
    first = chain(game, 0, ["boise", "idaho-falls", "missoula"])
    second = chain(game, 0, ["missoula", "great-falls", "billings"])
    third = chain(game, 0, ["billings", "miles-city", "pierre", "sioux-falls"])
    only_cubes(game, "boise", [Color.PURPLE])
    _put_depots(game, 0, "missoula", 1)
    _put_depots(game, 0, "billings", 2)
    act_as(game, 0, engine=3)
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=first))
    act_as(game, 0, engine=3)
    game.apply(ContinueToFuelDepot(seat=0, links=second))
    assert depots_at(game, 0, "missoula") == 0  # spent to go on
    assert depots_at(game, 0, "billings") == 1  # one spent to ignore purple Billings
    assert held(game, 0) is not None
    act_as(game, 0, engine=3)
    score = game.state.players[0].score
    game.apply(ContinueDelivery(seat=0, links=third))
    assert game.state.players[0].score == score + 7
    assert in_supply(game, 0) == 4


@pytest.mark.rules("RW-p7-18", "RW-p5-27")
def test_a_continued_cube_never_comes_back_to_a_city_it_passed():
    game, to_b, _ = _mike()
    back = put_link(game, 0, "billings", "missoula")
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b))
    act_as(game, 0, engine=4)
    refused(game, ContinueDelivery(seat=0, links=(back,)), "RW-p5-27")


@pytest.mark.rules("RW-p7-25", "RW-p5-31")
def test_each_link_of_the_whole_journey_scores_for_its_owner():
    game = start()
    no_goals(game)
    mine = chain(game, 0, ["boise", "idaho-falls", "missoula"])
    theirs = chain(game, 1, ["missoula", "great-falls", "billings"])
    only_cubes(game, "boise", [Color.PURPLE])
    _put_depots(game, 0, "missoula", 1)
    act_as(game, 0, engine=2)
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=mine))
    scores = [p.score for p in game.state.players]
    act_as(game, 0, engine=2)
    game.apply(ContinueDelivery(seat=0, links=theirs))
    assert [p.score - s for p, s in zip(game.state.players, scores, strict=True)] == [2, 2, 0, 0]


@pytest.mark.rules("RW-p7-14", "RW-p7-17")
def test_depots_and_a_held_cube_are_shown_to_every_front_end():
    game, to_b, _ = _mike()
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b))
    markers = view_for(game, 3)["markers"]
    depot = next(m for m in markers if m["kind"] == "fuel-depot")
    assert (depot["city"], depot["owner"], depot["symbol"]) == ("billings", 0, "F1")
    cube = next(m for m in markers if m["kind"] == "held-cube")
    assert (cube["city"], cube["owner"], cube["symbol"]) == ("billings", 0, "P")
    assert view_for(game, None)["plugins"]["fuel_depots"]["supply"]["0"] == 3


@pytest.mark.rules("RW-p7-25", "RW-p22-20")
def test_the_cards_hear_of_the_delivery_when_it_is_completed_not_at_the_stop():
    game = start()
    to_b = chain(game, 0, ["boise", "idaho-falls", "missoula", "great-falls", "billings"])
    to_c = chain(game, 0, ["billings", "miles-city", "pierre", "sioux-falls"])
    only_cubes(game, "boise", [Color.PURPLE])
    _put_depots(game, 0, "billings", 2)
    act_as(game, 0, engine=4)
    assert "railroad-era-begins" in game.state.ops_display
    game.apply(StopAtFuelDepot(seat=0, city="boise", color="purple", links=to_b))
    assert "railroad-era-begins" in game.state.ops_display  # no delivery yet
    act_as(game, 0, engine=4)
    game.apply(ContinueDelivery(seat=0, links=to_c))
    assert "railroad-era-begins" not in game.state.ops_display
    assert game.state.players[0].score == 7 + 1  # the links, and the first delivery's point
