"""Live updates under races: no bot move is lost on the way to a connected seat.

Each test forces one interleaving that happens only now and then on a busy machine (the
store calls run in worker threads, so their order is up to the scheduler): gates on the
store's calls make the server take the late path every time. Every wait here is bounded;
a lost update fails with what was awaited instead of hanging the suite.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from railways.server import create_app
from railways.server.games import GameHandle, GameManager
from railways.server.routes import live as server_live
from railways.store import open_store
from server.helpers import act, create, first_legal, receive_json, state

GATE_SECONDS = 10.0  # how long a gated store call waits for the step it is held for
BOTS_AFTER_ANN = [{"name": "Ann"}] + [
    {"name": f"Bot {i}", "kind": "bot", "bot": "random"} for i in range(1, 4)
]


def _wait(event: threading.Event, what: str) -> None:
    if not event.wait(GATE_SECONDS):
        raise AssertionError(f"gate: {what} did not happen within {GATE_SECONDS} s")


def _gate(store: Any, name: str, before: Callable[[], None], after: Callable[[], None]) -> None:
    """Wrap ``store.<name>`` so ``before`` and ``after`` run around it in its worker thread
    (under its own name: the server picks the write threads by it)."""
    real = getattr(store, name)

    @functools.wraps(real)
    def gated(*args: Any, **kwargs: Any) -> Any:
        before()
        out = real(*args, **kwargs)
        after()
        return out

    setattr(store, name, gated)


class ResumeRace:
    """A server start whose resume of unfinished bot games finds a game that is being
    created at that moment: the resume asks the manager for it after the game is stored
    and before its creation has finished, and the resumed copy is loaded only once a
    socket already follows the new game."""

    def __init__(self, data_dir: Path) -> None:
        self.stored = threading.Event()  # create_game has written the new game
        self.asked = threading.Event()  # the resume asked the manager for it
        self.resumed = threading.Event()  # ... and has its answer
        self.watching = threading.Event()  # the test's socket has its first update
        store = open_store(data_dir=data_dir)
        _gate(store, "list_games", lambda: _wait(self.stored, "the game was stored"), _nothing)
        _gate(store, "create_game", _nothing, self._stored_then_asked)
        _gate(store, "load", lambda: _wait(self.watching, "a socket follows"), _nothing)
        self.app: FastAPI = create_app(store, bot_delay=0, creates_per_minute=0)
        self.manager: GameManager = self.app.state.manager
        real_get = self.manager.get

        async def get(game_id: str) -> GameHandle:
            first = not self.asked.is_set()  # the resume's call: nothing else asks earlier
            self.asked.set()
            try:
                return await real_get(game_id)
            finally:
                if first:
                    self.resumed.set()

        self.manager.get = get  # type: ignore[method-assign]

    def _stored_then_asked(self) -> None:
        self.stored.set()
        _wait(self.asked, "the resume asked for the new game")


def _nothing() -> None:
    pass


@pytest.fixture
def resume_race(data_dir: Path) -> Iterator[tuple[ResumeRace, TestClient]]:
    race = ResumeRace(data_dir)
    with TestClient(race.app) as client:
        yield race, client


def test_a_game_resumed_while_it_is_created_keeps_one_copy(
    resume_race: tuple[ResumeRace, TestClient],
) -> None:
    """Before the fix the resume loaded a second copy of the game and put it in the first
    one's place: the socket (on the first) never heard of the bots' moves (on the second)."""
    race, client = resume_race
    game = create(client, BOTS_AFTER_ANN)
    gid, token = game["id"], game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        hello = receive_json(ws, "the first update")
        race.watching.set()
        _wait(race.resumed, "the resume's lookup of the new game returned")
        handle = race.manager.loaded_game(gid)
        assert handle is not None and handle.watchers, (
            "the socket follows a copy of the game that the server no longer plays on"
        )
        r = act(client, gid, token, hello["action_index"], first_legal(hello["legal"]))
        assert r.status_code == 200, r.text
        _follow_until_ann_acts(ws, hello["action_index"])
    assert race.asked.is_set()


def _follow_until_ann_acts(ws: Any, start: int) -> dict[str, Any]:
    """Updates until seat 0 has a move again; each one later than the one before it."""
    seen = start
    while True:
        update = receive_json(ws, f"the bots' moves after action {seen}")
        assert update["type"] == "update"
        assert update["action_index"] > seen, "an update that is not newer than the last"
        seen = update["action_index"]
        if update["view"]["to_act"] == 0:
            return dict(update)


def test_a_socket_opened_while_bots_move_ends_on_the_current_state(client: TestClient) -> None:
    """Three bots move at once (no delay) right after seat 0; the socket subscribes while
    they do. Whatever it folds, its last update is the position the server is at."""
    for seed in range(5):
        game = create(client, BOTS_AFTER_ANN, seed=seed)
        gid, token = game["id"], game["seats"][0]["token"]
        hello = state(client, gid, token)
        r = act(client, gid, token, hello["action_index"], first_legal(hello["legal"]))
        assert r.status_code == 200, r.text
        with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
            last = _follow_until_ann_acts(ws, hello["action_index"])
            now = state(client, gid, token)
        assert last["action_index"] == now["action_index"] == hello["action_index"] + 4
        assert last["view"] == now["view"]


def test_a_socket_on_a_game_dropped_while_it_subscribes_is_told_to_reconnect(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game is dropped from memory (another process changed it, say) after the socket
    found it and before it is among the game's watchers: the socket must not wait on the
    dropped copy for ever, but be closed with 1012 so the page reconnects."""
    game = create(client, BOTS_AFTER_ANN)
    gid, token = game["id"], game["seats"][0]["token"]
    manager: GameManager = client.app.state.manager  # type: ignore[attr-defined]
    real_accept = server_live._accept
    dropped: list[GameHandle] = []

    async def accept_then_drop(websocket: Any) -> None:
        await real_accept(websocket)
        handle = manager.loaded_game(gid)
        if handle is not None and not dropped:  # the first socket's game only
            manager.evict(handle)
            dropped.append(handle)

    monkeypatch.setattr(server_live, "_accept", accept_then_drop)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws,
    ):
        while True:
            receive_json(ws, "the close of a socket on a dropped game")
    assert closed.value.code == 1012
    # Reconnecting finds the game replayed from the store, at the same position.
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        assert receive_json(ws, "the first update after reconnecting")["action_index"] == 0
