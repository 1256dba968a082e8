"""Limits that keep one client from using up the server: request bodies, request rates,
slow or idle connections.

* :class:`BodyLimit` (ASGI middleware) refuses a body over ``max_body`` bytes with 413
  before anything parses it: at once when ``Content-Length`` says so, else as soon as the
  streamed chunks add up to more. A body that trickles in slower than ``body_timeout``
  seconds is refused with 408.
* :class:`RateLimiter` is a token bucket per client address (POST /api/games and
  /api/games/import): 429 with ``Retry-After`` once a client's bucket is empty.
* :class:`RequestRates` (ASGI middleware) gives every client address a token bucket for
  reads (GETs of the API, WebSocket connections), one for actions (the API's other
  requests) and one for imports: 429 with ``Retry-After``, or WebSocket close code 4429,
  once one is empty. ``railways serve`` turns them on; :func:`create_app` has them off
  unless asked.
* :class:`TokenRates` gives every seat (and spectator) token the same read and action
  buckets as an address has, so one token spread over many addresses is still held to
  one client's rates, and every client address a bucket of wrong tokens: once it is
  empty, its requests that offer a token are refused before any token is compared.
* :func:`guarded_protocol` makes uvicorn's HTTP protocol close a connection that has not
  sent a complete request head within ``header_timeout`` seconds (slowloris: trickled
  bytes do not reset the clock) or whose head passes ``MAX_HEAD`` bytes (431), and keeps
  at most ``max_connections`` open: a new one pushes out the longest-idle connection (no
  request in progress), or is closed if none is idle.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

import orjson

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 2 * 1024 * 1024  # a long game's record is a few hundred kB
BODY_TIMEOUT = 30.0
HEADER_TIMEOUT = 10.0
# Bytes a request head may take. Counted per read, and one read is at most 256 kB, so a
# request whose body comes in the same read as its head is never mistaken for a big head.
MAX_HEAD = 512 * 1024
KEEP_ALIVE_TIMEOUT = 5  # uvicorn's own default
MAX_CONNECTIONS = 2000
CREATES_PER_MINUTE = 30.0
CREATE_BURST = 20
WEBSOCKETS_PER_SEAT = 8
# railways serve's request rates per client address (a minute, after a burst): a page
# reads a few times per move and a fast player moves every second or two, so these stop a
# script, not a player. Imports replay a whole record, seconds of CPU each: 2 a minute.
READS_PER_MINUTE = 1200.0
READ_BURST = 600
ACTIONS_PER_MINUTE = 600.0
ACTION_BURST = 300
IMPORTS_PER_MINUTE = 2.0
IMPORT_BURST = 2
# Tokens that do not belong to the game they are offered for, per client address: a
# person mistypes a link now and then; a script guessing tokens is stopped here (a token
# is 128 random bits, so guessing is hopeless anyway: this keeps it from costing us).
WRONG_TOKENS_PER_MINUTE = 10.0
WRONG_TOKEN_BURST = 20
IMPORT_PATH = "/api/games/import"


async def send_error(
    send: Send, status: int, message: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    """A complete JSON ``{"error": ...}`` answer, straight on the ASGI channel."""
    body = orjson.dumps({"error": message})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Read a request's body up to ``max_body`` bytes before the application sees it."""

    def __init__(
        self, app: ASGIApp, max_body: int = MAX_BODY, body_timeout: float = BODY_TIMEOUT
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        too_big = f"the request body is over the limit of {self.max_body} bytes"
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await send_error(send, 400, "malformed Content-Length")
                    return
                if declared > self.max_body:
                    await send_error(send, 413, too_big)
                    return
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.body_timeout
        while True:
            left = deadline - time.monotonic()
            try:
                message = await asyncio.wait_for(receive(), timeout=max(left, 0.001))
            except TimeoutError:
                await send_error(send, 408, "the request body came in too slowly")
                return
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await send_error(send, 413, too_big)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: wait for the disconnect, as usual

        await self.app(scope, replay, send)


class RateLimiter:
    """Token buckets per key: ``burst`` at once, then ``per_minute`` a minute."""

    def __init__(self, per_minute: float = CREATES_PER_MINUTE, burst: int = CREATE_BURST) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one token of ``key``'s bucket: 0.0 if allowed, else the seconds to wait."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        tokens, when = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            self._prune(now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def waiting(self, key: str, now: float | None = None) -> float:
        """The seconds until ``key`` has a token again (0.0: it has one), spending none."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        tokens, when = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def _prune(self, now: float) -> None:
        # Buckets that have refilled are the same as no bucket: forget them, so memory is
        # bounded by the clients of the last few minutes.
        if len(self._buckets) < 10_000:
            return
        full = (self.burst / self.rate) if self.rate else 0.0
        for key, (_tokens, when) in list(self._buckets.items()):
            if now - when > full:
                del self._buckets[key]


class RequestRates:
    """Counts each client address's requests to the API against three token buckets:
    ``reads`` (GET and HEAD, and opening a WebSocket), ``actions`` (every other method) and
    ``imports`` (POST /api/games/import, which takes from ``actions`` too). A request
    refused here reaches no route, so nothing stored changes. A limiter with a rate of 0
    counts nothing. Pages and static files are not counted."""

    def __init__(
        self,
        app: ASGIApp,
        reads: RateLimiter,
        actions: RateLimiter,
        imports: RateLimiter,
        imports_busy: Callable[[], float] | None = None,
    ) -> None:
        self.app = app
        self.reads = reads
        self.actions = actions
        self.imports = imports
        # Seconds to wait while the server is already replaying all the imports it takes
        # at once (0.0: not busy): such an import is refused before its body is read,
        # which for a long record is itself a stretch of the event loop's time.
        self.imports_busy = imports_busy

    def _wait(self, scope: Scope) -> tuple[float, str]:
        path: str = scope.get("path", "")
        if not path.startswith("/api/"):
            return 0.0, ""
        client = scope.get("client")
        who = str(client[0]) if client else "?"
        if scope["type"] == "websocket":
            return self.reads.take(who), f"too many connections from {who}"
        method = scope.get("method", "GET")
        if method in ("GET", "HEAD", "OPTIONS"):
            return self.reads.take(who), f"too many requests from {who}"
        if method == "POST" and path.rstrip("/") == IMPORT_PATH:
            busy = self.imports_busy() if self.imports_busy is not None else 0.0
            if busy:
                return busy, "the server is checking another imported record"
            wait = self.imports.take(who)
            if wait:
                return wait, f"too many imports from {who} (a record is replayed in full)"
        return self.actions.take(who), f"too many actions from {who}"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        wait, what = self._wait(scope)
        if not wait:
            await self.app(scope, receive, send)
            return
        seconds = retry_after(wait)
        message = f"{what}; try again in {seconds} s"
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": 4429, "reason": message[:120]})
            return
        await send_error(send, 429, message, [(b"retry-after", seconds.encode())])


@dataclass(frozen=True)
class Caller:
    """Who sent a request that offers a token: the client address, and whether it is an
    action (anything but a read)."""

    address: str
    write: bool


class TokenRates:
    """Per token read and action buckets, and per address wrong-token buckets (keys: the
    token's hash, never the token). A limiter with a rate of 0 counts nothing."""

    def __init__(self, reads: RateLimiter, actions: RateLimiter, wrong: RateLimiter) -> None:
        self.reads = reads
        self.actions = actions
        self.wrong = wrong

    def guessing(self, caller: Caller) -> float:
        """Seconds ``caller`` must wait for having offered too many wrong tokens (0.0: none)."""
        return self.wrong.waiting(caller.address)

    def wrong_token(self, caller: Caller) -> None:
        self.wrong.take(caller.address)

    def use(self, token_hash: str, caller: Caller) -> float:
        """Spend one of the token's reads or actions: 0.0, or the seconds to wait."""
        return (self.actions if caller.write else self.reads).take(token_hash)


def retry_after(seconds: float) -> str:
    return str(max(1, math.ceil(seconds)))


def guarded_protocol(
    base: type[asyncio.Protocol],
    header_timeout: float = HEADER_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class ``base`` (httptools or h11) with the header timeout
    and the connection cap; pass the result as ``uvicorn.Config(http=...)``."""

    class Guarded(base):  # type: ignore[valid-type,misc]
        _timer: asyncio.TimerHandle | None = None
        _idle_since: float = 0.0
        _head_bytes = 0

        def data_received(self, data: bytes) -> None:
            if self._timer is not None:  # still waiting for a complete request head
                self._head_bytes += len(data)
                if self._head_bytes > MAX_HEAD:
                    self._disarm()
                    self.transport.write(
                        b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                        b"content-length: 0\r\nconnection: close\r\n\r\n"
                    )
                    self.transport.close()
                    return
            super().data_received(data)

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self._arm()
            if len(self.connections) > max_connections:
                self._make_room()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def handle_events(self) -> None:  # h11: a request head may complete here
            super().handle_events()
            if self.cycle is not None and not self.cycle.response_complete:
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._idle_since = time.monotonic()
            self._head_bytes = 0
            self._timer = self.loop.call_later(header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _idle(self) -> bool:
            return self._timer is not None and (
                self.cycle is None or bool(self.cycle.response_complete)
            )

        def _too_slow(self) -> None:
            self._timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def _make_room(self) -> None:
            idle = [c for c in self.connections if isinstance(c, Guarded) and c._idle()]
            idle = [c for c in idle if c is not self]
            if not idle:
                self.transport.close()  # every other connection is busy: this one waits
                return
            oldest = min(idle, key=lambda c: c._idle_since)
            oldest._disarm()
            oldest.transport.close()

    Guarded.__name__ = f"Guarded{base.__name__}"
    Guarded.__qualname__ = Guarded.__name__
    return Guarded
