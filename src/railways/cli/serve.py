"""``railways serve`` (the game server) and ``railways bench server`` (its load test)."""

from __future__ import annotations

import contextlib
import os
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from railways.content.maps import DEFAULT_MAP
from railways.server import limits
from railways.server.attack_names import ATTACK_NAMES

F = TypeVar("F", bound=Callable[..., Any])

BUSY_TIMEOUT = 2.0  # railways.store.sql.BUSY_TIMEOUT, without importing SQLAlchemy here


def _per_minute(flag: str, default: float, burst: int, what: str) -> Callable[[F], F]:
    """A rate limit's option: ``what`` a minute after a burst of ``burst``; 0 lifts it."""
    return click.option(
        flag,
        default=default,
        show_default=True,
        type=click.FloatRange(min=0),
        help=f"{what}, after a burst of {burst} (429 beyond; 0: no limit).",
    )


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder of the SQLite database railways.sqlite3 (default: $RAILWAYS_DATA_DIR, "
    "else ~/.local/share/railways).",
)
@click.option(
    "--database-url",
    default=None,
    envvar="RAILWAYS_DATABASE_URL",
    help="Use this database instead of SQLite, e.g. postgresql://user:pass@host/db.",
)
@click.option(
    "--bot-delay",
    default=0.6,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds a bot waits before each move.",
)
@click.option("--log-level", default="info", show_default=True, help="uvicorn's log level.")
@click.option(
    "--max-body",
    default=limits.MAX_BODY,
    show_default=True,
    type=click.IntRange(min=1024),
    help="Largest request body in bytes; a bigger one is refused (413) unread.",
)
@click.option(
    "--header-timeout",
    default=limits.HEADER_TIMEOUT,
    show_default=True,
    type=click.FloatRange(min=0.1),
    help="Seconds a connection has to send a complete request head before it is closed.",
)
@click.option(
    "--keep-alive-timeout",
    default=limits.KEEP_ALIVE_TIMEOUT,
    show_default=True,
    type=click.IntRange(min=1),
    help="Seconds an idle keep-alive connection stays open.",
)
@click.option(
    "--max-connections",
    default=limits.MAX_CONNECTIONS,
    show_default=True,
    type=click.IntRange(min=2),
    help="Open connections at most (WebSockets included); a new one closes the "
    "longest-idle one. Lowered to fit the process's file limit.",
)
@_per_minute(
    "--creates-per-minute",
    limits.CREATES_PER_MINUTE,
    limits.CREATE_BURST,
    "Games one client address may create or import a minute",
)
@_per_minute(
    "--reads-per-minute",
    limits.READS_PER_MINUTE,
    limits.READ_BURST,
    "API reads (GETs, WebSocket connections) one client address (and one seat token) "
    "may make a minute",
)
@_per_minute(
    "--actions-per-minute",
    limits.ACTIONS_PER_MINUTE,
    limits.ACTION_BURST,
    "Other API requests (moves, chat, creating) one client address (and one seat token) "
    "may make a minute",
)
@_per_minute(
    "--imports-per-minute",
    limits.IMPORTS_PER_MINUTE,
    limits.IMPORT_BURST,
    "Records one client address may import a minute",
)
@click.option(
    "--websockets-per-seat",
    default=limits.WEBSOCKETS_PER_SEAT,
    show_default=True,
    type=click.IntRange(min=1),
    help="Live connections one seat (or spectator link) may hold on a game.",
)
@click.option(
    "--busy-timeout",
    default=BUSY_TIMEOUT,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds a write waits for a database lock held elsewhere before answering 503.",
)
@click.option(
    "--behind-proxy",
    is_flag=True,
    help="This server sits behind a reverse proxy: take the client's address (the one the "
    "limits count) from X-Forwarded-For and the scheme from X-Forwarded-Proto, when the "
    "connection comes from one of --proxy-ips. Without it those headers are ignored.",
)
@click.option(
    "--proxy-ips",
    default="127.0.0.1",
    show_default=True,
    metavar="ADDRESSES",
    help="With --behind-proxy: the proxies' addresses (comma-separated addresses or "
    "networks, or * for any) whose forwarded headers are believed.",
)
@click.option(
    "--smtp",
    envvar="RAILWAYS_SMTP",
    metavar="HOST[:PORT]",
    help="Mail server for turn notices: a seat that gave an address is mailed when its turn "
    "begins and its page is closed (default port 25).",
)
@click.option(
    "--smtp-from",
    envvar="RAILWAYS_SMTP_FROM",
    default="railways@localhost",
    show_default=True,
    help="Sender address of turn notices.",
)
@click.option(
    "--notify-webhook",
    envvar="RAILWAYS_NOTIFY_WEBHOOK",
    metavar="URL",
    help="POST every turn that begins for a human seat whose page is closed to this URL, as "
    'JSON {"game", "seat", "name", "map", "turn", "phase"} (a chat bot, a bridge to a phone).',
)
@click.option(
    "--public-url",
    envvar="RAILWAYS_PUBLIC_URL",
    default="",
    help="How players reach this server (named in turn notices).",
)
def serve(
    host: str,
    port: int,
    data_dir: Path | None,
    database_url: str | None,
    bot_delay: float,
    log_level: str,
    max_body: int,
    header_timeout: float,
    keep_alive_timeout: int,
    max_connections: int,
    creates_per_minute: float,
    reads_per_minute: float,
    actions_per_minute: float,
    imports_per_minute: float,
    websockets_per_seat: int,
    busy_timeout: float,
    behind_proxy: bool,
    proxy_ips: str,
    smtp: str | None,
    smtp_from: str,
    notify_webhook: str | None,
    public_url: str,
) -> None:
    """Run the game server: the web API (docs/api.md) and the browser game.

    Several processes may serve one database (on other ports or machines): see
    "Running more than one server" in docs/server.md.
    """
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from railways.server import create_app
    from railways.server.table import TurnNotices
    from railways.store import database_url as resolve_url
    from railways.store import open_store

    url = resolve_url(database_url, data_dir)
    store = open_store(url, busy_timeout=busy_timeout)
    shown = url if database_url is None else url.split("@")[-1]
    click.echo(f"railways: games are stored in {shown}", err=True)
    problem = store.write_problem()
    if problem:
        click.echo(
            f"railways: WARNING: the game store cannot be written: {problem}. Games can be "
            "watched but not started or played until this is fixed (see /api/health).",
            err=True,
        )
    max_connections = min(max_connections, _file_limit() - 64)
    notices = TurnNotices(smtp_from=smtp_from, webhook=notify_webhook, base_url=public_url)
    if smtp:
        host_part, _, port_part = smtp.partition(":")
        if port_part and not port_part.isdigit():
            raise click.BadParameter(f"{smtp!r}: expected HOST or HOST:PORT", param_hint="--smtp")
        notices.smtp_host, notices.smtp_port = host_part, int(port_part or 25)
    app = create_app(
        store,
        bot_delay=bot_delay,
        tune_gc=True,
        max_body=max_body,
        creates_per_minute=creates_per_minute,
        websockets_per_seat=websockets_per_seat,
        reads_per_minute=reads_per_minute,
        actions_per_minute=actions_per_minute,
        imports_per_minute=imports_per_minute,
        data_dir=data_dir,
        notices=notices,
    )
    click.echo(f"railways: open http://{host}:{port}/ in a browser", err=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        http=limits.guarded_protocol(AutoHTTPProtocol, header_timeout, max_connections),
        timeout_keep_alive=keep_alive_timeout,
        h11_max_incomplete_event_size=16 * 1024,
        # uvicorn believes X-Forwarded-For from 127.0.0.1 by default, so that any local
        # client could name itself a new address for every request and escape the
        # per-address limits: the headers count only when the operator says so.
        proxy_headers=behind_proxy,
        forwarded_allow_ips=proxy_ips,
    )


def _check_answers(url: str) -> None:
    """A clear error, not a traceback from the first row, when nothing answers at ``url``."""
    import httpx

    try:
        httpx.get(url.rstrip("/") + "/api/health", timeout=10)
    except httpx.HTTPError as exc:
        raise click.ClickException(f"no server answers at {url}: {exc}") from None


def _file_limit() -> int:
    """The process's limit on open files, raised to the hard limit where allowed."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return 1 << 16
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


@click.group()
def bench() -> None:
    """Benchmarks."""


@bench.command("payload")
@click.option("--map", "map_id", default=DEFAULT_MAP, show_default=True)
@click.option("--players", default=4, show_default=True, type=click.IntRange(min=2, max=6))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--every", default=10, show_default=True, type=click.IntRange(min=1))
def bench_payload(map_id: str, players: int, seed: int, every: int) -> None:
    """Size of a seat's update (view and legal actions) over a greedy game: as JSON, gzipped
    (HTTP answers) and deflated (the WebSocket's permessage-deflate). Prints, never fails."""
    from railways.server.payload import measure

    sizes = measure(map_id, players, seed, every)
    click.echo(f"{len(sizes.raw)} updates of a {players}-player {map_id} game (seed {seed})")
    raw = statistics.median(sizes.raw)
    for name, median, largest in sizes.rows():
        ratio = f"  ({median / raw:.1%} of raw)" if name != "raw" else ""
        click.echo(
            f"  {name:<8} median {median / 1024:7.1f} KB  max {largest / 1024:7.1f} KB{ratio}"
        )


@bench.command("server")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1))
@click.option("--players", default=4, show_default=True, type=click.IntRange(min=2, max=6))
@click.option(
    "--url",
    default=None,
    help="A running server to drive; without it one is started on a free port with a "
    "temporary SQLite data dir.",
)
@click.option(
    "--actions",
    "max_actions",
    default=3000,
    show_default=True,
    type=click.IntRange(min=1),
    help="Stop after this many accepted actions in all.",
)
@click.option(
    "--seconds", default=60.0, show_default=True, type=float, help="Stop after this long."
)
@click.option(
    "--think",
    default=0.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds each game's client waits between its actions.",
)
@click.option(
    "--player",
    type=click.Choice(["random", "first"]),
    default="random",
    show_default=True,
    help="How the clients choose among the legal actions.",
)
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "--attack",
    is_flag=True,
    help="Instead of the load test, replay the known attacks (huge bodies, slow and idle "
    "connections, WebSocket and game-creation floods, a locked database, missing headers) "
    "against a server on 127.0.0.1 and print what held. Bounded: a few minutes.",
)
@click.option(
    "--connections",
    default=500,
    show_default=True,
    type=click.IntRange(min=1, max=5000),
    help="With --attack: idle connections to open.",
)
@click.option(
    "--only",
    default=None,
    metavar="NAMES",
    help="With --attack: run only these rows (comma-separated): " + ", ".join(ATTACK_NAMES) + ".",
)
def bench_server(
    games: int,
    players: int,
    url: str | None,
    max_actions: int,
    seconds: float,
    think: float,
    player: str,
    seed: int,
    attack: bool,
    connections: int,
    only: str | None,
) -> None:
    """Drive GAMES concurrent games through the real HTTP API and report actions/s and
    latency (or, with --attack, check the server's defences)."""
    if only is not None and not attack:
        raise click.UsageError("--only chooses among the rows of --attack; add --attack")
    if attack:
        _attack(url, connections, only)
        return
    from railways.server.bench import run_bench

    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    result = run_bench(
        games=games,
        players=players,
        url=url,
        max_actions=max_actions,
        seconds=seconds,
        think=think,
        player=player,
        seed=seed,
    )
    click.echo(result.report())


def _attack(url: str | None, connections: int, only: str | None) -> None:
    from railways.server.attack import (
        attack_server,
        check_loopback,
        choose_attacks,
        report,
        run_attacks,
    )

    def progress(text: str) -> None:
        click.echo(f"... {text}", err=True)

    try:
        choose_attacks(only)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--only") from None
    if url is not None:
        try:
            check_loopback(url)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--url") from None
        _check_answers(url)
        click.echo(f"attacking {url}", err=True)
        outcomes = run_attacks(url.rstrip("/"), None, connections, progress=progress, only=only)
    else:
        with attack_server() as (started, db, pid):
            click.echo(f"attacking a server started here: {started}", err=True)
            outcomes = run_attacks(started, db, connections, progress=progress, pid=pid, only=only)
    click.echo(report(outcomes))
