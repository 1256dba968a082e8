"""No test can hang the suite: pytest-timeout, as pyproject.toml configures it, fails a
test that waits for ever, prints where it waited, and the run still ends (non-zero)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from waits import RUN_SECONDS

ROOT = Path(__file__).resolve().parent.parent
PLANTED = """
import threading


def test_quick():
    assert True


def test_waits_for_ever():
    threading.Event().wait()  # the planted hang
"""


def test_the_configured_limit_is_a_few_minutes_and_prints_the_stack() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    options = config["ini_options"]
    assert 60 <= options["timeout"] <= 600
    assert options["timeout_method"] == "signal"  # the test's own traceback, under -n too


@pytest.mark.timeout(RUN_SECONDS)
def test_a_planted_hanging_test_fails_with_its_stack_under_xdist(tmp_path: Path) -> None:
    pytest.importorskip("pytest_timeout")
    pytest.importorskip("xdist")
    (tmp_path / "test_planted.py").write_text(PLANTED)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml")]
        + ["--rootdir", str(tmp_path), "-p", "no:cacheprovider", "-n", "1", "--timeout", "2"]
        + [str(tmp_path / "test_planted.py")],
        capture_output=True,
        text=True,
        timeout=RUN_SECONDS,
        cwd=tmp_path,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "1 failed, 1 passed" in out, out
    assert "Timeout (>2.0s) from pytest-timeout" in out, out
    assert "threading.Event().wait()  # the planted hang" in out, out  # where it waited
    assert "Stack of" in out, out  # and the other threads' stacks
