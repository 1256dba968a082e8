"""The HTTP and WebSocket API of ``docs/api.md`` (FastAPI), and the browser UI's files.

``create_app(store)`` builds the application over a game store; ``railways
serve`` runs it with uvicorn. Every answer about a game carries only the
asking seat's view (spectators: the public one); refusals are JSON
``{"error": ...}`` with a 4xx status, never a 500.

The routes are routers by concern in ``railways.server.routes``; what they share (the
store, the referee, the limits) is one :class:`~railways.server.appstate.ServerState` on
``app.state.server``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware

from railways import __version__
from railways.content.maps import DEFAULT_MAP, load_map
from railways.core.legal import long_routes, static_routes
from railways.server import catalogue, limits, table
from railways.server.appstate import ServerState
from railways.server.auth import install_log_redaction
from railways.server.errors import install_error_handlers
from railways.server.games import GameManager
from railways.server.limits import BodyLimit, RateLimiter, RequestRates
from railways.server.payload import GZIP_MIN
from railways.server.routes import ROUTERS
from railways.server.routes.pages import WEB_STATIC, mount_static
from railways.server.security import SecurityHeaders
from railways.server.signing import key_directory, load_or_create_key
from railways.server.sync import Follower, stop_task
from railways.store import GameStore

# Seconds a thread running Python may keep the interpreter while another waits for it (the
# default is 5 ms): an import's store write in a thread then delays the event loop, and
# every other game's answer, by at most this much at a time.
SWITCH_INTERVAL = 0.001

log = logging.getLogger("railways.server")


def create_app(
    store: GameStore,
    *,
    bot_delay: float = 0.6,
    static_dir: Path | None = None,
    close_store: bool = True,
    tune_gc: bool = False,
    max_loaded: int = 1000,
    max_body: int = limits.MAX_BODY,
    creates_per_minute: float = limits.CREATES_PER_MINUTE,
    create_burst: int = limits.CREATE_BURST,
    websockets_per_seat: int = limits.WEBSOCKETS_PER_SEAT,
    data_dir: Path | None = None,
    notices: table.TurnNotices | None = None,
    reads_per_minute: float = 0.0,
    actions_per_minute: float = 0.0,
    imports_per_minute: float = 0.0,
    rate_bursts: tuple[int, int, int] = (
        limits.READ_BURST,
        limits.ACTION_BURST,
        limits.IMPORT_BURST,
    ),
) -> FastAPI:
    """The application over ``store``; bots wait ``bot_delay`` seconds before each move.

    ``tune_gc`` (for a server process of its own): after the boards' route tables are
    computed, move them out of the garbage collector's sight and collect less often, since
    live games hold many objects and no cycles worth chasing every few milliseconds; and
    make a thread running Python hand the interpreter over every :data:`SWITCH_INTERVAL`.

    ``max_body``: the largest request body in bytes (413 beyond). ``creates_per_minute``
    and ``create_burst``: how many games one client address may create or import (429
    with Retry-After beyond; 0 turns the limit off). ``websockets_per_seat``: live
    connections one seat (or the spectator link) may hold on one game.
    ``reads_per_minute``, ``actions_per_minute``, ``imports_per_minute``: each client
    address's request rates (limits.RequestRates; 429 or WebSocket close 4429 beyond), after
    the bursts ``rate_bursts`` (reads, actions, imports); 0 (the default here;
    ``railways serve`` turns them on) counts nothing.

    ``data_dir``: where the key that signs exported records is kept (default: beside the
    SQLite file, else the default data dir; railways.server.signing).
    """
    key_dir = key_directory(str(getattr(store, "url", "")), data_dir)
    try:
        key = None if key_dir is None else load_or_create_key(key_dir)
    except (OSError, ValueError) as exc:  # a read-only or broken data dir: still serve
        log.warning("records will be signed with a key for this run only: %s", exc)
        key = None
    manager = GameManager(store, bot_delay, max_loaded, signing_key=key, notices=notices)
    install_log_redaction()
    server = ServerState(
        store=store,
        manager=manager,
        static=static_dir or WEB_STATIC,
        create_limit=RateLimiter(creates_per_minute, create_burst),
        chat_limit=RateLimiter(table.CHAT_PER_MINUTE, table.CHAT_BURST),
        websockets_per_seat=websockets_per_seat,
        tune_gc=tune_gc,
        close_store=close_store,
    )
    app = FastAPI(
        title="Railways of the World",
        version=__version__,
        description="The game server: see docs/api.md.",
        lifespan=_lifespan,
    )
    app.state.server = server
    app.state.manager = manager  # the referee, for scripts and tests that reach in
    # Added innermost first: gzip wraps the routes (a seat's state is ~100-200 KB of JSON,
    # a tenth of that gzipped; WebSocket updates use permessage-deflate instead), then the
    # body limit, then the security headers, which go on every answer, the 413s included.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN)
    app.add_middleware(BodyLimit, max_body=max_body)
    app.add_middleware(
        RequestRates,
        reads=RateLimiter(reads_per_minute, rate_bursts[0]),
        actions=RateLimiter(actions_per_minute, rate_bursts[1]),
        imports=RateLimiter(imports_per_minute, rate_bursts[2]),
        imports_busy=manager.imports_busy,
    )
    app.add_middleware(SecurityHeaders)
    # The same rates per seat token; wrong tokens limited whenever reads are.
    manager.token_rates = limits.TokenRates(
        reads=RateLimiter(reads_per_minute, rate_bursts[0]),
        actions=RateLimiter(actions_per_minute, rate_bursts[1]),
        wrong=RateLimiter(
            limits.WRONG_TOKENS_PER_MINUTE if reads_per_minute else 0.0, limits.WRONG_TOKEN_BURST
        ),
    )
    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    mount_static(app, server.static)
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Warm the boards, resume the bots' games and follow other processes' writes while
    the server runs; close the referee (and the store, unless told not to) after."""
    server: ServerState = app.state.server
    manager = server.manager
    loop = asyncio.get_running_loop()
    if server.tune_gc:
        sys.setswitchinterval(SWITCH_INTERVAL)
    warm = loop.create_task(asyncio.to_thread(_warm_up, server))
    resume = loop.create_task(manager.resume())
    follow = loop.create_task(Follower(manager).run())
    await server.check_store()
    if server.store_problem:
        log.warning("the game store cannot be written: %s", server.store_problem)
    try:
        yield
    finally:
        await stop_task(follow)
        resume.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await resume
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await warm
        await manager.close()
        manager.store_calls.close()
        if server.close_store:
            server.store.close()


def _warm_up(server: ServerState) -> None:
    """Compute each board's candidate-route tables once, before the first player needs them.

    The default board first: the server reports itself warm (``/api/health``) as soon as
    it is ready, and the other boards follow in the same thread (a dozen boards take tens of
    seconds; one that a game needs before its turn here is computed on first use)."""
    ids = sorted(e["id"] for e in catalogue.maps())
    ids.sort(key=lambda i: i != DEFAULT_MAP)
    for n, map_id in enumerate(ids):
        board = load_map(map_id)
        for tiles in (4, 5):
            static_routes(board, tiles)
            long_routes(board, tiles)
        if n == 0:
            if server.tune_gc:
                gc.collect()
                gc.set_threshold(20_000, 20, 50)
            server.warm = True
    if server.tune_gc:
        gc.collect()
        gc.freeze()
    server.boards_warm = True
