"""The game store, on SQLite and (when RAILWAYS_TEST_POSTGRES_URL is set) PostgreSQL."""

from __future__ import annotations

import os
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from railways.bots.random_bot import RandomBot
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.records import game_from_record, record_of
from railways.store import (
    SeatInfo,
    SqlStore,
    StaleIndex,
    UnknownGame,
    database_url,
    hash_token,
    open_store,
)
from waits import STOP_SECONDS

PG_URL = os.environ.get("RAILWAYS_TEST_POSTGRES_URL")


def _pg_schema_url(schema: str) -> str:
    assert PG_URL is not None
    url = database_url(PG_URL)
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield database_url(None, tmp_path)
        return
    if not PG_URL:
        if os.environ.get("RAILWAYS_REQUIRE_ALL"):
            pytest.fail("RAILWAYS_REQUIRE_ALL is set but RAILWAYS_TEST_POSTGRES_URL is not")
        pytest.skip("set RAILWAYS_TEST_POSTGRES_URL to run the PostgreSQL store tests")
    schema = f"t_{secrets.token_hex(6)}"
    admin = sa.create_engine(database_url(PG_URL))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield _pg_schema_url(schema)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    s = open_store(store_url)
    yield s
    s.close()


def _setup(seed: int = 1) -> dict[str, object]:
    game = new_game("eastern-us", ["Ann", "Ben", "Cy"], seed=seed)
    body = record_of(game).body()
    del body["actions"]
    return body


SEATS = [SeatInfo("Ann"), SeatInfo("Ben"), SeatInfo("Cy", "bot", "random")]


def _new(store: SqlStore, game_id: str = "g1") -> None:
    tokens = {hash_token("ann"): 0, hash_token("ben"): 1, hash_token("watch"): None}
    store.create_game(game_id, _setup(), SEATS, tokens, "setup", 1)


def test_create_and_load(store: SqlStore) -> None:
    _new(store)
    meta, record = store.load("g1")
    assert meta.id == "g1" and meta.map_id == "eastern-us" and meta.status == "setup"
    assert meta.seats == tuple(SEATS) and meta.action_count == 0
    assert record == {**_setup(), "actions": []}


def test_append_and_load_in_order(store: SqlStore) -> None:
    _new(store)
    for i in range(5):
        store.append_action("g1", i, {"kind": "pass", "seat": i % 3}, "playing", 2)
    meta, record = store.load("g1")
    assert meta.action_count == 5 and meta.status == "playing" and meta.turn == 2
    assert [a["seat"] for a in record["actions"]] == [0, 1, 2, 0, 1]


def test_a_load_during_another_processs_append_gives_the_state_it_read_first(
    store: SqlStore,
) -> None:
    """An append committed between the load's read of the game and of its actions (on
    PostgreSQL each statement reads the database as it is then) is left for a later load,
    not taken for a broken store."""
    _new(store)
    for i in range(2):
        store.append_action("g1", i, {"kind": "pass", "seat": i}, "playing", 1)
    appended: list[int] = []

    def append_after_the_games_read(
        _conn: object, _cursor: object, statement: str, *_: object
    ) -> None:
        if (
            not appended
            and statement.lstrip().upper().startswith("SELECT")
            and "games" in statement
        ):
            appended.append(2)  # before the append: its own statements come back here
            store.append_action("g1", 2, {"kind": "pass", "seat": 2}, "playing", 1)

    sa.event.listen(store.engine, "after_cursor_execute", append_after_the_games_read)
    try:
        meta, record = store.load("g1")
    finally:
        sa.event.remove(store.engine, "after_cursor_execute", append_after_the_games_read)
    assert appended == [2]
    assert meta.action_count == len(record["actions"]) == 2
    meta, record = store.load("g1")  # the next load sees the append
    assert meta.action_count == len(record["actions"]) == 3


def test_append_at_a_stale_index_fails_and_changes_nothing(store: SqlStore) -> None:
    _new(store)
    store.append_action("g1", 0, {"kind": "pass", "seat": 0}, "playing", 1)
    for index in (0, 2):
        with pytest.raises(StaleIndex) as info:
            store.append_action("g1", index, {"kind": "pass", "seat": 1}, "over", 9)
        assert info.value.actual == 1
    meta, record = store.load("g1")
    assert meta.action_count == 1 and meta.status == "playing" and meta.turn == 1
    assert record["actions"] == [{"kind": "pass", "seat": 0}]


def test_concurrent_appends_at_one_index_only_one_wins(store: SqlStore) -> None:
    _new(store)
    results: list[str] = []

    def append(seat: int) -> None:
        try:
            store.append_action("g1", 0, {"kind": "pass", "seat": seat}, "playing", 1)
            results.append("ok")
        except StaleIndex:
            results.append("stale")
        except sa.exc.IntegrityError:  # the loser may also trip the primary key
            results.append("stale")
        except sa.exc.OperationalError:  # SQLite: database is locked
            results.append("stale")

    threads = [threading.Thread(target=append, args=(s,)) for s in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(STOP_SECONDS)
        assert not t.is_alive(), f"an append ({t.name}) still runs after {STOP_SECONDS} s"
    assert results.count("ok") == 1
    assert store.load("g1")[0].action_count == 1


def test_unknown_game(store: SqlStore) -> None:
    with pytest.raises(UnknownGame):
        store.load("nope")
    with pytest.raises(UnknownGame):
        store.append_action("nope", 0, {"kind": "pass", "seat": 0}, "playing", 1)
    with pytest.raises(UnknownGame):
        store.set_status("nope", "over", 1)


def test_tokens_are_stored_hashed(store: SqlStore, store_url: str) -> None:
    _new(store)
    assert store.seat_of("g1", hash_token("ann")) == (True, 0)
    assert store.seat_of("g1", hash_token("watch")) == (True, None)
    assert store.seat_of("g1", hash_token("eve")) == (False, None)
    assert store.seat_of("g2", hash_token("ann")) == (False, None)
    assert store.tokens_of("g1") == {
        hash_token("ann"): 0,
        hash_token("ben"): 1,
        hash_token("watch"): None,
    }
    with store.engine.connect() as conn:
        dump = str(conn.execute(sa.text("SELECT * FROM tokens")).all())
    assert "ann" not in dump.replace(hash_token("ann"), "")


def test_list_games_and_set_status(store: SqlStore) -> None:
    _new(store, "g1")
    store.create_game("g2", _setup(2), SEATS[:2], {hash_token("zed"): 0}, "setup", 1)
    assert {m.id for m in store.list_games()} == {"g1", "g2"}
    assert [m.id for m in store.list_games([hash_token("zed")])] == ["g2"]
    assert [m.id for m in store.list_games([hash_token("ann"), hash_token("zed")])] in (
        ["g1", "g2"],
        ["g2", "g1"],
    )
    assert store.list_games([hash_token("nobody")]) == []
    store.set_status("g1", "over", 12)
    meta = store.load("g1")[0]
    assert meta.status == "over" and meta.turn == 12


def test_migrations_run_again_without_harm_and_data_survives(store_url: str) -> None:
    first = open_store(store_url)
    _new(first)
    first.append_action("g1", 0, {"kind": "pass", "seat": 0}, "playing", 1)
    first.close()
    second = open_store(store_url)
    assert second.load("g1")[0].action_count == 1
    with second.engine.connect() as conn:
        version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    assert version == "0002"
    second.close()


def test_a_played_game_round_trips_through_the_store(store: SqlStore) -> None:
    game = new_game("eastern-us", ["Ann", "Ben", "Cy"], seed=5)
    body = record_of(game).body()
    del body["actions"]
    store.create_game("g1", body, SEATS, {}, "setup", 1)
    bot = RandomBot(2)
    for i in range(60):
        seat = game.to_act
        assert seat is not None
        action = bot.choose(game, seat, legal_actions(game, seat))
        game.apply(action)
        store.append_action("g1", i, action.to_dict(), "playing", game.state.turn)
    _meta, record = store.load("g1")
    again = game_from_record(record)
    assert view_for(again, None) == view_for(game, None)
    assert record_of(again).to_dict() == record_of(game).to_dict()


def test_sqlite_uses_wal_in_the_data_dir(tmp_path: Path) -> None:
    s = open_store(data_dir=tmp_path / "d")
    assert (tmp_path / "d" / "railways.sqlite3").is_file()
    with s.engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
    s.close()


def test_default_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from railways.store import default_data_dir

    monkeypatch.setenv("RAILWAYS_DATA_DIR", str(tmp_path / "x"))
    assert default_data_dir() == tmp_path / "x"
    monkeypatch.delenv("RAILWAYS_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "railways"
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"


def test_chat_is_numbered_per_game_and_read_after_a_mark(store: SqlStore) -> None:
    _new(store)
    store.create_game("g2", _setup(), SEATS, {hash_token("other"): 0}, "setup", 1)
    first = store.add_chat("g1", 0, "Ann", "hello")
    store.add_chat("g2", None, "Spectator", "elsewhere")
    second = store.add_chat("g1", None, "Spectator", "hi")
    assert (first["seq"], second["seq"]) == (1, 2)
    assert [m["text"] for m in store.chat_since("g1", 0)] == ["hello", "hi"]
    assert [m["seat"] for m in store.chat_since("g1", 1)] == [None]
    assert [m["text"] for m in store.chat_since("g2", 0)] == ["elsewhere"]
    with pytest.raises(UnknownGame):
        store.add_chat("nope", 0, "Ann", "x")


def test_table_settings_are_set_replaced_and_removed(store: SqlStore) -> None:
    _new(store)
    assert store.settings("g1") == {}
    store.set_setting("g1", "standins", {"0": "easy"})
    store.set_setting("g1", "mute_spectators", True)
    store.set_setting("g1", "standins", {"1": "hard"})
    assert store.settings("g1") == {"standins": {"1": "hard"}, "mute_spectators": True}
    store.set_setting("g1", "mute_spectators", None)
    assert store.settings("g1") == {"standins": {"1": "hard"}}
