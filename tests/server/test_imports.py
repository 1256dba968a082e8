"""Imported records (issue 10, item 3): names checked like at creation, records this server
exported are signed and told from edited ones, and another ruleset version is refused."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import stat
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from railways.bots.random_bot import RandomBot
from railways.core.legal import legal_actions
from railways.core.record import GameRecord, digest
from railways.rules import new_game
from railways.rules.records import record_of
from railways.server import create_app, replaypool
from railways.server.app import SWITCH_INTERVAL
from railways.server.replaypool import WORKER_NICENESS, default_workers
from railways.server.signing import KEY_FILE
from railways.store import open_store
from railways.store.sql import SqlStore
from server.helpers import state


def _finished_record() -> dict[str, Any]:
    game = new_game("eastern-us", ["Ann", "Ben"], seed=5)
    bot = RandomBot(1)
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    return record_of(game).to_dict()


def _import(client: TestClient, record: dict[str, Any]) -> Any:
    return client.post("/api/games/import", json={"record": record})


def _with_digest(record: dict[str, Any]) -> dict[str, Any]:
    body = {k: v for k, v in record.items() if k != "digest"}
    return {**body, "digest": digest(body)}


def test_names_are_checked_like_at_creation(client: TestClient) -> None:
    record = _finished_record()
    for bad in ("x" * 2_000_000, "x" * 41, ""):
        r = _import(client, _with_digest({**record, "seats": [bad, "Ben"]}))
        assert r.status_code in (400, 413, 422), r.status_code
        assert r.status_code != 201
    r = _import(client, _with_digest({**record, "seats": ["x" * 41, "Ben"]}))
    assert r.status_code == 400 and r.json()["where"] == "seats[0]"
    for bad in ("Z" + "\u0301" * 39, "non\uffff", "line\u2028sep"):
        r = _import(client, _with_digest({**record, "seats": ["Ann", bad]}))
        assert r.status_code == 400 and r.json()["where"] == "seats[1]", r.text
    assert client.get("/api/games").json() == []


def test_another_ruleset_version_is_refused(client: TestClient) -> None:
    record = _finished_record()
    other = _with_digest({**record, "ruleset": {**record["ruleset"], "version": "0.9"}})
    r = _import(client, other)
    assert r.status_code == 400 and r.json()["where"] == "ruleset"
    assert "0.9" in r.json()["error"] and "version" in r.json()["error"]


def test_the_server_tells_its_own_records_from_edited_ones(
    client: TestClient, data_dir: Path
) -> None:
    first = _import(client, _finished_record()).json()
    assert state(client, first["id"], first["spectator"]["token"])["signed_by_this_server"] is False
    # a game imported from a record that is not ours is given back unsigned, as it came
    unsigned = client.get(
        f"/api/games/{first['id']}/record", params={"token": first["seats"][0]["token"]}
    ).json()
    assert "signature" not in unsigned

    # a game refereed here from the start: its record is signed
    ours = client.app.state.manager  # type: ignore[attr-defined]
    created = client.post("/api/games", json={"seats": [{"name": "Ann"}, {"name": "Ben"}]}).json()
    handle = ours._handles[created["id"]]
    bot = RandomBot(4)
    tokens = [s["token"] for s in created["seats"]]
    while not handle.game.over:
        seat = handle.game.to_act
        action = bot.choose(handle.game, seat, legal_actions(handle.game, seat)).to_dict()
        r = client.post(
            f"/api/games/{created['id']}/actions",
            json={"token": tokens[seat], "after": handle.index, "action": action},
        )
        assert r.status_code == 200, r.text
    signed = client.get(f"/api/games/{created['id']}/record", params={"token": tokens[0]}).json()
    assert signed["signature"].startswith("hmac-sha256:")

    again = _import(client, signed).json()
    body = state(client, again["id"], again["seats"][1]["token"])
    assert body["signed_by_this_server"] is True
    # re-exported, it is still this server's own record
    back = client.get(
        f"/api/games/{again['id']}/record", params={"token": again["seats"][0]["token"]}
    ).json()
    assert back["signature"] == signed["signature"]

    # edited, with the digest recomputed or removed: accepted, but not as ours
    edited = _with_digest({**signed, "seats": ["Eve", signed["seats"][1]]})
    no_digest = {k: v for k, v in signed.items() if k != "digest"}
    forged = _with_digest({**signed, "signature": "hmac-sha256:" + "0" * 64})
    for record in (edited, no_digest, forged):
        made = _import(client, record)
        assert made.status_code == 201, made.text
        view = state(client, made.json()["id"], made.json()["spectator"]["token"])
        expected = record is no_digest  # the content is unchanged: only the digest is gone
        assert view["signed_by_this_server"] is expected
        assert view["chosen_seed"] == signed["seed"]  # the importer knows the seed

    key = data_dir / KEY_FILE
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(bytes.fromhex(key.read_text().strip())) == 32


def test_a_second_import_while_one_is_replayed_is_refused_at_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: eight heavy imports at once each held the interpreter in turn; now one is
    checked at a time and another is told at once to come back (429, nothing stored)."""
    record = _finished_record()
    manager = client.app.state.manager  # type: ignore[attr-defined]
    started, release = threading.Event(), threading.Event()
    real = manager.replays.call

    async def held_replay(fn: Any, *args: Any) -> Any:
        started.set()
        held = await asyncio.to_thread(release.wait, 30)
        assert held, "the test never let the first import finish"
        return await real(fn, *args)

    monkeypatch.setattr(manager.replays, "call", held_replay)
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(_import, client, record)
        assert started.wait(30)
        second = _import(client, record)
        release.set()
        assert first.result(timeout=60).status_code == 201
    assert second.status_code == 429, second.text
    assert int(second.headers["retry-after"]) >= 1
    assert "another imported record" in second.json()["error"]
    assert manager.store.count_games() == 1  # the first import's game only
    monkeypatch.setattr(manager.replays, "call", real)
    assert _import(client, record).status_code == 201


def test_imports_are_replayed_in_another_process(client: TestClient) -> None:
    """Issue 30: a replay in a thread held the interpreter while other games waited; the
    record is now checked and stored by a worker process, and the game is played on here
    once it is asked for."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    record = _finished_record()
    made = _import(client, record)
    assert made.status_code == 201, made.text
    assert manager.replays.worker_pids  # a worker answered ...
    assert os.getpid() not in manager.replays.worker_pids  # ... and it was not this process
    game_id = made.json()["id"]
    assert manager.loaded_game(game_id) is None  # not replayed here until it is used
    assert state(client, game_id, made.json()["spectator"]["token"])["id"] == game_id
    game = manager._handles[game_id].game
    assert record_of(game).to_dict()["actions"] == record["actions"]
    assert game.board is new_game("eastern-us", ["Ann", "Ben"], seed=5).board  # shared here


def test_a_record_refused_in_the_worker_is_a_400_and_stores_nothing(client: TestClient) -> None:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    record = _finished_record()
    actions = list(record["actions"])
    actions[7] = {**actions[5], "seat": (actions[5]["seat"] + 1) % 2}  # out of turn
    r = _import(client, _with_digest({**record, "actions": actions}))
    assert r.status_code == 400, r.text
    assert r.json()["where"] == "actions[7]" and "illegal" in r.json()["error"]
    r = _import(client, _with_digest({**record, "map": "atlantis"}))
    assert r.status_code == 400 and r.json()["where"] == "map", r.text
    assert manager.replays.worker_pids and os.getpid() not in manager.replays.worker_pids
    assert manager.store.count_games() == 0
    assert client.get("/api/games").json() == []


def test_a_worker_that_dies_is_a_503_and_the_next_import_works(client: TestClient) -> None:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    record = _finished_record()
    assert _import(client, record).status_code == 201
    for pid in manager.replays.worker_pids:  # killed between two imports: the pool is broken
        os.kill(pid, signal.SIGKILL)
    r = _import(client, record)
    assert r.status_code == 503, r.text
    assert "stopped" in r.json()["error"] and "nothing was changed" in r.json()["error"]
    before = manager.store.count_games()
    again = _import(client, record)
    assert again.status_code == 201, again.text
    assert manager.store.count_games() == before + 1


def test_the_pool_is_started_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first submit starts the fork server, seconds of importing the engine: made on the
    event loop, it stalled every request meanwhile (the first imports' 429s took 6 s)."""
    on_loop: list[bool] = []
    real = ProcessPoolExecutor.submit

    def spy(self: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Any:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", spy)
    assert _import(client, _finished_record()).status_code == 201
    assert on_loop == [False]


def test_replay_workers_run_at_a_lower_priority_than_the_server(client: TestClient) -> None:
    """Issue 30: on two cores an import's worker took CPU time from the server's answers to
    other games; a worker now lowers its own priority, so the server's come first."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    assert _import(client, _finished_record()).status_code == 201
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert manager.replays.worker_pids
    for pid in manager.replays.worker_pids:
        worker = os.getpriority(os.PRIO_PROCESS, pid)
        assert worker == min(19, ours + WORKER_NICENESS), (pid, worker, ours)


def test_one_replay_worker_on_two_usable_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool counts the cores this process may use (its affinity), not the machine's."""
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    assert default_workers() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0}, raising=False)
    assert default_workers() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(3)), raising=False)
    assert default_workers() == 2
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(16)), raising=False)
    assert default_workers() == 4


def test_a_server_process_hands_the_interpreter_over_every_millisecond(data_dir: Path) -> None:
    """A server of its own (``tune_gc``, as ``railways serve`` runs) shortens the switch
    interval, so that a store write in a thread holds up the event loop for 1 ms at a
    time, not 5 ms (the default)."""
    before = (sys.getswitchinterval(), gc.get_threshold())
    try:
        app = create_app(open_store(data_dir=data_dir), bot_delay=0, tune_gc=True)
        with TestClient(app):
            assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
        assert SWITCH_INTERVAL < 0.005
    finally:
        sys.setswitchinterval(before[0])
        gc.set_threshold(*before[1])
        gc.unfreeze()


def test_health_says_when_every_boards_tables_are_computed(client: TestClient) -> None:
    """The import-load row measures its idle GETs only once a new server has computed every
    board's route tables (a thread does, after ``warm``): before, its idle window was not
    idle (issue 30)."""
    deadline = time.monotonic() + 600
    while not (health := client.get("/api/health").json())["boards_warm"]:
        assert time.monotonic() < deadline, health
        assert health["warm"] in (True, False)
        time.sleep(0.2)
    assert health["warm"] is True


def test_the_server_process_neither_parses_nor_replays_nor_writes_an_import(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: with the replay in a worker, the server process still parsed the body on
    its event loop, unpickled the replayed game and wrote its thousands of actions, and
    other games' answers waited behind each. Now the worker does all three; this process
    (the test's, where the application runs) only passes the body's bytes along. The spies
    are in this process only: the workers are started afresh and do not see them."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    record = _finished_record()
    seen: list[str] = []

    def spy(owner: Any, name: str) -> None:
        real = getattr(owner, name)

        def spied(*args: Any, **kwargs: Any) -> Any:
            seen.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, spied)

    spy(Request, "json")  # FastAPI parses a JSON body with it
    spy(GameRecord, "from_dict")
    spy(replaypool, "load_game")
    spy(SqlStore, "create_game")
    made = _import(client, record)
    assert made.status_code == 201, made.text
    assert seen == []
    game_id = made.json()["id"]
    assert manager.store.count_games() == 1 and manager.loaded_game(game_id) is None
    stored = client.get(
        f"/api/games/{game_id}/record", params={"token": made.json()["seats"][0]["token"]}
    ).json()
    assert stored["actions"] == record["actions"]
    assert seen == ["load_game"]  # asked for, the game is replayed and taken in here


def test_an_imported_game_with_bot_seats_is_loaded_and_its_bots_play(client: TestClient) -> None:
    """A game stored by a worker is replayed here when first used; one with a bot seat at
    once, so that its bots move without anybody asking for the game first."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    record = record_of(new_game("eastern-us", ["Ann", "Ben"], seed=5)).to_dict()
    made = client.post(
        "/api/games/import",
        json={"record": record, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    )
    assert made.status_code == 201, made.text
    handle = manager.loaded_game(made.json()["id"])
    assert handle is not None and set(handle.bots) == {1}
    assert made.json()["seats"][1]["token"] is None and made.json()["seats"][1]["bot"] == "random"
    deadline = time.monotonic() + 60
    while handle.game.to_act == 1 and not handle.game.over:  # the bot seat moves
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_malformed_import_body_is_a_422_as_before(client: TestClient) -> None:
    """The body is validated in the worker, with FastAPI's answer for a malformed one."""
    for body in (b"{", b"[]", b'{"record": {}, "extra": 1}', b'{"seats": []}'):
        r = client.post(
            "/api/games/import", content=body, headers={"content-type": "application/json"}
        )
        assert r.status_code == 422, (body, r.text)
        assert r.json()["error"].startswith("malformed request: ")
        assert r.json()["detail"] and r.json()["detail"][0]["loc"][0] == "body"
    r = client.post("/api/games/import", json={"record": {}, "seats": [{"kind": "robot"}]})
    assert r.status_code == 422 and "seats.0.kind" in r.json()["error"], r.text
    # The documented body is still ImportIn's (written in place, or as a reference).
    document = client.get("/openapi.json").json()

    def resolved(node: dict[str, Any]) -> dict[str, Any]:
        ref = node.get("$ref", "")
        return document["components"]["schemas"][ref.rpartition("/")[2]] if ref else node

    post = document["paths"]["/api/games/import"]["post"]
    body_schema = resolved(post["requestBody"]["content"]["application/json"]["schema"])
    assert body_schema["required"] == ["record"] and body_schema["additionalProperties"] is False
    seat = resolved(body_schema["properties"]["seats"]["anyOf"][0]["items"])
    assert seat["properties"]["kind"]["enum"] == ["human", "bot"]
