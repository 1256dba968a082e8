"""``railways export-games``: per-step rows that replay the game, as JSON Lines and Parquet."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from click.testing import CliRunner

from railways.cli.export_games import export_games
from railways.core.actions import action_from_dict
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game

from .optional import need


def _export(tmp_path: Path, name: str, *extra: str) -> Path:
    out = tmp_path / name
    args = ["--players", "2", "--games", "2", "--seed", "9", "--out", str(out), *extra]
    result = CliRunner().invoke(export_games, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def test_jsonl_rows_replay_the_game(tmp_path: Path) -> None:
    path = _export(tmp_path, "games.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert {r["game"] for r in rows} == {0, 1}
    first = [r for r in rows if r["game"] == 0]
    assert [r["step"] for r in first] == list(range(len(first)))
    assert first[-1]["done"] and "final_scores" in first[-1]
    # Replaying the rows' actions from the seed gives the same observations and indices.
    game = new_game("eastern-us", players=2, seed=first[0]["seed"])
    enc, obs = ActionEncoding(game), ObservationEncoding(game)
    total = {0: 0, 1: 0}
    for row in first:
        seat = row["seat"]
        assert seat == game.to_act
        legal = enc.legal_map(game, seat)
        assert row["legal"] == sorted(legal)
        assert row["action_index"] in legal
        vector = obs.observe(game, seat)
        dense = np.zeros_like(vector)
        dense[row["obs_index"]] = row["obs_value"]
        assert np.array_equal(dense, vector)
        action = action_from_dict(row["action"])
        assert enc.encode(game, action) == row["action_index"]
        game.apply(action)
        assert row["reward"] == row["rewards"][seat]
        for s, r in enumerate(row["rewards"]):
            total[s] += r
    assert game.over and game.state.final_scores is not None
    assert {str(k): v for k, v in total.items()} == first[-1]["final_scores"]


def test_parquet_holds_the_same_rows(tmp_path: Path) -> None:
    need("pyarrow")
    import pyarrow.parquet as pq

    jsonl = _export(tmp_path, "games.jsonl", "--observations", "none")
    parquet = _export(tmp_path, "games.parquet", "--observations", "none")
    rows = [json.loads(line) for line in jsonl.read_text().splitlines()]
    table = pq.read_table(parquet).to_pylist()
    assert len(table) == len(rows)
    for a, b in zip(rows, table, strict=True):
        assert json.loads(b["action"]) == a["action"]
        assert (b["game"], b["step"], b["seat"], b["action_index"], b["reward"]) == (
            a["game"],
            a["step"],
            a["seat"],
            a["action_index"],
            a["reward"],
        )
        assert b["legal"] == a["legal"] and b["rewards"] == a["rewards"]


def test_bad_record_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    out = tmp_path / "x.jsonl"
    result = CliRunner().invoke(export_games, ["--records", str(bad), "--out", str(out)])
    assert result.exit_code != 0 and "bad.json" in result.output
    assert not out.exists()
