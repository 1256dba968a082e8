"""The server over PostgreSQL (when RAILWAYS_TEST_POSTGRES_URL is set): play, reload, go on."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from railways.bots.random_bot import RandomBot
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import record_of
from railways.server import create_app
from railways.store import database_url, open_store
from server.helpers import act, create, first_legal, humans, state

PG_URL = os.environ.get("RAILWAYS_TEST_POSTGRES_URL")


@pytest.fixture
def pg_url() -> Iterator[str]:
    if not PG_URL:
        if os.environ.get("RAILWAYS_REQUIRE_ALL"):
            pytest.fail("RAILWAYS_REQUIRE_ALL is set but RAILWAYS_TEST_POSTGRES_URL is not")
        pytest.skip("set RAILWAYS_TEST_POSTGRES_URL to run the PostgreSQL server test")
    schema = f"s_{secrets.token_hex(6)}"
    admin = sa.create_engine(database_url(PG_URL))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{database_url(PG_URL)}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def test_play_and_reload_on_postgresql(pg_url: str) -> None:
    with TestClient(create_app(open_store(pg_url), bot_delay=0)) as client:
        game = create(client, humans(3))
        token = game["seats"][0]["token"]
        mine = state(client, game["id"], token)
        assert act(client, game["id"], token, 0, first_legal(mine["legal"])).status_code == 200
        assert act(client, game["id"], token, 0, first_legal(mine["legal"])).status_code == 409
        before = state(client, game["id"], token)
    with TestClient(create_app(open_store(pg_url), bot_delay=0)) as client:
        assert state(client, game["id"], token) == before
        listed = client.get("/api/games", params={"token": token}).json()
        assert [g["id"] for g in listed] == [game["id"]] and listed[0]["action_index"] == 1


def test_an_import_is_stored_by_a_worker_in_the_servers_schema(pg_url: str) -> None:
    """Issue 30: the worker process writes an imported game on a connection of its own,
    to the same database and schema as the server's store (the URL's search_path)."""
    game = new_game("eastern-us", ["Ann", "Ben"], seed=7)
    bot = RandomBot(3)
    while len(game.actions) < 40:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    record = record_of(game).to_dict()
    store = open_store(pg_url)
    with TestClient(create_app(store, bot_delay=0)) as client:
        made = client.post("/api/games/import", json={"record": record})
        assert made.status_code == 201, made.text
        game_id = made.json()["id"]
        assert store.load(game_id)[0].action_count == 40
        token = made.json()["seats"][0]["token"]
        assert state(client, game_id, token)["action_index"] == 40
