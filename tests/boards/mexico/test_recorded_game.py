"""A whole recorded Mexico game (greedy bots, Black Star cards in) replays to the final scores
it ended with (tools/record_games.py writes it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.rules.records import game_from_record

from .helpers import BLACK_STARS

FIXTURE = (
    Path(__file__).parents[2] / "fixtures" / "games" / "mexico-4p-greedy-131-with-black-stars.json"
)


@pytest.mark.rules("RW-p11-02", "RW-p11-06", "RW-p22-05", "RW-p19-25")
def test_the_recorded_game_replays_to_its_scores() -> None:
    fixture = json.loads(FIXTURE.read_text())
    assert fixture["record"]["options"]["modules"] == [BLACK_STARS]
    game = game_from_record(fixture["record"])
    assert game.over
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    assert game.state.turn == fixture["turns"]
    # The Black Star cards were in play: an Operations Growth was turned up and discarded,
    # and a seat kept Pancho Villa, one of the four starred barons.
    assert any(c.startswith("operations-growth") for c in game.state.ops_discard)
    assert "pancho-villa" in {p.baron for p in game.state.players}
    assert len(game.state.ecm) >= game.state.ecm_needed == 10
