"""Build Track: tiles, links, costs, crossovers, redirects and Major Lines (RW-p4, RW-p5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import support
from railways.core.actions import BuildTrack, Pass
from railways.core.hexgrid import Side
from railways.core.legal import legal_actions
from railways.core.state import Phase

from .rw_helpers import (
    EAST,
    SOUTH,
    SOUTH_EAST,
    WEST,
    WEST_EAST_DIRECT,
    WEST_EAST_NORTH,
    WEST_SOUTH,
    H,
    all_pass_auction,
    build,
    finish_turn,
    link_between,
    pass_round,
    refused,
    tiny,
)


def pieces_at(game, hex_):
    return [(p.link, p.owner, p.a, p.b) for p in game.state.track.get(hex_, [])]


# -- links and their cost ----------------------------------------------------------------
@pytest.mark.rules("RW-p4-44", "RW-p5-08", "RW-p5-09", "RW-p4-51", "RW-p4-52", "RW-p5-02")
def test_tiles_joined_from_city_to_city_make_a_complete_link_paid_by_terrain():
    """Open 2 + water 3 + mountain 4, plus 4 for the ridge before Eastville."""
    game = tiny(cash=20)
    game.apply(BuildTrack(seat=0, path=WEST_EAST_DIRECT))
    (link,) = game.state.links.values()
    assert (link.start, link.end, link.owner, link.complete) == ("west", "east", 0, True)
    assert [h for h, _a, _b in link.tiles] == list(WEST_EAST_DIRECT[1:-1])
    for h in WEST_EAST_DIRECT[1:-1]:
        assert pieces_at(game, h) == [(link.id, 0, Side.W, Side.E)]
    assert game.state.players[0].cash == 20 - (2 + 3 + 4 + 4)
    assert game.to_act == 1


@pytest.mark.rules("RW-p4-52", "RW-p5-02")
@pytest.mark.parametrize(
    ("path", "exit_", "cost"),
    [
        ((WEST, H(1, 1)), Side.E, 2),  # open
        ((WEST, H(1, 1), H(1, 2)), Side.NE, 2 + 3),  # open, water
        ((WEST, H(1, 1), H(1, 2), H(1, 3)), Side.NE, 2 + 3 + 4),  # open, water, mountain
    ],
)
def test_each_tile_costs_what_its_terrain_costs(path, exit_, cost):
    game = tiny(cash=30)
    game.apply(BuildTrack(seat=0, path=path, exit=exit_))
    assert game.state.players[0].cash == 30 - cost
    assert game.state.players[0].bonds == 0


@pytest.mark.rules("RW-p4-52", "RW-p5-02")
def test_crossing_a_ridge_adds_four_to_the_tile_cost():
    """Same three tiles; only the last step into Eastville crosses the ridge."""
    game = tiny(cash=30)
    game.apply(BuildTrack(seat=0, path=(WEST, H(1, 1), H(1, 2), H(1, 3)), exit=Side.NE))
    spent_before_ridge = 30 - game.state.players[0].cash
    game2 = tiny(cash=30)
    game2.apply(BuildTrack(seat=0, path=WEST_EAST_DIRECT))
    assert 30 - game2.state.players[0].cash == spent_before_ridge + 4


@pytest.mark.rules("RW-p4-43")
def test_up_to_four_tiles_may_be_laid_in_one_action():
    game = tiny(cash=30)
    game.apply(BuildTrack(seat=0, path=WEST_EAST_NORTH))
    (link,) = game.state.links.values()
    assert len(link.tiles) == 4 and link.complete
    assert game.state.players[0].cash == 30 - 8


@pytest.mark.rules("RW-p4-43")
def test_a_fifth_tile_in_one_action_is_refused():
    game = tiny(cash=30)
    five = (WEST, H(2, 1), H(2, 2), H(2, 3), H(2, 4), H(2, 5))
    refused(game, BuildTrack(seat=0, path=five, exit=Side.NE), "RW-p4-43")
    game.apply(BuildTrack(seat=0, path=five[:-1], exit=Side.E))
    (link,) = game.state.links.values()
    assert len(link.tiles) == 4 and not link.complete


@pytest.mark.rules("RW-p4-43")
def test_a_build_must_lay_at_least_one_tile():
    game = tiny(cash=30)
    refused(game, BuildTrack(seat=0, path=(WEST,)), "RW-p4-43")
    refused(game, BuildTrack(seat=0, path=()), "RW-p4-46")


@pytest.mark.rules("RW-p4-45", "RW-p5-11")
def test_tiles_must_form_one_continuous_line():
    game = tiny(cash=30)
    # 1,1 and 1,3 are not neighbours: the pieces would not meet
    refused(game, BuildTrack(seat=0, path=(WEST, H(1, 1), H(1, 3), EAST)), "RW-p4-45")
    refused(game, BuildTrack(seat=0, path=(WEST, H(2, 2), SOUTH)), "RW-p4-45")
    # the same hex twice
    refused(
        game, BuildTrack(seat=0, path=(WEST, H(1, 1), H(2, 1), H(1, 1)), exit=Side.E), "RW-p4-45"
    )


@pytest.mark.rules("RW-p4-45")
def test_a_loose_end_must_say_where_it_points():
    game = tiny(cash=30)
    refused(game, BuildTrack(seat=0, path=(WEST, H(1, 1))), "RW-p4-45")


@pytest.mark.rules("RW-p4-46")
def test_first_tile_must_touch_a_city_or_the_builders_own_loose_end():
    game = tiny(cash=30)
    refused(game, BuildTrack(seat=0, path=(H(2, 2), H(2, 3)), exit=Side.E), "RW-p4-46")
    refused(game, BuildTrack(seat=0, path=(H(1, 1), H(1, 2), H(1, 3), EAST)), "RW-p4-46")


@pytest.mark.rules("RW-p4-46")
def test_later_tiles_must_carry_on_from_the_loose_end():
    game = tiny(players=2, cash=30)
    build(game, 0, (WEST, H(1, 1)), Side.E)
    pass_round(game)
    # the end at 1,1 points east; going north-east from it does not follow on
    refused(game, BuildTrack(seat=0, path=(H(1, 1), H(0, 2)), exit=Side.E), "RW-p4-45")
    game.apply(BuildTrack(seat=0, path=(H(1, 1), H(1, 2), H(1, 3), EAST)))
    (link,) = game.state.links.values()
    assert link.complete and link.end == "east"
    assert [h for h, _a, _b in link.tiles] == [H(1, 1), H(1, 2), H(1, 3)]


@pytest.mark.rules("RW-p4-46")
def test_the_legal_actions_tell_a_front_end_where_its_loose_ends_are():
    """The payload a page builds from names the seat's loose ends (``open_ends``), so the
    page need not work out RW-p4-46 from the track itself; another seat has none."""
    game = tiny(players=2, cash=30)
    build(game, 0, (WEST, H(1, 1)), Side.E)
    pass_round(game)
    assert legal_actions(game, 0).to_dict(game)["open_ends"] == [[1, 1]]
    game.apply(BuildTrack(seat=0, path=(H(1, 1), H(1, 2), H(1, 3), EAST)))
    game.apply(Pass(seat=1))
    assert legal_actions(game, 0).to_dict(game)["open_ends"] == []  # the link is complete


@pytest.mark.rules("RW-p4-47")
def test_building_stops_at_the_first_city_reached():
    game = tiny(cash=30)
    through = (WEST, H(2, 1), SOUTH, H(3, 2))
    refused(game, BuildTrack(seat=0, path=through, exit=Side.E), "RW-p4-47")
    game.apply(BuildTrack(seat=0, path=WEST_SOUTH))
    assert [(lk.start, lk.end) for lk in game.state.links.values()] == [("west", "south")]


@pytest.mark.rules("RW-p4-47")
def test_a_loose_end_may_not_point_into_a_city_spoke():
    """Pointing at a city's spoke without entering it is not a loose end."""
    game = tiny(cash=30)
    refused(
        game, BuildTrack(seat=0, path=(WEST, H(1, 1), H(1, 2), H(1, 3)), exit=Side.E), "RW-p4-47"
    )
    refused(game, BuildTrack(seat=0, path=(WEST, H(2, 1)), exit=Side.SE), "RW-p4-47")


@pytest.mark.rules("RW-p4-47", "RW-p4-44")
def test_one_action_builds_at_most_one_link():
    game = tiny(cash=40)
    two_links = (WEST, H(2, 1), SOUTH, H(3, 2), H(3, 3), H(2, 4), EAST)
    refused(game, BuildTrack(seat=0, path=two_links), "RW-p4-47")


@pytest.mark.rules("RW-p4-44")
def test_a_link_joins_two_different_cities():
    """Track led round from Westport back into Westport is not a link."""
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(0, 1), H(0, 2), H(1, 2)), Side.SW)
    pass_round(game)
    refused(game, BuildTrack(seat=0, path=(H(1, 2), H(2, 2), H(2, 1), WEST)), "RW-p4-44")
    # the same loose end may go on to Southby instead
    game.apply(BuildTrack(seat=0, path=(H(1, 2), H(2, 2), SOUTH)))
    (link,) = game.state.links.values()
    assert (link.start, link.end) == ("west", "south")


# -- incomplete links -------------------------------------------------------------------------
@pytest.mark.rules("RW-p4-48", "RW-p5-10")
def test_unfinished_track_is_an_incomplete_link_and_lasts_through_the_turn():
    game = tiny(players=2, cash=30)
    build(game, 0, (WEST, H(0, 1), H(0, 2)), Side.E)
    (link,) = game.state.links.values()
    assert not link.complete and link.end is None
    assert link.open_end == (H(0, 2), Side.E)
    pass_round(game)  # seat 1 ends round 1
    assert game.state.round == 2
    pass_round(game)
    assert game.state.round == 3
    assert link.id in game.state.links
    assert pieces_at(game, H(0, 1)) == [(link.id, 0, Side.SW, Side.E)]


@pytest.mark.rules("RW-p4-49", "RW-p4-50", "RW-p4-51", "RW-p6-05")
def test_incomplete_links_go_when_the_turn_ends_and_complete_ones_stay():
    game = tiny(players=2, cash=40)
    build(game, 0, WEST_SOUTH)
    build(game, 1, (WEST, H(0, 1), H(0, 2)), Side.E)
    complete = link_between(game, "west", "south")
    cash = [p.cash for p in game.state.players]
    finish_turn(game)
    assert game.state.phase is Phase.AUCTION
    assert list(game.state.links) == [complete]
    assert H(0, 1) not in game.state.track and H(0, 2) not in game.state.track
    assert pieces_at(game, H(2, 1)) == [(complete, 0, Side.NW, Side.SE)]
    # the money spent on the removed track is not given back
    assert [p.cash for p in game.state.players] == cash


@pytest.mark.rules("RW-p4-50")
def test_track_once_laid_cannot_be_rebuilt_or_taken_away_by_a_new_build():
    game = tiny(players=2, cash=40)
    build(game, 0, WEST_SOUTH)
    pass_round(game)
    refused(game, BuildTrack(seat=0, path=WEST_SOUTH), "RW-p5-05")


@pytest.mark.rules("RW-p5-03")
def test_own_link_built_from_both_ends_can_be_joined_in_the_middle():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(0, 1)), Side.E)
    pass_round(game)
    build(game, 0, (EAST, H(0, 4)), Side.W)
    pass_round(game)
    assert len(game.state.links) == 2
    cash = game.state.players[0].cash
    build(game, 0, (H(0, 1), H(0, 2), H(0, 3), H(0, 4)))
    (link,) = game.state.links.values()
    assert link.complete and {link.start, link.end} == {"west", "east"}
    assert [h for h, _a, _b in link.tiles] == [H(0, 1), H(0, 2), H(0, 3), H(0, 4)]
    assert game.state.players[0].cash == cash - 4  # only the two new tiles
    assert all(p.link == link.id for h in link.tiles for p in game.state.track[h[0]])
    # the Major Line West-East is now joined
    assert game.state.major_lines == {"A": 0}


@pytest.mark.rules("RW-p5-03", "RW-p5-05")
def test_another_players_loose_end_cannot_be_joined():
    game = tiny(players=2, cash=40)
    build(game, 1, (EAST, H(0, 4)), Side.W)
    build(game, 0, (WEST, H(0, 1)), Side.E)
    pass_round(game)
    assert game.to_act == 0
    onto = (H(0, 1), H(0, 2), H(0, 3), H(0, 4))
    refused(game, BuildTrack(seat=0, path=onto), "RW-p4-45")
    refused(game, BuildTrack(seat=0, path=onto, exit=Side.SE), "RW-p5-05")
    assert len(game.state.links) == 2


@pytest.mark.rules("RW-p4-46", "RW-p5-05")
def test_another_players_incomplete_link_cannot_be_extended():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(0, 1)), Side.E)
    exc = refused(game, BuildTrack(seat=1, path=(H(0, 1), H(0, 2)), exit=Side.E), "RW-p4-46")
    assert "another player's track" in exc.message


# -- redirecting --------------------------------------------------------------------------------
@pytest.mark.rules("RW-p5-04")
def test_own_end_tile_can_be_redirected_paying_its_terrain_again():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(1, 1)), Side.NE)
    assert game.state.players[0].cash == 38
    pass_round(game)
    build(game, 0, (H(1, 1), H(1, 2), H(1, 3), EAST), redirect=True)
    (link,) = game.state.links.values()
    assert link.complete and link.end == "east"
    assert link.tiles[0] == (H(1, 1), Side.W, Side.E)
    assert pieces_at(game, H(1, 1)) == [(link.id, 0, Side.W, Side.E)]
    # 2 again for the redirected open tile, then 3 + 4 + ridge 4
    assert game.state.players[0].cash == 38 - (2 + 3 + 4 + 4)


@pytest.mark.rules("RW-p5-04")
def test_a_redirect_alone_is_a_legal_build():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(1, 1)), Side.NE)
    pass_round(game)
    build(game, 0, (H(1, 1),), Side.E, redirect=True)
    (link,) = game.state.links.values()
    assert link.open_end == (H(1, 1), Side.E) and not link.complete
    assert game.state.players[0].cash == 36


@pytest.mark.rules("RW-p5-04", "RW-p4-43")
def test_a_redirect_counts_against_the_four_tiles():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(2, 1)), Side.SW)
    pass_round(game)
    # turning 2,1 east is one tile; four more after it would be five
    five = (H(2, 1), H(2, 2), H(2, 3), H(2, 4), H(2, 5))
    refused(game, BuildTrack(seat=0, path=five, exit=Side.NE, redirect=True), "RW-p4-43")
    game.apply(BuildTrack(seat=0, path=five[:-1], exit=Side.E, redirect=True))
    (link,) = game.state.links.values()
    assert [h for h, _a, _b in link.tiles] == list(five[:-1])
    assert game.state.players[0].cash == 40 - 2 - 4 * 2


@pytest.mark.rules("RW-p5-04")
def test_a_redirect_must_change_the_direction_and_only_applies_to_own_loose_ends():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(1, 1)), Side.NE)
    pass_round(game)
    refused(game, BuildTrack(seat=0, path=(H(1, 1),), exit=Side.NE, redirect=True), "RW-p5-04")
    refused(game, BuildTrack(seat=0, path=WEST_SOUTH, redirect=True), "RW-p5-04")


@pytest.mark.rules("RW-p5-05")
def test_another_players_end_tile_cannot_be_redirected():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(1, 1)), Side.NE)
    refused(game, BuildTrack(seat=1, path=(H(1, 1),), exit=Side.E, redirect=True), "RW-p4-46")


# -- crossovers ----------------------------------------------------------------------------
CROSS_NORTH_SOUTH = (WEST, H(0, 1), H(0, 2), H(1, 2), H(2, 3))  # 1,2 from NW to SE


@pytest.mark.rules("RW-p5-05", "RW-p5-06")
def test_track_may_cross_another_players_track_without_joining_it():
    game = tiny(players=2, cash=40)
    build(game, 1, WEST_EAST_DIRECT)
    east_link = link_between(game, "west", "east")
    build(game, 0, CROSS_NORTH_SOUTH, Side.SW)
    # open 2 + open 2 + water 3 (same as any tile there) + open 2
    assert game.state.players[0].cash == 40 - 9
    pieces = pieces_at(game, H(1, 2))
    assert len(pieces) == 2
    assert pieces[0] == (east_link, 1, Side.W, Side.E)
    new = pieces[1]
    assert new[1:] == (0, Side.NW, Side.SE)
    pass_round(game)
    build(game, 0, (H(2, 3), H(3, 2), SOUTH))
    mine = game.state.links[new[0]]
    assert (mine.start, mine.end) == ("west", "south")
    other = game.state.links[east_link]
    assert (other.start, other.end, other.owner) == ("west", "east", 1)


@pytest.mark.rules("RW-p5-06")
def test_own_track_may_also_be_crossed():
    game = tiny(players=2, cash=60)
    build(game, 0, WEST_EAST_DIRECT)
    pass_round(game)
    build(game, 0, CROSS_NORTH_SOUTH, Side.SW)
    assert len(game.state.track[H(1, 2)]) == 2
    assert {p.owner for p in game.state.track[H(1, 2)]} == {0}
    assert len({p.link for p in game.state.track[H(1, 2)]}) == 2


@pytest.mark.rules("RW-p5-05")
def test_new_track_may_not_join_or_turn_into_existing_track():
    game = tiny(players=2, cash=40)
    build(game, 1, WEST_EAST_DIRECT)
    # entering 1,2 from the north-west and leaving east would share its east side
    into = (WEST, H(0, 1), H(0, 2), H(1, 2), H(1, 3))
    refused(game, BuildTrack(seat=0, path=into, exit=Side.NE), "RW-p5-05")
    # entering from the south-west and turning east would run into it
    turn = (SOUTH, H(2, 2), H(1, 2))
    refused(game, BuildTrack(seat=0, path=turn, exit=Side.E), "RW-p5-05")


@pytest.mark.rules("RW-p5-05", "RW-p5-06")
def test_a_second_track_in_a_hex_must_cross_the_first():
    """Two curves on opposite sides of a hex neither join nor cross: no tile does that."""
    game = tiny(players=2, cash=40)
    build(game, 1, (WEST, H(0, 1), H(0, 2), H(1, 2)), Side.SW)  # 1,2 from NW to SW
    beside = (SOUTH, H(3, 2), H(2, 3), H(1, 2))  # 1,2 from SE to NE
    refused(game, BuildTrack(seat=0, path=beside, exit=Side.NE), "RW-p5-05")
    # from SE to W instead crosses the curve: allowed
    game.apply(BuildTrack(seat=0, path=beside, exit=Side.W))
    assert [(p.owner, p.a, p.b) for p in game.state.track[H(1, 2)]] == [
        (1, Side.NW, Side.SW),
        (0, Side.SE, Side.W),
    ]


@pytest.mark.rules("RW-p5-06")
def test_a_crossover_hex_takes_no_third_track():
    game = tiny(players=3, cash=60)
    build(game, 1, WEST_EAST_DIRECT)
    build(game, 0, CROSS_NORTH_SOUTH, Side.SW)
    # a third track through 1,2 from north-east to south-west
    third = (EAST, H(0, 4), H(0, 3), H(1, 2), H(2, 2))
    support.make_turn(game, 2)
    refused(game, BuildTrack(seat=2, path=third, exit=Side.SW), "RW-p5-06")


# -- the board ----------------------------------------------------------------------------------
@pytest.mark.rules("RW-p5-12")
def test_no_track_in_partial_hexes_or_off_the_board():
    game = tiny(players=2, cash=40)
    # 0,0 is a partial hex at the water's edge and is not playable
    along_top = (EAST, H(0, 4), H(0, 3), H(0, 2), H(0, 1), H(0, 0))
    refused(game, BuildTrack(seat=0, path=along_top, exit=Side.W), "RW-p5-12")
    # a loose end may not point into it, nor off the board
    refused(game, BuildTrack(seat=0, path=along_top[:-1], exit=Side.W), "RW-p5-12")
    refused(game, BuildTrack(seat=0, path=(WEST, H(0, 1)), exit=Side.NE), "RW-p5-12")
    game.apply(BuildTrack(seat=0, path=along_top[:-2], exit=Side.W))
    assert H(0, 0) not in game.board.hexes


@pytest.mark.rules("RW-p5-07")
def test_track_leaves_a_city_only_by_its_spokes():
    game = tiny(cash=40)
    # Westport has no south-west spoke
    refused(game, BuildTrack(seat=0, path=(WEST, H(2, 0)), exit=Side.SE), "RW-p5-07")
    game.apply(BuildTrack(seat=0, path=(WEST, H(2, 1)), exit=Side.E))
    assert len(game.state.links) == 1


@pytest.mark.rules("RW-p5-07")
def test_track_enters_a_city_only_by_its_spokes():
    game = tiny(cash=40)
    # from Southby round by 3,0 and 2,0 into Westport's south-west side, which has no spoke
    refused(game, BuildTrack(seat=0, path=(SOUTH, H(3, 0), H(2, 0), WEST)), "RW-p5-07")


@pytest.mark.rules("RW-p5-07")
def test_no_track_tile_is_laid_on_a_city_or_special_hex():
    game = tiny(cash=40)
    # the western link hex at 3,4 takes no ordinary tile
    refused(
        game, BuildTrack(seat=0, path=(SOUTH, H(3, 2), H(3, 3), H(3, 4)), exit=Side.NE), "RW-p5-07"
    )


@pytest.mark.rules("RW-p2-13")
def test_no_sharp_curves():
    game = tiny(cash=40)
    # into 1,1 from the west and out north-west: adjacent sides
    refused(game, BuildTrack(seat=0, path=(WEST, H(1, 1), H(0, 1)), exit=Side.E), "RW-p2-13")
    refused(game, BuildTrack(seat=0, path=(WEST, H(1, 1)), exit=Side.NW), "RW-p2-13")


@pytest.mark.rules("RW-p3-20")
def test_a_build_needs_tiles_of_that_shape_left_in_the_supply():
    game = tiny(cash=60)
    tables = game.board.tables
    game.board = replace(
        game.board,
        tables=replace(tables, tile_supply={"straight": 2, "gentle": 85, "crossing": 32}),
    )
    # three straights are needed but only two are in the box
    refused(game, BuildTrack(seat=0, path=WEST_EAST_DIRECT), "RW-p3-20")
    game.apply(BuildTrack(seat=0, path=WEST_EAST_NORTH))  # two gentle, two straight
    assert game.state.links[1].complete


# -- several links, Major Lines ------------------------------------------------------------
@pytest.mark.rules("RW-p4-44")
def test_several_links_may_join_the_same_two_cities():
    game = tiny(players=2, cash=60)
    build(game, 0, WEST_EAST_DIRECT)
    build(game, 1, WEST_SOUTH)
    pass_round(game)
    build(game, 0, WEST_EAST_NORTH)  # a second West-East link of the same owner
    build(game, 1, SOUTH_EAST)  # an unrelated link
    west_east = [lk for lk in game.state.links.values() if {lk.start, lk.end} == {"west", "east"}]
    assert len(west_east) == 2
    assert all(lk.complete and lk.owner == 0 for lk in west_east)
    assert len(game.state.links) == 4


@pytest.mark.rules("RW-p5-01")
def test_first_to_join_a_major_line_with_own_links_scores_it():
    game = tiny(players=2, cash=60)
    build(game, 0, WEST_EAST_DIRECT)
    assert game.state.major_lines == {"A": 0}
    assert game.state.players[0].score == 4


@pytest.mark.rules("RW-p5-01")
def test_a_major_line_may_pass_through_other_cities():
    game = tiny(players=2, cash=60)
    build(game, 0, WEST_SOUTH)
    assert game.state.major_lines == {} and game.state.players[0].score == 0
    pass_round(game)
    build(game, 0, SOUTH_EAST)
    assert game.state.major_lines == {"A": 0}
    assert game.state.players[0].score == 4


@pytest.mark.rules("RW-p5-01")
def test_a_major_line_counts_only_the_players_own_links():
    game = tiny(players=2, cash=60)
    build(game, 0, WEST_SOUTH)
    build(game, 1, SOUTH_EAST)
    assert game.state.major_lines == {}
    assert [p.score for p in game.state.players] == [0, 0]


@pytest.mark.rules("RW-p5-01")
def test_nobody_else_scores_a_major_line_once_it_is_taken():
    game = tiny(players=2, cash=60)
    build(game, 0, WEST_EAST_DIRECT)
    build(game, 1, WEST_EAST_NORTH)
    assert game.state.major_lines == {"A": 0}
    assert [p.score for p in game.state.players] == [4, 0]
    finish_turn(game)
    all_pass_auction(game)
    build(game, 1, WEST_SOUTH)
    pass_round(game)
    build(game, 1, SOUTH_EAST)
    assert [p.score for p in game.state.players] == [4, 0]
    assert game.state.major_lines == {"A": 0}


@pytest.mark.rules("RW-p5-01")
def test_an_incomplete_link_does_not_score_a_major_line():
    game = tiny(players=2, cash=60)
    build(game, 0, (WEST, H(1, 1), H(1, 2), H(1, 3)), Side.NE)
    assert game.state.major_lines == {}
    assert game.state.players[0].score == 0


@pytest.mark.rules("RW-p5-03")
def test_two_own_loose_ends_are_joined_by_ending_on_the_other_links_last_hex():
    """Ends left pointing at each other could never be joined, so that build is refused."""
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(0, 1), H(0, 2)), Side.E)
    pass_round(game)
    facing = (EAST, H(0, 4), H(0, 3))
    refused(game, BuildTrack(seat=0, path=facing, exit=Side.W), "RW-p5-03")
    game.apply(BuildTrack(seat=0, path=(*facing, H(0, 2))))
    (link,) = game.state.links.values()
    assert link.complete and {link.start, link.end} == {"west", "east"}
    assert {h for h, _a, _b in link.tiles} == {H(0, 1), H(0, 2), H(0, 3), H(0, 4)}


@pytest.mark.rules("RW-p5-05")
def test_a_loose_end_may_not_run_into_another_players_track():
    game = tiny(players=2, cash=40)
    build(game, 1, (WEST, H(2, 1)), Side.E)  # seat 1's loose end points east at 2,2
    # seat 0 comes round by 0,1, 0,2 and 1,2 to 2,2 and points west, into seat 1's end
    towards = (WEST, H(0, 1), H(0, 2), H(1, 2), H(2, 2))
    refused(game, BuildTrack(seat=0, path=towards, exit=Side.W), "RW-p5-05")
    # pointing on to Southby's north-east spoke instead ends in the city
    game.apply(BuildTrack(seat=0, path=(*towards[:-1], H(2, 2), SOUTH)))
    assert link_between(game, "west", "south", owner=0)


@pytest.mark.rules("RW-p5-04")
def test_redirecting_the_end_tile_into_a_city_completes_the_link():
    game = tiny(players=2, cash=40)
    build(game, 0, (WEST, H(2, 1)), Side.E)
    pass_round(game)
    cash = game.state.players[0].cash
    game.apply(BuildTrack(seat=0, path=(H(2, 1), SOUTH), redirect=True))
    (link,) = game.state.links.values()
    assert (link.start, link.end) == ("west", "south")
    assert link.tiles == [(H(2, 1), Side.NW, Side.SE)]
    assert game.state.players[0].cash == cash - 2
    # without the redirect the same two hexes are no build at all
    game2 = tiny(players=2, cash=40)
    build(game2, 0, (WEST, H(2, 1)), Side.E)
    pass_round(game2)
    refused(game2, BuildTrack(seat=0, path=(H(2, 1), SOUTH)), "RW-p4-45")


@pytest.mark.rules("RW-p4-49", "RW-p5-06")
def test_removing_an_incomplete_crossing_track_leaves_the_track_it_crossed():
    game = tiny(players=2, cash=40)
    build(game, 1, WEST_EAST_DIRECT)
    build(game, 0, CROSS_NORTH_SOUTH, Side.SW)
    assert len(game.state.track[H(1, 2)]) == 2
    finish_turn(game)
    kept = link_between(game, "west", "east")
    assert pieces_at(game, H(1, 2)) == [(kept, 1, Side.W, Side.E)]
    assert list(game.state.links) == [kept]
    for h in (H(0, 1), H(0, 2), H(2, 3)):
        assert h not in game.state.track
