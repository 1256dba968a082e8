"""Helpers for the server tests."""

from __future__ import annotations

import json
from typing import Any

import anyio
from fastapi.testclient import TestClient


def humans(n: int) -> list[dict[str, Any]]:
    return [{"name": f"P{i + 1}", "kind": "human"} for i in range(n)]


def create(client: TestClient, seats: list[dict[str, Any]], seed: int = 7) -> dict[str, Any]:
    r = client.post("/api/games", json={"map": "eastern-us", "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    return dict(r.json())


def state(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}", params={"token": token})
    assert r.status_code == 200, r.text
    return dict(r.json())


def first_legal(legal: dict[str, Any]) -> dict[str, Any]:
    """A legal action: the first simple one (choose a baron, pass a bid, pass)."""
    return dict(legal["simple"][0]["action"])


def act(client: TestClient, game_id: str, token: str, after: int, action: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{game_id}/actions", json={"token": token, "after": after, "action": action}
    )


WS_SECONDS = 20.0  # a live update comes in milliseconds; this only stops a lost one hanging


def receive_text(ws: Any, waiting_for: str, seconds: float = WS_SECONDS) -> str:
    """The next message of a TestClient WebSocket, or a failure naming what it waited for
    if none comes within ``seconds`` (TestClient's own ``receive_text`` waits for ever).

    It reads the session's message stream through its own portal, as ``receive`` does, but
    under ``anyio.fail_after``: a cancelled wait takes no message off the stream."""

    async def take() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(take)
    except TimeoutError:
        raise AssertionError(f"no WebSocket message within {seconds} s: {waiting_for}") from None
    ws._raise_on_close(message)  # a close becomes WebSocketDisconnect, as in receive_text
    return str(message["text"])


def receive_json(ws: Any, waiting_for: str, seconds: float = WS_SECONDS) -> Any:
    """:func:`receive_text`, parsed."""
    return json.loads(receive_text(ws, waiting_for, seconds))
