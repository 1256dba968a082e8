"""The game server: the HTTP/WebSocket API of docs/api.md over a game store."""

from __future__ import annotations

from railways.server.app import create_app

__all__ = ["create_app"]
