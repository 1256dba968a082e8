"""The game store on SQLAlchemy Core: SQLite (the default, a file in the data dir) or PostgreSQL."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from railways.store import schema
from railways.store.base import GameMeta, SeatInfo, StaleIndex, StoreError, UnknownGame
from railways.store.schema import games

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SQLITE_FILE = "railways.sqlite3"


def default_data_dir() -> Path:
    """``$RAILWAYS_DATA_DIR``, else ``$XDG_DATA_HOME/railways``, else ~/.local/share/railways."""
    env = os.environ.get("RAILWAYS_DATA_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "railways"


def database_url(url: str | None = None, data_dir: str | Path | None = None) -> str:
    """The SQLAlchemy URL to use: ``url`` if given (``postgresql://`` means psycopg 3),
    else the SQLite file in ``data_dir`` (created if missing)."""
    if url:
        for prefix in ("postgresql://", "postgres://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url
    directory = Path(data_dir).expanduser() if data_dir else default_data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / SQLITE_FILE}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL with synchronous=NORMAL: a commit survives the process being killed (kill -9);
    # only an operating-system crash may lose the last commits.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def migrate(engine: sa.Engine) -> None:
    """Create or upgrade the schema to the newest migration."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_store(url: str | None = None, data_dir: str | Path | None = None) -> SqlStore:
    """Open (and migrate) the store at ``url``, or the SQLite file in ``data_dir``."""
    store = SqlStore(database_url(url, data_dir))
    migrate(store.engine)
    return store


def _status_ok(status: str) -> str:
    if status not in ("setup", "playing", "over"):
        raise StoreError(f"unknown game status {status!r}")
    return status


class SqlStore:
    """:class:`railways.store.GameStore` on any database SQLAlchemy Core speaks."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            self.engine = sa.create_engine(url, connect_args={"check_same_thread": False})
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True, pool_size=10)
        self.dialect = self.engine.dialect.name

    # -- reading -----------------------------------------------------------------
    @staticmethod
    def _meta(row: Any) -> GameMeta:
        return GameMeta(
            id=row.id,
            map_id=row.map_id,
            status=row.status,
            turn=row.turn,
            seats=tuple(SeatInfo.from_dict(s) for s in row.seats),
            created=row.created,
            action_count=row.action_count,
            setup=dict(row.setup),
        )

    def list_games(self, token_hashes: list[str] | None = None) -> list[GameMeta]:
        query = sa.select(games).order_by(games.c.created.desc(), games.c.id)
        if token_hashes is not None:
            t = schema.tokens
            ids = sa.select(t.c.game_id).where(t.c.token_hash.in_(token_hashes))
            query = query.where(games.c.id.in_(ids))
        with self.engine.connect() as conn:
            return [self._meta(row) for row in conn.execute(query)]

    def load(self, game_id: str) -> tuple[GameMeta, dict[str, Any]]:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(games.c.id == game_id)).first()
            if row is None:
                raise UnknownGame(game_id)
            rows = conn.execute(
                sa.select(schema.actions.c.idx, schema.actions.c.action)
                .where(schema.actions.c.game_id == game_id)
                .order_by(schema.actions.c.idx)
            ).all()
        meta = self._meta(row)
        if [r.idx for r in rows] != list(range(len(rows))) or len(rows) != meta.action_count:
            raise StoreError(f"game {game_id}: its stored actions are not numbered 0..n-1")
        record = dict(meta.setup)
        record["actions"] = [r.action for r in rows]
        return meta, record

    def seat_of(self, game_id: str, token_hash: str) -> tuple[bool, int | None]:
        t = schema.tokens
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(t.c.seat).where(t.c.token_hash == token_hash, t.c.game_id == game_id)
            ).first()
        if row is None:
            return False, None
        return True, row.seat

    def tokens_of(self, game_id: str) -> dict[str, int | None]:
        t = schema.tokens
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(t.c.token_hash, t.c.seat).where(t.c.game_id == game_id)
            ).all()
        return {r.token_hash: r.seat for r in rows}

    # -- writing -----------------------------------------------------------------
    def create_game(
        self,
        game_id: str,
        setup: dict[str, Any],
        seats: list[SeatInfo],
        tokens: dict[str, int | None],
        status: str,
        turn: int,
        actions: list[dict[str, Any]] | None = None,
    ) -> GameMeta:
        now = time.time()
        recorded = list(actions or [])
        setup = {k: v for k, v in setup.items() if k != "actions"}
        with self.engine.begin() as conn:
            conn.execute(
                sa.insert(games).values(
                    id=game_id,
                    map_id=str(setup.get("map", "")),
                    status=_status_ok(status),
                    turn=turn,
                    seats=[s.to_dict() for s in seats],
                    setup=setup,
                    action_count=len(recorded),
                    created=now,
                    updated=now,
                )
            )
            if tokens:
                conn.execute(
                    sa.insert(schema.tokens),
                    [{"token_hash": h, "game_id": game_id, "seat": s} for h, s in tokens.items()],
                )
            if recorded:
                conn.execute(
                    sa.insert(schema.actions),
                    [
                        {"game_id": game_id, "idx": i, "action": a, "created": now}
                        for i, a in enumerate(recorded)
                    ],
                )
        return GameMeta(
            game_id,
            str(setup.get("map", "")),
            status,
            turn,
            tuple(seats),
            now,
            len(recorded),
            setup,
        )

    def append_action(
        self,
        game_id: str,
        expected_index: int,
        action: dict[str, Any],
        status: str,
        turn: int,
    ) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            moved = conn.execute(
                sa.update(games)
                .where(games.c.id == game_id, games.c.action_count == expected_index)
                .values(
                    action_count=expected_index + 1,
                    status=_status_ok(status),
                    turn=turn,
                    updated=now,
                )
            )
            if moved.rowcount != 1:
                actual = conn.execute(
                    sa.select(games.c.action_count).where(games.c.id == game_id)
                ).scalar()
                if actual is None:
                    raise UnknownGame(game_id)
                raise StaleIndex(game_id, expected_index, int(actual))
            conn.execute(
                sa.insert(schema.actions).values(
                    game_id=game_id, idx=expected_index, action=action, created=now
                )
            )

    def set_status(self, game_id: str, status: str, turn: int) -> None:
        with self.engine.begin() as conn:
            done = conn.execute(
                sa.update(games)
                .where(games.c.id == game_id)
                .values(status=_status_ok(status), turn=turn, updated=time.time())
            )
            if done.rowcount != 1:
                raise UnknownGame(game_id)

    def close(self) -> None:
        self.engine.dispose()
