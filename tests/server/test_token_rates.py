"""Seat tokens have request rates of their own, beside the client address's (issue 30): one
token used from many addresses is held to one client's rates; an address that offers too
many wrong tokens is refused before any more are compared; tokens are compared in
constant time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from railways.server import auth, create_app, limits
from railways.store import open_store
from server.helpers import create, humans, state

READS, ACTIONS = 6, 3  # bursts, refilled at one a minute (so never, in a test)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    store = open_store(data_dir=tmp_path / "data")
    made = create_app(
        store,
        bot_delay=0,
        reads_per_minute=1,
        actions_per_minute=1,
        imports_per_minute=1,
        rate_bursts=(READS, ACTIONS, 1),
    )
    with TestClient(made):  # runs the application's start and end
        yield made


def _from(app: FastAPI, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))


def _get(client: TestClient, game_id: str, token: str) -> Any:
    return client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"})


def test_one_token_from_many_addresses_is_held_to_one_clients_reads(app: FastAPI) -> None:
    game = create(_from(app, "10.0.0.1"), humans(2))
    token = game["seats"][0]["token"]
    answers = [_get(_from(app, f"10.0.1.{i % 4}"), game["id"], token) for i in range(READS + 1)]
    assert [r.status_code for r in answers] == [200] * READS + [429]  # no address used up
    refused = answers[-1]
    assert "too many requests with this token" in refused.json()["error"]
    assert int(refused.headers["retry-after"]) >= 1
    assert token not in refused.text
    # another seat of the same game, from one of those addresses, still reads
    assert _get(_from(app, "10.0.1.0"), game["id"], game["seats"][1]["token"]).status_code == 200


def test_one_token_from_many_addresses_is_held_to_one_clients_actions(app: FastAPI) -> None:
    game = create(_from(app, "10.0.0.1"), humans(2))
    gid, token = game["id"], game["seats"][0]["token"]
    before = state(_from(app, "10.0.0.9"), gid, token)["action_index"]
    posts = [
        _from(app, f"10.0.2.{i}").post(
            f"/api/games/{gid}/chat", params={"token": token}, json={"text": f"hi {i}"}
        )
        for i in range(ACTIONS + 1)
    ]
    assert [r.status_code for r in posts] == [201] * ACTIONS + [429]
    assert "too many actions with this token" in posts[-1].json()["error"]
    chat = _from(app, "10.0.0.9").get(f"/api/games/{gid}/chat", params={"token": token}).json()
    assert [m["text"] for m in chat] == [f"hi {i}" for i in range(ACTIONS)]
    assert state(_from(app, "10.0.0.9"), gid, token)["action_index"] == before


def test_an_address_guessing_tokens_is_refused_before_more_are_compared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[str] = []
    real = auth.token_seat

    def counting(tokens: Any, given: str) -> Any:
        compared.append(given)
        return real(tokens, given)

    monkeypatch.setattr("railways.server.games.token_seat", counting)
    # reads enough for every guess: the wrong-token limit is what stops them
    made = create_app(
        open_store(data_dir=tmp_path / "data"),
        bot_delay=0,
        reads_per_minute=1,
        rate_bursts=(100, ACTIONS, 1),
    )
    with TestClient(made, client=("10.0.3.1", 40000)) as guesser:
        game = create(_from(made, "10.0.0.1"), humans(2))
        gid, token = game["id"], game["seats"][0]["token"]
        guesses = [f"{i:032x}" for i in range(limits.WRONG_TOKEN_BURST + 1)]
        codes = [_get(guesser, gid, guess).status_code for guess in guesses]
        assert codes == [403] * limits.WRONG_TOKEN_BURST + [429]
        assert guesses[-1] not in compared  # refused before it was compared
        # from that address even the right token waits; from another it is answered
        refused = _get(guesser, gid, token)
        assert refused.status_code == 429 and "wrong tokens" in refused.json()["error"]
        assert int(refused.headers["retry-after"]) >= 1
        assert _get(_from(made, "10.0.3.2"), gid, token).status_code == 200


def test_tokens_are_compared_with_every_stored_hash_in_constant_time(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = _from(app, "10.0.4.1")
    game = create(client, humans(3))  # three seats and the spectator: four stored hashes
    calls: list[tuple[str, str]] = []
    real = auth.hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(auth.hmac, "compare_digest", spy)
    assert _get(client, game["id"], game["seats"][0]["token"]).status_code == 200
    assert len(calls) == 4  # not stopped at the match
    calls.clear()
    assert _get(client, game["id"], "f" * 32).status_code == 403
    assert len(calls) == 4
