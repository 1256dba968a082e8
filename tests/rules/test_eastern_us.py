"""Eastern U.S. set-up and end-of-game rules (RW-p10-04/05, RW-p10-19, RW-p10-21, RW-p10-22)."""

from __future__ import annotations

import pytest

from railways.core.actions import DeliverGoods
from railways.core.board import Color
from railways.rules import new_game
from railways.rules.boards.western_link import WesternLink
from support import start

from .eus_helpers import link, place_cubes, turn_of

ECM_BY_PLAYERS = {2: 10, 3: 12, 4: 14, 5: 16, 6: 18}


@pytest.mark.rules("RW-p10-04", "RW-p10-05")
def test_eastern_us_decks_and_rules() -> None:
    """12 Rail Barons, 31 Operations cards and the Western Link rules come with the map."""
    game = new_game("eastern-us", players=4, seed=3)
    assert len(game.ruleset.barons) == 12
    assert len(game.ruleset.cards) == 31
    assert any(isinstance(p, WesternLink) for p in game.ruleset.plugins)


@pytest.mark.rules("RW-p10-19")
@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_players_get_one_cube_fewer_per_city_but_at_least_one(
    players: int,
) -> None:
    game = new_game("eastern-us", players=players, seed=5)
    for city in game.board.cities.values():
        assert len(game.state.cubes[city.id]) == max(1, city.cubes - 1), city.id
    assert any(c.cubes == 1 for c in game.board.cities.values())  # the floor is exercised


@pytest.mark.rules("RW-p10-19")
@pytest.mark.parametrize("players", [4, 5, 6])
def test_four_or_more_players_get_the_printed_number_of_cubes(players: int) -> None:
    game = new_game("eastern-us", players=players, seed=5)
    for city in game.board.cities.values():
        assert len(game.state.cubes[city.id]) == city.cubes, city.id


@pytest.mark.rules("RW-p10-21", "RW-p10-22")
@pytest.mark.parametrize(("players", "markers"), sorted(ECM_BY_PLAYERS.items()))
def test_empty_city_markers_that_end_the_game(players: int, markers: int) -> None:
    game = new_game("eastern-us", players=players, seed=2)
    assert game.state.ecm_needed == markers


@pytest.mark.rules("RW-p10-21")
def test_two_player_game_ends_on_the_tenth_empty_city() -> None:
    game = start(2)
    state = game.state
    already = ["dallas", "fort-worth", "houston", "tulsa", "shreveport", "little-rock", "jackson"]
    already.append("mobile")
    for city in already:
        place_cubes(game, city, [])
        state.ecm.add(city)
    ny_nh = link(game, 0, "new-york", "new-haven")
    prov_bos = link(game, 1, "providence", "boston")
    place_cubes(game, "new-haven", [Color.RED])
    place_cubes(game, "providence", [Color.YELLOW])
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="new-haven", color="red", links=(ny_nh,)))
    assert len(state.ecm) == 9
    assert state.end_trigger_turn is None
    turn_of(game, 1)
    game.apply(DeliverGoods(seat=1, city="providence", color="yellow", links=(prov_bos,)))
    assert len(state.ecm) == 10
    assert state.end_trigger_turn == state.turn


@pytest.mark.rules("RW-p10-21")
def test_six_player_game_goes_on_after_ten_empty_cities() -> None:
    game = start(6)
    state = game.state
    for city in ["dallas", "fort-worth", "houston", "tulsa", "shreveport", "little-rock"]:
        place_cubes(game, city, [])
        state.ecm.add(city)
    for city in ["jackson", "mobile", "montgomery"]:
        place_cubes(game, city, [])
        state.ecm.add(city)
    ny_nh = link(game, 0, "new-york", "new-haven")
    place_cubes(game, "new-haven", [Color.RED])
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="new-haven", color="red", links=(ny_nh,)))
    assert len(state.ecm) == 10
    assert state.end_trigger_turn is None


@pytest.mark.rules("RW-p10-22")
def test_each_bond_costs_a_point_and_the_high_score_wins() -> None:
    game = start(2)
    state = game.state
    for p in state.players:
        p.baron = ""  # no Rail Baron bonus in this position
    state.players[0].score, state.players[0].bonds = 10, 3
    state.players[1].score, state.players[1].bonds = 8, 0
    game._finish()
    assert state.final_scores == {0: 7, 1: 8}
    assert state.winner == 1
