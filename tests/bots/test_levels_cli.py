"""Bot levels and options by name in the command line front ends (play, simulate)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from railways.cli.main import _register, cli
from railways.cli.play import parse_seats, seat_names

_register()


def test_play_takes_levels_and_options_as_seat_kinds() -> None:
    kinds = parse_seats("human,easy,medium,hard,mcts:iters=30")
    assert kinds == ["human", "easy", "medium", "hard", "mcts:iters=30"]
    assert seat_names(kinds, ("Ann",)) == ["Ann", "Easy 2", "Medium 3", "Hard 4", "Mcts 5"]
    with pytest.raises(click.BadParameter, match="unknown seat kind"):
        parse_seats("human,mcts:depth=2")
    with pytest.raises(click.BadParameter, match="unknown seat kind"):
        parse_seats("human,expert")


def test_simulate_refuses_bad_bot_options_before_playing() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--bots", "mcts:iters=x,greedy", "--games", "1"])
    assert result.exit_code != 0
    assert "unknown bot" in result.output


def test_simulate_plays_levels_by_name() -> None:
    args = ["simulate", "--players", "2", "--bots", "easy,hard:iters=4:width=2", "--games", "1"]
    result = CliRunner().invoke(cli, [*args, "--quiet"])
    assert result.exit_code == 0, result.output
    assert "hard:iters=4:width=2" in result.output and "easy" in result.output
