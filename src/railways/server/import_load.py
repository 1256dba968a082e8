"""Other games' reads while clients import long records: the attack row of issue 30.

:func:`undo_heavy` makes the costliest record a server takes: a 4-player Eastern U.S. game
where every seat that may build builds and undoes up to the 50 undos a turn allows, to
about 3,000 actions (the cap). :func:`heavy_imports` times one client's GETs of other games
while idle, then while ``clients`` clients import that record again and again (each
waiting only as long as a refusal's Retry-After says), and says whether their p99 stayed
within twice the idle one and every import was either taken (201) or refused at once (429).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import httpx
import orjson

from railways.content.maps import DEFAULT_MAP
from railways.core.actions import BuildTrack, Undo
from railways.core.legal import legal_actions, sample_action
from railways.core.record import GameRecord
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.records import record_of

IMPORT_PATH = "/api/games/import"
AT_ONCE_S = 1.0  # a refusal slower than this was not "at once"
BOARDS_WITHIN_S = 300.0  # how long to wait for a new server's boards before measuring
FIRST_IMPORT_S = 300.0  # how long the first import (it starts the workers) may take


def undo_heavy(actions: int = 2990, seed: int = 1) -> GameRecord:
    """A random 4-player Eastern U.S. game in which, whenever the seat to act may build, it
    builds and undoes up to 49 times before it acts, until the record has ``actions``."""
    game = new_game(DEFAULT_MAP, players=4, seed=seed)
    rng = Rng(seed)
    undos: dict[tuple[int, int], int] = {}  # (turn, seat) -> undos so far
    while len(game.actions) < actions and not game.over:
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        key = (game.state.turn, seat)
        while isinstance(action, BuildTrack) and undos.get(key, 0) < 49:
            if len(game.actions) + 3 > actions:
                break
            game.apply(action)
            if game.undo_allowed(seat) is not None:
                break
            game.apply(Undo(seat=seat))
            undos[key] = undos.get(key, 0) + 1
        if game.to_act != seat or len(game.actions) >= actions:
            continue
        legal_actions(game, seat)
        game.apply(action)
    return record_of(game)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


@dataclass
class ImportLoad:
    """What :func:`heavy_imports` saw; times in milliseconds."""

    idle_ms: list[float] = field(default_factory=list)
    busy_ms: list[float] = field(default_factory=list)
    codes: dict[int, int] = field(default_factory=dict)
    refusal_ms: list[float] = field(default_factory=list)
    import_ms: list[float] = field(default_factory=list)
    read_errors: int = 0

    def held(self) -> bool:
        answered = set(self.codes) <= {201, 429} and self.codes.get(201, 0) > 0
        at_once = max(self.refusal_ms, default=0.0) <= AT_ONCE_S * 1000
        p99_idle, p99_busy = percentile(self.idle_ms, 99), percentile(self.busy_ms, 99)
        return answered and at_once and not self.read_errors and p99_busy <= 2 * p99_idle

    def detail(self) -> str:
        codes = ", ".join(f"{code}: {n}" for code, n in sorted(self.codes.items()))
        return (
            f"GET median/p99 idle {percentile(self.idle_ms, 50):.1f}/"
            f"{percentile(self.idle_ms, 99):.1f} ms, during {percentile(self.busy_ms, 50):.1f}/"
            f"{percentile(self.busy_ms, 99):.1f} ms ({len(self.busy_ms)} GETs); imports {codes}, "
            f"429 median/slowest {percentile(self.refusal_ms, 50):.0f}/"
            f"{max(self.refusal_ms, default=0.0):.0f} ms, 201 median/slowest "
            f"{percentile(self.import_ms, 50):.0f}/{max(self.import_ms, default=0.0):.0f} ms"
        )


def heavy_imports(url: str, clients: int = 8, seconds: float = 15.0) -> ImportLoad:
    """Against ``url`` (a server without request-rate limits, or one whose limits allow
    this client a few hundred reads): four other games' states read one after another
    for ``seconds`` idle, then for ``seconds`` while ``clients`` threads import
    :func:`undo_heavy`'s record again and again, each waiting only as long as a refusal's
    Retry-After says."""
    body = orjson.dumps({"record": undo_heavy().to_dict()})
    seats = [{"name": "A"}, {"name": "B"}, {"name": "C"}]
    out = ImportLoad()
    with httpx.Client(base_url=url, timeout=60) as reader:
        games = [reader.post("/api/games", json={"seats": seats}).json() for _ in range(4)]
        targets = [(g["id"], g["spectator"]["token"]) for g in games]
        # One import first: a server that has taken one has its replay workers running
        # (starting them is a one-off of a few seconds in a process of their own). Its
        # worker runs at a lower priority: on a machine loaded by other work it may take
        # minutes, which is not what this row measures.
        reader.post(
            IMPORT_PATH,
            content=body,
            headers={"content-type": "application/json"},
            timeout=FIRST_IMPORT_S,
        )
        # A server just started computes the other boards' route tables in a thread for
        # tens of seconds after it says it is warm: an idle window then is not idle.
        _wait_for_boards(reader, BOARDS_WITHIN_S)
        _read_for(reader, targets, seconds, out.idle_ms, out)
        stop = threading.Event()
        lock = threading.Lock()
        threads = [
            threading.Thread(target=_import_until, args=(url, body, stop, lock, out))
            for _ in range(clients)
        ]
        for thread in threads:
            thread.start()
        try:
            _read_for(reader, targets, seconds, out.busy_ms, out)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
    return out


def _wait_for_boards(client: httpx.Client, within: float) -> None:
    """Until the server says every board is warm (``/api/health``'s ``boards_warm``; a
    server that does not say is taken as warm), at most ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if client.get("/api/health").json().get("boards_warm", True) is not False:
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.5)


def _read_for(
    client: httpx.Client,
    targets: list[tuple[str, str]],
    seconds: float,
    times: list[float],
    out: ImportLoad,
) -> None:
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        game_id, token = targets[i % len(targets)]
        i += 1
        t0 = time.perf_counter()
        r = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
        times.append((time.perf_counter() - t0) * 1000)
        if r.status_code != 200:
            out.read_errors += 1


def _import_until(
    url: str, body: bytes, stop: threading.Event, lock: threading.Lock, out: ImportLoad
) -> None:
    headers = {"content-type": "application/json"}
    with httpx.Client(base_url=url, timeout=120) as client:
        while not stop.is_set():
            t0 = time.perf_counter()
            retry = 0.0
            try:
                answer = client.post(IMPORT_PATH, content=body, headers=headers)
                code = answer.status_code
                retry = float(answer.headers.get("retry-after", 0))
            except (httpx.HTTPError, ValueError):
                code = 0
            took = (time.perf_counter() - t0) * 1000
            with lock:
                out.codes[code] = out.codes.get(code, 0) + 1
                if code == 429:
                    out.refusal_ms.append(took)
                elif code == 201:
                    out.import_ms.append(took)
            stop.wait(retry)  # as a client told to come back later does
