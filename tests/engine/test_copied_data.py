"""``state.copied_data``: plug-ins' data copied as ``copy.deepcopy`` copies it (equal,
nothing mutable shared with the original, shared parts kept shared), only quicker."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from railways.core.board import Color
from railways.core.hexgrid import Hex, Side
from railways.core.state import copied_data


@dataclass
class _Held:
    cities: list[str] = field(default_factory=list)


def _mutables(value: object, found: list[object]) -> list[object]:
    """Every mutable container and object inside ``value`` (itself included)."""
    if isinstance(value, (dict, list, set, _Held)):
        found.append(value)
    if isinstance(value, dict):
        for key, item in value.items():
            _mutables(key, found)
            _mutables(item, found)
    elif isinstance(value, (list, set, tuple, frozenset)):
        for item in value:
            _mutables(item, found)
    elif isinstance(value, _Held):
        _mutables(value.cities, found)
    return found


def _sample() -> dict[str, Any]:
    shared = ["a", "b"]
    return {
        "phase": "east",
        "longest": {"1": 2, "4": 4},
        "pending": None,
        "flags": [True, False, 1.5, 0],
        "placed": {"c1": {"hex": [3, 4], "turn": 2}},
        "sets": {"seen": {1, 2, 3}, "frozen": frozenset({"x", "y"})},
        "tuples": (1, "two", (3, 4)),
        "mixed": (1, [2, 3]),  # a tuple holding a list is copied, not shared
        "hexes": [Hex(1, 2), Hex(3, -1)],
        "enums": {"side": Side.NE, "color": Color.RED},
        "held": _Held(["x"]),
        "shared_a": shared,
        "shared_b": shared,
        "twice": ("k", shared),
    }


def test_copied_data_equals_deepcopy_and_shares_nothing_mutable() -> None:
    data = _sample()
    ours, theirs = copied_data(data), copy.deepcopy(data)
    assert ours == theirs == data
    originals = {id(x) for x in _mutables(data, [])}
    assert not any(id(x) in originals for x in _mutables(ours, []))


def test_copied_data_keeps_shared_parts_shared_and_immutable_parts_as_they_are() -> None:
    data = _sample()
    ours, theirs = copied_data(data), copy.deepcopy(data)
    for made in (ours, theirs):
        assert made["shared_a"] is made["shared_b"] is made["twice"][1]
        assert made["tuples"] is data["tuples"]  # nothing mutable inside: kept
        assert made["mixed"] is not data["mixed"]
        assert made["enums"]["side"] is Side.NE
        assert made["held"] is not data["held"] and made["held"] == data["held"]


def test_copied_data_of_a_game_in_progress_equals_deepcopy() -> None:
    from railways.core.legal import sample_action
    from railways.core.rng import Rng
    from railways.rules import new_game

    for board, players in (("transcontinental", 6), ("australia", 5)):
        game = new_game(board, players=players, seed=2)
        rng = Rng(4)
        for _ in range(150):
            seat = game.to_act
            assert seat is not None
            game.apply(sample_action(game, seat, rng))
        data = game.state.plugin_data
        assert data
        assert copied_data(data) == copy.deepcopy(data)
        twin = game.state.copy()
        assert twin.plugin_data == data
        assert not {id(x) for x in _mutables(twin.plugin_data, [])} & {
            id(x) for x in _mutables(data, [])
        }
