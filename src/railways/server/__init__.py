"""The game server: the HTTP/WebSocket API of docs/api.md over a game store."""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so that the command line can read this package's limits
    # (railways.server.limits) without loading FastAPI.
    if name == "create_app":
        from railways.server.app import create_app

        return create_app
    raise AttributeError(name)
