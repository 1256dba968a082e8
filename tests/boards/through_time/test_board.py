"""The eight era boards and the choice of eras (TT-001, TT-002, TT-004, RW-p13-03..06,
RW-p14-14), the map check and the tool that writes the board files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from railways.content.maps import load_map
from railways.core.board import Color, Terrain
from railways.rules import check_map, new_game
from railways.rules.boards.through_time.eras import eras_of, is_gate
from railways.rules.records import game_from_record, record_of
from waits import RUN_SECONDS

from .helpers import MAP

ROOT = Path(__file__).resolve().parents[3]
ERAS = [
    "stone-age",
    "egypt",
    "roman-empire",
    "medieval",
    "napoleonic",
    "wild-west",
    "industrial",
    "future",
]


@pytest.mark.rules("TT-001", "TT-002", "RW-p13-03")
def test_eight_era_boards_each_with_cities_terrain_and_time_gates() -> None:
    board = load_map(MAP)
    eras = eras_of(board)
    assert list(eras.order) == ERAS
    for era in eras.by_id.values():
        assert len(era.cities) == 11 and len(era.gates) == 2, era.id
        terrains = {board.hexes[h] for h in era.hexes}
        assert Terrain.MOUNTAIN in terrains and Terrain.OPEN in terrains
        assert any(e.a in era.hexes for e in board.ridges), era.id
    assert any(board.hexes[h] is Terrain.WATER for h in board.hexes)
    for gate in (c for c in board.cities.values() if is_gate(c)):
        assert gate.color is Color.RED and gate.cubes == 0  # a blazing red hex, no goods
    # The rulebooks name these four eras.
    assert {"stone-age", "egypt", "napoleonic", "industrial"} <= set(eras.order)


def test_the_map_check_passes_and_names_the_board_s_rules() -> None:
    assert check_map(load_map(MAP)) == []
    done = subprocess.run(
        [sys.executable, "-m", "railways", "map", "check", MAP],
        capture_output=True,
        text=True,
        check=False,
        timeout=RUN_SECONDS,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_board_files_are_what_the_tool_writes_from_the_era_files() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "through_time_map.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=RUN_SECONDS,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.rules("RW-p14-14")
def test_the_industrial_board_has_no_pittsburgh() -> None:
    board = load_map(MAP)
    industrial = eras_of(board).by_id["industrial"]
    assert all("pittsburgh" not in c for c in industrial.cities)
    assert board.city_by_name("Pittsburgh") is None


@pytest.mark.rules("TT-004", "RW-p13-04", "RW-p13-06")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_by_default_players_plus_one_eras_with_a_red_city(players: int) -> None:
    game = new_game(MAP, players=players, seed=2)
    chosen = game.options.extra["eras"]
    assert len(chosen) == players + 1
    assert any(
        game.board.cities[c].color is Color.RED and not is_gate(game.board.cities[c])
        for c in game.board.cities
    )
    assert set(game.board.regions) == set(chosen)
    assert {eras_of(game.board).of_city(c) for c in game.board.cities} == set(chosen)


@pytest.mark.rules("TT-004", "RW-p13-04")
def test_the_players_choose_the_eras_and_the_record_keeps_the_choice() -> None:
    game = new_game(MAP, players=3, seed=4, options={"eras": ["future", "egypt", "medieval"]})
    assert game.options.extra["eras"] == ["egypt", "medieval", "future"]  # board order
    assert game.board.name == "Railways Through Time: Egypt, Medieval, Future"
    record = record_of(game).to_dict()
    assert record["options"]["eras"] == ["egypt", "medieval", "future"]
    again = game_from_record(record)
    assert again.board.cities.keys() == game.board.cities.keys()
    assert again.state.cubes == game.state.cubes


@pytest.mark.rules("TT-004", "RW-p13-04", "RW-p13-06")
@pytest.mark.parametrize(
    ("eras", "words"),
    [
        (["stone-age", "atlantis"], "unknown era(s) atlantis"),
        (["napoleonic"], "at least two eras"),
        (["egypt", "egypt", "future"], "named twice"),
        (["stone-age", "egypt", "medieval"], "include an era with a red city"),
        ("egypt", "expected a list of era ids"),
    ],
)
def test_a_wrong_choice_of_eras_is_refused_with_a_clear_message(eras: object, words: str) -> None:
    with pytest.raises(ValueError, match=r"options\.eras") as info:
        new_game(MAP, players=2, seed=1, options={"eras": eras})
    assert words in str(info.value)


def test_eras_is_an_option_of_this_board_only() -> None:
    with pytest.raises(ValueError, match=r"options\.eras: not an option of this game"):
        new_game("eastern-us", players=2, seed=1, options={"eras": ["egypt"]})


def test_modules_that_change_what_this_board_replaces_are_refused() -> None:
    with pytest.raises(ValueError, match="auction-v2 cannot be played with Railways Through"):
        new_game(MAP, players=3, seed=1, options={"modules": ["auction-v2"]})
    game = new_game(MAP, players=3, seed=1, options={"modules": ["cut-throat"]})
    assert game.options.extra["modules"] == ["cut-throat"]


def test_all_eight_eras_may_be_played() -> None:
    game = new_game(MAP, players=6, seed=3, options={"eras": ERAS})
    assert len(game.board.regions) == 8
    assert sum(len(c) for c in game.state.cubes.values()) == 8 * 11
