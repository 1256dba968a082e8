"""The Transcontinental board is composed from the Eastern and Western U.S. boards' own files:
a change to either board must be carried over (tools/compose_transcontinental.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from waits import RUN_SECONDS

ROOT = Path(__file__).resolve().parents[3]


def test_the_composed_board_is_current() -> None:
    tool = ROOT / "tools" / "compose_transcontinental.py"
    result = subprocess.run(
        [sys.executable, str(tool), "--check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=RUN_SECONDS,
    )
    assert result.returncode == 0, result.stdout + result.stderr
