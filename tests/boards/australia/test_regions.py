"""Regions and region borders (AU-007..AU-010, AU-023..AU-027, AU-044, AU-058).

The scenes, on the board of a 2-player game: Wagga Wagga (24,31) and Hay (25,28) are New
South Wales cities; Bendigo (26,27), Melbourne (29,28) and Sale (29,31) are in Victoria. The
river hex 26,28 is split by the border (in both regions); 26,30 is New South Wales and 27,30
Victoria, across a plain border edge. Albury (26,31) is a town on the border.
"""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack
from railways.core.legal import build_options
from railways.rules import new_game
from railways.rules.boards.australia.regions import regions_of

from .helpers import act_as, build, give, h, path, refused, side, start

ALL = {"queensland", "new-south-wales", "victoria", "central", "west"}


@pytest.mark.rules("AU-007", "AU-008", "AU-009", "AU-010", "AU-058")
@pytest.mark.parametrize(
    ("players", "regions"),
    [
        (2, {"queensland", "new-south-wales", "victoria"}),
        (3, {"queensland", "new-south-wales", "victoria", "central"}),
        (4, {"queensland", "new-south-wales", "victoria", "central"}),
        (5, ALL),
        (6, ALL),
    ],
)
def test_the_regions_in_play_by_player_count(players, regions):
    game = new_game("australia", players=players, seed=1)
    assert set(game.board.regions) == regions
    # Cities of regions out of play are off the board, and so are the Major Lines to them.
    assert ("adelaide" in game.board.cities) == ("central" in regions)
    assert ("perth" in game.board.cities) == ("west" in regions)
    assert ("G" in game.board.major_lines) == ("central" in regions)  # Melbourne - Adelaide
    assert ("K" in game.board.major_lines) == ("west" in regions)  # Perth - Adelaide
    assert "A" in game.board.major_lines  # Brisbane - Sydney, in every game


@pytest.mark.rules("AU-007")
def test_the_whole_board_has_five_regions_and_every_hex_is_in_one():
    from railways.content.maps import load_map

    board = load_map("australia")
    assert set(board.regions) == ALL
    found = set().union(*(r.hexes for r in board.regions.values()))
    assert found == set(board.hexes)
    gauges = [b for b in board.borders.values() if b.kind == "gauge_break"]
    assert len(gauges) == 6  # each pair of neighbouring regions


@pytest.mark.rules("AU-023", "AU-026")
def test_track_may_not_cross_a_region_border():
    game = start()
    seat = game.to_act
    across = path("24,31", "25,30", "26,30", "27,30")  # Wagga Wagga, then into Victoria
    act_as(game, seat, cash=100)
    error = refused(game, BuildTrack(seat=seat, path=across, exit=side("27,30", "28,30")), "AU-023")
    assert "region border" in str(error)
    # Up to the border is fine.
    build(game, seat, path("24,31", "25,30", "26,30"), side("26,30", "27,30"))


@pytest.mark.rules("AU-044", "AU-023")
def test_a_triple_gauge_card_lets_one_build_cross():
    game = start(players=3)  # the 3+ player Triple Gauge card is in the deck
    seat = game.to_act
    card = "triple-gauge-3"
    give(game, seat, card)
    across = path("24,31", "25,30", "26,30", "27,30")
    build(game, seat, across, side("27,30", "28,30"), cards=[card])
    assert h("27,30") in game.state.track


@pytest.mark.rules("AU-024", "AU-025")
def test_a_split_hex_left_into_the_region_it_was_entered_from_is_no_crossing():
    game = start()
    seat = game.to_act
    assert regions_of(game.board)[h("26,28")] == {"new-south-wales", "victoria"}
    # Bendigo (Victoria) through the split hex and on through Victoria to Melbourne.
    build(game, seat, path("26,27", "26,28", "27,28", "28,28", "29,28"))
    assert game.state.links[max(game.state.links)].end == "melbourne"


@pytest.mark.rules("AU-024", "AU-026")
def test_a_split_hex_left_into_the_other_region_is_a_crossing():
    game = start()
    seat = game.to_act
    act_as(game, seat, cash=100)
    # Hay (New South Wales) into the split hex and out of it to Bendigo (Victoria).
    refused(game, BuildTrack(seat=seat, path=path("25,28", "26,28", "26,27")), "AU-023")


@pytest.mark.rules("AU-027", "AU-023")
def test_links_from_two_regions_into_a_border_town_are_no_crossing():
    game = start()
    seat = game.to_act
    assert regions_of(game.board)[h("26,31")] == {"new-south-wales", "victoria"}
    build(game, seat, path("24,31", "25,31", "26,31"))  # Wagga Wagga to Albury
    build(game, seat, path("29,31", "28,31", "27,31", "26,31"))  # Sale to Albury
    ends = {(lk.start, lk.end) for lk in game.state.links.values()}
    assert ends == {("wagga-wagga", "albury"), ("sale", "albury")}


@pytest.mark.rules("AU-023", "AU-059")
def test_candidate_links_never_cross_a_border():
    game = start()
    seat = game.to_act
    regions = regions_of(game.board)
    for option in build_options(game, seat):
        route = option.route
        now = regions[route[0]]
        for hex_ in route[1:]:
            now = now & regions[hex_] or set()
            assert now, f"{option.action} crosses a region border"
