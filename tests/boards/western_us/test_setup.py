"""Western U.S. set-up: the cards in the box, cube reduction, Empty City Markers, the modules
the board is played with by default and how players leave them out (RW-p12)."""

from __future__ import annotations

from collections import Counter

import pytest

from railways.content.maps import load_map
from railways.core.board import Color
from railways.core.view import view_for
from railways.rules import check_map, new_game
from railways.rules.modules.city_rotors import rotors, showing
from railways.rules.modules.fuel_depots import DEPOTS_PER_PLAYER, in_supply

from .helpers import MAP, ROTOR_CITIES, start


def test_the_board_passes_its_checks_and_has_the_size_of_a_printed_board():
    board = load_map(MAP)
    assert check_map(board) == []
    assert 45 <= len(board.cities) <= 55
    assert (board.min_players, board.max_players) == (2, 6)


@pytest.mark.rules("RW-p12-02")
def test_twelve_rail_barons_two_dealt_to_each_player():
    game = new_game(MAP, players=6, seed=3)
    assert len(game.ruleset.barons) == 12
    dealt = [b for p in game.state.players for b in p.barons_dealt]
    assert len(dealt) == 12 and len(set(dealt)) == 12  # six players use the whole deck


@pytest.mark.rules("RW-p12-03")
def test_thirty_eight_operations_cards():
    game = new_game(MAP, players=4, seed=1)
    assert len(game.ruleset.cards) == 38


@pytest.mark.rules("RW-p12-04", "RW-p7-32", "RW-p7-33")
@pytest.mark.parametrize("players, fewer", [(2, 1), (3, 1), (4, 0), (5, 0), (6, 0)])
def test_two_and_three_players_start_with_one_cube_fewer_never_none(players, fewer):
    game = new_game(MAP, players=players, seed=5)
    cubes = game.state.cubes
    # Printed on the board (cities.toml): San Francisco 3, Santa Fe 2, Promontory 1.
    assert len(cubes["san-francisco"]) == 3 - fewer
    assert len(cubes["santa-fe"]) == 2 - fewer
    assert len(cubes["promontory"]) == 1  # never below one cube
    assert all(cubes[c] for c in game.board.cities)


@pytest.mark.rules("RW-p12-15", "RW-p12-16")
@pytest.mark.parametrize("players, markers", [(2, 10), (3, 12), (4, 14), (5, 16), (6, 18)])
def test_empty_city_markers_that_end_the_game(players, markers):
    assert new_game(MAP, players=players, seed=1).state.ecm_needed == markers


@pytest.mark.rules("RW-p12-05", "RW-p12-07", "RW-p12-08", "RW-p12-09", "RW-p12-10", "RW-p12-11")
def test_six_rotors_on_the_recommended_cities_each_set_to_its_city_colour():
    game = start()
    assert set(game.options.extra["modules"]) == {"city-rotors", "fuel-depots"}
    assert sorted(rotors(game)) == sorted(ROTOR_CITIES)
    colours = {game.state.city_colors[c] for c in ROTOR_CITIES}
    assert Color.GRAY not in colours
    for city in ROTOR_CITIES:
        assert showing(game, city) is None  # the slice shows the city's own colour


@pytest.mark.rules("RW-p12-06")
def test_san_francisco_has_a_red_rotor_showing_red():
    game = start()
    assert game.state.city_colors["san-francisco"] is Color.RED
    rotor = view_for(game, None)["plugins"]["city_rotors"]["san-francisco"]
    assert rotor == {"color": "red", "showing": "red", "takes": ["red"]}


@pytest.mark.rules("RW-p12-11", "RW-p12-12", "RW-p7-12")
def test_each_player_has_four_fuel_depots():
    game = start(players=5)
    assert DEPOTS_PER_PLAYER == 4
    assert [in_supply(game, p.seat) for p in game.state.players] == [4, 4, 4, 4, 4]


@pytest.mark.rules("RW-p12-13")
@pytest.mark.parametrize(
    "without, left",
    [
        (["fuel-depots"], ["city-rotors"]),
        (["city-rotors"], ["fuel-depots"]),
        (["city-rotors", "fuel-depots"], []),
    ],
)
def test_players_may_leave_out_either_module(without, left):
    game = start(options={"without_modules": without})
    assert game.options.extra["modules"] == left
    assert {p.id for p in game.ruleset.plugins} == {"western_us", *left}
    kinds = set(game.kinds.kinds)
    assert ("place_fuel_depot" in kinds) == ("fuel-depots" in left)
    if "city-rotors" not in left:
        assert "city_rotors" not in game.state.plugin_data


@pytest.mark.rules("RW-p12-13")
def test_leaving_out_a_module_the_board_does_not_play_is_refused():
    with pytest.raises(ValueError, match="without_modules: mines is not played"):
        new_game(MAP, players=4, seed=1, options={"without_modules": ["mines"]})
    with pytest.raises(ValueError, match="also chosen"):
        new_game(
            MAP,
            players=4,
            seed=1,
            options={"modules": ["fuel-depots"], "without_modules": ["fuel-depots"]},
        )


@pytest.mark.rules("RW-p12-14")
def test_players_may_pick_other_rotor_cities_more_or_fewer_than_six():
    few = start(options={"rotor_cities": ["portland", "omaha"]})
    assert sorted(rotors(few)) == ["omaha", "portland"]
    many = ["portland", "omaha", "spokane", "reno", "elko", "denver", "phoenix", "tucson"]
    lots = start(options={"rotor_cities": many})
    assert sorted(rotors(lots)) == sorted(many)


@pytest.mark.rules("RW-p12-14", "RW-p7-03")
def test_a_rotor_city_must_be_a_coloured_city_of_the_board():
    with pytest.raises(ValueError, match="Promontory is gray"):
        new_game(MAP, 4, 1, options={"rotor_cities": ["promontory"]})
    with pytest.raises(ValueError, match="'atlantis' is not a city"):
        new_game(MAP, 4, 1, options={"rotor_cities": ["atlantis"]})
    with pytest.raises(ValueError, match="only with the city-rotors module"):
        new_game(
            MAP,
            4,
            1,
            options={"rotor_cities": ["omaha"], "without_modules": ["city-rotors"]},
        )


def test_the_default_modules_are_written_into_the_record_so_a_replay_keeps_them():
    game = start(options={"without_modules": ["city-rotors"]})
    extra = game.options.extra
    again = new_game(MAP, players=4, seed=1, options=dict(extra))
    assert again.options.extra == extra


def test_every_city_a_rule_card_or_baron_names_is_on_the_board():
    board = load_map(MAP)
    named = {
        # the rotor cities (RW-p12-09..11 and the list on p. 12)
        *ROTOR_CITIES,
        # Rail Barons (RW-p19-48, RW-p20-01..08)
        "tacoma", "billings", "portland", "san-francisco", "deming",
        "dodge-city", "santa-fe", "richland", "idaho-falls",
        # Operations cards (RW-p21-27 Golden Spike, RW-p22-19 Sutter's Mill)
        "promontory", "omaha", "sacramento",
        # the Transcontinental pages (RW-p8-31..32, RW-p20-33..42)
        "elko", "albuquerque", "denver", "grand-junction", "gallup", "fargo", "topeka",
        "oklahoma-city", "salt-lake-city",
    }  # fmt: skip
    assert named <= set(board.cities)
    gray = {"dodge-city", "santa-fe", "richland", "idaho-falls"}  # urbanized for a baron
    assert {c for c in gray if board.cities[c].color is Color.GRAY} == gray


def test_cities_lie_where_they_are_on_the_map():
    """West is a lower column, north a lower row; these hold for the real places."""
    at = {c.id: (c.at.row, c.at.col) for c in load_map(MAP).cities.values()}
    assert at["san-francisco"][1] < at["sacramento"][1] < at["reno"][1] < at["elko"][1]
    assert at["elko"][1] < at["promontory"][1] < at["rock-springs"][1] < at["cheyenne"][1]
    assert at["cheyenne"][1] < at["north-platte"][1] < at["omaha"][1]
    assert at["tacoma"][0] < at["portland"][0] < at["sacramento"][0] < at["los-angeles"][0]
    assert at["denver"][0] < at["santa-fe"][0] < at["albuquerque"][0] < at["deming"][0]
    assert at["promontory"][0] < at["salt-lake-city"][0]  # north of the lake
    assert at["fargo"][1] >= 28 and at["omaha"][1] >= 28  # on the east edge


def test_colours_are_spread_so_every_colour_has_cities_to_deliver_to():
    board = load_map(MAP)
    by_colour = Counter(c.color for c in board.cities.values())
    for colour in (Color.RED, Color.YELLOW, Color.BLUE, Color.PURPLE, Color.BLACK):
        assert by_colour[colour] >= 6
