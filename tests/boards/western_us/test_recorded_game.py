"""A whole recorded Western U.S. game (random bots, City Rotors and Fuel Depots on) replays
to the final scores it ended with (tools/record_games.py writes it)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from railways.rules.records import game_from_record

FIXTURE = Path(__file__).parents[2] / "fixtures" / "games" / "western-us-4p-random-121.json"


@pytest.mark.rules("RW-p12-05", "RW-p12-11", "RW-p7-06", "RW-p7-17", "RW-p7-18")
def test_the_recorded_game_replays_to_its_scores_using_rotors_and_depots():
    fixture = json.loads(FIXTURE.read_text())
    assert fixture["record"]["options"]["modules"] == ["city-rotors", "fuel-depots"]
    game = game_from_record(fixture["record"])
    assert game.over
    assert game.state.final_scores == {int(k): v for k, v in fixture["final_scores"].items()}
    assert game.state.winner == fixture["winner"]
    kinds = Counter(a.kind for a in game.actions)
    assert kinds["place_fuel_depot"] and kinds["stop_at_fuel_depot"]
    assert kinds["continue_delivery"]  # a delivery carried on from a depot, and scored
    assert any("City Rotor turns" in line for line in game.state.log)
