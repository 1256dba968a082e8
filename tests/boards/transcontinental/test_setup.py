"""Set-up of the Transcontinental game: the two boards joined, the Eastern board populated
with one cube fewer, the West empty, the Eastern deck with the Golden Spike start cards, the
Golden Spike barons, its Major Lines and player counts (RW-p8-21..36, RW-p9-01..07)."""

from __future__ import annotations

from collections import Counter

import pytest

from railways.content.maps import load_map
from railways.core.board import Terrain
from railways.rules import check_map, new_game
from railways.rules.boards.transcontinental import western_hexes

from .helpers import MAP, H

EAST_ROW, EAST_COL = 2, 29  # an Eastern hex row,col is row + 2, col + 29 on this board


@pytest.mark.rules("RW-p8-21", "RW-p8-22", "RW-p8-26", "RW-p8-27", "RW-p9-20")
def test_the_two_boards_side_by_side() -> None:
    board = load_map(MAP)
    east, west = load_map("eastern-us"), load_map("western-us")
    assert check_map(board) == []
    assert len(board.cities) == len(east.cities) + len(west.cities)
    for city in east.cities.values():  # every Eastern city, shifted east of the Western board
        name = "Portland, Maine" if city.id == "portland" else city.name
        here = board.city_by_name(name)
        assert here is not None and "east" in here.flags
        assert (here.at.row, here.at.col) == (city.at.row + EAST_ROW, city.at.col + EAST_COL)
        assert (here.color, here.cubes) == (city.color, city.cubes)
    for city in west.cities.values():  # every Western city where it is on its own board
        here = board.cities[city.id]
        assert here.at == city.at and "west" in here.flags
    assert western_hexes(board) == frozenset(west.hexes)
    assert len(board.hexes) == len(east.hexes) + len(west.hexes)  # no hex on both boards


@pytest.mark.rules("RW-p9-20", "RW-p9-21")
def test_the_southern_rivers_run_across_the_seam() -> None:
    board = load_map(MAP)
    west = western_hexes(board)
    # Missouri (by Omaha), Arkansas (by Wichita), Red River: a water hex of each board, side
    # by side.
    for a, b in [(H(11, 30), H(11, 31)), (H(15, 29), H(16, 29)), (H(20, 28), H(20, 29))]:
        assert board.hexes[a] is Terrain.WATER and board.hexes[b] is Terrain.WATER
        assert a in west and b not in west and a.side_towards(b) is not None
    # The Mississippi starts at Minneapolis and does not go on west.
    minneapolis = board.cities["minneapolis"].at
    for _side, hex_ in minneapolis.neighbours():
        if hex_ in west:
            assert board.hexes[hex_] is not Terrain.WATER


@pytest.mark.rules("RW-p9-06", "RW-p8-26")
def test_no_western_link_hexes() -> None:
    board = load_map(MAP)
    east = load_map("eastern-us")
    links = [s for s in east.specials.values() if s.kind == "western_link"]
    assert links  # the Eastern board has them...
    for special in links:  # ...here they are plain ground that track may cross
        here = H(special.at.row + EAST_ROW, special.at.col + EAST_COL)
        assert board.special_at(here) is None and board.is_buildable(here)
        assert board.hexes[here] is Terrain.OPEN
    assert "western_link" not in board.rulesets


@pytest.mark.rules("RW-p9-07", "RW-p8-31", "RW-p8-32")
def test_major_lines() -> None:
    board = load_map(MAP)
    nykc = [
        line
        for line in board.major_lines.values()
        if set(line.endpoints) == {"new-york", "kansas-city"}
    ]
    assert len(nykc) == 1 and nykc[0].points == 15 and not nykc[0].requires
    assert "Western Link" not in nykc[0].name  # the players are not told to build one
    lines = {frozenset(line.endpoints): line.points for line in board.major_lines.values()}
    assert lines[frozenset({"albuquerque", "memphis"})] == 5
    assert lines[frozenset({"fort-worth", "new-orleans"})] == 4
    assert lines[frozenset({"billings", "chicago"})] == 4
    assert lines[frozenset({"denver", "st-louis"})] == 4
    # Each board's own lines are there too (E... and W...).
    east, west = load_map("eastern-us"), load_map("western-us")
    assert len(board.major_lines) == len(east.major_lines) + len(west.major_lines) + 4


@pytest.mark.rules("RW-p8-28", "RW-p9-36")
def test_two_to_six_players() -> None:
    board = load_map(MAP)
    assert (board.min_players, board.max_players) == (2, 6)


@pytest.mark.rules("RW-p9-03", "RW-p9-43", "RW-p3-18", "RW-p8-31")
@pytest.mark.parametrize(("players", "fewer"), [(2, 2), (3, 2), (4, 1), (6, 1)])
def test_one_cube_fewer_on_the_east_and_none_on_the_west(players: int, fewer: int) -> None:
    board = load_map(MAP)
    game = new_game(MAP, players=players, seed=5)
    for city in board.cities.values():
        if "west" in city.flags:
            assert game.state.cubes[city.id] == []  # the West waits (RW-p8-31)
        else:
            assert len(game.state.cubes[city.id]) == max(1, city.cubes - fewer)
    assert game.state.ecm == set()


@pytest.mark.rules("RW-p9-10", "RW-p10-21")
@pytest.mark.parametrize(("players", "markers"), [(2, 10), (4, 14), (6, 18)])
def test_the_eastern_phase_ends_with_the_eastern_boards_markers(players: int, markers: int) -> None:
    assert new_game(MAP, players=players, seed=2).state.ecm_needed == markers


@pytest.mark.rules("RW-p9-01", "RW-p8-30", "RW-p8-31", "RW-p22-13", "RW-p22-15", "RW-p4-02")
def test_the_eastern_deck_and_the_golden_spike_start_cards() -> None:
    game = new_game(MAP, players=4, seed=3)
    state = game.state
    assert not [c for c in state.ops_display + state.ops_deck if c.startswith("w-")]
    spikes = sorted(c for c in state.ops_display if c.startswith("gs-"))
    assert spikes == [
        "gs-bounty-buffalo",
        "gs-bounty-dodge-city",
        "gs-bounty-elko",
        "gs-bounty-little-rock",
    ]
    assert all(game.card(c).params["points"] == 4 for c in spikes)
    kinds = Counter(game.card(c).effect for c in state.ops_display if c.startswith("e-"))
    assert kinds["service_bounty"] == 4  # four of the Eastern bounties, as on that board
    east = load_map("eastern-us")
    assert east is not None
    dealt = [c for c in state.ops_display if c.startswith("e-") and not game.card(c).start]
    assert len(dealt) == 8  # two per player


@pytest.mark.rules("RW-p8-32", "RW-p8-33", "RW-p19-09", "RW-p15-10")
def test_option_one_deals_two_golden_spike_barons_each() -> None:
    game = new_game(MAP, players=5, seed=4)
    spike = {b for b in game.ruleset.barons if b.startswith("gs-")}
    assert len(spike) == 12
    dealt = [b for p in game.state.players for b in p.barons_dealt]
    assert len(dealt) == 10 == len(set(dealt)) and set(dealt) <= spike
    assert set(game.state.baron_deck) == spike - set(dealt)
