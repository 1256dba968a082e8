"""The research interfaces on the Western U.S.: every action of the recorded game (Fuel Depot
stops and carried cubes included) has an index, and observations have fixed slots for the
rotors and depots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game
from railways.rules.records import game_from_record

FIXTURE = Path(__file__).parents[2] / "fixtures" / "games" / "western-us-4p-random-121.json"
OURS = {"place_fuel_depot", "stop_at_fuel_depot", "continue_delivery", "continue_to_fuel_depot"}


def test_every_action_of_a_recorded_game_has_an_index_and_decodes_back():
    record = json.loads(FIXTURE.read_text())["record"]
    played = game_from_record(record)
    game = new_game(record["map"], players=list(record["seats"]), seed=played.seed,
                    options=dict(played.options.to_dict()))  # fmt: skip
    encoding = ActionEncoding(game)
    observe = ObservationEncoding(game)
    seen = set()
    for action in played.actions:
        seat = action.seat
        if action.kind in OURS:
            index = encoding.encode(game, action)
            legal = encoding.legal_map(game, seat)
            assert index in legal
            assert legal[index].kind == action.kind
            assert observe.observe(game, seat) is not None
            seen.add(action.kind)
        game.apply(action)
    assert {"place_fuel_depot", "stop_at_fuel_depot", "continue_delivery"} <= seen
