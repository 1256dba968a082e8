"""A whole recorded Europe game (five greedy bots) replays to the final scores it ended with
(tools/record_games.py writes it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.rules.records import game_from_record

FIXTURE = Path(__file__).parents[2] / "fixtures" / "games" / "europe-5p-greedy-141.json"


@pytest.mark.rules("RW-p11-11", "RW-p11-12", "RW-p19-01")
def test_the_recorded_game_replays_to_its_scores() -> None:
    fixture = json.loads(FIXTURE.read_text())
    game = game_from_record(fixture["record"])
    assert game.over
    assert game.n == 5
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    assert game.state.turn == fixture["turns"]
    assert len(game.state.ecm) >= game.state.ecm_needed == 15
    assert all(p.baron_revealed for p in game.state.players)
