"""Whole recorded games replay to the final scores they ended with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.rules.records import game_from_record

GAMES = sorted((Path(__file__).parents[1] / "fixtures" / "games").glob("*.json"))


def test_there_are_recorded_games() -> None:
    assert len(GAMES) >= 3


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_game_replays_to_its_final_scores(path: Path) -> None:
    fixture = json.loads(path.read_text())
    game = game_from_record(fixture["record"])
    assert game.over
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    assert game.state.turn == fixture["turns"]
