"""A whole recorded Railways Through Time game (three greedy players on the default four
eras) replays to the final scores it ended with (tools/record_games.py writes it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.core.actions import DeliverGoods
from railways.rules.records import game_from_record

FIXTURE = Path(__file__).parents[2] / "fixtures" / "games" / "through-time-3p-greedy-161.json"


@pytest.mark.rules("TT-004", "TT-014", "TT-023", "TT-026", "RW-p14-16")
def test_the_recorded_game_replays_to_its_scores() -> None:
    fixture = json.loads(FIXTURE.read_text())
    record = fixture["record"]
    assert record["options"]["eras"] == ["stone-age", "egypt", "napoleonic", "industrial"]
    game = game_from_record(record)
    assert game.over
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    assert game.state.turn == fixture["turns"]
    # Goods went through time (a time link has an id below 0) and Time Lines were claimed,
    # each scored by the chart at the end; the game ended on its Empty City Markers.
    through = [
        a for a in game.actions if isinstance(a, DeliverGoods) and any(i < 0 for i in a.links)
    ]
    assert through
    assert game.state.major_lines
    assert any("Time Line(s)" in line for line in game.state.log)
    assert len(game.state.ecm) >= game.state.ecm_needed == 11
