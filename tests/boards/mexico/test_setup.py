"""The Mexico board and its set-up: player counts, Empty City Markers, cubes, the cities the
rulebooks name and where they lie (RW-p11-05, RW-p11-06, RW-p7-32, RW-p7-33, RB-102, RB-104).
"""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.core.board import Color
from railways.core.hexgrid import Hex
from railways.rules import check_map, new_game

from .helpers import MAP, end_now, game, pass_turn, start

# RW-p11-05, RW-p11-06: Empty City Markers that end the game, by player count.
ECM_BY_PLAYERS = {2: 8, 3: 9, 4: 10}

# Every city a rule, baron, card or the solo appendix names for Mexico.
NAMED = {
    "mexico-city": "Mexico City",  # Sebastián Lerdo de Tejada (RW-p19-33)
    "chihuahua": "Chihuahua",  # Pancho Villa (RW-p19-25)
    "brownsville": "Brownsville",  # Pancho Villa; the solo set-up (RB-102)
    "culiacan": "Culiacán",  # Manuel González (RW-p19-31)
    "tampico": "Tampico",  # Manuel González
    "guadalajara": "Guadalajara",  # the solo set-up (RB-102)
    "salina-cruz": "Salina Cruz",  # the solo appendix's Service Bounty (RB-104)
}


def _xy(at: Hex) -> tuple[float, float]:
    """A hex centre in hex widths: x grows to the east, y to the south (odd rows shifted)."""
    return at.col + 0.5 * (at.row & 1), at.row * 0.866


@pytest.mark.rules("RW-p11-05", "RW-p11-06", "RW-p6-20", "RW-p6-21")
def test_two_to_four_players_and_no_other_count() -> None:
    """The board comes with four reference cards and end tables for 2, 3 and 4 players."""
    board = load_map(MAP)
    assert (board.min_players, board.max_players) == (2, 4)
    for n in (2, 3, 4):
        assert len(new_game(MAP, players=n, seed=1).state.players) == n
    for n in (1, 5, 6):
        with pytest.raises(ValueError):
            new_game(MAP, players=n, seed=1)


@pytest.mark.rules("RW-p11-05", "RW-p11-06")
@pytest.mark.parametrize(("players", "markers"), sorted(ECM_BY_PLAYERS.items()))
def test_empty_city_markers_that_end_the_game(players: int, markers: int) -> None:
    g = game(players)
    assert g.board.tables.ecm_by_players == ECM_BY_PLAYERS
    assert g.state.ecm_needed == markers


@pytest.mark.rules("RW-p11-05", "RW-p11-06", "RW-p6-09", "RW-p6-10")
def test_the_game_ends_a_turn_after_the_last_marker_needed() -> None:
    """With 3 players the ninth empty city sets the end: this turn and one more, then scores."""
    g = start(players=3)
    cities = sorted(g.board.cities)
    for n, city in enumerate(cities[:9], start=1):
        for cube in list(g.state.cubes[city]):
            g.take_cube(city, cube)  # the engine places the Empty City Marker
        assert len(g.state.ecm) == n
        expected = None if n < 9 else g.state.turn
        assert g.state.end_trigger_turn == expected
    pass_turn(g)  # the rest of this turn
    assert not g.over
    pass_turn(g)  # one more full turn
    assert g.over
    assert g.state.final_scores is not None


@pytest.mark.rules("RW-p11-06", "RW-p6-10")
def test_each_bond_costs_a_point_at_the_end() -> None:
    g = start(players=2)
    g.state.players[0].bonds = 3
    g.state.players[0].score = 20
    g.state.players[1].score = 20
    for p in g.state.players:
        p.baron = ""  # no baron bonus in this count
    end_now(g)
    assert g.state.final_scores == {0: 17, 1: 20}


@pytest.mark.rules("RW-p7-32", "RW-p7-33", "RW-p3-18")
@pytest.mark.parametrize("players", [2, 3])
def test_no_cube_reduction_with_two_or_three_players(players: int) -> None:
    """Mexico keeps the printed cubes with fewer players, by its own table and by the chart."""
    for modules in ((), ("cube-reduction",)):
        g = game(players, seed=5, modules=modules)
        assert g.board.tables.cube_reduction == {}
        for cid, city in g.board.cities.items():
            assert len(g.state.cubes[cid]) == city.cubes, cid


@pytest.mark.rules("RW-p3-18")
def test_the_eastern_us_does_reduce_so_the_mexico_check_can_fail() -> None:
    """The same check on a board that does take a cube off (a control for the test above)."""
    g = new_game("eastern-us", players=2, seed=5)
    assert any(len(g.state.cubes[c]) < city.cubes for c, city in g.board.cities.items())


@pytest.mark.rules("RW-p19-25", "RW-p19-31", "RW-p19-33", "RB-102", "RB-104")
def test_every_city_the_rulebooks_name_is_on_the_board() -> None:
    board = load_map(MAP)
    for cid, name in NAMED.items():
        assert board.cities[cid].name == name


@pytest.mark.rules("RB-102")
def test_the_solo_purple_cubes_have_purple_cities_to_go_to() -> None:
    """The solo game puts purple cubes on Guadalajara and Brownsville: neither is purple, and
    the board has purple cities in several regions to deliver them to."""
    board = load_map(MAP)
    purple = [c for c in board.cities.values() if c.color is Color.PURPLE]
    assert len(purple) >= 5
    assert board.cities["guadalajara"].color is not Color.PURPLE
    assert board.cities["brownsville"].color is not Color.PURPLE
    rows = sorted(c.at.row for c in purple)
    assert rows[-1] - rows[0] >= 10  # from the north to the south of the board


@pytest.mark.rules("RW-p3-17")
def test_the_named_cities_lie_where_they_are_in_mexico() -> None:
    """Compass checks typed in from an atlas: (west, east) and (north, south) pairs."""
    board = load_map(MAP)
    at = {cid: _xy(city.at) for cid, city in board.cities.items()}
    west_east = [
        ("culiacan", "tampico"),
        ("chihuahua", "brownsville"),
        ("guadalajara", "mexico-city"),
        ("mexico-city", "veracruz"),
        ("salina-cruz", "merida"),
        ("nogales", "ciudad-juarez"),
        ("mazatlan", "durango"),
        ("monterrey", "brownsville"),
    ]
    for west, east in west_east:
        assert at[west][0] < at[east][0], (west, east)
    north_south = [
        ("ciudad-juarez", "chihuahua"),
        ("chihuahua", "culiacan"),
        ("brownsville", "tampico"),
        ("tampico", "mexico-city"),
        ("mexico-city", "salina-cruz"),
        ("salina-cruz", "tapachula"),
        ("nogales", "hermosillo"),
        ("guadalajara", "manzanillo"),
    ]
    for north, south in north_south:
        assert at[north][1] < at[south][1], (north, south)


def test_the_board_passes_every_check() -> None:
    """Every city reachable, every spoke buildable, every Major Line possible, every card's
    city on the board (``railways map check mexico``)."""
    assert check_map(load_map(MAP)) == []
