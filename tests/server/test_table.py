"""Around the table (railways.server.table): chat among seats and spectators, muting
spectators, a stand-in bot for a seat (asked for, or after the move limit), and turn notices
by e-mail (to a real local SMTP sink) and webhook (to a local HTTP server)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from railways.server import create_app
from railways.server.table import TurnNotices
from railways.store import open_store
from server.helpers import act, create, first_legal, humans, receive_json, state


def test_chat_reaches_every_seat_and_spectator_and_is_stored(client: TestClient) -> None:
    game = create(client, humans(2))
    gid, ann, bea = game["id"], game["seats"][0]["token"], game["seats"][1]["token"]
    spectator = game["spectator"]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={bea}") as ws:
        assert receive_json(ws, "the first update")["type"] == "update"
        r = client.post(f"/api/games/{gid}/chat", params={"token": ann}, json={"text": " hi <b> "})
        assert r.status_code == 201, r.text
        said = receive_json(ws, "the chat message")
        assert said["type"] == "chat"
        # Stored as typed (trimmed): escaping is the page's job, which sets text, not markup.
        assert said["messages"] == [r.json()]
        assert r.json()["text"] == "hi <b>" and r.json()["name"] == "P1" and r.json()["seat"] == 0
    r = client.post(f"/api/games/{gid}/chat", params={"token": spectator}, json={"text": "gl"})
    assert r.status_code == 201 and r.json()["seat"] is None and r.json()["name"] == "Spectator"
    listed = client.get(f"/api/games/{gid}/chat", params={"token": bea}).json()
    assert [m["text"] for m in listed] == ["hi <b>", "gl"]
    after = client.get(f"/api/games/{gid}/chat", params={"token": bea, "after": 1}).json()
    assert [m["text"] for m in after] == ["gl"]


@pytest.mark.parametrize("text", ["", "   ", "\x00\x07", "x" * 501])
def test_empty_or_overlong_messages_are_refused(client: TestClient, text: str) -> None:
    game = create(client, humans(2))
    r = client.post(
        f"/api/games/{game['id']}/chat",
        params={"token": game["seats"][0]["token"]},
        json={"text": text},
    )
    assert r.status_code == 422, r.text
    chat = client.get(f"/api/games/{game['id']}/chat", params={"token": game["seats"][0]["token"]})
    assert chat.json() == []


def test_chat_is_rate_limited_per_token(client: TestClient) -> None:
    game = create(client, humans(2))
    gid, ann = game["id"], game["seats"][0]["token"]
    codes = [
        client.post(
            f"/api/games/{gid}/chat", params={"token": ann}, json={"text": f"m{i}"}
        ).status_code
        for i in range(12)
    ]
    assert codes[:6] == [201] * 6  # the burst
    assert 429 in codes[6:]
    # Another seat is not held up by the first one's flood.
    bea = game["seats"][1]["token"]
    assert (
        client.post(f"/api/games/{gid}/chat", params={"token": bea}, json={"text": "x"}).status_code
        == 201
    )


def test_a_seat_mutes_spectators_for_everyone(client: TestClient) -> None:
    game = create(client, humans(2))
    gid, ann, spectator = game["id"], game["seats"][0]["token"], game["spectator"]["token"]
    client.post(f"/api/games/{gid}/chat", params={"token": spectator}, json={"text": "boo"})
    r = client.post(f"/api/games/{gid}/mute", params={"token": spectator}, json={"muted": True})
    assert r.status_code == 403  # only a seat mutes
    assert (
        client.post(
            f"/api/games/{gid}/mute", params={"token": ann}, json={"muted": True}
        ).status_code
        == 200
    )
    r = client.post(f"/api/games/{gid}/chat", params={"token": spectator}, json={"text": "boo"})
    assert r.status_code == 403 and "muted" in r.json()["error"]
    texts = [m["text"] for m in client.get(f"/api/games/{gid}/chat", params={"token": ann}).json()]
    assert "boo" not in texts  # earlier spectator lines are hidden too
    assert any("mutes spectators" in t for t in texts)  # the table says what happened
    assert state(client, gid, ann)["table"]["muted"] is True


def test_a_seat_hands_itself_to_a_bot_and_takes_itself_back(client: TestClient) -> None:
    game = create(client, humans(2))
    gid, ann = game["id"], game["seats"][0]["token"]
    first = state(client, gid, ann)
    seat = first["view"]["to_act"]
    token = game["seats"][seat]["token"]
    r = client.post(f"/api/games/{gid}/standin", params={"token": token}, json={"level": "easy"})
    assert r.status_code == 200, r.text
    # The stand-in plays for that seat: the game moves on without the person.
    deadline = time.monotonic() + 10
    while state(client, gid, token)["action_index"] == first["action_index"]:
        assert time.monotonic() < deadline, "the stand-in bot did not move"
        time.sleep(0.05)
    assert state(client, gid, token)["table"]["standins"] == {str(seat): "easy"}
    r = client.post(f"/api/games/{gid}/standin", params={"token": token}, json={"level": None})
    assert r.status_code == 200
    assert state(client, gid, token)["table"]["standins"] == {}
    spectator = game["spectator"]["token"]
    r = client.post(f"/api/games/{gid}/standin", params={"token": spectator}, json={})
    assert r.status_code == 403


def test_a_seat_leaves_the_game_to_a_bot_for_good(client: TestClient) -> None:
    """Concede: a bot of the level asked plays the seat to the end; the seat's token can
    still watch, but no longer move or take the seat back, and cannot leave twice."""
    game = create(client, humans(2))
    gid = game["id"]
    first = state(client, gid, game["seats"][0]["token"])
    seat = first["view"]["to_act"]
    token = game["seats"][seat]["token"]
    legal = state(client, gid, token)["legal"]
    r = client.post(f"/api/games/{gid}/concede", params={"token": token}, json={"level": "easy"})
    assert r.status_code == 200, r.text
    assert r.json() == {"seat": seat, "standin": "easy", "conceded": True}
    # The bot plays that seat: the game moves on without the person.
    deadline = time.monotonic() + 10
    while state(client, gid, token)["action_index"] == first["action_index"]:
        assert time.monotonic() < deadline, "the bot did not move for the seat that left"
        time.sleep(0.05)
    table = state(client, gid, token)["table"]
    assert table["standins"] == {str(seat): "easy"} and table["conceded"] == [seat]
    # The token watches only: its moves, a take-back and a second leave are refused.
    now = state(client, gid, token)["action_index"]
    r = act(client, gid, token, now, {**first_legal(legal), "seat": seat})
    assert r.status_code == 403 and "left to a bot" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/standin", params={"token": token}, json={"level": None})
    assert r.status_code == 409
    r = client.post(f"/api/games/{gid}/concede", params={"token": token}, json={})
    assert r.status_code == 409
    assert state(client, gid, token)["table"]["standins"] == {str(seat): "easy"}
    spectator = game["spectator"]["token"]
    r = client.post(f"/api/games/{gid}/concede", params={"token": spectator}, json={})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/concede", params={"token": token}, json={"level": "x"})
    assert r.status_code == 422


def test_a_move_limit_too_short_is_refused(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={"map": "eastern-us", "seats": humans(2), "seed": 1, "move_limit": 5},
    )
    assert r.status_code == 422


# -- turn notices and the move limit need a server of their own --------------------------------
class _Sink:
    """A real SMTP server on loopback (aiosmtpd) keeping what it is sent."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list[Any] = []
        sink = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                sink.messages.append(envelope)
                return "250 OK"

        with socket.socket() as probe:  # a free port: the controller checks it can connect
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()


@pytest.fixture
def smtp() -> Iterator[_Sink]:
    sink = _Sink()
    yield sink
    sink.controller.stop()


@pytest.fixture
def webhook() -> Iterator[list[dict[str, Any]]]:
    got: list[dict[str, Any]] = []

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            got.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    got.append({"url": f"http://127.0.0.1:{server.server_address[1]}/hook"})
    yield got
    server.shutdown()


def _wait(check: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_seat_is_mailed_and_the_webhook_told_when_its_turn_begins(
    tmp_path: Path, smtp: _Sink, webhook: list[dict[str, Any]]
) -> None:
    url = webhook.pop(0)["url"]
    notices = TurnNotices(
        smtp_host="127.0.0.1", smtp_port=smtp.port, webhook=url, base_url="http://example.test"
    )
    app = create_app(open_store(data_dir=tmp_path), bot_delay=0, notices=notices)
    with TestClient(app) as client:
        game = create(client, humans(2))
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        now = state(client, gid, tokens[0])
        seat = now["view"]["to_act"]
        other = 1 - seat
        r = client.post(
            f"/api/games/{gid}/notify",
            params={"token": tokens[other]},
            json={"email": "bea@example.test"},
        )
        assert r.status_code == 200, r.text
        bad = client.post(
            f"/api/games/{gid}/notify",
            params={"token": tokens[other]},
            json={"email": "not an address"},
        )
        assert bad.status_code == 422
        # The address is this seat's own business.
        assert state(client, gid, tokens[other])["table"]["notify"] == "bea@example.test"
        assert state(client, gid, tokens[seat])["table"]["notify"] is None
        # The seat to act moves; when the other seat's turn begins, it is told.
        legal = now["legal"] if seat == 0 else state(client, gid, tokens[seat])["legal"]
        assert (
            act(client, gid, tokens[seat], now["action_index"], first_legal(legal)).status_code
            == 200
        )
        _wait(lambda: smtp.messages and any(e.get("seat") == other for e in webhook))
        mail = smtp.messages[0]
        assert mail.rcpt_tos == ["bea@example.test"]
        body = mail.content.decode()
        assert f"game {gid}" in body and "example.test" in body
        assert tokens[other] not in body  # the seat's key is never mailed
        event = next(e for e in webhook if e["seat"] == other)
        assert event["game"] == gid and event["name"] == f"P{other + 1}"


def test_without_a_mail_server_an_address_is_refused(client: TestClient) -> None:
    game = create(client, humans(2))
    r = client.post(
        f"/api/games/{game['id']}/notify",
        params={"token": game["seats"][0]["token"]},
        json={"email": "ann@example.test"},
    )
    assert r.status_code == 409 and "no e-mail" in r.json()["error"]


def test_a_seat_that_lets_the_move_limit_pass_gets_a_stand_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import railways.server.table as table_module

    monkeypatch.setattr(table_module, "MIN_MOVE_LIMIT", 1)
    # The model's bounds were read at import; post the limit straight to the manager instead.
    app = create_app(open_store(data_dir=tmp_path), bot_delay=0)
    with TestClient(app) as client:
        game = create(client, humans(2))
        gid, ann = game["id"], game["seats"][0]["token"]
        manager = app.state.manager
        handle = manager.loaded_game(gid)
        handle.settings[table_module.MOVE_LIMIT] = 1
        first = state(client, gid, ann)
        # Any change restarts the timer; a chat line is not a move, so use the mute switch.
        client.post(f"/api/games/{gid}/mute", params={"token": ann}, json={"muted": False})
        _wait(lambda: state(client, gid, ann)["action_index"] > first["action_index"], 15)
        table_state = state(client, gid, ann)["table"]
        assert str(first["view"]["to_act"]) in table_state["standins"]
        notes = [
            m["text"] for m in client.get(f"/api/games/{gid}/chat", params={"token": ann}).json()
        ]
        assert any("ran out of time" in t for t in notes)
