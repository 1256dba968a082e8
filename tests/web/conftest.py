"""Browser tests: a real Chromium (Debian's, driven by Playwright) against the real server.

The server is ``railways serve`` in a subprocess with its own data folder and a short bot
delay; the browser is ``/usr/bin/chromium`` (``.ci/run`` installs it). Playwright never
downloads a browser here.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from waits import stop_process

CHROMIUM = os.environ.get("RAILWAYS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 20_000


def _missing() -> str | None:
    if importlib.util.find_spec("railways.server") is None:
        return "the game server (railways.server, `railways serve`) is not there yet"
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install -e '.[dev]')"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("RAILWAYS_REQUIRE_ALL"):
        raise pytest.UsageError(f"browser tests cannot run: {reason}")
    for item in items:
        if "tests/web" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.skip(reason=reason))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    base: str
    log: Path

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def new_game(self, seed: int, bots: int = 3, bot: str = "greedy") -> dict[str, Any]:
        """A game with a human in seat 1 and bots in the others; returns the created answer."""
        seats: list[dict[str, Any]] = [{"name": "Ann", "kind": "human"}]
        seats += [{"name": f"Bot {i + 2}", "kind": "bot", "bot": bot} for i in range(bots)]
        return self.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": seed})

    def state(self, game_id: str, token: str) -> Any:
        return self.get(f"/api/games/{game_id}?token={token}")


@contextlib.contextmanager
def running_server(
    data: Path, env: dict[str, str] | None = None, bot_delay: str = "0.05"
) -> Iterator[Server]:
    """``railways serve`` on a free loopback port with its data in ``data``, until the end;
    bots wait ``bot_delay`` seconds before each move ("0": none)."""
    port = _free_port()
    log = data / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "railways", "serve", "--port", str(port)]
            + ["--data-dir", str(data), "--bot-delay", bot_delay, "--log-level", "warning"]
            # One address (this test run) plays every game: the per-address limits that
            # protect a public server would refuse its many games, imports and polls.
            + ["--creates-per-minute", "0", "--imports-per-minute", "0"]
            + ["--reads-per-minute", "0", "--actions-per-minute", "0"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    server = Server(f"http://127.0.0.1:{port}", log)
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                pytest.fail(f"railways serve stopped at start:\n{log.read_text()}")
            try:
                server.get("/api/maps")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    pytest.fail(f"railways serve did not answer in 30 s:\n{log.read_text()}")
                time.sleep(0.1)
        yield server
    finally:
        stop_process(proc, f"railways serve on port {port}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("railways-data")) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@contextlib.contextmanager
def screen_page(
    browser: Any, base: str, width: int, height: int, touch: bool = False
) -> Iterator[Any]:
    """A page in a fresh browser context (its own local storage) on a ``width`` x
    ``height`` screen, a touch screen with no mouse hover if ``touch``; a JavaScript error
    on it fails the test when the context closes (``page.errors`` lists them)."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch,
        base_url=base,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    """A fresh browser context (its own local storage) on a laptop-sized screen."""
    with screen_page(browser, server.base, 1366, 900) as page:
        yield page


@pytest.fixture
def tablet(browser: Any, server: Server) -> Iterator[Any]:
    """A fresh context the size of a tablet held upright, with touch and no mouse hover."""
    context = browser.new_context(
        viewport={"width": 820, "height": 1180},
        has_touch=True,
        is_mobile=True,
        base_url=server.base,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()
