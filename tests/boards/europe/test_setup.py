"""The Europe board and its set-up: player counts, Empty City Markers, cubes, the cities the
rulebook names and where they lie, the straits track may cross (RW-p11-11, RW-p11-12,
RW-p7-32, RW-p7-33).
"""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.core.board import Terrain
from railways.core.hexgrid import Hex
from railways.rules import check_map, new_game

from .helpers import MAP, SPAIN, end_now, game, pass_turn, start

# RW-p11-11, RW-p11-12: Empty City Markers that end the game, by player count.
ECM_BY_PLAYERS = {2: 9, 3: 11, 4: 13, 5: 15}

# Every city a rule or card of the rulebook names for Europe.
NAMED = {
    "moscow": "Moscow",  # Czar Nicholas I (RW-p19-39)
    "vienna": "Vienna",  # Franz Anton Gerstner (RW-p19-46)
    "st-petersburg": "St. Petersburg",  # Franz Anton Gerstner
    "lisbon": "Lisbon",  # King Alfonso XII's note (RW-p19-42)
    "paris": "Paris",  # the Capital Charter example (RW-p21-14)
}


def _xy(at: Hex) -> tuple[float, float]:
    """A hex centre in hex widths: x grows to the east, y to the south (odd rows shifted)."""
    return at.col + 0.5 * (at.row & 1), at.row * 0.866


@pytest.mark.rules("RW-p11-11", "RW-p11-12", "RW-p6-20", "RW-p6-21")
def test_two_to_five_players_and_no_other_count() -> None:
    """The board comes with five reference cards and end tables for 2 to 5 players."""
    board = load_map(MAP)
    assert (board.min_players, board.max_players) == (2, 5)
    for n in (2, 3, 4, 5):
        assert len(new_game(MAP, players=n, seed=1).state.players) == n
    for n in (1, 6):
        with pytest.raises(ValueError):
            new_game(MAP, players=n, seed=1)


@pytest.mark.rules("RW-p11-11", "RW-p11-12")
@pytest.mark.parametrize(("players", "markers"), sorted(ECM_BY_PLAYERS.items()))
def test_empty_city_markers_that_end_the_game(players: int, markers: int) -> None:
    g = game(players)
    assert g.board.tables.ecm_by_players == ECM_BY_PLAYERS
    assert g.state.ecm_needed == markers


@pytest.mark.rules("RW-p11-11", "RW-p11-12", "RW-p6-09", "RW-p6-10")
def test_the_game_ends_a_turn_after_the_last_marker_needed() -> None:
    """With 2 players the ninth empty city sets the end: this turn and one more, then scores."""
    g = start(players=2)
    for n, city in enumerate(sorted(g.board.cities)[:9], start=1):
        for cube in list(g.state.cubes[city]):
            g.take_cube(city, cube)  # the engine places the Empty City Marker
        assert g.state.end_trigger_turn == (None if n < 9 else g.state.turn)
    pass_turn(g)
    assert not g.over
    pass_turn(g)
    assert g.over
    assert g.state.final_scores is not None


@pytest.mark.rules("RW-p11-12", "RW-p6-12")
def test_each_bond_costs_a_point_at_the_end() -> None:
    g = start(players=3)
    for p, bonds in zip(g.state.players, [0, 2, 5], strict=True):
        p.bonds, p.score, p.baron = bonds, 30, ""
    end_now(g)
    assert g.state.final_scores == {0: 30, 1: 28, 2: 25}


@pytest.mark.rules("RW-p7-32", "RW-p7-33", "RW-p3-18")
@pytest.mark.parametrize("players", [2, 3])
def test_no_cube_reduction_with_two_or_three_players(players: int) -> None:
    """Europe was made for fewer players too: the printed cubes, by its table and the chart."""
    for options in (None, {"modules": ["cube-reduction"]}):
        g = new_game(MAP, players=players, seed=5, options=options)
        assert g.board.tables.cube_reduction == {}
        for cid, city in g.board.cities.items():
            assert len(g.state.cubes[cid]) == city.cubes, cid


def test_the_starting_cubes_leave_some_in_the_bag() -> None:
    """125 cubes in the game; the board starts with fewer, so City Growth and New Industry
    have cubes to draw at the start."""
    g = game(5)
    on_board = sum(len(c) for c in g.state.cubes.values())
    assert on_board == sum(c.cubes for c in g.board.cities.values()) < 125
    assert sum(g.state.bag.values()) == 125 - on_board


@pytest.mark.rules("RW-p19-39", "RW-p19-41", "RW-p19-42", "RW-p19-46", "RW-p21-14")
def test_every_city_the_rulebook_names_is_on_the_board() -> None:
    board = load_map(MAP)
    for cid, name in NAMED.items():
        assert board.cities[cid].name == name
    assert set(board.cities) >= SPAIN


@pytest.mark.rules("RW-p3-17")
def test_the_cities_lie_where_they_are_in_europe() -> None:
    """Compass checks typed in from an atlas: (west, east) and (north, south) pairs."""
    board = load_map(MAP)
    at = {cid: _xy(city.at) for cid, city in board.cities.items()}
    west_east = [
        ("lisbon", "madrid"),
        ("madrid", "barcelona"),
        ("london", "brussels"),
        ("paris", "berlin"),
        ("berlin", "warsaw"),
        ("warsaw", "moscow"),
        ("vienna", "budapest"),
        ("belgrade", "constantinople"),
        ("turin", "milan"),
        ("christiania", "stockholm"),
    ]
    for west, east in west_east:
        assert at[west][0] < at[east][0], (west, east)
    north_south = [
        ("st-petersburg", "moscow"),
        ("riga", "warsaw"),
        ("berlin", "vienna"),
        ("milan", "rome"),
        ("rome", "naples"),
        ("paris", "lyon"),
        ("lyon", "marseille"),
        ("christiania", "copenhagen"),
        ("copenhagen", "hamburg"),
        ("manchester", "london"),
        ("bucharest", "constantinople"),
    ]
    for north, south in north_south:
        assert at[north][1] < at[south][1], (north, south)


def test_track_crosses_the_straits_only_over_water_hexes() -> None:
    """England and Copenhagen are reached over water hexes (the Strait of Dover, the Great
    Belt and the Oresund), which cost the water price: every hex next to Copenhagen that
    track can use is water."""
    board = load_map(MAP)
    copenhagen = board.cities["copenhagen"]
    spokes = [copenhagen.at.neighbour(side) for side in copenhagen.spokes]
    assert spokes
    assert all(board.hexes[h] is Terrain.WATER for h in spokes)
    london, brussels = board.cities["london"].at, board.cities["brussels"].at
    between = [h for h, t in board.hexes.items() if t is Terrain.WATER and h.row == london.row]
    assert any(london.col < h.col < brussels.col for h in between)


def test_the_board_passes_every_check() -> None:
    """Every city reachable (Britain and Scandinavia too), every spoke buildable, every
    Major Line possible, every card's city on the board (``railways map check europe``)."""
    assert check_map(load_map(MAP)) == []
