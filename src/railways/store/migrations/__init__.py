"""Alembic migrations for the game store (run by ``railways.store.open_store``)."""
