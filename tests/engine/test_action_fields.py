"""Actions describe themselves: each class reads and writes its fields from their types."""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal

import pytest

from railways.core import actions
from railways.core.actions import (
    ACTION_TYPES,
    Action,
    BuildTrack,
    DeliverGoods,
    TakeOperationsCard,
    action_from_dict,
    register,
)
from railways.core.hexgrid import Hex, Side
from railways.rules.registry import plugin_classes

GAMES = sorted((Path(__file__).parents[1] / "fixtures" / "games").glob("*.json"))


@pytest.fixture
def scratch_kinds() -> Iterator[None]:
    """Kinds a test registers are gone again after it."""
    before = dict(ACTION_TYPES)
    yield
    ACTION_TYPES.clear()
    ACTION_TYPES.update(before)


class Era(enum.Enum):
    WOOD = "wood"
    IRON = "iron"


class Gauge(enum.Enum):  # values that are not text: written by name
    NARROW = 1
    STANDARD = 2


def test_every_recorded_action_is_written_back_byte_for_byte() -> None:
    seen: set[str] = set()
    for path in GAMES:
        for raw in json.loads(path.read_text())["record"]["actions"]:
            assert json.dumps(action_from_dict(raw).to_dict()) == json.dumps(raw), path.name
            seen.add(raw["kind"])
    assert {"build_track", "deliver_goods", "bid", "choose_baron"} <= seen


def test_every_known_kind_round_trips_and_keeps_its_json_shape() -> None:
    plugin_classes()  # every plug-in's kinds
    assert len(ACTION_TYPES) > 20
    for kind, cls in ACTION_TYPES.items():
        action = cls(seat=1)
        data = action.to_dict()
        assert list(data)[:2] == ["kind", "seat"] and data["kind"] == kind
        assert action_from_dict(json.loads(json.dumps(data))) == action


def test_the_base_game_forms_are_the_ones_records_hold() -> None:
    build = BuildTrack(seat=2, path=(Hex.from_offset(3, 4), Hex.from_offset(3, 5)), exit=Side.NE)
    assert build.to_dict() == {
        "kind": "build_track",
        "seat": 2,
        "path": [[3, 4], [3, 5]],
        "exit": "NE",
        "redirect": False,
        "cards": [],
    }
    assert action_from_dict({**build.to_dict(), "exit": "ne"}) == build  # any case
    assert TakeOperationsCard(seat=0, card="x").to_dict() == {
        "kind": "take_operations_card",
        "seat": 0,
        "card": "x",
        "target": None,
        "color": None,
    }  # no ``links`` key unless a route is given


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "bid", "seat": 0, "amount": True}, "bid.amount: expected a whole number"),
        ({"kind": "bid", "seat": "0"}, "bid.seat: expected a whole number, got '0'"),
        (
            {"kind": "build_track", "seat": 0, "path": [[1, 2], [1]]},
            "build_track.path: item 1: expected a hex as [row, col], got [1]",
        ),
        ({"kind": "build_track", "seat": 0, "path": "1,2"}, "build_track.path: expected a list"),
        ({"kind": "build_track", "seat": 0, "exit": "UP"}, "build_track.exit: unknown hex side"),
        ({"kind": "build_track", "seat": 0, "redirect": 1}, "build_track.redirect: expected true"),
        (
            {"kind": "deliver_goods", "seat": 0, "links": [1, "2"]},
            "deliver_goods.links: item 1: expected a whole number, got '2'",
        ),
        ({"kind": "urbanize", "seat": 0, "color": 3}, "urbanize.color: expected text, got 3"),
        ({"kind": "pass", "seat": 0, "era": "iron"}, "pass: unexpected field(s) era"),
        ({"kind": "pass"}, "pass: missing field(s) seat"),
        ({"kind": "teleport", "seat": 0}, "unknown action kind 'teleport'"),
        (["pass"], "an action must be an object, got list"),
    ],
)
def test_malformed_actions_are_refused_naming_the_kind_and_field(
    data: object, message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        action_from_dict(data)
    assert str(caught.value).startswith(message), caught.value


def test_a_class_reads_only_its_own_kind() -> None:
    with pytest.raises(ValueError, match="expected an action of kind 'deliver_goods'"):
        DeliverGoods.from_dict({"kind": "bid", "seat": 0})


def test_a_new_kind_with_fields_of_its_own_round_trips(scratch_kinds: None) -> None:
    @register
    @dataclass(frozen=True, slots=True)
    class Survey(Action):
        era: Era = Era.WOOD
        gauge: Gauge = Gauge.STANDARD
        mode: Literal["quick", "full"] = "quick"
        spot: tuple[int, str] = (0, "")
        landing: Hex | None = None
        weight: float = 0.0
        tags: tuple[Era, ...] = ()
        kind: ClassVar[str] = "survey"

    action = Survey(
        seat=3,
        era=Era.IRON,
        gauge=Gauge.NARROW,
        mode="full",
        spot=(2, "north"),
        landing=Hex.from_offset(4, 1),
        weight=1.5,
        tags=(Era.WOOD, Era.IRON),
    )
    data = action.to_dict()
    assert data == {
        "kind": "survey",
        "seat": 3,
        "era": "iron",
        "gauge": "NARROW",
        "mode": "full",
        "spot": [2, "north"],
        "landing": [4, 1],
        "weight": 1.5,
        "tags": ["wood", "iron"],
    }
    assert action_from_dict(json.loads(json.dumps(data))) == action
    assert action_from_dict({"kind": "survey", "seat": 0}) == Survey(seat=0)
    refusals = {
        "era": ("bronze", "survey.era: expected one of wood, iron, got 'bronze'"),
        "gauge": ("narrow", "survey.gauge: expected one of NARROW, STANDARD, got 'narrow'"),
        "mode": ("slow", "survey.mode: expected one of 'quick', 'full', got 'slow'"),
        "spot": ([1], "survey.spot: expected a list of a whole number, text, got [1]"),
        "landing": ("4,1", "survey.landing: expected a hex as [row, col], got '4,1'"),
        "weight": (True, "survey.weight: expected a number, got True"),
        "tags": (["wood", 2], "survey.tags: item 1: expected one of wood, iron, got 2"),
    }
    for name, (value, message) in refusals.items():
        with pytest.raises(ValueError) as caught:
            action_from_dict({"kind": "survey", "seat": 0, name: value})
        assert str(caught.value) == message


def test_a_field_type_with_no_json_form_is_refused_when_registered(scratch_kinds: None) -> None:
    with pytest.raises(TypeError, match=r"Hoard\.goods: no JSON form for list\[str\]"):

        @register
        @dataclass(frozen=True, slots=True)
        class Hoard(Action):
            goods: list[str] | None = None
            kind: ClassVar[str] = "hoard"

    assert "hoard" not in ACTION_TYPES
    with pytest.raises(TypeError, match=r"Split\.part: no JSON form for int \| str"):

        @register
        @dataclass(frozen=True, slots=True)
        class Split(Action):
            part: int | str = 0
            kind: ClassVar[str] = "split"


def test_a_type_named_only_for_type_checking_is_reported_on_first_use(
    scratch_kinds: None,
) -> None:
    @register
    @dataclass(frozen=True, slots=True)
    class Later(Action):
        where: NotImportedHere = None  # type: ignore[name-defined]  # noqa: F821
        kind: ClassVar[str] = "later"

    assert ACTION_TYPES["later"] is Later  # registered: the module may define it below
    with pytest.raises(NameError, match="Later: cannot read its fields' types"):
        Later(seat=0).to_dict()


def test_codecs_are_cached_per_class() -> None:
    first = actions._field_codecs(BuildTrack)
    assert actions._field_codecs(BuildTrack) is first
    assert [name for name, _codec in first] == ["seat", "path", "exit", "redirect", "cards"]
