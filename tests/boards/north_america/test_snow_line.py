"""The snow line (RW-p15-13): every tile north of it costs $1,000 more.

Costs are worked out by hand from the terrain of each hex on the board file (open $2,000,
water $3,000, RW-p4-52) and the row of the snow line (between rows 15 and 16).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from railways.core.actions import BuildTrack
from railways.core.board import Terrain
from railways.core.game import Game
from railways.core.hexgrid import Side
from railways.core.legal import build_options
from railways.rules.boards.north_america import north_of_snow_line

from .helpers import H, ready, start


@pytest.fixture
def game() -> Game:
    g = start(players=3)
    ready(g, g.state.order[0])
    return g


def cash_spent(game: Game, action: BuildTrack) -> int:
    before = game.state.players[action.seat].cash
    game.apply(action)
    return before - game.state.players[action.seat].cash


@pytest.mark.rules("RW-p15-13")
def test_the_line_runs_east_west_about_halfway_down(game: Game) -> None:
    board = game.board
    rows = [h.row for h in board.hexes]
    top, bottom = min(rows), max(rows)
    north = north_of_snow_line(board)
    # Every hex of rows 0-15 is north, every hex of rows 16-31 south: halfway down 32 rows.
    assert {h for h in board.hexes if h.row <= 15} == north
    assert (top + bottom) / 2 == 15.5
    line = board.borders["snow-line"]
    assert all({e.a.row, e.b.row} == {15, 16} for e in line.edges)
    assert line.params["surcharge"] == 1


@pytest.mark.rules("RW-p15-13", "RW-p4-52")
def test_tiles_south_of_the_line_cost_their_terrain(game: Game) -> None:
    seat = game.to_act
    assert seat is not None
    # Edmonton east over two open hexes of row 18: 2 + 2.
    action = BuildTrack(seat=seat, path=(H(18, 10), H(18, 11), H(18, 12)), exit=Side.E)
    assert cash_spent(game, action) == 4


@pytest.mark.rules("RW-p15-13")
def test_tiles_north_of_the_line_cost_one_thousand_more(game: Game) -> None:
    seat = game.to_act
    assert seat is not None
    # Fort McMurray east over two open hexes of row 15: (2 + 1) + (2 + 1).
    action = BuildTrack(seat=seat, path=(H(15, 11), H(15, 12), H(15, 13)), exit=Side.E)
    assert cash_spent(game, action) == 6


@pytest.mark.rules("RW-p15-13")
def test_a_link_across_the_line_pays_only_for_its_northern_tiles(game: Game) -> None:
    seat = game.to_act
    assert seat is not None
    # Edmonton (18,10) - water (17,10) - open (16,10) - open (15,10) - Fort McMurray:
    # 3 + 2 south of the line, 2 + 1 north of it.
    path = (H(18, 10), H(17, 10), H(16, 10), H(15, 10), H(15, 11))
    assert game.plan(BuildTrack(seat=seat, path=path)).cost == 8
    assert cash_spent(game, BuildTrack(seat=seat, path=path)) == 8
    link = max(game.state.links.values(), key=lambda lk: lk.id)
    assert {link.start, link.end} == {"edmonton", "fort-mcmurray"}


@pytest.mark.rules("RW-p15-13", "RW-p5-04")
def test_redirecting_an_end_tile_north_of_the_line_pays_the_surcharge_again(game: Game) -> None:
    seat = game.to_act
    assert seat is not None
    game.apply(BuildTrack(seat=seat, path=(H(15, 11), H(15, 12)), exit=Side.E))
    ready(game, seat)
    redirect = BuildTrack(seat=seat, path=(H(15, 12),), exit=Side.SE, redirect=True)
    assert cash_spent(game, redirect) == 3  # the open hex again, 2 + 1


@pytest.mark.rules("RW-p15-13", "RW-p5-04")
def test_redirecting_south_of_the_line_pays_the_terrain_only(game: Game) -> None:
    seat = game.to_act
    assert seat is not None
    game.apply(BuildTrack(seat=seat, path=(H(18, 10), H(18, 11)), exit=Side.E))
    ready(game, seat)
    redirect = BuildTrack(seat=seat, path=(H(18, 11),), exit=Side.NE, redirect=True)
    assert cash_spent(game, redirect) == 2


@pytest.mark.rules("RW-p15-13")
def test_listed_links_are_priced_with_the_surcharge(game: Game) -> None:
    seat = game.to_act
    assert seat is not None
    north = north_of_snow_line(game.board)
    options = build_options(game, seat)
    across = [o for o in options if any(h in north for h in o.route[1:-1])]
    assert across, "links north of the line are offered"
    for option in across:
        assert option.cost == game.plan(option.action).cost
    # Every listed route's price, worked out tile by tile: terrain, plus 1 north of the line
    # (no ridge lies on these routes).
    prices = {Terrain.OPEN: 2, Terrain.WATER: 3, Terrain.MOUNTAIN: 4}
    for option in across:
        tiles = option.route[1:-1] if option.to_city else option.action.path[1:]
        if any(game.board.crosses_ridge(a, b) for a, b in pairwise(option.action.path)):
            continue
        expected = sum(prices[game.board.hexes[h]] + (h in north) for h in tiles)
        assert option.cost == expected
