"""Alembic environment: run on the connection that ``railways.store`` hands in."""

from __future__ import annotations

from alembic import context

from railways.store.schema import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - the store always passes its connection
    raise RuntimeError("run the store's migrations through railways.store.open_store")

context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
