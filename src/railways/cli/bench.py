"""``railways bench``: the engine's figures (playouts, latency, replay, bot decisions)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Literal

import click

from railways.content.maps import DEFAULT_MAP

if TYPE_CHECKING:
    from railways.bench.engine import EngineFigures


@click.group("bench", invoke_without_command=True)
@click.option("--map", "map_id", default=DEFAULT_MAP, show_default=True, help="Board to play.")
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
@click.option(
    "--mcts",
    "mcts",
    default=None,
    metavar="BOT",
    help="Also time a search bot's decisions (e.g. mcts or mcts:time=1.5) in seat 1 "
    "against greedy bots, over --bot-games games.",
)
@click.option(
    "--mcts-decisions",
    type=click.IntRange(1),
    default=40,
    show_default=True,
    help="With --mcts: decisions timed per game.",
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
    mcts: str | None,
    mcts_decisions: int,
    as_json: bool,
) -> None:
    """Measure the engine: random playouts per second for 2, 4 and 6 players,
    legal_actions and apply latency, replay time, the greedy bot's decision time, copies
    of a game per second, search playouts (copy + sample_action + unrecorded play) and how
    the cost per action grows with players (2-6) and with each board. With --map of
    another board, also that board at its most players against a 4-player Eastern U.S.
    game, cost per action, the two played in turns.

    It only measures and prints; it never fails on slow figures.
    """
    if ctx.invoked_subcommand is not None:
        return
    from railways.bench.engine import run_engine_bench

    def progress(text: str) -> None:
        if sys.stderr.isatty():
            click.echo(f"... {text}", err=True)

    if mcts is not None:
        from railways.bots import BOTS

        if mcts not in BOTS:
            raise click.BadParameter(f"unknown bot {mcts!r}", param_hint="--mcts")
    figures = run_engine_bench(
        map_id, games, seed, max_actions, bot_games, progress, mcts, mcts_decisions
    )
    if as_json:
        click.echo(json.dumps(figures, indent=2))
    else:
        print_figures(figures)


def print_figures(f: EngineFigures) -> None:
    m = f["machine"]
    click.echo(f"machine: {m['cpu']}, {m['cores']} cores, {m['implementation']} {m['python']}")
    built = f"mypyc build of {', '.join(m['compiled'])}" if m["compiled"] else "pure Python"
    click.echo(f"engine: {built}")
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
    every = f["listed_playout"]
    click.echo(
        f"  4 players, every option of every listing made: {every['games_per_s']:8.3f} games/s "
        f"{every['actions_per_s']:9.1f} actions/s"
    )
    click.echo("fast random playout (sample_action + apply), one core:")
    for players, row in f["fast_playout"].items():
        click.echo(
            f"  {players} players: {row['games_per_s']:8.3f} games/s "
            f"{row['actions_per_s']:9.1f} actions/s  ({row['actions']} actions)"
        )
    latencies: tuple[
        tuple[
            Literal[
                "legal_actions_ms", "listed_legal_actions_ms", "apply_ms", "greedy_decision_ms"
            ],
            str,
        ],
        ...,
    ]
    latencies = (
        ("legal_actions_ms", "legal_actions latency (4 players; builds made when read)"),
        ("listed_legal_actions_ms", "legal_actions + every option made (LegalActions.all)"),
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
    click.echo("copies of a mid-game position (Game.copy against deepcopy of the state):")
    for players, c in f["copies"].items():
        click.echo(
            f"  {players} players: {c['copies_per_s']:9.0f} copies/s, deepcopy "
            f"{c['deepcopies_per_s']:7.0f}/s ({c['speedup']:.0f}x)"
        )
    click.echo("search playout (copy + sample_action + unrecorded play), one core:")
    for players, row in f["search_playout"].items():
        click.echo(
            f"  {players} players: {row['actions_per_s']:9.1f} actions/s  "
            f"({row['actions']} actions)"
        )
    click.echo("growth with players, microseconds per action (fast / full / search playout):")
    for g in f["growth"]:
        click.echo(
            f"  {g['players']} players: {g['fast_us_per_action']:8.1f} "
            f"{g['full_us_per_action']:8.1f} {g['playout_us_per_action']:8.1f}"
        )
    click.echo("growth with boards, 4 players, microseconds per action (fast / full / search):")
    for board_id, g in f["board_growth"].items():
        click.echo(
            f"  {board_id}: {g['fast_us_per_action']:8.1f} {g['full_us_per_action']:8.1f} "
            f"{g['playout_us_per_action']:8.1f}"
        )
    if "against_reference" in f:
        a = f["against_reference"]
        click.echo(
            f"{a['map']} with {a['players']} players against {a['reference']} with "
            f"{a['reference_players']}, microseconds per action over {a['games']} game(s) each, "
            "played alternately:"
        )
        for label, cost in (("full", a["full"]), ("fast", a["fast"])):
            click.echo(
                f"  {label} playout: {cost['board_us']:8.1f} against {cost['reference_us']:8.1f}"
                f"  = {cost['ratio']:.2f}x"
            )
    for rl_key, rl_label in (
        ("pettingzoo_step", "PettingZoo AEC"),
        ("gymnasium_solo_step", "Gymnasium solo"),
    ):
        if rl_key in f:
            rate = f[rl_key]  # type: ignore[literal-required]
            click.echo(
                f"{rl_label} masked random steps ({rate['map']}, {rate['players']} player(s)): "
                f"{rate['steps_per_s']:.1f} steps/s ({rate['steps']} steps)"
            )
    if "mcts_decision_ms" in f:
        d = f["mcts_decision_ms"]
        click.echo(
            f"{d['bot']} decision time (seat 1 of 4, greedy opponents): p50 "
            f"{d.get('p50', 0):.0f} ms, p90 {d.get('p90', 0):.0f} ms, p99 "
            f"{d.get('p99', 0):.0f} ms, max {d.get('max', 0):.0f} ms over {d['n']}, "
            f"median {d['iterations_p50']} iterations (0: handed to greedy)"
        )
