"""A real `railways serve` killed with SIGKILL loses nothing it acknowledged, and bots play on."""

from __future__ import annotations

import random
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from railways.server.bench import choose_from_legal
from railways.server.spawn import free_port, serve_command, wait_until_warm
from railways.store import open_store
from waits import REQUEST_SECONDS, stop_process


class Server:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        args = ["--bot-delay", "0.05"]
        self.proc = subprocess.Popen(
            serve_command(self.port, str(self.data_dir), args, "warning"),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until_warm(self.proc, self.url, within=90)  # a loaded machine starts slowly

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no shutdown, no flush
        stop_process(self.proc, f"the killed server on port {self.port}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "data")
    yield s
    s.stop()


def _get(s: Server, gid: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{s.url}/api/games/{gid}", params={"token": token}, timeout=REQUEST_SECONDS)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_kill_9_loses_nothing_acknowledged_and_bots_continue(server: Server) -> None:
    server.start()
    bots = [{"name": f"Bot {i}", "kind": "bot", "bot": "random"} for i in range(3)]
    seats = [{"name": "Ann", "kind": "human"}, *bots[:2]]
    mixed = httpx.post(
        f"{server.url}/api/games", json={"seats": seats, "seed": 3}, timeout=REQUEST_SECONDS
    ).json()
    robots = httpx.post(
        f"{server.url}/api/games", json={"seats": bots, "seed": 4}, timeout=REQUEST_SECONDS
    ).json()
    ann = mixed["seats"][0]["token"]
    watch = robots["spectator"]["token"]
    rng = random.Random(1)
    acknowledged: dict[int, dict[str, Any]] = {}
    deadline = time.monotonic() + 30
    while len(acknowledged) < 8 and time.monotonic() < deadline:
        mine = _get(server, mixed["id"], ann)
        if mine["view"]["to_act"] != 0:
            time.sleep(0.02)
            continue
        action = choose_from_legal(mine["legal"], rng)
        r = httpx.post(
            f"{server.url}/api/games/{mixed['id']}/actions",
            json={"token": ann, "after": mine["action_index"], "action": action},
        )
        if r.status_code == 200:
            acknowledged[mine["action_index"]] = action
    assert len(acknowledged) >= 8
    before = _get(server, robots["id"], watch)["action_index"]
    server.kill()

    stored = open_store(data_dir=server.data_dir)
    _meta, record = stored.load(mixed["id"])
    stored.close()
    for index, action in acknowledged.items():
        assert record["actions"][index] == action

    server.start()
    after = _get(server, mixed["id"], ann)
    assert after["action_index"] >= max(acknowledged) + 1
    # the all-bot game resumes by itself
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        now = _get(server, robots["id"], watch)
        if now["action_index"] > before + 5 or now["view"]["phase"] == "game_over":
            break
        time.sleep(0.1)
    assert now["action_index"] > before
    # and in the mixed game, the bots answer Ann's next action
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        mine = _get(server, mixed["id"], ann)
        if mine["view"]["to_act"] == 0:
            break
        time.sleep(0.05)
    assert mine["view"]["to_act"] == 0
    action = choose_from_legal(mine["legal"], rng)
    r = httpx.post(
        f"{server.url}/api/games/{mixed['id']}/actions",
        json={"token": ann, "after": mine["action_index"], "action": action},
    )
    assert r.status_code == 200
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        latest = _get(server, mixed["id"], ann)
        if latest["action_index"] > mine["action_index"] + 1:
            break
        time.sleep(0.05)
    assert latest["action_index"] > mine["action_index"] + 1
