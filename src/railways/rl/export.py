"""Self-play data: finished games as rows of (observation, legal actions, action, reward).

A game is exported from its record (``railways.core.record.GameRecord``): the record
is replayed into a new game and, before each action, the acting seat's observation
(``ObservationEncoding``, made from that seat's view only), its legal action indices
and the index of the action taken are written, with the rewards it brought: the change
in every seat's points (``rewards``, by seat; see ``railways.rl.pettingzoo_env.points``)
and the acting seat's (``reward``). A seat's rewards over a game add up to its final score.

Observations are large and mostly zeros, so by default a row holds them sparse
(``obs_index``/``obs_value``); ``dense`` writes the whole vector, ``none`` leaves them out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from railways.core.actions import Undo
from railways.core.record import GameRecord
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding
from railways.rl.pettingzoo_env import points
from railways.rules import new_game

OBSERVATIONS = ("sparse", "dense", "none")


def game_rows(
    record: GameRecord, game_id: int, observations: str = "sparse"
) -> Iterator[dict[str, Any]]:
    """One row per action of ``record``, replayed from its start."""
    if observations not in OBSERVATIONS:
        raise ValueError(f"observations must be one of {', '.join(OBSERVATIONS)}")
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
            "action": action.to_dict(),
        }
        if isinstance(action, Undo):
            row["action_index"] = None  # not in the catalogue: agents cannot undo
            row["legal"] = []
        else:
            legal = actions.legal_map(game, seat)
            try:
                row["action_index"] = actions.encode(game, action, legal)
            except ValueError:  # not among the listed actions (a build made hex by hex)
                row["action_index"] = None
            row["legal"] = sorted(legal)
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


def write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    count = 0
    with path.open("w") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")
            count += 1
    return count


def parquet_schema(observations: str) -> Any:
    import pyarrow as pa

    columns = [
        ("game", pa.int64()),
        ("map", pa.string()),
        ("seed", pa.int64()),
        ("players", pa.int32()),
        ("step", pa.int32()),
        ("seat", pa.int32()),
        ("action", pa.string()),  # the action's JSON form
        ("action_index", pa.int32()),
        ("legal", pa.list_(pa.int32())),
        ("reward", pa.int32()),
        ("rewards", pa.list_(pa.int32())),
        ("done", pa.bool_()),
        ("final_scores", pa.string()),  # JSON, on a game's last row
    ]
    if observations == "sparse":
        columns += [("obs_index", pa.list_(pa.int32())), ("obs_value", pa.list_(pa.float32()))]
    elif observations == "dense":
        columns += [("observation", pa.list_(pa.float32()))]
    return pa.schema(columns)


def write_parquet(
    path: Path, rows: Iterable[dict[str, Any]], observations: str = "sparse", batch: int = 2000
) -> int:
    """Rows as Parquet (needs pyarrow); the action and scores as JSON text columns."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = parquet_schema(observations)
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
    out["final_scores"] = json.dumps(row["final_scores"]) if "final_scores" in row else None
    return out
