"""The terminal's city codes: one code per city per board, in every kind of game on it."""

from __future__ import annotations

import pytest

from railways.cli.terminal.board import city_codes
from railways.content.maps import available_maps, load_map
from railways.content.solo import solo_maps
from railways.core.game import Game
from railways.rules import new_game


def _games(map_id: str) -> list[Game]:
    """Games on the map as unlike as its options make them: each player count, and solo."""
    printed = load_map(map_id)
    games = [
        new_game(map_id, n, seed=3)
        for n in range(max(2, printed.min_players), printed.max_players + 1)
    ]
    if map_id in solo_maps():
        games.append(new_game(map_id, 1, seed=3, options={"solo": True}))
    return games


@pytest.mark.parametrize("map_id", available_maps())
def test_every_game_on_a_board_gives_each_city_the_same_code(map_id: str) -> None:
    seen: dict[str, set[str]] = {}
    for board in [load_map(map_id), *(g.board for g in _games(map_id))]:
        codes = city_codes(board)
        assert set(codes) == set(board.cities)
        assert len(set(codes.values())) == len(codes)  # unique in the game
        assert all(len(code) == 2 for code in codes.values())
        for city, code in codes.items():
            seen.setdefault(city, set()).add(code)
    assert {c: s for c, s in seen.items() if len(s) > 1} == {}  # one code per city
    codes = [next(iter(s)) for s in seen.values()]
    assert len(set(codes)) == len(codes)  # and unique over every game on the board


def test_solo_and_multiplayer_eastern_us_agree_on_chicago_and_cincinnati() -> None:
    solo = city_codes(new_game("eastern-us", 1, seed=1, options={"solo": True}).board)
    multi = city_codes(new_game("eastern-us", 3, seed=1).board)
    for city in ("chicago", "cincinnati", "new-york"):
        assert solo[city] == multi[city]
    assert multi["chicago"] == "Ch" and multi["new-york"] == "NY"


def test_chosen_eras_keep_their_codes() -> None:
    full = city_codes(load_map("through-time"))
    game = new_game("through-time", 3, seed=2, options={"eras": ["egypt", "future"]})
    codes = city_codes(game.board)
    assert codes and all(full[c] == code for c, code in codes.items())
