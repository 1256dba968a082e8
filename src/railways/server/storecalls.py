"""Store calls off the event loop, and what a failing store means for an answer.

Reads and writes run in two small thread pools of their own: a write waiting for a lock
held by another process (up to the store's busy timeout) occupies a write thread, while
reads (loading a game, the version check before each answer) go on. On SQLite, which
takes one writer at a time, the write pool has a single thread: this process's writes
queue there instead of contending for the file's lock, so a "locked" answer can only mean
another process holds it. Any failure other
than the store's own refusals (``UnknownGame``, ``StaleIndex``) becomes a 503 with the
reason, and is remembered for ``/api/health``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from railways.store import StaleIndex, UnknownGame
from railways.store.sql import describe

log = logging.getLogger("railways.server")

T = TypeVar("T")
WRITES = frozenset({"create_game", "append_action", "set_status", "add_chat", "set_setting"})


class StoreCalls:
    def __init__(self, readers: int = 8, writers: int = 4) -> None:
        self.readers = readers
        self.writers = writers
        self._reads: ThreadPoolExecutor | None = None
        self._writes: ThreadPoolExecutor | None = None
        self.problem: str | None = None  # the last failure's reason, until a write works
        self.problem_at = 0.0

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        write = getattr(fn, "__name__", "") in WRITES
        pool = self._pool(write)
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(pool, functools.partial(fn, *args))
        except (UnknownGame, StaleIndex):
            if write:
                self.problem = None
            raise
        except Exception as exc:
            reason = describe(exc)
            log.error("store call %s failed: %s", getattr(fn, "__name__", fn), reason)
            raise self.failed(reason, write) from None
        if write:
            self.problem = None
        return result

    def failed(self, reason: str, write: bool) -> Exception:
        """The 503 for a store call that failed with ``reason`` (made elsewhere: an import's
        write in a worker process), remembered for ``/api/health`` as this process's own."""
        from railways.server.games import ApiError  # games imports this module

        self.problem, self.problem_at = reason, time.monotonic()
        verb = "nothing was changed" if write else "try again shortly"
        return ApiError(503, f"the game store is unavailable: {reason}; {verb}")

    async def in_writer(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a write thread, as it is (no 503 made of its errors): for the
        health check's trial write, which must queue behind this process's writes too."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(True), functools.partial(fn, *args))

    def _pool(self, write: bool) -> ThreadPoolExecutor:
        # Made on first use, so that an application started again (tests do) has threads.
        if write:
            if self._writes is None:
                self._writes = ThreadPoolExecutor(self.writers, "railways-write")
            return self._writes
        if self._reads is None:
            self._reads = ThreadPoolExecutor(self.readers, "railways-read")
        return self._reads

    def close(self) -> None:
        for pool in (self._reads, self._writes):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._reads = self._writes = None
