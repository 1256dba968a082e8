"""Eastern U.S.: the Build Western Link action, the Chicago trade and the NY-KC Major Line.

Clauses RW-p10-10 .. RW-p10-18.
"""

from __future__ import annotations

import pytest

from railways.core.actions import DeliverGoods
from railways.core.board import Color
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.rules.boards.western_link import BuildWesternLink
from support import start

from .eus_helpers import link, place_cubes, put_link, refused, turn_of

KC = "kansas-city"
DM = "des-moines"

# A chain of one-action links from New York to Kansas City.
NY_TO_KC = [
    ("new-york", "harrisburg"),
    ("harrisburg", "pittsburgh"),
    ("pittsburgh", "columbus"),
    ("columbus", "indianapolis"),
    ("indianapolis", "st-louis"),
    ("st-louis", KC),
]


def western_links(game: Game) -> dict[str, int]:
    return dict(game.state.plugin_data["western_links"])


def build_wl(game: Game, seat: int, city: str, cash: int = 40) -> None:
    turn_of(game, seat)
    game.state.players[seat].cash = cash
    game.apply(BuildWesternLink(seat=seat, city=city))


@pytest.mark.rules("RW-p10-10")
def test_western_link_needs_own_completed_link_to_the_city() -> None:
    """Without a completed link of your own into Kansas City the action is refused."""
    game = start(4)
    turn_of(game, 0)
    game.state.players[0].cash = 50
    refused(game, BuildWesternLink(seat=0, city=KC), "RW-p10-10")


@pytest.mark.rules("RW-p10-10")
def test_another_players_link_does_not_make_you_eligible() -> None:
    game = start(4)
    link(game, 1, DM, KC)
    turn_of(game, 0)
    game.state.players[0].cash = 50
    refused(game, BuildWesternLink(seat=0, city=KC), "RW-p10-10")
    refused(game, BuildWesternLink(seat=0, city=DM), "RW-p10-10")


@pytest.mark.rules("RW-p10-10")
def test_incomplete_link_toward_the_city_does_not_count() -> None:
    """Track that has not yet reached the city is no completed link."""
    from railways.core.actions import BuildTrack
    from railways.core.legal import static_routes

    game = start(4)
    route = static_routes(game.board, 4)[(KC, "tulsa")][0]
    assert route.tiles == 3
    turn_of(game, 0)
    game.state.players[0].cash = 50
    exit_ = route.path[2].side_towards(route.path[3])
    game.apply(BuildTrack(seat=0, path=route.path[:3], exit=exit_))
    (partial,) = game.state.links.values()
    assert not partial.complete and partial.start == KC
    turn_of(game, 0)
    refused(game, BuildWesternLink(seat=0, city=KC), "RW-p10-10")


@pytest.mark.rules("RW-p10-10", "RW-p10-13")
@pytest.mark.parametrize("city", [KC, DM])
def test_western_link_built_after_completed_link_to_either_city(city: str) -> None:
    """A completed own link into Kansas City or Des Moines allows the action there."""
    game = start(4)
    link(game, 0, DM, KC)  # one link touches both cities
    build_wl(game, 0, city)
    assert western_links(game) == {city: 0}  # the Special Link tile carries seat 0's marker


@pytest.mark.rules("RW-p10-10")
def test_western_link_is_an_action() -> None:
    """Building it uses one of the player's actions: the next seat acts afterwards."""
    game = start(4)
    link(game, 0, DM, KC)
    build_wl(game, 0, KC)
    assert game.to_act == 1


@pytest.mark.rules("RW-p10-10")
def test_western_link_offered_only_when_eligible() -> None:
    game = start(4)
    turn_of(game, 0)
    game.state.players[0].cash = 50
    offered = [a for a in legal_actions(game, 0).simple if isinstance(a, BuildWesternLink)]
    assert offered == []
    link(game, 0, KC, "tulsa")
    turn_of(game, 0)
    offered = [a for a in legal_actions(game, 0).simple if isinstance(a, BuildWesternLink)]
    assert offered == [BuildWesternLink(seat=0, city=KC)]


@pytest.mark.rules("RW-p10-11")
def test_western_link_costs_thirty_thousand() -> None:
    game = start(4)
    link(game, 0, DM, KC)
    build_wl(game, 0, KC, cash=45)
    assert game.state.players[0].cash == 15
    assert game.state.players[0].bonds == 0


@pytest.mark.rules("RW-p10-11")
def test_western_link_short_of_cash_is_paid_with_bonds() -> None:
    """The $30,000 must be paid: a player with $20,000 issues two $5,000 bonds."""
    game = start(4)
    link(game, 0, DM, KC)
    build_wl(game, 0, KC, cash=20)
    player = game.state.players[0]
    assert (player.cash, player.bonds) == (0, 2)


@pytest.mark.rules("RW-p10-12")
def test_only_one_western_link_per_city() -> None:
    game = start(4)
    link(game, 0, DM, KC)
    link(game, 1, KC, "tulsa")
    build_wl(game, 0, KC)
    turn_of(game, 1)
    game.state.players[1].cash = 50
    refused(game, BuildWesternLink(seat=1, city=KC), "RW-p10-12")
    # The same player cannot build a second one there either.
    turn_of(game, 0)
    refused(game, BuildWesternLink(seat=0, city=KC), "RW-p10-12")


@pytest.mark.rules("RW-p10-12")
def test_the_other_city_keeps_its_own_western_link() -> None:
    """Kansas City having one does not stop Des Moines from getting the second one."""
    game = start(4)
    link(game, 0, DM, KC)
    link(game, 1, DM, "minneapolis")
    build_wl(game, 0, KC)
    build_wl(game, 1, DM)
    assert western_links(game) == {KC: 0, DM: 1}


@pytest.mark.rules("RW-p10-10")
def test_a_link_to_des_moines_allows_only_the_des_moines_western_link() -> None:
    game = start(4)
    link(game, 0, DM, "minneapolis")
    turn_of(game, 0)
    game.state.players[0].cash = 50
    refused(game, BuildWesternLink(seat=0, city=KC), "RW-p10-10")
    game.apply(BuildWesternLink(seat=0, city=DM))
    assert western_links(game) == {DM: 0}


@pytest.mark.rules("RW-p10-12")
def test_no_western_link_at_other_cities() -> None:
    game = start(4)
    link(game, 0, "chicago", "milwaukee")
    turn_of(game, 0)
    game.state.players[0].cash = 50
    refused(game, BuildWesternLink(seat=0, city="chicago"), "RW-p10-12")


@pytest.mark.rules("RW-p10-07", "RW-p10-13")
def test_board_has_two_western_link_hexes_west_of_the_cities() -> None:
    """Two Special Link tiles: one hex for Kansas City, one for Des Moines, each west of it."""
    game = start(4)
    specials = [s for s in game.board.specials.values() if s.kind == "western_link"]
    assert sorted(s.city for s in specials) == [DM, KC]
    for special in specials:
        city_hex = game.board.cities[special.city].at
        assert special.at.row == city_hex.row and special.at.col < city_hex.col


@pytest.mark.rules("RW-p10-14")
def test_four_red_cubes_added_to_the_city() -> None:
    game = start(4)
    link(game, 0, DM, KC)
    place_cubes(game, KC, [Color.BLUE])
    game.state.bag[Color.RED] = 6
    build_wl(game, 0, KC)
    assert sorted(c.value for c in game.state.cubes[KC]) == ["blue"] + ["red"] * 4
    assert game.state.bag[Color.RED] == 2


@pytest.mark.rules("RW-p10-14")
def test_red_cubes_come_from_the_bag_only() -> None:
    """With two red cubes left in the bag only those two can be added."""
    game = start(4)
    link(game, 0, DM, KC)
    place_cubes(game, KC, [])
    game.state.bag[Color.RED] = 2
    total = game.state.cubes_total()
    build_wl(game, 0, KC)
    assert game.state.cubes[KC] == [Color.RED, Color.RED]
    assert game.state.bag[Color.RED] == 0
    assert game.state.cubes_total() == total


@pytest.mark.rules("RW-p10-14")
def test_red_cubes_reopen_an_emptied_city() -> None:
    game = start(4)
    link(game, 0, DM, KC)
    place_cubes(game, KC, [])
    game.state.ecm.add(KC)
    game.state.bag[Color.RED] = 4
    build_wl(game, 0, KC)
    assert KC not in game.state.ecm
    assert game.state.cubes[KC].count(Color.RED) == 4


def _chicago_trade(game: Game) -> tuple[int, int]:
    """Seat 0 owns Kansas City - Springfield - Chicago and engine 2; returns the link ids."""
    kc_spr = link(game, 0, KC, "springfield")
    spr_chi = link(game, 0, "springfield", "chicago")
    game.state.players[0].engine = 2
    game.state.bag[Color.RED] = 8
    game.state.bag[Color.BLUE] = 4
    place_cubes(game, "chicago", [Color.BLUE])
    return kc_spr, spr_chi


@pytest.mark.rules("RW-p10-15")
def test_red_cube_from_western_link_city_to_chicago_brings_two_cubes() -> None:
    game = start(4)
    kc_spr, spr_chi = _chicago_trade(game)
    build_wl(game, 0, KC)
    total = game.state.cubes_total()
    bag_before = sum(game.state.bag.values())
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city=KC, color="red", links=(kc_spr, spr_chi)))
    assert len(game.state.cubes["chicago"]) == 3  # the blue cube and two new ones
    assert game.state.cubes[KC].count(Color.RED) == 3
    # The red cube went back to the bag, then two cubes came out of it.
    assert sum(game.state.bag.values()) == bag_before + 1 - 2
    assert game.state.cubes_total() == total


@pytest.mark.rules("RW-p10-15")
def test_no_new_cubes_before_a_western_link_is_built() -> None:
    game = start(4)
    kc_spr, spr_chi = _chicago_trade(game)
    place_cubes(game, KC, [Color.RED])
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city=KC, color="red", links=(kc_spr, spr_chi)))
    assert game.state.cubes["chicago"] == [Color.BLUE]


@pytest.mark.rules("RW-p10-15")
def test_no_new_cubes_for_red_from_a_city_without_western_link() -> None:
    """A red cube from Springfield to Chicago brings nothing, even with a Western Link built."""
    game = start(4)
    _kc_spr, spr_chi = _chicago_trade(game)
    build_wl(game, 0, KC)
    place_cubes(game, "springfield", [Color.RED])
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="springfield", color="red", links=(spr_chi,)))
    assert game.state.cubes["chicago"] == [Color.BLUE]


@pytest.mark.rules("RW-p10-15")
def test_no_new_cubes_for_red_from_western_link_city_to_another_red_city() -> None:
    game = start(4)
    link(game, 0, DM, KC)
    kc_stl = link(game, 0, KC, "st-louis")
    build_wl(game, 0, KC)
    place_cubes(game, "chicago", [Color.BLUE])
    before_stl = list(game.state.cubes["st-louis"])
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city=KC, color="red", links=(kc_stl,)))
    assert game.state.cubes["chicago"] == [Color.BLUE]
    assert game.state.cubes["st-louis"] == before_stl


@pytest.mark.rules("RW-p10-15")
def test_bonus_cubes_for_any_deliverer_from_the_western_link_city() -> None:
    """The trade follows the city: a red cube from Kansas City to Chicago brings cubes
    whoever delivers it, while one from Des Moines (no Western Link there) does not."""
    game = start(4)
    kc_spr, spr_chi = _chicago_trade(game)
    dm_kc = link(game, 1, DM, KC)
    build_wl(game, 1, KC)  # seat 1's Western Link
    game.state.players[1].engine = 3
    place_cubes(game, DM, [Color.RED])
    turn_of(game, 1)
    game.apply(DeliverGoods(seat=1, city=DM, color="red", links=(dm_kc, kc_spr, spr_chi)))
    assert game.state.cubes["chicago"] == [Color.BLUE]
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city=KC, color="red", links=(kc_spr, spr_chi)))
    assert len(game.state.cubes["chicago"]) == 3


# -- the New York - Kansas City Major Line -------------------------------------------------
def _ny_to_kc(game: Game, seat: int) -> None:
    for a, b in NY_TO_KC:
        link(game, seat, a, b)


@pytest.mark.rules("RW-p10-16", "RW-p10-17")
def test_nykc_line_is_on_the_board_for_twenty_points() -> None:
    game = start(4)
    line = game.board.major_lines["NYKC"]
    assert set(line.endpoints) == {"new-york", KC}
    assert line.points == 20
    assert "western_link" in line.requires


@pytest.mark.rules("RW-p10-16", "RW-p10-17")
def test_nykc_needs_a_western_link_then_scores_twenty() -> None:
    """Joining New York and Kansas City is not enough; the Western Link completes it."""
    game = start(4)
    _ny_to_kc(game, 0)
    assert "NYKC" not in game.state.major_lines
    score = game.state.players[0].score
    build_wl(game, 0, KC)
    assert game.state.major_lines["NYKC"] == 0
    assert game.state.players[0].score == score + 20


@pytest.mark.rules("RW-p10-17")
def test_nykc_scored_when_the_last_link_joins_after_the_western_link() -> None:
    game = start(4)
    link(game, 0, DM, KC)
    build_wl(game, 0, KC)
    for a, b in NY_TO_KC[:-1]:
        link(game, 0, a, b)
    assert "NYKC" not in game.state.major_lines
    score = game.state.players[0].score
    link(game, 0, *NY_TO_KC[-1])
    assert game.state.major_lines["NYKC"] == 0
    assert game.state.players[0].score >= score + 20


@pytest.mark.rules("RW-p10-17")
def test_nykc_needs_your_own_western_link() -> None:
    """Another player's Western Link at Kansas City does not complete your line."""
    game = start(4)
    link(game, 1, DM, KC)
    build_wl(game, 1, KC)
    _ny_to_kc(game, 0)
    assert "NYKC" not in game.state.major_lines
    # Seat 0 can no longer build one at Kansas City, but Des Moines is still open.
    turn_of(game, 0)
    game.state.players[0].cash = 50
    refused(game, BuildWesternLink(seat=0, city=KC), "RW-p10-12")


@pytest.mark.rules("RW-p10-17")
def test_nykc_goes_to_the_first_player_only() -> None:
    game = start(4)
    _ny_to_kc(game, 0)
    build_wl(game, 0, KC)
    assert game.state.major_lines["NYKC"] == 0
    # A second player meeting the same requirements later gets nothing.
    for a, b in [*NY_TO_KC, (DM, KC)]:
        put_link(game, 1, a, b)
    score = game.state.players[1].score
    build_wl(game, 1, DM)
    assert game.state.major_lines["NYKC"] == 0
    assert game.state.players[1].score == score


@pytest.mark.rules("RW-p10-18")
def test_des_moines_western_link_must_join_the_route() -> None:
    """With the Western Link at Des Moines, Des Moines must join the NY-KC route."""
    game = start(4)
    link(game, 0, DM, "minneapolis")
    build_wl(game, 0, DM)
    _ny_to_kc(game, 0)
    assert "NYKC" not in game.state.major_lines  # Des Moines is not on the route yet
    score = game.state.players[0].score
    link(game, 0, DM, KC)
    assert game.state.major_lines["NYKC"] == 0
    assert game.state.players[0].score == score + 20


@pytest.mark.rules("RW-p10-18")
def test_des_moines_joined_through_another_players_link_does_not_count() -> None:
    game = start(4)
    link(game, 0, DM, "minneapolis")
    build_wl(game, 0, DM)
    _ny_to_kc(game, 0)
    link(game, 1, DM, KC)
    assert "NYKC" not in game.state.major_lines


@pytest.mark.rules("RW-p10-10")
def test_western_link_refused_outside_the_action_rounds() -> None:
    game = start(4, to_actions=False)
    seat = game.to_act
    assert seat is not None
    refused(game, BuildWesternLink(seat=seat, city=KC), "RW-p4-28")
