"""The Portugal board: its cities, decks and tables (house data, marked so)."""

from __future__ import annotations

import pytest

from railways.content.decks import load_barons, load_operations
from railways.content.maps import load_map
from railways.rules import check_map, new_game

from .helpers import MAP

# The cities the Rail Barons solo book names for Portugal (RB-083..088) and where they really
# are: (latitude, longitude).
NAMED = {"lisboa": (38.72, -9.14), "sagres": (37.01, -8.94)}
ISLANDS = ("acores", "madeira")
ECM = {2: 8, 3: 9, 4: 11, 5: 12}


def test_the_board_loads_and_passes_the_whole_board_checks() -> None:
    board = load_map(MAP)
    assert check_map(board) == []
    assert 35 <= len(board.cities) <= 55
    assert all(c.source == "house" for c in board.cities.values())
    assert (board.min_players, board.max_players) == (2, 5)


@pytest.mark.rules("RB-084", "RB-086", "RB-088")
def test_every_city_the_solo_book_names_is_on_the_board() -> None:
    board = load_map(MAP)
    for city in (*NAMED, *ISLANDS):
        assert city in board.cities
    assert board.cities["acores"].name == "Açores"
    # Sagres is the board's south-western corner: no city lies further south or west on
    # the mainland; Lisboa is west of every city but the islands and Caldas da Rainha's coast.
    mainland = [c for c in board.cities.values() if c.id not in ISLANDS]
    sagres = board.cities["sagres"].at
    assert all(c.at.row <= sagres.row for c in mainland)
    # Gray cities exist for the solo game's Black City (RB-086).
    assert sum(1 for c in board.cities.values() if c.color.value == "gray") >= 6


def test_the_islands_stand_at_sea_with_one_way_out() -> None:
    board = load_map(MAP)
    for island in ISLANDS:
        city = board.cities[island]
        assert len(city.spokes) == 1
        (side,) = city.spokes
        beyond = city.at.neighbour(side)
        assert board.is_buildable(beyond)
        others = [n for s, n in city.at.neighbours() if s != side]
        assert not any(n in board.hexes for n in others)


@pytest.mark.parametrize(("players", "markers"), sorted(ECM.items()))
def test_empty_city_markers_by_player_count(players: int, markers: int) -> None:
    assert new_game(MAP, players=players, seed=1).state.ecm_needed == markers


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="2-5"):
        new_game(MAP, players=players, seed=1)


def test_house_decks_of_ten_barons_and_thirty_operations_cards() -> None:
    barons = load_barons(MAP)
    cards = load_operations(MAP)
    assert len(barons) == 10 and len(cards) == 30
    assert all(b.source == "house" and b.text for b in barons.values())
    assert all(c.source == "house" for c in cards.values())
    board = load_map(MAP)
    for card in cards.values():
        city = card.params.get("city")
        assert city is None or city in board.cities, card.id
    # The solo book's Capital Charters trigger on the maritime link into Lisboa (RB-083).
    assert cards["capital-charter-lisboa"].effect == "capital_charter"
    game = new_game(MAP, players=4, seed=2)
    assert set(game.ruleset.barons) == set(barons)


@pytest.mark.parametrize("players", [2, 3])
def test_no_cube_fewer_with_two_or_three_players(players: int) -> None:
    """House: every city starts with its printed cubes at any player count."""
    game = new_game(MAP, players=players, seed=4)
    for city in game.board.cities.values():
        assert len(game.state.cubes[city.id]) == city.cubes, city.id
