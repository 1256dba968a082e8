"""Live updates over the WebSocket: one on connect, one after every change."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.helpers import act, create, first_legal, humans, receive_json, state


def test_update_after_an_action(client: TestClient) -> None:
    game = create(client, humans(3))
    gid = game["id"]
    token = game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        hello = receive_json(ws, "the first update")
        assert hello["type"] == "update" and hello["action_index"] == 0
        assert hello["view"]["seat"] == 0 and hello["legal"]["seat"] == 0
        r = act(client, gid, token, 0, first_legal(hello["legal"]))
        assert r.status_code == 200
        update = receive_json(ws, "the update after seat 0's action")
        assert update["type"] == "update" and update["action_index"] == 1
        assert update["view"] == r.json()["view"]


def test_spectator_gets_the_public_view(client: TestClient) -> None:
    game = create(client, humans(3))
    gid = game["id"]
    spectator = game["spectator"]["token"]
    token = game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={spectator}") as ws:
        hello = receive_json(ws, "the spectator's first update")
        assert hello["view"]["seat"] is None and hello["legal"] is None
        assert "barons_dealt" not in str(hello)
        act(client, gid, token, 0, first_legal(state(client, gid, token)["legal"]))
        update = receive_json(ws, "the spectator's update after seat 0's action")
        assert update["action_index"] == 1 and update["legal"] is None
        assert update["view"] == state(client, gid, spectator)["view"]


def test_bots_moves_are_broadcast(client: TestClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bot", "kind": "bot", "bot": "random"}] + [
        {"name": "Bot 2", "kind": "bot", "bot": "random"}
    ]
    game = create(client, seats)
    gid, token = game["id"], game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        hello = receive_json(ws, "the first update")
        r = act(client, gid, token, hello["action_index"], first_legal(hello["legal"]))
        assert r.status_code == 200, r.text
        seen = hello["action_index"]
        while seen < 3:  # seat 0 keeps a baron, then both bots do (updates may fold)
            update = receive_json(ws, f"the bots' moves after action {seen}")
            assert update["action_index"] > seen
            seen = update["action_index"]
        assert seen == 3


@pytest.mark.parametrize("token", ["", "wrong"])
def test_bad_token_is_refused(client: TestClient, token: str) -> None:
    game = create(client, humans(3))
    with (
        pytest.raises(WebSocketDisconnect) as info,
        client.websocket_connect(f"/api/games/{game['id']}/ws?token={token}") as ws,
    ):
        receive_json(ws, "the refusal of a bad token")
    assert info.value.code == 4403


def test_unknown_game_is_refused(client: TestClient) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as info,
        client.websocket_connect("/api/games/nope42/ws?token=x") as ws,
    ):
        receive_json(ws, "the refusal of an unknown game")
    assert info.value.code == 4404
