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


def test_solo_export_replays_with_the_mask(tmp_path: Path) -> None:
    """A solo game (one seat) with the mask beside the legal indices."""
    import base64

    from railways.rl.export import unpack_mask
    from railways.rules.solo import new_solo_game

    out = tmp_path / "solo.jsonl"
    args = ["--solo", "--bots", "greedy", "--games", "1", "--seed", "3", "--legal", "both"]
    result = CliRunner().invoke(export_games, [*args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and {(r["players"], r["seat"]) for r in rows} == {(1, 0)}
    game = new_solo_game("eastern-us", seed=rows[0]["seed"])
    enc = ActionEncoding(game)
    total = 0
    for row in rows:
        mask = unpack_mask(base64.b64decode(row["mask"]), enc.size)
        legal = enc.legal_map(game, 0)
        assert np.array_equal(mask, enc.mask(legal))
        assert np.flatnonzero(mask).tolist() == row["legal"] == sorted(legal)
        assert row["action_kind"] == row["action"]["kind"]
        game.apply(action_from_dict(row["action"]))
        total += row["reward"]
    assert game.over and rows[-1]["done"]
    assert {"0": total} == rows[-1]["final_scores"]


def test_parquet_typed_columns_mask_and_schema_metadata(tmp_path: Path) -> None:
    need("pyarrow")
    import pyarrow as pa
    import pyarrow.parquet as pq

    from railways.rl.export import FORMAT, unpack_mask

    path = _export(tmp_path, "games.parquet", "--observations", "none", "--legal", "mask")
    schema = pq.read_schema(path)
    meta = json.loads(schema.metadata[b"railways"])
    assert (meta["format"], meta["legal"], meta["observations"]) == (FORMAT, "mask", "none")
    (board,) = meta["boards"]
    game = new_game("eastern-us", players=2, seed=9)
    enc = ActionEncoding(game)
    assert (board["map"], board["players"], board["action_size"]) == ("eastern-us", 2, enc.size)
    assert schema.field("mask").type == pa.binary() and "legal" not in schema.names
    assert schema.field("final_scores").type == pa.list_(pa.int32())
    assert schema.field("action_kind").type == pa.dictionary(pa.int32(), pa.string())
    table = pq.read_table(path).to_pylist()
    first = [r for r in table if r["game"] == 0]
    for row in first:
        mask = unpack_mask(row["mask"], board["action_size"])
        assert np.array_equal(mask, enc.mask(enc.legal_map(game, row["seat"])))
        game.apply(action_from_dict(json.loads(row["action"])))
    assert game.over and game.state.final_scores is not None
    finals = game.state.final_scores
    assert first[-1]["final_scores"] == [finals[0], finals[1]]
    assert all(r["final_scores"] is None for r in first[:-1])


def test_an_action_past_the_first_page_is_exported_with_its_path() -> None:
    """A delivery on the crowded position's second page (tests/rl/test_mask_overflow.py) has
    no first-page index; its row gives the path: the pool's "more" index, then its own."""
    from railways.rl.encoding import More
    from railways.rl.export import game_rows
    from railways.rules.records import record_of

    from .test_mask_overflow import crowded

    game = crowded()
    enc = ActionEncoding(game)
    second = enc.pages(game, 0)[1]
    index, action = next(iter(second.items()))
    assert not isinstance(action, More)
    game.apply(action)
    rows = list(game_rows(record_of(game), 0, observations="none"))
    first_step = rows[0]
    assert first_step["action_path"] == [first_step["action_index"]]
    last = rows[-1]
    more = enc.sections["deliver_goods"].end - 1
    assert (last["action_index"], last["action_path"]) == (None, [more, index])
