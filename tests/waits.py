"""Bounded waits on what the tests start: no wait may hang the suite.

pytest-timeout (pyproject.toml) stops a whole test that runs too long; these give each
wait a limit of its own and a failure that names what was awaited.
"""

from __future__ import annotations

import subprocess
from typing import Any

STOP_SECONDS = 10.0  # a server stops in well under a second once told to
RUN_SECONDS = 300.0  # a subprocess a test runs (a CLI command, a tool's check)
# A request to a server the test started: answered in well under a second on a quiet
# machine, but a loaded one (make test beside other work) took more than httpx's default
# 5 s and the 10 s these tests had (issue 32); only a server that never answers fails it.
REQUEST_SECONDS = 60.0


def stop_process(proc: subprocess.Popen[Any], what: str, seconds: float = STOP_SECONDS) -> str:
    """Stop ``proc``: SIGTERM, then SIGKILL if it is still there after ``seconds``. Returns
    what it left on a piped standard error (empty if not piped); fails naming ``what`` if
    it outlives SIGKILL by ``seconds`` (or something else holds its output open)."""
    if proc.poll() is None:
        proc.terminate()
    for _try in range(2):
        try:
            _out, err = proc.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            continue
        if isinstance(err, bytes):
            return err.decode(errors="replace")
        return err or ""
    raise AssertionError(f"{what} (pid {proc.pid}) did not stop within {seconds} s of SIGKILL")
