"""``railways serve`` (the game server) and ``railways bench server`` (its load test)."""

from __future__ import annotations

import os
from pathlib import Path

import click


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
def serve(
    host: str,
    port: int,
    data_dir: Path | None,
    database_url: str | None,
    bot_delay: float,
    log_level: str,
) -> None:
    """Run the game server: the web API (docs/api.md) and the browser game."""
    import uvicorn

    from railways.server import create_app
    from railways.store import database_url as resolve_url
    from railways.store import open_store

    url = resolve_url(database_url, data_dir)
    store = open_store(url)
    shown = url if database_url is None else url.split("@")[-1]
    click.echo(f"railways: games are stored in {shown}", err=True)
    app = create_app(store, bot_delay=bot_delay, tune_gc=True)
    click.echo(f"railways: open http://{host}:{port}/ in a browser", err=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws="websockets-sansio")


@click.group()
def bench() -> None:
    """Benchmarks."""


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
def bench_server(
    games: int,
    players: int,
    url: str | None,
    max_actions: int,
    seconds: float,
    think: float,
    player: str,
    seed: int,
) -> None:
    """Drive GAMES concurrent games through the real HTTP API and report actions/s and
    latency."""
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
