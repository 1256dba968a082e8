"""The North America board: its player counts, Empty City Markers, cube reduction, the cities
its rules name, and the bond penalty at the end (RW-p15-07..18)."""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.rules import check_map, new_game

from .helpers import MAP

NAMED = {  # every city a North America rule or Rail Baron names (RW-p15-15, RW-p20-19..30)
    "vancouver": (49.28, -123.12),
    "ottawa": (45.42, -75.70),
    "iqaluit": (63.75, -68.52),
    "seattle": (47.61, -122.33),
    "juneau": (58.30, -134.42),
    "echo-bay": (66.07, -118.00),
    "ivujivik": (62.42, -77.91),
    "st-john": (47.56, -52.71),
    "quebec": (46.81, -71.21),
    "winnipeg": (49.90, -97.14),
}


@pytest.mark.rules("RW-p15-07", "RW-p15-08")
def test_the_board_checks_and_names_every_city_its_rules_name() -> None:
    board = load_map(MAP)
    assert check_map(board) == []
    assert set(NAMED) <= set(board.cities)
    assert 45 <= len(board.cities) <= 55  # about the size of the printed boards


@pytest.mark.rules("RW-p15-07")
def test_named_cities_keep_their_real_places_relative_to_each_other() -> None:
    board = load_map(MAP)
    at = {c: board.cities[c].at for c in NAMED}
    # West to east and north to south as on a map (columns grow east, rows grow south).
    west_to_east = ["juneau", "vancouver", "winnipeg", "ivujivik", "ottawa", "quebec"]
    cols = [at[c].col for c in west_to_east]
    assert cols == sorted(cols) and len(set(cols)) == len(cols)
    assert at["echo-bay"].row < at["winnipeg"].row and at["juneau"].row < at["seattle"].row
    assert at["iqaluit"].row < at["ivujivik"].row < at["quebec"].row
    assert at["vancouver"].row < at["seattle"].row  # Seattle lies south of Vancouver
    assert at["st-john"].col > at["quebec"].col  # St. John is the far east


@pytest.mark.rules("RW-p15-17", "RW-p15-18", "RW-p6-09")
@pytest.mark.parametrize(("players", "markers"), [(2, 9), (3, 11), (4, 13), (5, 15)])
def test_empty_city_markers_that_end_the_game(players: int, markers: int) -> None:
    game = new_game(MAP, players=players, seed=3)
    assert game.state.ecm_needed == markers


@pytest.mark.rules("RW-p15-17")
def test_two_to_five_players() -> None:
    board = load_map(MAP)
    assert (board.min_players, board.max_players) == (2, 5)
    with pytest.raises(ValueError, match="2-5 players"):
        new_game(MAP, players=6, seed=1)


@pytest.mark.rules("RW-p7-33", "RW-p3-18")
@pytest.mark.parametrize(("players", "fewer"), [(2, 1), (3, 1), (4, 0), (5, 0)])
def test_cube_reduction_in_two_and_three_player_games(players: int, fewer: int) -> None:
    board = load_map(MAP)
    game = new_game(MAP, players=players, seed=7)
    for city in board.cities.values():
        expected = max(1, city.cubes - fewer)  # never below one cube
        assert len(game.state.cubes[city.id]) == expected, city.id


@pytest.mark.rules("RW-p15-09", "RW-p8-29")
def test_one_score_track_serves_the_base_game_north_america_and_the_transcontinental() -> None:
    """The universal score track: the same income for every score on the base game's board,
    on North America and in the Transcontinental game."""
    tracks = {}
    for map_id in ("eastern-us", "north-america", "transcontinental"):
        board = load_map(map_id)
        assert board is not None
        tracks[map_id] = board.tables.income_track
    assert tracks["north-america"] == tracks["eastern-us"] == tracks["transcontinental"]
    # And a game pays it: a player on space 30 of either board's track earns the same.
    incomes = set()
    for map_id in ("north-america", "transcontinental"):
        game = new_game(map_id, players=3, seed=1)
        game.state.players[0].score = 30
        incomes.add(game.income(0))
    assert incomes == {tracks["eastern-us"][30]}
