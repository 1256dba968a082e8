"""`railways bench`: the search figures are there (copies, search playouts, growth, mcts).

Only the keys and counts are checked; speed is never asserted."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railways.cli.main import _register, cli

_register()


def test_bench_reports_copies_search_playouts_growth_and_mcts() -> None:
    args = ["bench", "--games", "1", "--max-actions", "20", "--json"]
    result = CliRunner().invoke(cli, [*args, "--mcts", "mcts:iters=4", "--mcts-decisions", "2"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert set(figures["copies"]) == {"2", "4", "6"}
    assert figures["copies"]["4"]["copies_per_s"] > 0
    assert figures["search_playout"]["4"]["actions"] == 20
    assert [g["players"] for g in figures["growth"]] == [2, 3, 4, 5, 6]
    assert "eastern-us" in figures["board_growth"]
    assert figures["mcts_decision_ms"]["n"] == 2
    assert figures["mcts_decision_ms"]["bot"] == "mcts:iters=4"


def test_bench_refuses_an_unknown_search_bot() -> None:
    result = CliRunner().invoke(cli, ["bench", "--games", "1", "--mcts", "mcts:nope=1"])
    assert result.exit_code != 0
    assert "unknown bot" in result.output
