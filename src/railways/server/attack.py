"""``railways bench server --attack``: replay the attacks of issues 10 and 30 against a
server on the loopback address and print what held.

Each attack is bounded in count and time (a few minutes in all, most of it the whole game
the hidden-information row plays). Against a server this command starts itself (no
``--url``), it also holds the SQLite database's write lock from outside for a few seconds,
as another process would, and starts servers of its own to race and to kill. It only
reports; it never fails.
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from railways.server.attack_names import ATTACK_NAMES

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
SEATS = [{"name": "A"}, {"name": "B"}, {"name": "C"}]


@dataclass
class Outcome:
    attack: str
    held: bool
    detail: str
    skipped: bool = False  # could not run here (the detail says why); never counts as held


def check_loopback(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    if parts.scheme != "http" or parts.hostname not in LOOPBACK:
        raise ValueError(f"--attack runs against http://127.0.0.1:PORT only, not {url!r}")
    return "127.0.0.1", parts.port or 80


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5)


def _closed(s: socket.socket) -> bool:
    """Has the server closed (or answered and closed) ``s``? Does not wait."""
    try:
        readable, _, _ = select.select([s], [], [], 0)
        if not readable:
            return False
        return s.recv(65536) == b""
    except OSError:
        return True


def _read_answer(s: socket.socket, timeout: float = 5.0) -> bytes:
    s.settimeout(timeout)
    data = b""
    with contextlib.suppress(OSError):
        while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
            part = s.recv(65536)
            if not part:
                break
            data += part
    return data


def _timed_get(url: str) -> tuple[int, float]:
    t0 = time.perf_counter()
    try:
        status = httpx.get(url, timeout=30).status_code
    except httpx.HTTPError:
        status = 0
    return status, time.perf_counter() - t0


def peak_memory_mb(pid: int | None) -> float | None:
    """The process's peak resident memory (Linux), in MB."""
    if pid is None:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def big_bodies(url: str, port: int, pid: int | None = None) -> list[Outcome]:
    out = []
    before = peak_memory_mb(pid)
    s = _connect(port)
    s.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 104857600\r\n\r\n{"
    )
    head = _read_answer(s)
    s.close()
    status = head[9:12].decode(errors="replace")
    out.append(
        Outcome("100 MB Content-Length, 1 byte sent", status == "413", f"answer {status or 'none'}")
    )
    # Four streamed bodies of up to 100 MB each, without Content-Length.
    sent_total = 0
    statuses = []
    chunk = b"100000\r\n" + b" " * 0x100000 + b"\r\n"
    for _ in range(4):
        s = _connect(port)
        s.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
            b"\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        answer = b""
        for _ in range(100):
            readable, _, _ = select.select([s], [], [], 0.01)
            if readable:
                answer = s.recv(65536)
                break
            try:
                s.sendall(chunk)
            except OSError:
                break
            sent_total += 1
        answer += _read_answer(s, 2.0)
        s.close()
        statuses.append(answer[9:12].decode(errors="replace") or "none")
    held = all(x == "413" for x in statuses)
    out.append(
        Outcome(
            "4 streamed 100 MB bodies",
            held,
            f"answers {', '.join(statuses)} after {sent_total} MiB sent in all",
        )
    )
    code, seconds = _timed_get(url + "/api/maps")
    after = peak_memory_mb(pid)
    memory = ""
    if before is not None and after is not None:
        memory = f"; server peak memory {before:.0f} MB before, {after:.0f} MB after"
    out.append(
        Outcome("server answers after them", code == 200, f"{seconds * 1000:.0f} ms{memory}")
    )
    return out


def slow_connections(url: str, port: int, count: int, wait: float) -> list[Outcome]:
    idle: list[socket.socket] = []
    refused = 0
    for _ in range(count):
        try:
            idle.append(_connect(port))
        except OSError:
            refused += 1
    trickle = []
    for _ in range(min(50, count)):
        with contextlib.suppress(OSError):
            s = _connect(port)
            s.sendall(b"GET /api/maps HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            trickle.append(s)
    status, seconds = _timed_get(url + "/api/maps")
    out = [
        Outcome(
            f"{len(idle)} idle + {len(trickle)} trickling connections open",
            status == 200 and seconds < 2,
            f"a new client's GET: {status or 'no answer'} in {seconds * 1000:.0f} ms"
            + (f"; {refused} connects refused" if refused else ""),
        )
    ]
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        for s in trickle:
            with contextlib.suppress(OSError):
                s.sendall(b"a")
        if all(_closed(s) for s in idle) and all(_closed(s) for s in trickle):
            break
        time.sleep(0.5)
    closed_idle = sum(_closed(s) for s in idle)
    closed_trickle = sum(_closed(s) for s in trickle)
    for s in idle + trickle:
        s.close()
    out.append(
        Outcome(
            f"closed by the server within {wait:.0f} s",
            closed_idle == len(idle) and closed_trickle == len(trickle),
            f"idle {closed_idle}/{len(idle)}, trickling {closed_trickle}/{len(trickle)}",
        )
    )
    return out


def create_flood(url: str, seconds: float, limit: int) -> list[Outcome]:
    codes: dict[int, int] = {}
    retry = None
    t0 = time.monotonic()
    with httpx.Client(base_url=url, timeout=10) as client:
        for _ in range(limit):
            if time.monotonic() - t0 > seconds:
                break
            r = client.post("/api/games", json={"seats": SEATS})
            codes[r.status_code] = codes.get(r.status_code, 0) + 1
            if r.status_code == 429 and retry is None:
                retry = r.headers.get("retry-after")
    took = time.monotonic() - t0
    made = codes.get(201, 0)
    sent = sum(codes.values())
    return [
        Outcome(
            f"{sent} game creations in {took:.1f} s from one client",
            codes.get(429, 0) > 0 and retry is not None and made < sent,
            f"created {made}, refused 429 {codes.get(429, 0)} (Retry-After {retry}), "
            f"other {sent - made - codes.get(429, 0)}",
        )
    ]


def websocket_flood(url: str, port: int, count: int) -> list[Outcome]:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    game = httpx.post(url + "/api/games", json={"seats": SEATS}, timeout=10)
    if game.status_code != 201:
        return [Outcome("WebSockets on one seat", False, f"could not create a game: {game.text}")]
    data = game.json()
    ws_url = f"ws://127.0.0.1:{port}/api/games/{data['id']}/ws?token={data['seats'][0]['token']}"
    live = []
    capped = 0
    with contextlib.ExitStack() as stack:
        for _ in range(count):
            try:
                ws = stack.enter_context(connect(ws_url, open_timeout=5))
                ws.recv(timeout=5)
                live.append(ws)
            except ConnectionClosed as exc:
                if exc.rcvd is not None and exc.rcvd.code == 4429:
                    capped += 1
            except (OSError, TimeoutError):
                pass
        opened = len(live)
    return [
        Outcome(
            f"{count} WebSockets on one seat",
            capped > 0 and opened < count,
            f"{opened} open, {capped} closed with 4429",
        )
    ]


@contextlib.contextmanager
def _write_lock(db: Path) -> Iterator[None]:
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def locked_database(url: str, db: Path, hold: float) -> list[Outcome]:
    games = [httpx.post(url + "/api/games", json={"seats": SEATS}, timeout=10) for _ in range(2)]
    if any(g.status_code != 201 for g in games):
        return [Outcome("database locked elsewhere", False, "could not create games")]
    first, second = (g.json() for g in games)
    token = None
    action = None
    for seat in first["seats"]:
        state = httpx.get(f"{url}/api/games/{first['id']}", params={"token": seat["token"]})
        legal = state.json()["legal"]
        if legal and legal["simple"]:
            token, action = seat["token"], legal["simple"][0]["action"]
            break
    answers: list[httpx.Response] = []
    post_time = [0.0]

    def post() -> None:
        t0 = time.perf_counter()
        answers.append(
            httpx.post(
                f"{url}/api/games/{first['id']}/actions",
                json={"token": token, "after": 0, "action": action},
                timeout=60,
            )
        )
        post_time[0] = time.perf_counter() - t0

    other = f"{url}/api/games/{second['id']}?token={second['seats'][0]['token']}"
    with _write_lock(db):
        thread = threading.Thread(target=post)
        thread.start()
        time.sleep(0.2)
        status, seconds = _timed_get(other)
        time.sleep(max(0.0, hold - 0.2 - seconds))
    thread.join(60)
    answer = answers[0] if answers else None
    message = answer.json().get("error", "") if answer is not None else ""
    return [
        Outcome(
            "another game while the database is locked",
            status == 200 and seconds < 1,
            f"GET {status} in {seconds * 1000:.0f} ms",
        ),
        Outcome(
            "an action while the database is locked",
            answer is not None and answer.status_code == 503,
            f"{answer.status_code if answer is not None else 'none'} in {post_time[0]:.1f} s: "
            f"{message}",
        ),
    ]


def headers(url: str) -> list[Outcome]:
    r = httpx.get(url + "/api/maps", timeout=10)
    wanted = {
        "content-security-policy": "frame-ancestors 'none'",
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "cache-control": "no-store",
    }
    missing = [k for k, v in wanted.items() if v not in r.headers.get(k, "")]
    return [
        Outcome(
            "policy headers on an API answer",
            not missing,
            "all present" if not missing else "missing: " + ", ".join(missing),
        )
    ]


def bad_names(url: str) -> list[Outcome]:
    names = {
        "U+FFFF": "non\uffff",
        "U+2028": "line\u2028sep",
        "39 combining marks": "Z" + "\u0301" * 39,
    }
    codes: dict[str, int] = {}
    with httpx.Client(base_url=url, timeout=10) as client:
        for label, name in names.items():
            seats = [{"name": name}, {"name": "B"}]
            codes[label] = client.post("/api/games", json={"seats": seats}).status_code
    return [
        Outcome(
            "names with " + ", ".join(names),
            all(code == 422 for code in codes.values()),
            ", ".join(f"{label}: {code}" for label, code in codes.items()),
        )
    ]


def import_flood(url: str, count: int = 4) -> list[Outcome]:
    codes = []
    with httpx.Client(base_url=url, timeout=30) as client:
        for _ in range(count):
            codes.append(client.post("/api/games/import", json={"record": {}}).status_code)
    return [
        Outcome(
            f"{count} imports at once from one client",
            429 in codes and 201 not in codes,
            "answers " + " ".join(str(c) for c in codes),
        )
    ]


def forwarded_flood(url: str, count: int = 30) -> list[Outcome]:
    codes: dict[int, int] = {}
    with httpx.Client(base_url=url, timeout=10) as client:
        for i in range(count):
            headers = {"X-Forwarded-For": f"198.51.100.{i % 250}"}
            r = client.post("/api/games", json={"seats": SEATS}, headers=headers)
            codes[r.status_code] = codes.get(r.status_code, 0) + 1
    return [
        Outcome(
            f"{count} creations, a new X-Forwarded-For each",
            codes.get(429, 0) > 0,
            f"created {codes.get(201, 0)}, refused 429 {codes.get(429, 0)}",
        )
    ]


def read_flood(url: str, count: int = 800) -> list[Outcome]:
    codes: dict[int, int] = {}
    retry = None
    t0 = time.monotonic()
    with httpx.Client(base_url=url, timeout=10) as client:
        for _ in range(count):
            r = client.get("/api/variants")
            codes[r.status_code] = codes.get(r.status_code, 0) + 1
            if r.status_code == 429 and retry is None:
                retry = r.headers.get("retry-after")
    return [
        Outcome(
            f"{count} reads in {time.monotonic() - t0:.1f} s from one client",
            codes.get(429, 0) > 0 and retry is not None,
            f"answered {codes.get(200, 0)}, refused 429 {codes.get(429, 0)} (Retry-After {retry})",
        )
    ]


@contextlib.contextmanager
def attack_server() -> Iterator[tuple[str, Path | None, int]]:
    """``railways serve`` with its default limits, on a free loopback port and a temporary
    SQLite data dir (or $RAILWAYS_DATABASE_URL, as ``railways serve`` takes it): its URL,
    SQLite file (None on another database: it cannot be locked from here) and process id."""
    import os

    from railways.server.spawn import served

    with served(log_level="error") as started:
        on_sqlite = not os.environ.get("RAILWAYS_DATABASE_URL")
        db = Path(started.data_dir) / "railways.sqlite3" if on_sqlite else None
        yield started.url, db, started.proc.pid


@dataclass(frozen=True)
class Target:
    """What an attack row is run against: the server's URL and port, its SQLite file (None
    on another database, or a server given with ``--url``), its process id (None for a
    server given with ``--url``) and the slow-connection row's count and wait."""

    url: str
    port: int
    db: Path | None = None
    pid: int | None = None
    connections: int = 500
    wait: float = 15.0

    @property
    def started_here(self) -> bool:
        return self.pid is not None


@dataclass(frozen=True)
class Attack:
    """One named row (or group of rows) of the suite: ``says`` is its progress line;
    ``needs`` what it cannot run without ("db": a SQLite file to lock, "started": a server
    this command started, so that it may start more on its database)."""

    name: str
    says: str
    run: Callable[[Target], list[Outcome]]
    needs: str = ""


def _token_rows(kind: str) -> Callable[[Target], list[Outcome]]:
    def run(target: Target) -> list[Outcome]:
        from railways.server import attack_tokens

        row: Callable[[str], list[Outcome]] = getattr(attack_tokens, f"token_{kind}")
        return row(target.url)

    return run


def _started_row(module: str, function: str) -> Callable[[Target], list[Outcome]]:
    def run(_target: Target) -> list[Outcome]:
        import importlib

        row: Callable[[], list[Outcome]] = getattr(
            importlib.import_module(f"railways.server.{module}"), function
        )
        return row()

    return run


# Every row, in the order a whole run takes them: the floods that use up this client's
# creations and reads come last.
ATTACKS: tuple[Attack, ...] = (
    Attack("headers", "policy headers", lambda t: headers(t.url)),
    Attack("bodies", "big bodies", lambda t: big_bodies(t.url, t.port, t.pid)),
    Attack(
        "slow-connections",
        "slow connections",
        lambda t: slow_connections(t.url, t.port, t.connections, t.wait),
    ),
    Attack("websockets", "WebSockets on one seat", lambda t: websocket_flood(t.url, t.port, 20)),
    Attack(
        "locked-database",
        "the database locked by another process",
        lambda t: locked_database(t.url, t.db, 3.0) if t.db is not None else [],
        needs="db",
    ),
    Attack("names", "names", lambda t: bad_names(t.url)),
    Attack(
        "xss",
        "markup in names, chat and an imported record, in Chromium",
        lambda t: _xss(t.url),
    ),
    Attack("imports", "imports", lambda t: import_flood(t.url)),
    Attack(
        "heavy-imports",
        "eight clients importing a 2,990-action record (about 40 s)",
        lambda t: heavy_import_rows(t.url, t.started_here),
    ),
    Attack("token-reads", "one seat token's reads from several addresses", _token_rows("reads")),
    Attack(
        "token-actions", "one seat token's actions from several addresses", _token_rows("actions")
    ),
    Attack("token-guessing", "guessed seat tokens", _token_rows("guessing")),
    Attack("token-timing", "wrong seat tokens timed", _token_rows("timing")),
    Attack(
        "hidden",
        "a whole game, every payload searched for secrets at every step (a few minutes)",
        lambda t: hidden_rows(t.url, t.started_here),
    ),
    Attack(
        "race",
        "two server processes racing for one game",
        _started_row("attack_race", "two_servers_race"),
        needs="started",
    ),
    Attack(
        "kill",
        "a server killed with SIGKILL during bursts of moves, and restarted",
        _started_row("attack_kill", "kill_during_bursts"),
        needs="started",
    ),
    Attack(
        "access-log",
        "seat tokens sent every way, the access log searched for them",
        _started_row("attack_log", "tokens_in_access_log"),
        needs="started",
    ),
    Attack("forwarded", "forwarded addresses", lambda t: forwarded_flood(t.url)),
    Attack(
        "creates",
        "game creation flood",
        lambda t: create_flood(t.url, 15.0, 300),  # it uses up this client's creations
    ),
    Attack("reads", "read flood", lambda t: read_flood(t.url)),  # it uses up its reads
)
if tuple(a.name for a in ATTACKS) != ATTACK_NAMES:  # pragma: no cover - caught by any import
    raise RuntimeError("attack_names.ATTACK_NAMES must list ATTACKS' names in their order")


def _xss(url: str) -> list[Outcome]:
    from railways.server.attack_xss import xss_in_chromium

    return xss_in_chromium(url)


def choose_attacks(only: str | None) -> tuple[Attack, ...]:
    """The rows named in ``only`` (comma-separated, in the suite's order), or every row
    when it is None; a ValueError naming the known rows for a name that is not one."""
    if only is None:
        return ATTACKS
    names = [n.strip() for n in only.split(",") if n.strip()]
    unknown = [n for n in names if n not in ATTACK_NAMES]
    if unknown or not names:
        what = f"unknown attack {', '.join(map(repr, unknown))}" if unknown else "no attack named"
        raise ValueError(f"{what}; the attacks are: {', '.join(ATTACK_NAMES)}")
    return tuple(a for a in ATTACKS if a.name in names)


def _cannot_run(attack: Attack, target: Target) -> str | None:
    """Why ``attack`` cannot run against ``target``, or None."""
    if attack.needs == "started" and not target.started_here:
        return "needs a server this command starts (not --url): it starts more on its database"
    if attack.needs == "db" and target.db is None:
        return "needs a SQLite file to lock: a server this command starts, on SQLite"
    return None


def run_attacks(
    url: str,
    db: Path | None = None,
    connections: int = 500,
    wait: float = 15.0,
    progress: Callable[[str], None] | None = None,
    pid: int | None = None,
    only: str | None = None,
) -> list[Outcome]:
    """Every attack against ``url`` (loopback only), or those named in ``only``
    (:func:`choose_attacks`); ``db``: the SQLite file, to lock it; ``pid``: the server's
    process, to read its peak memory. A row that cannot run here is left out of a whole
    run and reported skipped when it was named; a row that raises is reported FAILED with
    the error, and the rows after it still run."""
    attacks = choose_attacks(only)
    _host, port = check_loopback(url)
    target = Target(url, port, db, pid, connections, wait)
    say = progress or (lambda _text: None)
    out: list[Outcome] = []
    for attack in attacks:
        why_not = _cannot_run(attack, target)
        if why_not is not None:
            if only is not None:
                out.append(Outcome(attack.name, False, why_not, skipped=True))
            continue
        say(attack.says)
        try:
            out += attack.run(target)
        except Exception as exc:  # one row that could not finish must not lose the others
            out.append(Outcome(attack.name, False, f"did not finish: {type(exc).__name__}: {exc}"))
    return out


def heavy_import_rows(url: str, started_here: bool) -> list[Outcome]:
    """Other games' GETs while eight clients import a long record. A server started here
    for the other attacks would refuse all but two imports a minute from this one
    address, so this row gets a server of its own without request-rate limits (as the
    load benchmark's); against ``--url`` it runs on that server, limits and all."""
    from railways.server.bench import local_server
    from railways.server.import_load import heavy_imports

    if started_here:
        with local_server() as free:
            load = heavy_imports(free)
    else:
        load = heavy_imports(url)
    return [
        Outcome(
            "other games' GETs while 8 clients import a 2,990-action record",
            load.held(),
            load.detail(),
        )
    ]


def hidden_rows(url: str, started_here: bool) -> list[Outcome]:
    """The hidden-information row reads every payload of every seat at every step, several
    hundred times one client's read limit; a server started here gets it on a server of its
    own without request-rate limits, as the import row does (against ``--url`` the row waits
    out each 429)."""
    from railways.server.attack_hidden import hidden_every_step
    from railways.server.bench import local_server

    if started_here:
        with local_server() as free:
            return hidden_every_step(free)
    return hidden_every_step(url)


def report(outcomes: list[Outcome]) -> str:
    width = max(len(o.attack) for o in outcomes)
    lines = [f"{_verdict(o):7} {o.attack:{width}}  {o.detail}" for o in outcomes]
    held = sum(o.held for o in outcomes)
    skipped = sum(o.skipped for o in outcomes)
    lines.append(f"{held} of {len(outcomes)} held" + (f", {skipped} skipped" if skipped else ""))
    return "\n".join(lines)


def _verdict(outcome: Outcome) -> str:
    if outcome.skipped:
        return "skipped"
    return "held" if outcome.held else "FAILED"


def as_json(outcomes: list[Outcome]) -> str:
    return json.dumps([o.__dict__ for o in outcomes], indent=2)
