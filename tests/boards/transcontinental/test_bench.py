"""`railways bench --map transcontinental` runs and gives the cost per action of a 6-player
Transcontinental game against a 4-player Eastern U.S. game, each game in a process of its
own (the figure, never a bar: speed is measured, not asserted)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from railways.cli.bench import print_figures
from railways.cli.main import _register, cli

_register()


def test_bench_on_the_board_compares_it_with_eastern_us(capsys: pytest.CaptureFixture[str]) -> None:
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
    print_figures(figures)  # the same figures as text, as `railways bench` prints them
    assert "transcontinental with 6 players against eastern-us with 4" in capsys.readouterr().out


def test_bench_on_eastern_us_has_no_comparison_with_itself() -> None:
    args = ["bench", "--games", "1", "--max-actions", "20", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "against_reference" not in json.loads(result.stdout)
