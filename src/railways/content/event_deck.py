"""The Event Deck's cards (data files under ``content/events/``).

Each card is an ``[[event]]`` table: ``id``, ``name``, ``text`` (what players read),
``effect`` (a handler key of ``railways.rules.modules.events``), ``future`` (a Future
Event, RW-p6-33..36), ``params`` (whole numbers or text) and ``source``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

EVENTS_DIR = Path(__file__).parent / "events"
KEYS = {"id", "name", "text", "effect", "future", "params", "source"}


@dataclass(frozen=True)
class EventDef:
    id: str
    name: str
    text: str
    effect: str
    future: bool = False
    params: Mapping[str, int | str] = field(default_factory=dict)
    source: str = "house"


def load_events(path: Path | None = None) -> dict[str, EventDef]:
    """The deck in ``path`` (default: the house deck); ValueError naming what is wrong."""
    path = path or EVENTS_DIR / "house.toml"
    doc = tomllib.loads(path.read_text())
    events: dict[str, EventDef] = {}
    for i, entry in enumerate(doc.get("event", [])):
        where = f"{path.name}: event {i + 1}"
        extra = set(entry) - KEYS
        if extra:
            raise ValueError(f"{where}: unknown key(s) {', '.join(sorted(extra))}")
        for key in ("id", "name", "text", "effect"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise ValueError(f"{where}: {key} must be non-empty text")
        params = entry.get("params", {})
        if not isinstance(params, dict) or not all(
            isinstance(v, (int, str)) and not isinstance(v, bool) for v in params.values()
        ):
            raise ValueError(f"{where}: params must be whole numbers or text")
        if entry["id"] in events:
            raise ValueError(f"{where}: the id {entry['id']!r} is used twice")
        events[entry["id"]] = EventDef(
            id=entry["id"],
            name=entry["name"],
            text=entry["text"],
            effect=entry["effect"],
            future=bool(entry.get("future", False)),
            params=dict(params),
            source=str(entry.get("source", "house")),
        )
    return events
