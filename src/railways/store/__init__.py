"""Durable storage of games as records: the setup plus the list of accepted actions.

One interface (:class:`GameStore`) with one implementation on SQLAlchemy Core
(:class:`SqlStore`) for SQLite and PostgreSQL. The schema is created and
upgraded by the Alembic migrations shipped in ``railways.store.migrations``,
run by :func:`open_store`. The store never holds engine state, only records.
"""

from __future__ import annotations

from railways.store.base import (
    GameMeta,
    GameStore,
    SeatInfo,
    StaleIndex,
    StoreError,
    UnknownGame,
    hash_token,
)
from railways.store.sql import SqlStore, database_url, default_data_dir, open_store

__all__ = [
    "GameMeta",
    "GameStore",
    "SeatInfo",
    "SqlStore",
    "StaleIndex",
    "StoreError",
    "UnknownGame",
    "database_url",
    "default_data_dir",
    "hash_token",
    "open_store",
]
