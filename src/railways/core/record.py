"""Game records: a game is its setup plus the list of actions; state is replayed from it.

``GameRecord.from_dict`` refuses malformed input saying where; ``replay``
applies the actions to a fresh game and refuses an illegal one by its index,
returning nothing half-loaded. A record may carry a ``digest`` of its own
content, so an edited file is caught even when its actions stay legal.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from railways.core.actions import Action, action_from_dict
from railways.core.errors import IllegalAction, RecordError
from railways.core.rng import parse_seed, seed_to_json

FORMAT = "railways-game-record"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class GameRecord:
    """A whole game as what made it: rules and board, seats, seed, options and the actions.

    Replaying the actions on a new game of the same seed gives the same game (determinism);
    ``to_dict`` is the JSON file format, with a digest of its body.
    """

    ruleset: str
    ruleset_version: str
    map_id: str
    seats: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[Action, ...] = ()

    def body(self) -> dict[str, Any]:
        """The record's JSON form without its digest (what the digest is taken of)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "ruleset": {"id": self.ruleset, "version": self.ruleset_version},
            "map": self.map_id,
            "seats": list(self.seats),
            "seed": seed_to_json(self.seed),
            "options": dict(self.options),
            "actions": [a.to_dict() for a in self.actions],
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of a record file: ``body()`` and its ``digest``."""
        body = self.body()
        body["digest"] = digest(body)
        return body

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record's JSON form; raises ``RecordError`` saying which part is wrong."""
        if not isinstance(data, dict):
            raise RecordError("record", "expected a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError("format", f"not a game record (expected format {FORMAT!r})")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError("version", f"unsupported record version {data.get('version')!r}")
        known = {
            "format",
            "version",
            "ruleset",
            "map",
            "seats",
            "seed",
            "options",
            "actions",
            "digest",
            "signature",  # a server's HMAC of the body (railways.server.signing); not checked here
        }
        for key in data:
            if key not in known:
                raise RecordError(key, "unknown field")
        ruleset = data.get("ruleset")
        if (
            not isinstance(ruleset, dict)
            or not isinstance(ruleset.get("id"), str)
            or not isinstance(ruleset.get("version"), str)
        ):
            raise RecordError("ruleset", 'expected {"id": ..., "version": ...}')
        map_id = data.get("map")
        if not isinstance(map_id, str) or not map_id:
            raise RecordError("map", "expected a map id")
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise RecordError("seats", "expected a list of player names")
        seed = data.get("seed")
        if isinstance(seed, str):  # a big seed travels as hex, which JavaScript reads exactly
            try:
                seed = parse_seed(seed)
            except ValueError as exc:
                raise RecordError("seed", str(exc)) from None
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("seed", "expected a whole number or a hex string")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("options", "expected an object")
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("actions", "expected a list of actions")
        actions = []
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(action_from_dict(raw))
            except ValueError as exc:
                raise RecordError(f"actions[{i}]", str(exc)) from None
        if "digest" in data:
            body = {k: v for k, v in data.items() if k != "digest"}
            if data["digest"] != digest(body):
                raise RecordError(
                    "digest",
                    "the record's content does not match its digest: it was edited or damaged",
                )
        return cls(
            ruleset["id"], ruleset["version"], map_id, tuple(seats), seed, options, tuple(actions)
        )


def digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def replay_actions(game: Any, actions: tuple[Action, ...]) -> None:
    """Apply recorded actions in order; an illegal one is reported by its index."""
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"actions[{i}]", f"illegal in this game: {exc}") from None
