"""`railways simulate` and `railways bench`: outputs, determinism over --jobs, CSV rows."""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import support
from railways import _build
from railways.cli.main import _register, cli
from railways.cli.simulate import distribution, wilson

_register()


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_simulate_summary_does_not_depend_on_jobs(tmp_path: Path) -> None:
    common = ["simulate", "--players", "2", "--bots", "greedy,random", "--games", "3"]
    one = json.loads(_run(*common, "--jobs", "1", "--json", "--quiet"))
    two = json.loads(_run(*common, "--jobs", "2", "--json", "--quiet"))
    assert one == two
    assert one["games"] == 3 and one["finished"] == 3
    assert one["end_reasons"] == {"ecm": 3, "action_cap": 0, "error": 0}
    seat = one["seats"][0]
    assert seat["bot"] == "greedy"
    assert set(seat["score"]) >= {"mean", "sd", "min", "q1", "median", "q3", "max"}
    lo, hi = seat["win_rate_ci95"]
    assert 0 <= lo <= seat["win_rate"] <= hi <= 1
    assert set(one["by_bot"]) == {"greedy", "random"}


def test_simulate_writes_one_csv_row_per_game(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    text = _run(
        "simulate", "--players", "2", "--games", "3", "--seed", "5", "--out", str(out), "-q"
    )
    assert "win rate" in text
    with out.open() as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["seed"]) for r in rows] == [5, 6, 7]
    assert all(r["end_reason"] == "ecm" for r in rows)
    assert {"score_0", "score_1", "bonds_issued_1", "engine_0"} <= set(rows[0])


def test_simulate_rejects_an_unknown_bot() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--bots", "nobody", "--games", "1"])
    assert result.exit_code != 0
    assert "unknown bot" in result.output


def test_wilson_interval_and_distribution() -> None:
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.9 and 0.97 < hi < 0.99
    assert wilson(0, 0) == (0.0, 1.0)
    d = distribution([1, 2, 3, 4, 5])
    assert (d["min"], d["median"], d["max"], d["mean"]) == (1, 3, 5, 3)


def test_bench_runs_and_prints_its_keys() -> None:
    args = ["bench", "--games", "1", "--max-actions", "40", "--json"]
    figures = json.loads(_run(*args))
    assert set(figures) >= {
        "machine",
        "random_playout",
        "legal_actions_ms",
        "apply_ms",
        "replay",
        "greedy_decision_ms",
    }
    assert set(figures["random_playout"]) == {"2", "4", "6"}
    # which build ran: the engine modules loaded from a mypyc build, none when pure Python
    assert figures["machine"]["compiled"] == _build.compiled_modules()
    assert figures["random_playout"]["4"]["actions"] == 40
    assert {"p50", "p99"} <= set(figures["legal_actions_ms"])
    # the same games with every option of every listing made (the builds are lazy)
    assert figures["listed_playout"]["actions"] == 40
    assert {"p50", "p99"} <= set(figures["listed_legal_actions_ms"])
    if importlib.util.find_spec("pettingzoo") is not None:  # the RL step figures (rl extra)
        assert figures["pettingzoo_step"]["steps"] == 40
        assert figures["pettingzoo_step"]["players"] == 4
        assert figures["gymnasium_solo_step"]["steps"] == 40
    text = _run("bench", "--games", "1", "--max-actions", "20")
    assert "actions/s" in text and "p99" in text


def test_simulate_plot_needs_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the 'plot' extra, --plot stops before playing with a clear message."""
    support.hide_matplotlib(monkeypatch)
    out = tmp_path / "scores.png"
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--plot", str(out)])
    assert result.exit_code != 0
    assert "railways[plot]" in result.output
    assert not out.exists()


def test_simulate_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "scores.png"
    _run("simulate", "--players", "2", "--games", "2", "--plot", str(out), "-q")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
