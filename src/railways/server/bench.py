"""``railways bench server``: many games played at once through the real HTTP API.

Each game is driven by one client coroutine that holds every seat's token:
it asks for the seat to act's view and legal actions (``GET``), picks one
(at random, or the first), and sends it (``POST .../actions``). It reports the
accepted actions per second and the latency of the requests, as the client
sees it (queueing included).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import ssl
import statistics
import time
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from railways.content.maps import DEFAULT_MAP
from railways.server.spawn import NO_LIMITS, served

try:
    from orjson import dumps as _dumps
    from orjson import loads as _loads
except ImportError:  # pragma: no cover - orjson is a dependency; this is only a fallback
    _loads = json.loads  # type: ignore[assignment]

    def _dumps(value: Any) -> bytes:  # type: ignore[misc]
        return json.dumps(value).encode()


_JSON = {"content-type": "application/json"}


def choose_from_legal(legal: dict[str, Any], rng: random.Random, first: bool = False) -> Any:
    """A legal action (its dict) from ``LegalActions.to_dict()``: a kind of move at random,
    then one move of that kind (so hundreds of candidate links do not drown the rest)."""
    seat = legal["seat"]
    groups: dict[str, list[dict[str, Any]]] = {}
    for option in legal["simple"]:
        groups.setdefault(option["action"]["kind"], []).append(option["action"])
    if legal["min_bid"] is not None and legal["min_bid"] <= 3:
        groups["bid"] = [{"kind": "bid", "seat": seat, "amount": legal["min_bid"]}]
    if legal["builds"]:
        groups["build_track"] = [b["action"] for b in legal["builds"]]
    deliveries = [r["action"] for d in legal["deliveries"] for r in d["routes"]]
    if deliveries:
        groups["deliver_goods"] = deliveries
    if not groups:
        return None
    if first:
        kind = "deliver_goods" if "deliver_goods" in groups else sorted(groups)[0]
        return groups[kind][0]
    if "pass_bid" in groups and "bid" in groups and rng.random() < 0.7:
        return groups["pass_bid"][0]  # keep auctions short
    kinds = sorted(groups)
    chosen = groups[kinds[rng.randrange(len(kinds))]]
    return chosen[rng.randrange(len(chosen))]


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@dataclass
class BenchResult:
    games: int
    seconds: float
    accepted: int = 0
    refused: int = 0
    stale: int = 0
    errors: int = 0
    finished: int = 0
    act_ms: list[float] = field(default_factory=list)
    get_ms: list[float] = field(default_factory=list)
    url: str = ""

    def report(self) -> str:
        rate = self.accepted / self.seconds if self.seconds else 0.0
        both = self.act_ms + self.get_ms
        lines = [
            f"server {self.url}: {self.games} concurrent games for {self.seconds:.1f} s",
            f"  accepted actions: {self.accepted} ({rate:.0f} actions/s); refused {self.refused}, "
            f"stale {self.stale}, errors {self.errors}; games finished {self.finished}",
            f"  POST action latency: p50 {_percentile(self.act_ms, 50):.1f} ms, "
            f"p99 {_percentile(self.act_ms, 99):.1f} ms, max {max(self.act_ms, default=0):.1f} ms",
            f"  GET state latency:   p50 {_percentile(self.get_ms, 50):.1f} ms, "
            f"p99 {_percentile(self.get_ms, 99):.1f} ms",
            f"  all requests:        p50 {_percentile(both, 50):.1f} ms, "
            f"p99 {_percentile(both, 99):.1f} ms"
            + (f", mean {statistics.fmean(both):.1f} ms" if both else ""),
        ]
        return "\n".join(lines)


@contextlib.contextmanager
def local_server(bot_delay: float = 0.0, data_dir: str | None = None) -> Iterator[str]:
    """``railways serve`` in a subprocess on a free port with a temporary SQLite data dir
    (or ``data_dir``; $RAILWAYS_DATABASE_URL, if set, takes the place of either), every
    limit off: every game of the benchmark is created and played from this one address."""
    args = ["--bot-delay", str(bot_delay), *NO_LIMITS]
    with served(args, data_dir=data_dir, log_level="warning") as started:
        yield started.url


async def _play(
    client: httpx.AsyncClient,
    result: BenchResult,
    players: int,
    rng: random.Random,
    stop: asyncio.Event,
    budget: list[int],
    think: float,
    first: bool,
) -> None:
    while not stop.is_set():
        seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(players)]
        r = await client.post(
            "/api/games",
            json={"map": DEFAULT_MAP, "seats": seats, "seed": rng.randrange(2**31)},
        )
        r.raise_for_status()
        game = r.json()
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        # URLs built once: httpx parses a URL string again on every request.
        base = str(client.base_url).rstrip("/")
        state_urls = [httpx.URL(f"{base}/api/games/{gid}?token={t}") for t in tokens]
        act_url = httpx.URL(f"{base}/api/games/{gid}/actions")
        to_act: int | None = 0
        while not stop.is_set() and to_act is not None:
            t0 = time.perf_counter()
            r = await client.get(state_urls[to_act])
            result.get_ms.append((time.perf_counter() - t0) * 1000)
            if r.status_code != 200:
                result.errors += 1
                return
            state = _loads(r.content)
            to_act = state["view"]["to_act"]
            if state["view"]["phase"] == "game_over" or to_act is None:
                result.finished += 1
                break
            if state["seat"] != to_act:
                continue  # the seat to act changed: ask again as that seat
            action = choose_from_legal(state["legal"], rng, first)
            index = state["action_index"]
            del state
            if action is None:
                result.errors += 1
                return
            if budget[0] <= 0:
                stop.set()
                break
            budget[0] -= 1
            t0 = time.perf_counter()
            body = _dumps({"token": tokens[to_act], "after": index, "action": action})
            r = await client.post(act_url, content=body, headers=_JSON)
            result.act_ms.append((time.perf_counter() - t0) * 1000)
            if r.status_code == 200:
                result.accepted += 1
                to_act = _loads(r.content)["view"]["to_act"]
            elif r.status_code == 400:
                result.refused += 1
            elif r.status_code == 409:
                result.stale += 1
            else:
                result.errors += 1
                return
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))


async def _bench(
    url: str,
    games: int,
    players: int,
    max_actions: int,
    seconds: float,
    think: float,
    first: bool,
    seed: int,
) -> BenchResult:
    result = BenchResult(games=games, seconds=0.0, url=url)
    stop = asyncio.Event()
    budget = [max_actions]
    # One client (one keep-alive connection) per game: httpx's pool scans all of its
    # connections on every request, which costs more than the request with 100 of them.
    # Certificates are loaded once (and not at all for plain http).
    verify: ssl.SSLContext | bool = (
        ssl.create_default_context() if url.startswith("https") else False
    )
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(
                    base_url=url,
                    timeout=60,
                    verify=verify,
                    limits=httpx.Limits(max_connections=2),
                )
            )
            for _ in range(games)
        ]
        start = time.perf_counter()
        tasks = [
            asyncio.create_task(
                _play(
                    client,
                    result,
                    players,
                    random.Random(seed * 1000 + i),
                    stop,
                    budget,
                    think,
                    first,
                )
            )
            for i, client in enumerate(clients)
        ]
        done, _pending = await asyncio.wait(tasks, timeout=seconds)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        result.seconds = time.perf_counter() - start
        for task in done:
            if task.exception() is not None:
                result.errors += 1
    return result


def run_bench(
    games: int = 100,
    players: int = 4,
    url: str | None = None,
    max_actions: int = 3000,
    seconds: float = 60.0,
    think: float = 0.0,
    player: str = "random",
    seed: int = 1,
) -> BenchResult:
    """Run the benchmark against ``url``, or against a server started here for it."""
    first = player == "first"
    # The clients hold a hundred parsed states of thousands of objects each; the cyclic
    # garbage collector would scan them all again and again. They hold no cycles.
    gc.collect()
    gc.disable()
    try:
        return _run(url, games, players, max_actions, seconds, think, first, seed)
    finally:
        gc.enable()


def _event_loop_run(coro: Coroutine[Any, Any, BenchResult]) -> BenchResult:
    """asyncio.run, on uvloop when it is installed (it comes with uvicorn[standard])."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(coro)
    return uvloop.run(coro)


def _run(
    url: str | None,
    games: int,
    players: int,
    max_actions: int,
    seconds: float,
    think: float,
    first: bool,
    seed: int,
) -> BenchResult:
    if url is not None:
        return _event_loop_run(
            _bench(url.rstrip("/"), games, players, max_actions, seconds, think, first, seed)
        )
    with local_server() as started:
        return _event_loop_run(
            _bench(started, games, players, max_actions, seconds, think, first, seed)
        )
