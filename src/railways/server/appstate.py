"""What the routes of one server share: a typed object on ``app.state.server``.

``create_app`` makes one :class:`ServerState` per application; each router's handlers take
it as a dependency (``server: Server``) instead of reading variables of an enclosing
function, so the routers live in modules of their own (``railways.server.routes``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from railways.server import limits
from railways.server.games import ApiError, GameManager
from railways.server.limits import RateLimiter, retry_after
from railways.store import GameStore

# How long a store write check stays fresh for /api/health (seconds).
STORE_CHECK_SECONDS = 2.0


@dataclass(eq=False)
class ServerState:
    """The store, the referee over it, the limits and what the server knows about itself."""

    store: GameStore
    manager: GameManager
    static: Path  # the browser UI's files
    create_limit: RateLimiter  # games one address may create or import
    chat_limit: RateLimiter  # messages one token may post
    websockets_per_seat: int
    tune_gc: bool = False
    close_store: bool = True
    # Live WebSockets by (game, seat); the spectator link is seat None.
    sockets: dict[tuple[str, int | None], int] = field(default_factory=dict)
    warm: bool = False  # the default board's route tables are computed
    boards_warm: bool = False  # every board's are (a thread computes them after it)
    store_problem: str | None = None  # why the store takes no writes (None: it does)
    store_checked: float = 0.0  # time.monotonic() of the last check

    def take_create(self, request: Request) -> None:
        """Count a game created or imported from the request's address (429 beyond)."""
        client = request.client.host if request.client else "?"
        wait = self.create_limit.take(client)
        if wait:
            raise ApiError(
                429,
                f"too many games created from {client}; try again in {retry_after(wait)} s",
                headers={"Retry-After": retry_after(wait)},
            )

    async def check_store(self) -> None:
        """Ask the store whether it takes writes; a failing check is itself the answer."""
        self.store_checked = time.monotonic()
        try:
            problem = await self.manager.store_calls.in_writer(self.store.write_problem)
        except Exception as exc:
            problem = f"the store cannot be checked: {exc}"
        self.store_problem = problem

    def store_check_stale(self) -> bool:
        stale = time.monotonic() - self.store_checked > STORE_CHECK_SECONDS
        return stale or bool(self.manager.store_calls.problem)


async def server_state(connection: HTTPConnection) -> ServerState:
    """The state of the application that received ``connection`` (HTTP or WebSocket).

    Async on purpose: FastAPI runs a plain function dependency in its thread pool, where
    it would wait behind store calls blocked on a lock (tests/server/test_store_faults.py)."""
    state = connection.app.state.server
    assert isinstance(state, ServerState)
    return state


# A route's parameter ``server: Server`` receives the application's state.
Server = Annotated[ServerState, Depends(server_state)]


def caller(connection: HTTPConnection) -> limits.Caller:
    """Who sent this request, for the token limits: a WebSocket counts as a read."""
    address = connection.client.host if connection.client else "?"
    method = connection.scope.get("method", "GET")
    return limits.Caller(address, write=method not in ("GET", "HEAD", "OPTIONS"))


def json_response(text: str, status: int = 200) -> Response:
    """An answer already serialised (a seat's view is written once and sent as is)."""
    return Response(content=text, status_code=status, media_type="application/json")
