"""`railways simulate --rotate-seats`: each bot moves one seat on per game, and the
summary counts a bot's wins in whichever seat it sat."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railways.cli.main import _register, cli
from railways.cli.simulate import GameResult, rotated_bots, summarise

_register()


def test_rotated_seats_move_one_on_per_game() -> None:
    bots = ["mcts", "greedy"]
    assert rotated_bots(bots, 4, 0) == ["mcts", "greedy", "mcts", "greedy"]
    assert rotated_bots(["a", "b", "c"], 3, 1) == ["c", "a", "b"]
    assert rotated_bots(["a", "b", "c"], 3, 2) == ["b", "c", "a"]
    assert rotated_bots(["a", "b", "c"], 3, 3) == ["a", "b", "c"]
    seats_of_a = [rotated_bots(["a", "b", "c", "d"], 4, g).index("a") for g in range(4)]
    assert sorted(seats_of_a) == [0, 1, 2, 3]


def _result(seed: int, bots: list[str], winner: int) -> GameResult:
    scores = {s: (10 if s == winner else 5) for s in range(len(bots))}
    zeros = dict.fromkeys(range(len(bots)), 0)
    return GameResult(
        seed, 10, 100, scores, winner, zeros, zeros, 0, True, bots=bots, end_reason="ecm"
    )


def test_summary_counts_a_bot_in_the_seat_it_sat() -> None:
    # By hand: "x" wins games 1 and 2 (in seats 0 and 1), "y" wins game 3.
    results = [
        _result(1, ["x", "y", "y"], 0),
        _result(2, ["y", "x", "y"], 1),
        _result(3, ["y", "y", "x"], 0),
    ]
    summary = summarise(results, 3, ["x", "y", "y"], "eastern-us", 1)
    assert summary["by_bot"]["x"]["wins"] == 2
    assert summary["by_bot"]["y"]["wins"] == 1
    assert summary["by_bot"]["x"]["seats"] == [0, 1, 2]
    assert summary["by_bot"]["x"]["score"]["mean"] == round((10 + 10 + 5) / 3, 4)
    assert [row["bot"] for row in summary["seats"]] == ["rotated"] * 3


def test_simulate_rotate_seats_runs_and_reports_by_bot() -> None:
    args = ["simulate", "--players", "2", "--bots", "greedy,random", "--games", "2"]
    result = CliRunner().invoke(cli, [*args, "--rotate-seats", "--json", "--quiet"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["finished"] == 2
    assert summary["by_bot"]["greedy"]["seats"] == [0, 1]
    assert summary["by_bot"]["greedy"]["wins"] + summary["by_bot"]["random"]["wins"] == 2
