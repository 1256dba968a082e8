"""The tables, as SQLAlchemy Core objects (the migrations create them)."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("map_id", sa.String(64), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("setup", sa.JSON, nullable=False),
    sa.Column("action_count", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

tokens = sa.Table(
    "tokens",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("seat", sa.Integer, nullable=True),  # NULL: the spectator token
    sa.Index("ix_tokens_game_id", "game_id"),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column(
        "game_id",
        sa.String(32),
        sa.ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

chat = sa.Table(
    "chat",
    metadata,
    sa.Column(
        "game_id",
        sa.String(32),
        sa.ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=True),  # NULL: a spectator
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("text", sa.String(500), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

# Per-game settings the table makes during play (not rules): stand-in bots, muted
# spectators, where to tell a seat that it is its turn. Never part of a record.
game_settings = sa.Table(
    "game_settings",
    metadata,
    sa.Column(
        "game_id",
        sa.String(32),
        sa.ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.JSON, nullable=False),
)
