"""`railways simulate --solo` / `simulate-solo`: --out, --jobs, --plot, --quiet, and the
multi-player options it refuses instead of ignoring."""

from __future__ import annotations

import csv
import io
import json
import statistics
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import support
from railways.cli.main import _register, cli

_register()

# Small, fast runs: random play on a solo map, checks off where they are not the point.
BASE = ["simulate", "--solo", "--map", "eastern-us", "--no-check"]
SOLO = [*BASE, "--bot", "random"]


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def test_out_writes_one_row_per_game_matching_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "solo.csv"
    summary = json.loads(_run(*SOLO, "--games", "3", "--seed", "4", "--out", str(out), "--json"))
    rows = _rows(out)
    assert [int(r["seed"]) for r in rows] == [4, 5, 6]
    assert {"score", "target", "won", "turns", "actions", "bonds", "problems"} <= set(rows[0])
    scores = [int(r["score"]) for r in rows]
    assert summary["scores"]["min"] == min(scores)
    assert summary["scores"]["max"] == max(scores)
    assert summary["scores"]["mean"] == pytest.approx(statistics.fmean(scores))
    assert all(int(r["target"]) == summary["target"] for r in rows)
    assert summary["win_rate"] == sum(int(r["won"]) for r in rows) / len(rows)
    assert summary["mean_turns"] == pytest.approx(statistics.fmean(int(r["turns"]) for r in rows))
    assert all(r["finished"] == "1" and r["problems"] == "0" for r in rows)
    # Each row is that seed's game: a one-game run from seed 5 gives the same row.
    alone = tmp_path / "alone.csv"
    _run(*SOLO, "--games", "1", "--seed", "5", "--out", str(alone), "-q")
    assert _rows(alone) == [rows[1]]


def test_out_with_the_checks_counts_no_problems(tmp_path: Path) -> None:
    out = tmp_path / "checked.csv"
    _run("simulate-solo", "--games", "2", "--seed", "2", "--out", str(out), "-q")
    rows = _rows(out)
    assert [int(r["seed"]) for r in rows] == [2, 3]
    assert [r["problems"] for r in rows] == ["0", "0"]
    assert [r["first_problem"] for r in rows] == ["", ""]


def test_jobs_two_gives_the_same_rows_and_summary_as_one(tmp_path: Path) -> None:
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    common = [*SOLO, "--games", "4", "--seed", "7", "--json", "-q"]
    first = json.loads(_run(*common, "--jobs", "1", "--out", str(one)))
    second = json.loads(_run(*common, "--jobs", "2", "--out", str(two)))
    assert one.read_text() == two.read_text()
    first.pop("seconds")
    second.pop("seconds")
    assert first == second
    assert [int(r["seed"]) for r in _rows(two)] == [7, 8, 9, 10]


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--players", "2"], "--players"),
        (["--players", "4"], "--players"),  # the default's value, but given: still refused
        (["--rotate-seats"], "--rotate-seats"),
        (["--ray"], "--ray"),
        (["--ray-address", "auto"], "--ray-address"),
        (["--with", "event-deck"], "--with"),
        (["--bots", "greedy,random"], "--bots"),
    ],
)
def test_multi_player_options_are_refused_by_name(extra: list[str], named: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--solo", "--games", "1", *extra])
    assert result.exit_code == 2, result.output
    assert named in result.output
    assert "--solo" in result.output
    assert "solo games on" not in result.output  # nothing was played


def test_one_name_in_bots_is_the_solo_bot() -> None:
    by_bots = json.loads(_run(*BASE, "--bots", "greedy", "--games", "1", "--json"))
    by_bot = json.loads(_run(*BASE, "--bot", "greedy", "--games", "1", "--json"))
    by_bots.pop("seconds")
    by_bot.pop("seconds")
    assert by_bots == by_bot
    clash = CliRunner().invoke(cli, [*BASE, "--games", "1", "--bot", "greedy", "--bots", "random"])
    assert clash.exit_code == 2 and "--bots" in clash.output


def test_a_bad_option_is_refused_before_any_file_is_written(tmp_path: Path) -> None:
    out = tmp_path / "solo.csv"
    args = [*SOLO, "--games", "2", "--jobs", "2", "--option", "bogus=1", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert "bogus" in result.output
    assert not out.exists()


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "solo.png"
    _run(*SOLO, "--games", "2", "--plot", str(out), "-q")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_stops_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    support.hide_matplotlib(monkeypatch)
    png, out = tmp_path / "solo.png", tmp_path / "solo.csv"
    args = [*SOLO, "--games", "1", "--plot", str(png), "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert "railways[plot]" in result.output
    assert not png.exists() and not out.exists()
    assert "solo games on" not in result.output


def test_quiet_and_a_non_terminal_show_no_progress_bar() -> None:
    """The bar only goes to a terminal; under the test runner stderr is not one."""
    for extra in ([], ["--quiet"]):
        result = CliRunner().invoke(cli, [*SOLO, "--games", "1", "--json", *extra])
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
        assert json.loads(result.stdout)["games"] == 1


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal, so that the progress bar is drawn into it."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("quiet", [False, True])
def test_progress_bar_on_a_terminal_unless_quiet(
    quiet: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    args = [*SOLO, "--games", "2", "--json", *(["--quiet"] if quiet else [])]
    cli.main(args, prog_name="railways", standalone_mode=False)
    assert json.loads(capsys.readouterr().out)["games"] == 2
    drawn = terminal.getvalue()
    if quiet:
        assert drawn == ""
    else:
        assert "simulating" in drawn and "2/2" in drawn


def test_help_names_the_solo_options_and_defaults() -> None:
    from railways.cli import simulate_solo

    text = _run("simulate", "--help")
    flat = " ".join(text.split())
    assert f"With --solo: every {simulate_solo.CHECK_EVERY} actions unless given" in flat
    assert f"a replay every {simulate_solo.REPLAY_EVERY}." in flat
    assert "refuses --players, --rotate-seats, --ray and --with" in flat
    solo_help = " ".join(_run("simulate-solo", "--help").split())
    assert all(flag in solo_help for flag in ("--jobs", "--out", "--plot", "--quiet"))
