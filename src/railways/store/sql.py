"""The game store on SQLAlchemy Core: SQLite (the default, a file in the data dir) or PostgreSQL."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from railways.store import schema
from railways.store.base import GameMeta, SeatInfo, StaleIndex, StoreError, UnknownGame
from railways.store.schema import games

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SQLITE_FILE = "railways.sqlite3"
# How long a write waits for another process's lock before it gives up (and the server
# answers 503): short, since SQLite commits take well under a millisecond.
BUSY_TIMEOUT = 2.0
# PostgreSQL: every stored action is announced on this channel as "<game id> <count>".
CHANNEL = "railways_actions"
MIN_FREE_BYTES = 16 * 1024 * 1024
# How long opening the store waits for another process that is opening (creating,
# migrating) the same SQLite file at the same moment, before it gives up.
OPEN_WAIT = 60.0


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


def _busy(exc: BaseException) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _sqlite_pragmas(busy_ms: int) -> Callable[[Any, Any], None]:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        # The busy timeout first, so that the pragmas below wait for a lock too.
        cursor.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
        # WAL with synchronous=NORMAL: a commit survives the process being killed (kill -9);
        # only an operating-system crash may lose the last commits. Turning a new file to
        # WAL needs it to itself, and SQLite answers "locked" at once (its busy handler is
        # not asked) while another process opens the same new file: wait for it.
        deadline = time.monotonic() + OPEN_WAIT
        pause = 0.01
        while True:
            try:
                cursor.execute("PRAGMA journal_mode=WAL")
                break
            except sqlite3.OperationalError as exc:
                if not _busy(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 0.25)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return on_connect


@contextlib.contextmanager
def _opening_lock(store: SqlStore) -> Iterator[None]:
    """Held while a process creates or migrates a SQLite file: a second process opening the
    same file at the same moment waits here (an advisory lock on ``railways.sqlite3.lock``
    beside it) instead of racing the first one's migration. Nothing to hold for another
    database, a folder that cannot be written, or a system without ``fcntl``."""
    folder = store.sqlite_dir()
    path = store.engine.url.database or ""
    if folder is None or fcntl is None:
        yield
        return
    try:
        handle = open(folder / (Path(path).name + ".lock"), "a+b")  # noqa: SIM115
    except OSError:
        yield
        return
    with handle:
        deadline = time.monotonic() + OPEN_WAIT
        locked = False
        while not locked:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                locked = True
            except OSError:
                if time.monotonic() > deadline:
                    break  # go on unlocked: the migration's own errors will say why
                time.sleep(0.05)
        try:
            yield
        finally:
            if locked:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _pg_lock_timeout(ms: int) -> Callable[[Any, Any], None]:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # A row lock held elsewhere makes a statement give up (and the server answer 503)
        # instead of waiting on.
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {int(ms)}")
        dbapi_connection.commit()

    return on_connect


def migrate(engine: sa.Engine) -> None:
    """Create or upgrade the schema to the newest migration."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_store(
    url: str | None = None, data_dir: str | Path | None = None, busy_timeout: float = BUSY_TIMEOUT
) -> SqlStore:
    """Open (and migrate) the store at ``url``, or the SQLite file in ``data_dir``."""
    store = SqlStore(database_url(url, data_dir), busy_timeout)
    deadline = time.monotonic() + OPEN_WAIT
    with _opening_lock(store):
        while True:
            try:
                migrate(store.engine)
                break
            except sa.exc.OperationalError as exc:
                # Another process (one without the lock: an older version) is writing:
                # wait for it and look again.
                if _busy(exc) and time.monotonic() < deadline:
                    time.sleep(0.1)
                    continue
                # A read-only database that is already up to date can still serve its
                # games; otherwise the migration's error is the one to show.
                if store.needs_migration():
                    raise
                break
    return store


def _status_ok(status: str) -> str:
    if status not in ("setup", "playing", "over"):
        raise StoreError(f"unknown game status {status!r}")
    return status


class SqlStore:
    """:class:`railways.store.GameStore` on any database SQLAlchemy Core speaks."""

    def __init__(self, url: str, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.url = url
        if url.startswith("sqlite"):
            self.engine = sa.create_engine(
                url,
                connect_args={"check_same_thread": False, "timeout": busy_timeout},
                pool_size=16,
                max_overflow=8,
            )
            sa.event.listen(self.engine, "connect", _sqlite_pragmas(int(busy_timeout * 1000)))
        else:
            self.engine = sa.create_engine(
                url,
                pool_pre_ping=True,
                pool_size=16,
                max_overflow=8,
            )
            sa.event.listen(self.engine, "connect", _pg_lock_timeout(int(busy_timeout * 1000)))
        self.dialect = self.engine.dialect.name

    def needs_migration(self) -> bool:
        from alembic.runtime.migration import MigrationContext
        from alembic.script import ScriptDirectory

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        head = ScriptDirectory.from_config(config).get_current_head()
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision() != head

    # -- health ------------------------------------------------------------------
    def write_problem(self) -> str | None:
        """Why a write would fail now (a read-only database, a nearly full disk), or None.

        It tries a write that changes nothing (an UPDATE of no row, rolled back): the
        database refuses it the same way it would refuse a real one."""
        try:
            with self.engine.connect() as conn, conn.begin() as tx:
                conn.execute(sa.update(games).where(sa.false()).values(updated=0.0))
                tx.rollback()
        except sa.exc.SQLAlchemyError as exc:
            return describe(exc)
        folder = self.sqlite_dir()
        if folder is not None:
            free = shutil.disk_usage(folder).free
            if free < MIN_FREE_BYTES:
                return f"the disk holding the database has only {free // 1024} kB free"
        return None

    def sqlite_dir(self) -> Path | None:
        if self.dialect != "sqlite":
            return None
        path = self.engine.url.database or ""
        if path.startswith("file:"):
            path = path[len("file:") :]
        if not path or path == ":memory:":
            return None
        return Path(path).resolve().parent

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

    def list_games(
        self,
        token_hashes: list[str] | None = None,
        *,
        open_only: bool = False,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[GameMeta]:
        query = self._where(sa.select(games), token_hashes, open_only)
        query = query.order_by(games.c.created.desc(), games.c.id).offset(offset).limit(limit)
        with self.engine.connect() as conn:
            return [self._meta(row) for row in conn.execute(query)]

    def count_games(self, token_hashes: list[str] | None = None, open_only: bool = False) -> int:
        query = self._where(sa.select(sa.func.count()).select_from(games), token_hashes, open_only)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    @staticmethod
    def _where(query: Any, token_hashes: list[str] | None, open_only: bool) -> Any:
        if token_hashes is not None:
            t = schema.tokens
            ids = sa.select(t.c.game_id).where(t.c.token_hash.in_(token_hashes))
            query = query.where(games.c.id.in_(ids))
        if open_only:
            query = query.where(games.c.status != "over")
        return query

    def load(self, game_id: str) -> tuple[GameMeta, dict[str, Any]]:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(games.c.id == game_id)).first()
            if row is None:
                raise UnknownGame(game_id)
            # The game's row first, then its actions up to the count it gave: an append that
            # another process commits between the two reads (PostgreSQL reads each statement
            # at its own moment) adds rows past that count, which belong to a later state.
            rows = conn.execute(
                sa.select(schema.actions.c.idx, schema.actions.c.action)
                .where(
                    schema.actions.c.game_id == game_id,
                    schema.actions.c.idx < row.action_count,
                )
                .order_by(schema.actions.c.idx)
            ).all()
        meta = self._meta(row)
        if [r.idx for r in rows] != list(range(len(rows))) or len(rows) != meta.action_count:
            raise StoreError(f"game {game_id}: its stored actions are not numbered 0..n-1")
        record = dict(meta.setup)
        record["actions"] = [r.action for r in rows]
        return meta, record

    def action_count(self, game_id: str) -> int:
        with self.engine.connect() as conn:
            count = conn.execute(
                sa.select(games.c.action_count).where(games.c.id == game_id)
            ).scalar()
        if count is None:
            raise UnknownGame(game_id)
        return int(count)

    def action_counts(self, game_ids: list[str]) -> dict[str, int]:
        if not game_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(games.c.id, games.c.action_count).where(games.c.id.in_(game_ids))
            ).all()
        return {r.id: int(r.action_count) for r in rows}

    def actions_since(self, game_id: str, start: int) -> list[dict[str, Any]]:
        """The stored actions of the game from index ``start`` on, in order."""
        a = schema.actions
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(a.c.idx, a.c.action)
                .where(a.c.game_id == game_id, a.c.idx >= start)
                .order_by(a.c.idx)
            ).all()
        if [r.idx for r in rows] != list(range(start, start + len(rows))):
            raise StoreError(f"game {game_id}: its stored actions are not numbered 0..n-1")
        return [r.action for r in rows]

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
            if self.dialect == "postgresql":
                # Delivered to every listening process when (and only if) this commits.
                conn.execute(
                    sa.select(sa.func.pg_notify(CHANNEL, f"{game_id} {expected_index + 1}"))
                )

    # -- chat and table settings -------------------------------------------------
    def add_chat(self, game_id: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
        chat = schema.chat
        now = time.time()
        for _attempt in range(5):  # two processes may take the same seq: the key refuses one
            try:
                with self.engine.begin() as conn:
                    if (
                        conn.execute(sa.select(games.c.id).where(games.c.id == game_id)).first()
                        is None
                    ):
                        raise UnknownGame(game_id)
                    last = conn.execute(
                        sa.select(sa.func.max(chat.c.seq)).where(chat.c.game_id == game_id)
                    ).scalar()
                    seq = int(last or 0) + 1
                    conn.execute(
                        sa.insert(chat).values(
                            game_id=game_id, seq=seq, seat=seat, name=name, text=text, created=now
                        )
                    )
                return {"seq": seq, "seat": seat, "name": name, "text": text, "at": now}
            except sa.exc.IntegrityError:
                continue
        raise StoreError("the chat is too busy; try again")

    def chat_since(self, game_id: str, after: int, limit: int = 200) -> list[dict[str, Any]]:
        chat = schema.chat
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(chat.c.seq, chat.c.seat, chat.c.name, chat.c.text, chat.c.created)
                .where(chat.c.game_id == game_id, chat.c.seq > after)
                .order_by(chat.c.seq)
                .limit(limit)
            ).all()
        return [
            {"seq": r.seq, "seat": r.seat, "name": r.name, "text": r.text, "at": r.created}
            for r in rows
        ]

    def settings(self, game_id: str) -> dict[str, Any]:
        table = schema.game_settings
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(table.c.key, table.c.value).where(table.c.game_id == game_id)
            ).all()
        return {r.key: r.value for r in rows}

    def set_setting(self, game_id: str, key: str, value: Any) -> None:
        table = schema.game_settings
        with self.engine.begin() as conn:
            conn.execute(sa.delete(table).where(table.c.game_id == game_id, table.c.key == key))
            if value is not None:
                conn.execute(sa.insert(table).values(game_id=game_id, key=key, value=value))

    def listen(self, on_change: Callable[[str, int], None]) -> Callable[[], None] | None:
        """PostgreSQL: call ``on_change(game_id, action_count)`` (from a thread of its own)
        for every action any process stores; returns the function that stops listening.
        None for a database without notifications (SQLite: the server polls instead)."""
        if self.dialect != "postgresql":
            return None
        stop = threading.Event()

        def run() -> None:
            while not stop.is_set():
                try:
                    with contextlib.closing(self.engine.raw_connection()) as raw:
                        conn: Any = raw.driver_connection
                        conn.autocommit = True
                        conn.execute(f"LISTEN {CHANNEL}")
                        while not stop.is_set():
                            for note in conn.notifies(timeout=0.5):
                                game_id, _, count = note.payload.partition(" ")
                                with contextlib.suppress(ValueError):
                                    on_change(game_id, int(count))
                except Exception:  # the database went away: listen again shortly
                    stop.wait(1.0)

        thread = threading.Thread(target=run, name="railways-listen", daemon=True)
        thread.start()

        def close() -> None:
            stop.set()
            thread.join(timeout=2.0)

        return close

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


def describe(exc: BaseException) -> str:
    """A short reason for a store failure, for a 503's message and the health check."""
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0][:200]
    lowered = text.lower()
    if "readonly" in lowered or "read-only" in lowered or "read only" in lowered:
        return f"the database is read-only ({text})"
    if "locked" in lowered or "lock timeout" in lowered or "lock_timeout" in lowered:
        return "the database is locked by another process"
    if "disk" in lowered and ("full" in lowered or "space" in lowered):
        return f"the disk holding the database is full ({text})"
    return text
