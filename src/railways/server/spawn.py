"""``railways serve`` in a child process on a free loopback port, for the load benchmark,
the attack rows and tests: started, waited for until its replay pool is warm, and stopped.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from typing import IO, NamedTuple

import httpx

# Every limit of the server off: a benchmark or a fault row measures the server, not them.
NO_LIMITS: tuple[str, ...] = ("--creates-per-minute", "0", "--reads-per-minute", "0")
NO_LIMITS += ("--actions-per-minute", "0", "--imports-per-minute", "0")


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_command(port: int, data_dir: str, args: Sequence[str], log_level: str) -> list[str]:
    """The command line of ``railways serve`` on ``port`` with its data in ``data_dir``."""
    command = [sys.executable, "-m", "railways", "serve", "--port", str(port)]
    return [*command, "--data-dir", data_dir, "--log-level", log_level, *args]


def wait_until_warm(proc: subprocess.Popen[bytes], url: str, within: float) -> None:
    """Return once the server at ``url`` says it is warm; raise if it exits or takes longer
    than ``within`` seconds (a loaded machine starts slowly)."""
    deadline = time.monotonic() + within
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with status {proc.returncode}")
        with contextlib.suppress(httpx.HTTPError, ValueError):
            health = httpx.get(url + "/api/health", timeout=1)
            if health.status_code == 200 and health.json().get("warm"):
                return
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server did not start within {within:.0f} s")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL after 10 s."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Served(NamedTuple):
    url: str
    data_dir: str
    proc: subprocess.Popen[bytes]


@contextlib.contextmanager
def served(
    args: Sequence[str] = (),
    *,
    data_dir: str | None = None,
    log_level: str = "warning",
    output: IO[bytes] | None = None,
    within: float = 90.0,
) -> Iterator[Served]:
    """``railways serve`` with ``args`` on a free port, its data in ``data_dir`` or a
    temporary directory ($RAILWAYS_DATABASE_URL, if set, takes the place of either), its
    output to ``output`` (else inherited); stopped on leaving."""
    port = free_port()
    with contextlib.ExitStack() as stack:
        data = data_dir or stack.enter_context(tempfile.TemporaryDirectory(prefix="railways-"))
        proc = subprocess.Popen(
            serve_command(port, data, args, log_level),
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT if output is not None else None,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_warm(proc, url, within)
            yield Served(url, data, proc)
        finally:
            stop(proc)
