"""Recorded solo games (tools/record_solo_games.py) replay to their final scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.rules.records import game_from_record
from railways.rules.solo import solo_state
from railways.rules.solo.invariants import check_solo_invariants

GAMES = sorted((Path(__file__).parents[1] / "fixtures" / "games").glob("solo-*.json"))


def test_there_are_recorded_solo_games() -> None:
    assert len(GAMES) >= 2


@pytest.mark.rules("RB-014", "RB-049", "RB-051")
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_solo_game_replays_to_its_final_score(path: Path) -> None:
    fixture = json.loads(path.read_text())
    assert fixture["record"]["options"]["solo"] is True
    game = game_from_record(fixture["record"])
    assert game.over and game.n == 1
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    assert game.state.turn == fixture["turns"]
    solo = solo_state(game)
    assert solo.target == fixture["solo"]["target"]
    assert solo.duel_claims == fixture["solo"]["duel_claims"]
    assert solo.evaluations == fixture["solo"]["evaluations"]
    railbot = sum(1 for lk in game.state.links.values() if lk.owner < 0)
    assert railbot == fixture["solo"]["railbot_links"]
    won = game.state.final_scores[0] >= solo.target
    assert (game.state.winner == 0) is won
    assert check_solo_invariants(game) == []
