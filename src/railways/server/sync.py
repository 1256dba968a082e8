"""Several server processes on one database: each keeps the games it has loaded level with
what the others store.

Before answering about a game or accepting an action, the server compares the stored
action count with its own (``GameManager.catch_up``) and applies what it lacks. For live
connections, :class:`Follower` notices other processes' actions without a request:
PostgreSQL announces each stored action (``LISTEN``/``NOTIFY`` on one channel), and with
SQLite, which cannot notify, the follower polls the action counts of the games that have
watchers a few times a second (one small query).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from railways.server.games import ApiError, GameHandle, GameManager

log = logging.getLogger("railways.server")

POLL_SECONDS = 0.25  # SQLite: how often the watched games' action counts are read
SAFETY_POLL_SECONDS = 5.0  # PostgreSQL: a notification lost with a dropped connection


class Follower:
    def __init__(self, manager: GameManager, poll_seconds: float = POLL_SECONDS) -> None:
        self.manager = manager
        self.poll_seconds = poll_seconds
        self._busy: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()

        def notified(game_id: str, count: int) -> None:  # from the listening thread
            loop.call_soon_threadsafe(self._notified, game_id, count)

        stop = await asyncio.to_thread(self.manager.store.listen, notified)
        interval = self.poll_seconds if stop is None else SAFETY_POLL_SECONDS
        try:
            while not self.manager.closing:
                await asyncio.sleep(interval)
                # A failing store is reported per request and on /api/health.
                with contextlib.suppress(ApiError):
                    await self._poll()
        finally:
            if stop is not None:
                await asyncio.to_thread(stop)
            for task in list(self._tasks):
                task.cancel()

    async def _poll(self) -> None:
        watched = [h for h in self.manager.loaded() if h.watchers and not h.dead]
        if not watched:
            return
        counts = await self.manager.call_store(
            self.manager.store.action_counts, [h.id for h in watched]
        )
        for handle in watched:
            if counts.get(handle.id, handle.index) > handle.index:
                self._refresh(handle)

    def _notified(self, game_id: str, count: int) -> None:
        handle = self.manager.loaded_game(game_id)
        if handle is not None and count > handle.index:
            self._refresh(handle)

    def _refresh(self, handle: GameHandle) -> None:
        if handle.id in self._busy or self.manager.closing:
            return
        self._busy.add(handle.id)
        task = asyncio.get_running_loop().create_task(self._catch_up(handle))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, handle: GameHandle) -> None:
        try:
            async with handle.lock:
                moved = await self.manager.catch_up(handle)
            if moved:
                self.manager.changed(handle)
        except ApiError:
            pass  # evicted (its watchers were told to reconnect) or the store is down
        except Exception:  # pragma: no cover - logged, the next poll tries again
            log.exception("could not follow game %s", handle.id)
        finally:
            self._busy.discard(handle.id)


async def stop_task(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task
