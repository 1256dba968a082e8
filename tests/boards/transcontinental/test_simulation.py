"""Whole Transcontinental games: random ones for every player count with every check, and a
greedy one with each way of dealing Rail Barons, through both phases to the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.cli.simulate import play_one
from railways.rules.boards.transcontinental import data
from railways.rules.records import game_from_record

from .helpers import MAP


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_normally_with_every_check(players: int) -> None:
    """Invariants after every action, secrets in every view, replays at checkpoints."""
    result = play_one(MAP, players, ["random"], seed=900 + players, check=True)
    assert result.problems == []
    assert result.finished
    assert set(result.scores) == set(range(players))


@pytest.mark.rules("RW-p9-04", "RW-p9-38", "RW-p8-33", "RW-p8-34", "RW-p8-36")
@pytest.mark.parametrize(
    "modules", [(), ("baron-option-2",), ("baron-option-2-variant", "transcontinental-faster")]
)
def test_greedy_games_play_both_phases(modules: tuple[str, ...]) -> None:
    result = play_one(MAP, 3, ["greedy"], seed=31, check=True, modules=("fuel-depots", *modules))
    assert result.problems == []
    assert result.finished


@pytest.mark.rules("RW-p9-27", "RW-p9-35")
def test_a_recorded_game_reaches_the_west_and_ends_there() -> None:
    path = Path(__file__).parents[2] / "fixtures" / "games" / "transcontinental-4p-greedy-175.json"
    fixture = json.loads(path.read_text())
    game = game_from_record(fixture["record"])
    assert game.over and data(game)["phase"] == "west"
    assert any(
        "west" in game.board.cities[c].flags
        for lk in game.state.links.values()
        for c in (lk.start, lk.end)
        if c
    )
