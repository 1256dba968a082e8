"""``railways ladder`` (every bot on every board, rated, resumable) and ``railways bots``
(every bot with its level, ladder strength and speed, from the shipped ladder.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import railways.bots
from railways.bots import BOTS, LEVELS
from railways.bots.ladder import entry_for, levels_by_strength, shipped, strongest
from railways.bots.random_bot import RandomBot
from railways.cli import bots as bots_cmd
from railways.cli.ladder import ladder
from railways.content.maps import available_maps

pytest.importorskip("openskill")


class Careful(RandomBot):
    """A second cheap bot for the tests (a random bot under another name)."""

    name = "careful"


@pytest.fixture()
def two_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    def make(seed: int, options: object = None) -> Careful:
        return Careful(seed)

    monkeypatch.setitem(railways.bots.BOTS, "careful", make)


def run(args: list[str]) -> str:
    result = CliRunner().invoke(ladder, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def small(out: Path, games: int) -> list[str]:
    return [
        "--bots", "random,careful", "--maps", "eastern-us,mexico", "--players", "3",
        "--games", str(games), "--seed", "5", "--out", str(out),
    ]  # fmt: skip


def games_of(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text().splitlines()[1:]
    return sorted((json.loads(x) for x in lines), key=lambda g: g["game"])


def played(path: Path) -> list[dict[str, Any]]:
    """The games of a results file less the seconds each took."""
    return [{k: v for k, v in g.items() if k != "seconds"} for g in games_of(path)]


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    """ladder.json less what the wall clock measured."""
    out = {k: v for k, v in data.items() if k != "games_seconds"}
    out["bots"] = [
        {k: v for k, v in row.items() if not k.startswith("decision_")} for row in data["bots"]
    ]
    return out


def test_every_board_gets_rotated_games_and_one_table(tmp_path: Path, two_bots: None) -> None:
    out = tmp_path / "ladder"
    printed = run(small(out, 2))
    assert "careful" in printed and "random" in printed
    for board in ("eastern-us", "mexico"):
        games = games_of(out / f"{board}.jsonl")
        assert [g["seed"] for g in games] == [5, 6]
        assert [g["bots"] for g in games] == [
            ["random", "careful", "random"],
            ["careful", "random", "careful"],
        ]
    data = json.loads((out / "ladder.json").read_text())
    assert data["boards"] == ["eastern-us", "mexico"] and data["games_rated"] == 4
    assert data["seeds"] == [5, 6] and data["games_per_board"] == 2
    assert data["command"].startswith("railways ladder --bots random,careful")
    assert [r["rank"] for r in data["bots"]] == [1, 2]
    assert {r["bot"] for r in data["bots"]} == {"random", "careful"}
    assert all(r["games"] == 4 for r in data["bots"])
    assert set(data["by_board"]) == {"eastern-us", "mexico"}
    # The speed sample: one more game on the default board, every decision timed.
    assert data["speed_sample"]["map"] == "eastern-us"
    assert all(r["decision_p50_ms"] is not None for r in data["bots"])
    table = (out / "ladder.md").read_text()
    assert "| rank | bot | mu |" in table and "| mexico |" in table


def test_a_rerun_plays_only_the_missing_games_and_rates_the_same(
    tmp_path: Path, two_bots: None
) -> None:
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    run(small(whole, 2))
    run(small(parts, 1))
    result = CliRunner().invoke(ladder, small(parts, 2), catch_exceptions=False)
    assert "2 games to play on 2 boards" in result.output
    for board in ("eastern-us", "mexico"):
        assert played(parts / f"{board}.jsonl") == played(whole / f"{board}.jsonl")
    got = without_timings(json.loads((parts / "ladder.json").read_text()))
    want = without_timings(json.loads((whole / "ladder.json").read_text()))
    got.pop("speed_sample"), want.pop("speed_sample")
    assert got == want
    again = CliRunner().invoke(ladder, small(parts, 2), catch_exceptions=False)
    assert "0 games to play" in again.output


def test_unknown_boards_and_bots_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "x"
    result = CliRunner().invoke(ladder, ["--maps", "atlantis", "--out", str(out)])
    assert result.exit_code != 0 and "atlantis" not in available_maps()
    assert "--maps" in result.output
    result = CliRunner().invoke(ladder, ["--bots", "greedy,nobody", "--out", str(out)])
    assert result.exit_code != 0 and "nobody" in result.output
    assert not out.exists()


# -- what the shipped ladder says --------------------------------------------------------
def rated(*rows: tuple[str, float]) -> dict[str, Any]:
    return {
        "format": 1,
        "command": "railways ladder (test)",
        "bots": [
            {"bot": b, "rank": i + 1, "mu": 30.0 - i, "sigma": 2.0, "ordinal": o, "games": 48,
             "decision_p50_ms": 12.5}
            for i, (b, o) in enumerate(rows)
        ],
    }  # fmt: skip


LADDER = rated(("mcts:iters=100", 20.0), ("greedy", 15.0), ("easy", 10.0), ("random", -5.0))


def test_names_and_levels_find_the_rows_that_rate_them() -> None:
    assert entry_for("greedy", LADDER)["bot"] == "greedy"  # type: ignore[index]
    assert entry_for("medium", LADDER)["bot"] == "greedy"  # type: ignore[index]
    assert entry_for("mcts", LADDER)["bot"] == "mcts:iters=100"  # type: ignore[index]
    assert entry_for("hard", LADDER)["bot"] == "mcts:iters=100"  # type: ignore[index]
    assert entry_for("greedy", None) is None
    assert levels_by_strength(LADDER) == ["easy", "medium", "hard"]
    upside_down = rated(("easy", 9.0), ("mcts", 5.0), ("greedy", 1.0))
    assert levels_by_strength(upside_down) == ["medium", "hard", "easy"]
    assert levels_by_strength(None) == list(LEVELS)
    assert strongest(LADDER) == "mcts:iters=100" and strongest(None) is None


def bots_output(monkeypatch: pytest.MonkeyPatch, ladder: Any, *args: str) -> Any:
    monkeypatch.setattr(bots_cmd, "shipped", lambda: ladder)
    wide = {"COLUMNS": "200"}  # a terminal wide enough for the table's rows on one line
    return CliRunner().invoke(bots_cmd.bots, list(args), catch_exceptions=False, env=wide)


def test_bots_lists_every_bot_strongest_first(monkeypatch: pytest.MonkeyPatch) -> None:
    result = bots_output(monkeypatch, LADDER, "--json")
    rows = json.loads(result.output)
    assert {r["bot"] for r in rows} == set(BOTS)
    assert [r["bot"] for r in rows][:2] == ["mcts", "hard"]  # both rated as mcts:iters=100
    assert rows[-1]["bot"] == "random"
    by = {r["bot"]: r for r in rows}
    assert by["greedy"]["level"] == "medium" and by["random"]["level"] is None
    assert by["medium"]["rank"] == 2 and by["medium"]["decision_p50_ms"] == 12.5
    table = bots_output(monkeypatch, LADDER).output
    assert "medium (2 of 3)" in table and "railways ladder (test)" in table


def test_strongest_prints_a_name_the_bots_option_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    result = bots_output(monkeypatch, LADDER, "--strongest")
    assert result.output == "mcts:iters=100\n"
    assert result.output.strip() in BOTS


def test_without_a_ladder_bots_still_lists_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    result = bots_output(monkeypatch, None)
    assert "railways ladder --ship" in result.output and "greedy" in result.output
    monkeypatch.setattr(bots_cmd, "shipped", lambda: None)
    failed = CliRunner().invoke(bots_cmd.bots, ["--strongest"])
    assert failed.exit_code != 0 and "no ladder results" in failed.output


def test_the_shipped_ladder_rates_every_level_on_every_board() -> None:
    data = shipped()
    assert data is not None, "railways/bots/ladder.json: run `railways ladder --ship`"
    assert data["boards"] == available_maps()
    assert all(row["bot"] in BOTS for row in data["bots"])
    assert all(entry_for(level, data) is not None for level in LEVELS)
    assert all(row["decision_p50_ms"] is not None for row in data["bots"])
    assert data["games_rated"] == data["games_per_board"] * len(data["boards"])


def test_on_ray_the_ladder_plays_the_same_games(tmp_path: Path) -> None:
    """A small ladder on a local Ray (2 CPUs): the same games as in this process."""
    pytest.importorskip("ray")
    args = ["--bots", "greedy,random", "--maps", "sweden", "--players", "2", "--games", "2"]
    run([*args, "--out", str(tmp_path / "here")])
    run([*args, "--out", str(tmp_path / "ray"), "--ray", "--jobs", "2"])
    assert played(tmp_path / "ray" / "sweden.jsonl") == played(tmp_path / "here" / "sweden.jsonl")
    here = without_timings(json.loads((tmp_path / "here" / "ladder.json").read_text()))
    ray = without_timings(json.loads((tmp_path / "ray" / "ladder.json").read_text()))
    assert here == ray
