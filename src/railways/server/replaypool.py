"""Replaying whole records in worker processes, so that no replay holds this process's
interpreter lock while other games wait for an answer.

An import (``POST /api/games/import``) and the load of a stored game that is not in memory
both replay a whole record: for a long one, a fraction of a second to seconds of CPU. In a
thread that time is taken from the event loop too (the interpreter runs one thread at a
time), so every other game's answers wait; in a process of its own they do not. The event
loop only awaits the result. An import is done in the worker from end to end, body bytes
to stored game (:mod:`railways.server.importer`); a load is described here.

For a load, a worker returns the replayed game pickled without the parts a game never
changes (board, ruleset, action kinds, options: :data:`SHARED`). The server sets the
record's game up afresh (milliseconds), and the pickle's references to those parts are
given this process's own: the game is the one the worker replayed, and shares the board and rules
with every other game of its map here, as a game set up here would.

On a machine with few cores the workers and the server want the same ones, so the server
keeps the upper hand by design: one worker on two cores (:func:`default_workers`), each
worker at a lower priority (:data:`WORKER_NICENESS`), and the game unpickled in a thread
rather than in one block on the event loop.

The pool is started on first use (``forkserver``: workers forked from a clean process that
has imported the engine once, never from the server with its threads and sockets; ``spawn``
where there is no forkserver) and shut down with the application.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from railways.core.errors import RecordError
from railways.core.game import Game
from railways.core.record import GameRecord
from railways.rules.records import game_from_record

log = logging.getLogger("railways.server")

# The game's parts that are the same for every game of one map and rules (Game.copy shares
# them too), and its caches of derived work (rebuilt on demand): not sent back.
SHARED = ("board", "ruleset", "turns", "deck_effects", "kinds", "edge_costs", "options")
DERIVED = "derived"
Undos = tuple[int, int, int]
# What a worker answers: ("ok", the record without its actions, the pickled game, the undo
# counter, the worker's pid) or ("refused", where, why, pid) for a RecordError (an
# exception of its own would not survive pickling with its two fields).
Answer = tuple[Any, ...]


def default_workers() -> int:
    """One process per spare core this process may run on, at least one, at most four:
    the server's own process keeps a core for the event loop (on two cores, one worker)."""
    return max(1, min(4, usable_cores() - 1))


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity: a container's or ``taskset``'s
    share, not the machine's count where the system says)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


class _GamePickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, game: Game) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._names = {id(getattr(game, name)): name for name in SHARED}
        self._names[id(game.derived)] = DERIVED

    def persistent_id(self, obj: Any) -> str | None:
        return self._names.get(id(obj))


class _GameUnpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, skeleton: Game) -> None:
        super().__init__(file)
        self._skeleton = skeleton

    def persistent_load(self, pid: Any) -> Any:
        if pid == DERIVED:
            return {}
        if pid not in SHARED:
            raise pickle.UnpicklingError(f"unknown shared part {pid!r}")
        return getattr(self._skeleton, pid)


def dump_game(game: Game) -> bytes:
    """``game`` pickled without its :data:`SHARED` parts and caches."""
    out = io.BytesIO()
    _GamePickler(out, game).dump(game)
    return out.getvalue()


def load_game(blob: bytes, setup: GameRecord) -> Game:
    """The game of :func:`dump_game`, given the shared parts of ``setup``'s game set up here."""
    skeleton = game_from_record(dataclasses.replace(setup, actions=()))
    game = _GameUnpickler(io.BytesIO(blob), skeleton).load()
    if not isinstance(game, Game):
        raise pickle.UnpicklingError(f"a replay worker sent a {type(game).__name__}")
    return game


def replay_stored(data: dict[str, Any]) -> Answer:
    """In a worker: a record read back from the store, replayed."""
    return _replayed(data, GameRecord.from_dict)


def _replayed(data: dict[str, Any], parse: Callable[[dict[str, Any]], GameRecord]) -> Answer:
    from railways.server.games import replay_record  # games imports this module

    try:
        record = parse(data)
        game, undos = replay_record(record)
    except RecordError as exc:
        return ("refused", exc.where, exc.message, os.getpid())
    setup = dataclasses.replace(record, actions=())
    return ("ok", setup, dump_game(game), undos, os.getpid())


# What tells a process where boards and plug-ins are: a worker forked from a fork server
# started earlier (by another app in this process) would not see a later setting.
FINDING_VARS = ("RAILWAYS_PLUGINS", "RAILWAYS_MAPS_PATH")
# How much a worker lowers its own scheduling priority (``os.nice``): where the workers
# and the server want the same cores, the server's answers to other games come first and
# a replay takes what is left.
WORKER_NICENESS = 10


def _finding_settings() -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in FINDING_VARS}


def start_worker(pid: int, settings: dict[str, str | None], path: list[str]) -> None:
    """In a worker: find boards and plug-ins as the server does now (its environment
    and import path when the pool was made), lower its priority by
    :data:`WORKER_NICENESS`, and exit when the server does."""
    for name, value in settings.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    sys.path[:] = [*path, *(p for p in sys.path if p not in path)]
    os.nice(WORKER_NICENESS)
    watch_server(pid)


def watch_server(pid: int, every: float = 0.5) -> None:
    """In a worker: exit once the server process ``pid`` has (killed with SIGKILL, it
    cannot shut the pool down, and a worker would otherwise wait for work forever, holding
    the server's standard error open)."""

    def watch() -> None:
        while _alive(pid):
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="railways-watch-server", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: ours has gone, its number reused
        return False
    try:  # a process that has exited but is not yet reaped is a zombie ("Z")
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: the signal test is all there is
    return stat.rpartition(")")[2].split()[0] != "Z"


class PoolStopped(Exception):
    """The worker processes stopped (killed, out of memory) before answering."""


class ReplayPool:
    """A process pool for replays, started on first use; ``close`` shuts it down."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None
        self.worker_pids: set[int] = set()  # every process that answered (for tests, health)

    async def run(
        self, check: Callable[[dict[str, Any]], Answer], data: dict[str, Any]
    ) -> tuple[GameRecord, Game, Undos]:
        """``check(data)`` in a worker (:func:`replay_stored`): the record without its
        actions, its game and undo counter. Raises RecordError as the worker found it,
        PoolStopped if the workers died first."""
        answer = await self.call(check, data)
        if answer[0] == "refused":
            raise RecordError(answer[1], answer[2])
        _ok, setup, blob, undos, _pid = answer
        # Tens of milliseconds for a long record: in a thread, which hands the interpreter
        # back to the event loop at each switch interval, not in one block on the loop.
        game = await asyncio.to_thread(load_game, blob, setup)
        return setup, game, undos

    async def call(self, fn: Callable[..., Answer], *args: Any) -> Answer:
        """``fn(*args)`` in a worker, its answer as it is (a tuple ending with the worker's
        pid). Raises PoolStopped if the workers died first."""
        executor = self._executor()
        try:
            # A submit may start processes (the first one, the fork server: seconds of
            # importing the engine), so it is made from a thread, never the event loop.
            future = await asyncio.to_thread(executor.submit, fn, *args)
            answer = await asyncio.wrap_future(future)
        except BrokenExecutor:
            self._discard()  # the next call starts fresh workers
            raise PoolStopped("the processes that check records stopped") from None
        self.worker_pids.add(answer[-1])
        return answer

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=_context(),
                initializer=start_worker,
                initargs=(os.getpid(), _finding_settings(), list(sys.path)),
            )
        return self._pool

    def _discard(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers, waiting (in a thread) for a replay still running to end: a pool
        left to the interpreter's exit leaks its queues' semaphores."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # The fork server imports the engine once; each worker forked from it has it.
        context.set_forkserver_preload(["railways.server.games"])
        return context
    return multiprocessing.get_context("spawn")
