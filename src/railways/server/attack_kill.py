"""The kill -9 row of ``railways bench server --attack`` (issue 30): a server process killed
with SIGKILL while several clients send moves as fast as they are answered, then started
again on the same database.

It holds when every action answered ``200`` before the kill is in the store at the index
it was answered for, and the restarted server loads every game at the stored length. The
server is started here, on a temporary SQLite file, or on $RAILWAYS_DATABASE_URL when that
is set (PostgreSQL), without request-rate limits: the clients measure durability, not limits.
"""

from __future__ import annotations

import os
import random
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from railways.server.attack import SEATS, Outcome
from railways.server.bench import choose_from_legal
from railways.server.spawn import NO_LIMITS, free_port, serve_command, stop, wait_until_warm
from railways.store import StoreError, open_store


class KillableServer:
    """``railways serve`` on a fixed loopback port and data dir, started and killed at will."""

    def __init__(self, data_dir: str) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, within: float = 90.0) -> None:
        args = ["--bot-delay", "0", *NO_LIMITS]
        self.proc = subprocess.Popen(
            serve_command(self.port, self.data_dir, args, "error"),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,  # its banner, twice, and the killed pool's warnings
        )
        wait_until_warm(self.proc, self.url, within)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)


@dataclass
class Burst:
    """One client playing one game: the moves answered 200, by action index."""

    game: dict[str, Any]
    acknowledged: dict[int, Any] = field(default_factory=dict)
    errors: int = 0


def _play(url: str, burst: Burst, stop: threading.Event, seed: int) -> None:
    """Send the seat to act's moves as fast as they are answered, until ``stop`` or the
    server goes (a connection error after the kill ends the client)."""
    rng = random.Random(seed)
    gid = burst.game["id"]
    tokens = [s["token"] for s in burst.game["seats"]]
    with httpx.Client(base_url=url, timeout=10) as client:
        to_act = 0
        while not stop.is_set():
            try:
                token = tokens[to_act]
                mine = client.get(f"/api/games/{gid}", params={"token": token}).json()
                if mine["view"]["to_act"] != to_act:  # a seat's answer names the next to act
                    if mine["view"]["to_act"] is None:
                        return  # game over
                    to_act = mine["view"]["to_act"]
                    continue
                action = choose_from_legal(mine["legal"], rng)
                index = mine["action_index"]
                body = {"token": token, "after": index, "action": action}
                answer = client.post(f"/api/games/{gid}/actions", json=body)
                if answer.status_code == 200:
                    burst.acknowledged[index] = action
                    to_act = answer.json()["view"]["to_act"]
                    if to_act is None:
                        return
            except (httpx.HTTPError, ValueError, KeyError, TypeError):
                burst.errors += 1
                if stop.is_set() or burst.errors > 20:
                    return


def lost_actions(
    acknowledged: Mapping[str, Mapping[int, Any]], stored: Mapping[str, Sequence[Any] | None]
) -> list[str]:
    """Each acknowledged action the store does not hold at its index, as ``game#index``
    (a game the store lacks loses all of its actions)."""
    lost = []
    for gid, actions in acknowledged.items():
        held = stored.get(gid)
        for index, action in sorted(actions.items()):
            if held is None or index >= len(held) or held[index] != action:
                lost.append(f"{gid[:8]}#{index}")
    return lost


def kill_outcome(
    acknowledged: Mapping[str, Mapping[int, Any]],
    stored: Mapping[str, Sequence[Any] | None],
    reloaded: Mapping[str, int | None],
    kind: str,
) -> Outcome:
    """The row: no acknowledged action lost, and the restarted server answers each game at
    the stored length (``reloaded``: its action index, None when it did not answer)."""
    lost = lost_actions(acknowledged, stored)
    count = sum(len(a) for a in acknowledged.values())
    wrong_load = [
        gid[:8]
        for gid, index in reloaded.items()
        if index is None or index != len(stored.get(gid) or [])
    ]
    held = count > 0 and not lost and not wrong_load and set(reloaded) == set(acknowledged)
    detail = f"{count} actions acknowledged in {len(acknowledged)} games, {len(lost)} lost"
    if lost:
        detail += " (" + ", ".join(lost[:5]) + ("..." if len(lost) > 5 else "") + ")"
    detail += f"; restarted server loads {len(reloaded) - len(wrong_load)} of {len(reloaded)}"
    if wrong_load:
        detail += " (wrong or none: " + ", ".join(wrong_load) + ")"
    if count == 0:
        detail += "; nothing was acknowledged, so nothing was tested"
    return Outcome(f"kill -9 during bursts on {kind}, restart", held, detail)


def kill_during_bursts(clients: int = 6, moves: int = 120, seconds: float = 30.0) -> list[Outcome]:
    """``clients`` games played at once; the kill comes once ``moves`` are acknowledged in
    all, or after ``seconds``, with every client still sending."""
    database = os.environ.get("RAILWAYS_DATABASE_URL")
    kind = "PostgreSQL" if database and database.startswith("postgres") else "SQLite"
    with tempfile.TemporaryDirectory(prefix="railways-kill-") as data:
        server = KillableServer(data)
        try:
            server.start()
            bursts = [
                Burst(httpx.post(server.url + "/api/games", json={"seats": SEATS}).json())
                for _ in range(clients)
            ]
            stop = threading.Event()
            threads = [
                threading.Thread(target=_play, args=(server.url, b, stop, i), daemon=True)
                for i, b in enumerate(bursts)
            ]
            for t in threads:
                t.start()
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if sum(len(b.acknowledged) for b in bursts) >= moves:
                    break
                time.sleep(0.05)
            server.kill()  # mid-burst: every client has a request in flight or about to be
            stop.set()
            for t in threads:
                t.join(30)
            acknowledged = {b.game["id"]: dict(b.acknowledged) for b in bursts}
            stored = _stored(database or f"sqlite:///{data}/railways.sqlite3", acknowledged)
            server.start()
            reloaded = {b.game["id"]: _reloaded(server.url, b.game) for b in bursts}
        finally:
            server.stop()
    return [kill_outcome(acknowledged, stored, reloaded, kind)]


def _stored(store_url: str, games: Mapping[str, object]) -> dict[str, list[Any] | None]:
    store = open_store(store_url)
    try:
        found: dict[str, list[Any] | None] = {}
        for gid in games:
            try:
                found[gid] = list(store.load(gid)[1]["actions"])
            except StoreError:  # UnknownGame among them
                found[gid] = None  # counted as lost, with every action it was answered
        return found
    finally:
        store.close()


def _reloaded(url: str, game: dict[str, Any]) -> int | None:
    spectator = game["spectator"]["token"]
    try:
        r = httpx.get(f"{url}/api/games/{game['id']}", params={"token": spectator}, timeout=30)
    except httpx.HTTPError:
        return None
    return int(r.json()["action_index"]) if r.status_code == 200 else None
