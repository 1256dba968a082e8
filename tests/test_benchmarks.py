"""The scripts in benchmarks/ answer --help with their usage and run nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


def test_there_are_scripts() -> None:
    assert ROOT / "benchmarks" / "profile_playout.py" in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help_prints_usage_and_runs_nothing(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage" in done.stdout.lower(), done.stdout[-2000:]
    assert "function calls" not in done.stdout  # no profile was taken


def test_profile_playout_reads_its_arguments() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import profile_playout
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    args = profile_playout.parse_args(["3", "2", "--fast", "--top", "10"])
    assert (args.players, args.games, args.fast, args.top) == (3, 2, True, 10)
    assert profile_playout.parse_args([]).players == 4


def test_count_instructions_says_when_valgrind_is_missing() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "count_instructions.py"), "--games", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"PATH": "/nonexistent"},
    )
    assert done.returncode == 2
    assert "valgrind is not installed" in done.stderr
    assert "instructions:" not in done.stdout  # nothing was counted
