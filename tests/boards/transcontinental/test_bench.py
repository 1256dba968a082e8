"""`railways bench --map transcontinental` runs and gives the cost per action of a 6-player
Transcontinental game against a 4-player Eastern U.S. game (the figure, never a bar:
speed is measured, not asserted)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railways.cli.main import _register, cli

_register()


def test_bench_on_the_board_compares_it_with_eastern_us() -> None:
    args = ["bench", "--map", "transcontinental", "--games", "1", "--max-actions", "40"]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    against = figures["against_reference"]
    assert (against["map"], against["players"]) == ("transcontinental", 6)
    assert (against["reference"], against["reference_players"]) == ("eastern-us", 4)
    assert against["board_actions"] == against["reference_actions"] == 40
    for key in ("full", "fast"):
        row = against[key]
        assert row["board_us"] > 0 and row["reference_us"] > 0
        assert abs(row["ratio"] - row["board_us"] / row["reference_us"]) < 0.02
    text = CliRunner().invoke(cli, args)
    assert text.exit_code == 0, text.output
    assert "transcontinental with 6 players against eastern-us with 4" in text.output


def test_bench_on_eastern_us_has_no_comparison_with_itself() -> None:
    args = ["bench", "--games", "1", "--max-actions", "20", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "against_reference" not in json.loads(result.stdout)
