"""Real ``railways serve`` processes for the tests that need sockets, processes or a
database shared between them (never more than the loopback address)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from railways.server.spawn import free_port
from waits import stop_process


class LiveServer:
    def __init__(
        self, data_dir: Path | None = None, database_url: str | None = None, *args: str
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = [
            sys.executable,
            "-m",
            "railways",
            "serve",
            "--port",
            str(self.port),
            "--bot-delay",
            "0",
            "--log-level",
            "warning",
            *(["--data-dir", str(data_dir)] if data_dir is not None else []),
            *(["--database-url", database_url] if database_url is not None else []),
            *args,
        ]
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = ""

    def start(self) -> LiveServer:
        self.proc = subprocess.Popen(
            self.args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 90  # a loaded machine starts slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited: {self.stop()}")
            try:
                if httpx.get(self.url + "/api/maps", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"the server did not start: {self.stop()}")

    def stop(self) -> str:
        """Stop the server; its standard error output."""
        if self.proc is not None:
            self.log = stop_process(self.proc, f"the server on port {self.port}")
            self.proc = None
        return self.log

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
