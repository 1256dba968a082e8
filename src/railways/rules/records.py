"""Saving, loading and replaying game records (files are JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from railways.content.maps import MapError
from railways.core.errors import RecordError
from railways.core.game import Game
from railways.core.record import GameRecord, replay_actions


def record_of(game: Game) -> GameRecord:
    """The game as a record: its board, seats, seed, options and every action so far."""
    return GameRecord(
        ruleset=game.ruleset.id,
        ruleset_version=game.ruleset.version,
        map_id=game.board.id,
        seats=tuple(game.seats),
        seed=game.seed,
        options=game.options.to_dict(),
        actions=tuple(game.actions),
    )


def game_from_record(record: GameRecord | dict[str, Any], map_dir: str | None = None) -> Game:
    """Replay a record into a new game; raises RecordError saying what is wrong and where."""
    from railways.rules import RULESET_ID, new_game

    if not isinstance(record, GameRecord):
        record = GameRecord.from_dict(record)
    if record.ruleset != RULESET_ID:
        raise RecordError("ruleset", f"records of {record.ruleset!r} cannot be played here")
    try:
        game = new_game(map_dir or record.map_id, list(record.seats), record.seed, record.options)
    except MapError as exc:
        raise RecordError("map", str(exc)) from None
    except ValueError as exc:
        raise RecordError("options", str(exc)) from None
    replay_actions(game, record.actions)
    return game


def save_record(game: Game, path: str | Path) -> None:
    """Write the game's record to ``path`` as JSON, with its digest (``GameRecord.to_dict``)."""
    Path(path).write_text(json.dumps(record_of(game).to_dict(), indent=1) + "\n")


def load_record(path: str | Path, map_dir: str | None = None) -> Game:
    """Read a record file and replay it into a new game (``game_from_record``).

    Raises ``RecordError`` naming the line and column of bad JSON, or what in the record is
    wrong; ``map_dir`` plays it on a board folder instead of the record's board id.
    """
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"{path}:{exc.lineno}:{exc.colno}", f"not valid JSON: {exc.msg}"
        ) from None
    return game_from_record(data, map_dir)
