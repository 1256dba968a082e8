"""Toll Valley from the command line: ``railways map check``, ``simulate`` and ``play``.

The board and its plug-in live under tests/; ``railways`` finds them through
``$RAILWAYS_MAPS_PATH`` and ``$RAILWAYS_PLUGINS`` (set by conftest.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli.test_play import play
from plugins.conftest import ROOT, TOLL_VALLEY, child_env
from railways.cli.main import cli


def _railways(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "railways", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_map_check_passes_with_the_plug_in_and_names_where_plug_ins_come_from() -> None:
    done = _railways("map", "check", str(TOLL_VALLEY.relative_to(ROOT)), env=child_env())
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("toll-valley: OK - 106 hexes, 12 cities")
    # Without $RAILWAYS_PLUGINS the board's rules are unknown, and the check says so.
    env = child_env()
    del env["RAILWAYS_PLUGINS"]
    done = _railways("map", "check", str(TOLL_VALLEY), env=env)
    assert done.returncode == 1
    assert "unknown rules plug-in(s) toll_valley" in done.stdout


@pytest.mark.parametrize(("players", "bots"), [(2, "greedy"), (3, "random"), (4, "greedy,random")])
def test_simulated_games_on_toll_valley_all_end_with_no_problems(players: int, bots: str) -> None:
    games = 3
    result = CliRunner().invoke(
        cli,
        ["simulate", "--map", "toll-valley", "--players", str(players), "--bots", bots]
        + ["--games", str(games), "--check", "--check-every", "10", "--json", "-q"],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["map"] == "toll-valley"
    assert summary["finished"] == games
    assert summary["invariant_failures"] == 0
    assert summary["problems"] == []
    assert sum(summary["end_reasons"].values()) == games


def test_simulate_runs_as_a_separate_process_with_the_env_vars() -> None:
    done = _railways(
        "simulate", "--map", "toll-valley", "--players", "2", "--games", "2", "-q", env=child_env()
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 games on toll-valley, 2 players (random, random), seeds 1..2: 2 finished" in (
        done.stdout
    )
    assert "0 with problems" in done.stdout


# The terminal game: build Dunmore - Juniper across the river, hex by hex.
CROSSING = [
    ("Keep which", "1"),
    ("Bid at least", "p"),
    ("What will you do", "b"),
    ("Build which", "s"),
    ("Start at which city", "Dunmore"),
    ("Next hex", "4,5"),
    ("Next hex", "4,6"),
    ("Next hex", "4,7"),
    ("What will you do", "q"),
    ("Save the game", "n"),
]


def test_the_terminal_game_charges_the_toll_and_draws_the_customs_house() -> None:
    result, out, script = play(
        ["--map", "toll-valley", "--seats", "human,random", "--seed", "1"], CROSSING
    )
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(CROSSING), out
    # The build list prices the crossing with the toll: 2 + 2 for the hexes, 2 for the river.
    assert re.search(r"Dunmore \(Du\)\s+Juniper \(Ju\)\s+2\s+\$6k", out), out
    assert re.search(r"Dunmore \(Du\)\s+Cinderfell \(Ci\)\s+2\s+\$4k", out) or re.search(
        r"Cinderfell \(Ci\)\s+Dunmore \(Du\)\s+2\s+\$4k", out
    )
    # Step by step: the first hex costs $2k; the next, across the river, brings it to $6k.
    assert re.search(r"\d\) 4,5\s+open\s+total \$2k", out)
    assert re.search(r"\d\) 4,6\s+open\s+total \$6k", out)
    assert "Player 1 completes a link Dunmore - Juniper ($6,000)" in out
    # The board shows the embargo's customs house (its marker symbol) at 5,3.
    rows = [line for line in out.splitlines() if re.match(r"\s+5  [·~^]", line)]
    assert rows and all(line.split()[4].startswith("X") for line in rows), rows


def test_the_terminal_game_lists_the_embargo_and_the_toll_in_words() -> None:
    # Wide enough for both markers on the side panel's one line (at 120 columns the
    # second is cut off at the panel's edge).
    result, out, _script = play(
        ["--map", "toll-valley", "--seats", "human,random", "--seed", "1"], CROSSING, width=200
    )
    assert result.exit_code == 0, out
    assert "X Customs house: no black goods delivered in Dunmore" in out
    assert "$ River toll: track crossing it costs $2k more" in out
