"""Self-play data: finished games as rows of (observation, legal actions, action, reward).

A game is exported from its record (``railways.core.record.GameRecord``): the record
is replayed into a new game and, before each action, the acting seat's observation
(``ObservationEncoding``, made from that seat's view only), its legal action indices
and the index of the action taken are written, with the rewards it brought: the change
in every seat's points (``rewards``, by seat; see ``railways.rl.pettingzoo_env.points``)
and the acting seat's (``reward``). A seat's rewards over a game add up to its final score.

Observations are large and mostly zeros, so by default a row holds them sparse
(``obs_index``/``obs_value``); ``dense`` writes the whole vector, ``none`` leaves them out.
The legal actions are the sorted indices (``legal``, by default), the mask (``mask``: the
action-mask vector packed 8 to a byte with ``numpy.packbits``; unpack with
``numpy.unpackbits(..., count=action_size)``), or both. Solo games (``{"solo": True}`` in the
record's options) export as any other, with one seat.

Parquet files carry their schema with typed columns and, under the schema metadata key
``railways``, a JSON object (``export_metadata``): the format and its version, how observations
and legal actions are held, and for each board (and player count, options) among the games
its action and observation sizes.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from railways.core.actions import Action, Undo
from railways.core.game import Game
from railways.core.record import GameRecord
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding
from railways.rl.pettingzoo_env import points
from railways.rules import new_game

OBSERVATIONS = ("sparse", "dense", "none")
LEGAL = ("indices", "mask", "both")
FORMAT = "railways-export"
FORMAT_VERSION = 3  # 2: action_kind, mask, final_scores by seat in Parquet, schema metadata;
# 3: action_path (the indices that choose an action past the first page)


def packed_mask(legal: Iterable[int], size: int) -> bytes:
    """The action mask of ``legal`` as bits, 8 indices a byte (numpy.packbits order)."""
    mask = np.zeros(size, dtype=np.uint8)
    mask[list(legal)] = 1
    return np.packbits(mask).tobytes()


def unpack_mask(data: bytes, size: int) -> np.ndarray:
    """``packed_mask`` back to an int8 vector of ``size``."""
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8), count=size)
    return bits.astype(np.int8)


def export_metadata(records: Iterable[GameRecord], observations: str, legal: str) -> dict[str, Any]:
    """What a reader needs to decode the rows of ``records``: one entry of ``boards`` for
    each board, player count and set of options among them (row columns say which)."""
    boards: dict[str, dict[str, Any]] = {}
    for record in records:
        key = json.dumps([record.map_id, len(record.seats), record.options], sort_keys=True)
        if key not in boards:
            game = new_game(record.map_id, list(record.seats), 0, record.options)
            boards[key] = {
                "map": record.map_id,
                "players": len(record.seats),
                "solo": bool(record.options.get("solo")),
                "options": record.options,
                "action_size": ActionEncoding(game).size,
                "observation_size": ObservationEncoding(game).size,
            }
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "observations": observations,
        "legal": legal,
        "mask_packing": "numpy.packbits, big-endian bit order, padded to a whole byte",
        "boards": list(boards.values()),
    }


def game_rows(
    record: GameRecord, game_id: int, observations: str = "sparse", legal: str = "indices"
) -> Iterator[dict[str, Any]]:
    """One row per action of ``record``, replayed from its start."""
    if observations not in OBSERVATIONS:
        raise ValueError(f"observations must be one of {', '.join(OBSERVATIONS)}")
    if legal not in LEGAL:
        raise ValueError(f"legal must be one of {', '.join(LEGAL)}")
    game = new_game(record.map_id, list(record.seats), record.seed, record.options)
    actions = ActionEncoding(game)
    obs = ObservationEncoding(game)
    last = len(record.actions) - 1
    for step, action in enumerate(record.actions):
        seat = action.seat
        row: dict[str, Any] = {
            "game": game_id,
            "map": record.map_id,
            "seed": record.seed,
            "players": len(record.seats),
            "step": step,
            "seat": seat,
            "action_kind": action.kind,
            "action": action.to_dict(),
        }
        indices: list[int] = []
        row["action_index"] = row["action_path"] = None  # an undo: agents cannot undo
        if not isinstance(action, Undo):
            by_index = actions.legal_map(game, seat)
            try:
                row["action_index"] = actions.encode(game, action, by_index)
                row["action_path"] = [row["action_index"]]
            except ValueError:  # past a pool (later pages), or a build made hex by hex
                row["action_path"] = _path_or_none(actions, game, action)
            indices = by_index.indices().tolist()
        if legal != "mask":
            row["legal"] = indices
        if legal != "indices":
            row["mask"] = packed_mask(indices, actions.size)
        if observations != "none":
            vector = obs.observe(game, seat)
            if observations == "dense":
                row["observation"] = vector.tolist()
            else:
                nz = np.flatnonzero(vector)
                row["obs_index"] = nz.tolist()
                row["obs_value"] = vector[nz].tolist()
        seats = range(len(record.seats))
        before = [points(game, s) for s in seats]
        game.apply(action)
        row["rewards"] = [points(game, s) - before[s] for s in seats]
        row["reward"] = row["rewards"][seat]
        row["done"] = step == last
        if step == last and game.state.final_scores is not None:
            row["final_scores"] = {str(k): v for k, v in sorted(game.state.final_scores.items())}
        yield row


def _path_or_none(actions: ActionEncoding, game: Game, action: Action) -> list[int] | None:
    """The indices that choose ``action`` page by page, or None where no page lists it (a
    build made hex by hex is a record's, never a listing's)."""
    try:
        return actions.path(game, action)
    except ValueError:
        return None


def write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    """Rows as JSON Lines; a packed mask as base64 text."""
    count = 0
    with path.open("w") as out:
        for row in rows:
            if "mask" in row:
                row = {**row, "mask": base64.b64encode(row["mask"]).decode("ascii")}
            out.write(json.dumps(row) + "\n")
            count += 1
    return count


def parquet_schema(
    observations: str, legal: str = "indices", metadata: dict[str, Any] | None = None
) -> Any:
    import pyarrow as pa

    columns = [
        ("game", pa.int64()),
        ("map", pa.string()),
        ("seed", pa.int64()),
        ("players", pa.int32()),
        ("step", pa.int32()),
        ("seat", pa.int32()),
        ("action_kind", pa.dictionary(pa.int32(), pa.string())),
        ("action", pa.string()),  # the action's JSON form (its fields differ by kind)
        ("action_index", pa.int32()),
        ("action_path", pa.list_(pa.int32())),  # the "more" indices of earlier pages, then its own
        ("reward", pa.int32()),
        ("rewards", pa.list_(pa.int32())),
        ("done", pa.bool_()),
        ("final_scores", pa.list_(pa.int32())),  # by seat, on a game's last row
    ]
    if legal != "mask":
        columns += [("legal", pa.list_(pa.int32()))]
    if legal != "indices":
        columns += [("mask", pa.binary())]
    if observations == "sparse":
        columns += [("obs_index", pa.list_(pa.int32())), ("obs_value", pa.list_(pa.float32()))]
    elif observations == "dense":
        columns += [("observation", pa.list_(pa.float32()))]
    schema = pa.schema(columns)
    if metadata is not None:
        schema = schema.with_metadata({"railways": json.dumps(metadata, sort_keys=True)})
    return schema


def write_parquet(
    path: Path,
    rows: Iterable[dict[str, Any]],
    observations: str = "sparse",
    batch: int = 2000,
    legal: str = "indices",
    metadata: dict[str, Any] | None = None,
) -> int:
    """Rows as Parquet (needs pyarrow): typed columns, the action as JSON text, and
    ``metadata`` (``export_metadata``) under the schema's ``railways`` key."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = parquet_schema(observations, legal, metadata)
    count = 0
    buffer: list[dict[str, Any]] = []
    with pq.ParquetWriter(str(path), schema) as writer:
        for row in rows:
            buffer.append(_flat(row))
            count += 1
            if len(buffer) >= batch:
                writer.write_table(pa.Table.from_pylist(buffer, schema=schema))
                buffer.clear()
        if buffer:
            writer.write_table(pa.Table.from_pylist(buffer, schema=schema))
    return count


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    out = dict(row)
    out["action"] = json.dumps(row["action"])
    finals = row.get("final_scores")
    out["final_scores"] = [finals.get(str(s)) for s in range(row["players"])] if finals else None
    return out
