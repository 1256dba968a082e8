"""The Sweden board: its cities, decks and tables (house data, marked so)."""

from __future__ import annotations

import pytest

from railways.content.decks import load_barons, load_operations
from railways.content.maps import load_map
from railways.rules import check_map, new_game

from .helpers import MAP

# The cities the Rail Barons solo book names for Sweden (RB-061, RB-067, RB-109; "Norvik" there
# is Narvik).
NAMED = ("stockholm", "norrkoping", "kalmar", "alvesta", "malmo", "kiruna", "narvik", "storlien")
ECM = {2: 8, 3: 10, 4: 12, 5: 13}


def test_the_board_loads_and_passes_the_whole_board_checks() -> None:
    board = load_map(MAP)
    assert check_map(board) == []
    assert 40 <= len(board.cities) <= 55
    assert all(c.source == "house" for c in board.cities.values())
    assert (board.min_players, board.max_players) == (2, 5)


@pytest.mark.rules("RB-061", "RB-067", "RB-109")
def test_every_city_the_solo_book_names_is_on_the_board_where_it_is() -> None:
    board = load_map(MAP)
    for city in NAMED:
        assert city in board.cities
    assert board.cities["malmo"].color.value == "black"  # RB-067: Malmö is black
    c = {cid: board.cities[cid].at for cid in NAMED}
    # North to south as on the map: Narvik and Kiruna, Storlien, Stockholm, Norrköping,
    # Alvesta and Kalmar, Malmö last.
    assert c["narvik"].row < c["storlien"].row < c["stockholm"].row < c["norrkoping"].row
    assert c["kiruna"].row < c["storlien"].row
    assert c["norrkoping"].row < c["alvesta"].row < c["malmo"].row
    assert c["norrkoping"].row < c["kalmar"].row < c["malmo"].row
    # Narvik and Storlien lie west of Kiruna and Stockholm (the Norwegian border).
    assert c["narvik"].col < c["kiruna"].col and c["storlien"].col < c["stockholm"].col


@pytest.mark.parametrize(("players", "markers"), sorted(ECM.items()))
def test_empty_city_markers_by_player_count(players: int, markers: int) -> None:
    assert new_game(MAP, players=players, seed=1).state.ecm_needed == markers


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="2-5"):
        new_game(MAP, players=players, seed=1)


@pytest.mark.rules("RB-110", "RB-111")
def test_house_decks_with_the_cards_the_solo_book_names() -> None:
    barons = load_barons(MAP)
    cards = load_operations(MAP)
    assert len(barons) == 10 and len(cards) == 29
    assert all(b.source == "house" and b.text for b in barons.values())
    assert all(c.source == "house" for c in cards.values())
    # RB-110 removes a Storlien Hotel and a Storlien Service Bounty; RB-111 adds the Ferry
    # Passage card to the solo display.
    assert cards["hotel-storlien"].effect == "hotel"
    assert cards["service-bounty-storlien"].effect == "service_bounty"
    assert cards["ferry-passage"].name == "Ferry Passage"
    board = load_map(MAP)
    for card in cards.values():
        city = card.params.get("city")
        assert city is None or city in board.cities, card.id


@pytest.mark.parametrize("players", [2, 3])
def test_no_cube_fewer_with_two_or_three_players(players: int) -> None:
    """House: every city starts with its printed cubes at any player count."""
    game = new_game(MAP, players=players, seed=4)
    for city in game.board.cities.values():
        assert len(game.state.cubes[city.id]) == city.cubes, city.id
