"""The Humber: no track across the estuary between Hull, Grimsby and Goole (RW-p15-02).

On our board Hull is at 14,15 (spokes NW and W), Goole at 15,13 and Grimsby at 16,15; the
estuary's line runs along the edges 15,13|14,14 (Goole's north-east side), 14,14|15,14 and
15,14|14,15 (Hull's south-west side). Hexes 14,14 and 14,13 are north of it, 15,14 south.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from railways.core.actions import BuildTrack
from railways.core.hexgrid import Edge, Side
from railways.core.legal import build_options
from railways.render.svg import render_board
from railways.rules import check_map
from railways.rules.boards.great_britain import GreatBritain

from .helpers import H, build, refused, start

HULL, GOOLE, GRIMSBY = H(14, 15), H(15, 13), H(16, 15)
NORTH_BANK, NORTH_BANK_WEST, SOUTH_BANK = H(14, 14), H(14, 13), H(15, 14)
YORK = H(13, 12)
# The estuary's edges, written out from the map (not read from the engine).
HUMBER = {Edge.between(GOOLE, NORTH_BANK), Edge.between(NORTH_BANK, SOUTH_BANK)}
HUMBER |= {Edge.between(SOUTH_BANK, HULL)}


@pytest.mark.rules("RW-p15-02")
def test_the_board_draws_the_humber_between_hull_grimsby_and_goole() -> None:
    game = start()
    board = game.board
    assert board.cities["hull"].at == HULL
    assert board.cities["goole"].at == GOOLE
    assert board.cities["grimsby"].at == GRIMSBY
    (border,) = [b for b in board.borders.values() if b.kind == "humber"]
    assert border.edges == HUMBER
    assert all(board.is_impassable(e.a, e.b) for e in HUMBER)
    # North of the line: Hull and the hex west of it; south: Grimsby's side.
    assert HULL.distance(GRIMSBY) == 2


@pytest.mark.rules("RW-p15-02")
def test_a_link_across_the_humber_is_refused_naming_the_rule() -> None:
    game = start()
    path = (HULL, NORTH_BANK, SOUTH_BANK, GRIMSBY)  # two open tiles: $4,000 if it were legal
    error = refused(game, BuildTrack(seat=0, path=path), "RW-p15-02")
    assert "Humber" in str(error)


@pytest.mark.rules("RW-p15-02")
def test_a_last_tile_pointing_across_the_humber_is_refused() -> None:
    game = start()
    # From Hull into 14,14, then turning south-west: the tile would point at Goole across
    # the estuary (Goole has no spoke that way either).
    action = BuildTrack(seat=0, path=(HULL, NORTH_BANK), exit=Side.SW)
    refused(game, action, "RW-p15-02")


@pytest.mark.rules("RW-p15-02")
def test_the_way_round_by_goole_is_open() -> None:
    """Hull - York - Goole - Grimsby: every link stays on one side of the line."""
    game = start()
    build(game, 0, (HULL, NORTH_BANK, H(13, 13), YORK))
    build(game, 0, (YORK, NORTH_BANK_WEST, GOOLE))
    build(game, 0, (GOOLE, SOUTH_BANK, GRIMSBY))
    ends = {frozenset((lk.start, lk.end)) for lk in game.state.links.values() if lk.owner == 0}
    assert ends == {
        frozenset(p) for p in (("hull", "york"), ("york", "goole"), ("goole", "grimsby"))
    }
    assert "grimsby" in game.network(0, "hull")


@pytest.mark.rules("RW-p15-02")
def test_no_listed_build_crosses_the_humber() -> None:
    game = start()
    options = build_options(game, 0)
    assert options
    for option in options:
        for a, b in itertools.pairwise(option.action.path):
            assert Edge.between(a, b) not in HUMBER, option.action
    near = [
        o
        for o in options
        if {HULL, GOOLE} & {o.action.path[0], o.action.path[-1]}
        or game.board.city_at(o.action.path[0]) in (game.board.cities["grimsby"],)
    ]
    assert near  # the test looks at builds by the estuary, not just far away


@pytest.mark.rules("RW-p15-02")
def test_the_map_check_wants_every_humber_edge_impassable() -> None:
    game = start()
    assert check_map(game.board) == []
    open_board = replace(game.board, impassable=frozenset())
    problems = GreatBritain().check_board(open_board)
    assert any("not impassable" in p for p in problems), problems


@pytest.mark.rules("RW-p15-02")
def test_front_ends_show_the_humber() -> None:
    game = start()
    markers = [m for p in game.ruleset.plugins for m in p.markers(game, None)]
    (humber,) = [m for m in markers if m.kind == "humber"]
    assert humber.help == "RW-p15-02"
    assert "Hull" in humber.label and "Grimsby" in humber.label and "Goole" in humber.label
    svg = render_board(game.board)
    assert 'data-kind="humber"' in svg
    assert svg.count('class="impassable"') == len(HUMBER)
