"""Whole recorded Railways of Australia games replay to the final scores they ended with
(written by tools/record_games.py): four greedy players on the central and eastern regions,
and two greedy players with the optional Rail Barons and the Black Star cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.rules.records import game_from_record

GAMES = Path(__file__).parents[2] / "fixtures" / "games"


@pytest.mark.rules("AU-009", "AU-054", "AU-057")
def test_a_four_player_game_replays_to_its_scores():
    fixture = json.loads((GAMES / "australia-4p-greedy-151.json").read_text())
    game = game_from_record(fixture["record"])
    assert game.over and game.n == 4
    assert set(game.board.regions) == {"queensland", "new-south-wales", "victoria", "central"}
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    assert game.state.turn == fixture["turns"]
    assert len(game.state.ecm) >= game.state.ecm_needed == 13


@pytest.mark.rules("AU-008", "AU-052", "AU-047", "AU-048", "AU-049", "AU-035")
def test_a_two_player_game_with_the_optional_cards_replays_to_its_scores():
    name = "australia-2p-greedy-152-with-australia-optional-barons-with-black-stars.json"
    fixture = json.loads((GAMES / name).read_text())
    game = game_from_record(fixture["record"])
    assert game.over and game.n == 2
    assert "matthew-mayes" in game.ruleset.barons
    assert "railroad-executive" in game.ruleset.cards
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    assert len(game.state.ecm) >= game.state.ecm_needed == 9
