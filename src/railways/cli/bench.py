"""``railways bench``: the engine's figures (playouts, latency, replay, bot decisions)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Literal

import click

if TYPE_CHECKING:
    from railways.bench.engine import EngineFigures


@click.group("bench", invoke_without_command=True)
@click.option("--map", "map_id", default="eastern-us", show_default=True, help="Board to play.")
@click.option(
    "--games",
    type=click.IntRange(1),
    default=3,
    show_default=True,
    help="Random games per player count (2, 4 and 6 players).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@click.option(
    "--max-actions",
    type=click.IntRange(1),
    default=5000,
    show_default=True,
    help="Stop each game after this many actions (small values make a quick smoke run).",
)
@click.option(
    "--bot-games",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Games of four greedy bots whose decisions are timed.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.pass_context
def bench(
    ctx: click.Context,
    map_id: str,
    games: int,
    seed: int,
    max_actions: int,
    bot_games: int,
    as_json: bool,
) -> None:
    """Measure the engine: random playouts per second for 2, 4 and 6 players,
    legal_actions and apply latency, replay time and the greedy bot's decision time.

    It only measures and prints; it never fails on slow figures.
    """
    if ctx.invoked_subcommand is not None:
        return
    from railways.bench.engine import run_engine_bench

    def progress(text: str) -> None:
        if sys.stderr.isatty():
            click.echo(f"... {text}", err=True)

    figures = run_engine_bench(map_id, games, seed, max_actions, bot_games, progress)
    if as_json:
        click.echo(json.dumps(figures, indent=2))
    else:
        print_figures(figures)


def print_figures(f: EngineFigures) -> None:
    m = f["machine"]
    click.echo(f"machine: {m['cpu']}, {m['cores']} cores, {m['implementation']} {m['python']}")
    s = f["settings"]
    click.echo(
        f"map {s['map']}, {s['games']} game(s) per player count from seed {s['seed']}, "
        f"at most {s['max_actions']} actions a game"
    )
    click.echo("random playout (legal_actions + random choice + apply), one core:")
    for players, row in f["random_playout"].items():
        click.echo(
            f"  {players} players: {row['games_per_s']:8.3f} games/s "
            f"{row['actions_per_s']:9.1f} actions/s  ({row['actions']} actions, "
            f"{row['seconds']:.2f}s)"
        )
    click.echo("fast random playout (sample_action + apply), one core:")
    for players, row in f["fast_playout"].items():
        click.echo(
            f"  {players} players: {row['games_per_s']:8.3f} games/s "
            f"{row['actions_per_s']:9.1f} actions/s  ({row['actions']} actions)"
        )
    latencies: tuple[tuple[Literal["legal_actions_ms", "apply_ms", "greedy_decision_ms"], str], ...]
    latencies = (
        ("legal_actions_ms", "legal_actions latency (4 players)"),
        ("apply_ms", "apply latency (4 players)"),
        ("greedy_decision_ms", "greedy decision time (4 greedy bots)"),
    )
    for key, label in latencies:
        latency = f[key]
        click.echo(
            f"{label}: p50 {latency.get('p50', 0):.3f} ms, p99 {latency.get('p99', 0):.3f} ms, "
            f"max {latency.get('max', 0):.3f} ms over {latency['n']}"
        )
    r = f["replay"]
    click.echo(
        f"replay of a {r['players']}-player record: {r['actions']} actions in "
        f"{r['seconds'] * 1000:.1f} ms ({r['actions_per_s']:.0f} actions/s)"
    )
