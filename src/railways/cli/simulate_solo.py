"""Bot games of Rail Barons solo, with the win rate and scores.

``railways simulate --solo`` runs it; ``railways simulate-solo`` is the same command.
Game ``i`` is played from seed ``--seed + i``; with ``--jobs`` the games run in worker
processes, and since each depends only on its seed and the results are put back in seed
order, the summary and the ``--out`` rows do not depend on ``--jobs``.
"""

from __future__ import annotations

import csv
import json
import math
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import NotRequired, TypedDict

import click

from railways.bots import BOTS, make_bot
from railways.cli.shared_options import file_out_option, jobs_option
from railways.cli.simulate import _need_pyplot, collect
from railways.content.maps import DEFAULT_MAP
from railways.content.solo import solo_maps
from railways.core.errors import IllegalAction
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.rules.solo import new_solo_game, solo_state
from railways.rules.solo.invariants import check_solo_invariants
from railways.sim.checks import ReplayCheck, secret_leaks

MAX_ACTIONS = 3000  # a safety net: a game that runs longer is reported, not looped on
CHECK_EVERY = 10  # with --check: search the views for secrets this often (actions)
REPLAY_EVERY = 20  # ...and keep the full state this often, to compare with a replay at the end


@dataclass
class SoloResult:
    seed: int
    turns: int
    actions: int
    score: int | None
    target: int
    won: bool
    bonds: int
    engine: int
    railbot_links: int
    evaluations: int
    finished: bool
    problems: list[str] = field(default_factory=list)


def play_solo(
    map_id: str,
    bot: str,
    seed: int,
    options: dict[str, object] | None = None,
    check: bool = True,
    check_every: int = CHECK_EVERY,
) -> SoloResult:
    """One solo game of ``bot`` against the Railbot.

    With ``check``: the invariants after every action; the views searched for
    secrets (hidden Railbot cards among them) every ``check_every`` actions and
    at the end; the full state compared with a replay of the record every
    ``REPLAY_EVERY`` actions and at the end.
    """
    game = new_solo_game(map_id, seed=seed, options=options or {})
    player = make_bot(bot, seed * 31)
    problems: list[str] = []
    every = max(1, check_every)
    replay = ReplayCheck(range(REPLAY_EVERY, MAX_ACTIONS + 1, REPLAY_EVERY))
    count = 0
    while not game.over and count < MAX_ACTIONS:
        legal = legal_actions(game, 0)
        action = player.choose(game, 0, legal)
        try:
            game.apply(action)
        except IllegalAction as exc:
            problems.append(f"action {count}: a legal action was refused: {action}: {exc}")
            break
        count += 1
        if check:
            found = check_invariants(game) + check_solo_invariants(game)
            if count % every == 0:
                found += secret_leaks(game)
            replay.observe(game)
            problems.extend(f"action {count}: {p}" for p in found)
            if problems:
                break
    if check and not problems:
        problems.extend(f"at the end: {p}" for p in secret_leaks(game))
        problems.extend(replay.verify(game))
    state, solo = game.state, solo_state(game)
    score = state.final_scores.get(0) if state.final_scores is not None else None
    return SoloResult(
        seed=seed,
        turns=state.turn,
        actions=count,
        score=score,
        target=solo.target,
        won=state.winner == 0,
        bonds=state.players[0].bonds,
        engine=state.players[0].engine,
        railbot_links=sum(1 for lk in state.links.values() if lk.owner < 0),
        evaluations=solo.evaluations,
        finished=game.over,
        problems=problems,
    )


def _play_task(args: tuple[str, str, int, dict[str, object], bool, int]) -> SoloResult:
    return play_solo(*args)


def run_solo_games(
    map_id: str,
    bot: str,
    seed: int,
    games: int,
    options: dict[str, object],
    check: bool = True,
    check_every: int = CHECK_EVERY,
    jobs: int = 1,
) -> Iterator[SoloResult]:
    """Play games from seeds ``seed``, ``seed + 1``, ...; yield each result as it finishes
    (in any order with ``jobs`` > 1: sort them by seed)."""
    tasks = [(map_id, bot, seed + i, options, check, check_every) for i in range(games)]
    if jobs <= 1 or games <= 1:
        for task in tasks:
            yield _play_task(task)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
        futures = [pool.submit(_play_task, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()


class ScoreSpread(TypedDict):
    """The finished games' scores; all None when no game finished."""

    min: int | None
    max: int | None
    mean: float | None
    median: float | None
    quartiles: list[float] | None


class SoloSummary(TypedDict):
    """What ``--json`` prints, key for key."""

    games: int
    finished: int
    invariant_failures: int
    problems: list[str]
    target: int | None
    win_rate: float
    scores: ScoreSpread
    mean_turns: float
    mean_actions: float
    mean_bonds: float
    mean_railbot_links: float
    seconds: NotRequired[float]  # added by the command once the games are played


def summarise(results: list[SoloResult]) -> SoloSummary:
    finished = [r for r in results if r.finished and r.score is not None]
    scores = sorted(r.score for r in finished if r.score is not None)
    out: SoloSummary = {
        "games": len(results),
        "finished": len(finished),
        "invariant_failures": sum(1 for r in results if r.problems),
        "problems": [f"seed {r.seed}: {p}" for r in results for p in r.problems][:20],
        "target": results[0].target if results else None,
        "win_rate": sum(1 for r in finished if r.won) / len(finished) if finished else 0.0,
        "scores": {
            "min": scores[0] if scores else None,
            "max": scores[-1] if scores else None,
            "mean": statistics.fmean(scores) if scores else None,
            "median": statistics.median(scores) if scores else None,
            "quartiles": statistics.quantiles(scores, n=4) if len(scores) >= 2 else None,
        },
        "mean_turns": statistics.fmean(r.turns for r in results) if results else 0.0,
        "mean_actions": statistics.fmean(r.actions for r in results) if results else 0.0,
        "mean_bonds": statistics.fmean(r.bonds for r in results) if results else 0.0,
        "mean_railbot_links": statistics.fmean(r.railbot_links for r in results)
        if results
        else 0.0,
    }
    return out


# -- output ----------------------------------------------------------------------------
CSV_COLUMNS = [
    "seed",
    "finished",
    "score",
    "target",
    "won",
    "turns",
    "actions",
    "bonds",
    "engine",
    "railbot_links",
    "evaluations",
    "problems",
    "first_problem",
]


def write_csv(path: Path, results: list[SoloResult]) -> None:
    """One row per game, in seed order (``score`` empty for a game that did not finish)."""
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(CSV_COLUMNS)
        for r in sorted(results, key=lambda r: r.seed):
            writer.writerow(
                [
                    r.seed,
                    int(r.finished),
                    "" if r.score is None else r.score,
                    r.target,
                    int(r.won),
                    r.turns,
                    r.actions,
                    r.bonds,
                    r.engine,
                    r.railbot_links,
                    r.evaluations,
                    len(r.problems),
                    r.problems[0] if r.problems else "",
                ]
            )


def write_plot(path: Path, results: list[SoloResult], map_id: str, bot: str) -> None:
    """A histogram of the finished games' scores, with the target score as a line."""
    _need_pyplot()
    import matplotlib.pyplot as plt

    finished = [r for r in results if r.finished and r.score is not None]
    scores = [r.score for r in finished if r.score is not None]
    target = results[0].target if results else None
    fig, ax = plt.subplots(figsize=(8, 4.5))
    if scores:
        lo, hi = min(scores), max(scores)
        step = max(1, math.ceil((hi - lo + 1) / 40))
        ax.hist(scores, bins=list(range(lo, hi + step + 1, step)), alpha=0.7, label=bot)
    if target is not None:
        ax.axvline(target, color="black", linestyle="--", label=f"target {target}")
    wins = sum(1 for r in finished if r.won)
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title(f"{len(finished)} solo games on {map_id} ({bot}): {wins} won")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _print_summary(summary: SoloSummary, map_id: str, bot: str) -> None:
    s = summary["scores"]
    click.echo(
        f"{summary['games']} solo games on {map_id} ({bot}): {summary['finished']} finished, "
        f"{summary['invariant_failures']} with broken invariants, {summary.get('seconds')}s"
    )
    click.echo(f"win rate {summary['win_rate']:.0%} against the target of {summary['target']}")
    if s["mean"] is not None:
        click.echo(
            f"scores: min {s['min']}, median {s['median']}, mean {s['mean']:.1f}, "
            f"max {s['max']}; quartiles {s['quartiles']}"
        )
    click.echo(
        f"mean turns {summary['mean_turns']:.1f}, actions {summary['mean_actions']:.0f}, "
        f"bonds {summary['mean_bonds']:.1f}, Railbot links {summary['mean_railbot_links']:.1f}"
    )
    for problem in summary["problems"]:
        click.echo(f"  PROBLEM {problem}")


@click.command("simulate-solo")
@click.option("--solo", is_flag=True, help="Accepted, so both spellings of the command work.")
@click.option("--map", "map_id", default=DEFAULT_MAP, show_default=True, help="Solo map to play.")
@click.option("--bot", default="random", show_default=True, help="The bot that plays.")
@click.option("--games", type=click.IntRange(1), default=10, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@click.option("--duel-barons", is_flag=True, help="Play the Duel Barons variant (RB-049).")
@click.option(
    "--option",
    "extra",
    multiple=True,
    metavar="KEY=VALUE",
    help="A solo option, e.g. target_score=110 or operations_limit=4 (JSON values).",
)
@click.option(
    "--check/--no-check",
    default=True,
    show_default=True,
    help="Check the invariants after every action, the views for secrets every --check-every "
    "actions, and a replay of the record against the full state at checkpoints.",
)
@click.option(
    "--check-every",
    type=click.IntRange(1),
    default=CHECK_EVERY,
    show_default=True,
    help="With --check: search the views for secrets this often (in actions). The full "
    f"state is compared with a replay every {REPLAY_EVERY} actions.",
)
@jobs_option()
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@file_out_option(
    "--out", "Write one CSV row per game (seed, score, target, won, turns, ...) to this file."
)
@file_out_option(
    "--plot", "Write a PNG histogram of the scores, the target marked (needs the 'plot' extra)."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def simulate_solo(
    solo: bool,
    map_id: str,
    bot: str,
    games: int,
    seed: int,
    duel_barons: bool,
    extra: tuple[str, ...],
    check: bool,
    as_json: bool,
    check_every: int = CHECK_EVERY,
    jobs: int = 1,
    out: Path | None = None,
    plot: Path | None = None,
    quiet: bool = False,
) -> None:
    """Play solo bot games against the Railbot from consecutive seeds and summarise them.

    Exits with status 1 if any game broke an invariant or did not finish.
    """
    del solo
    if bot not in BOTS:
        raise click.BadParameter(
            f"unknown bot {bot!r}; known: {', '.join(BOTS)}", param_hint="--bot"
        )
    if map_id not in solo_maps():
        raise click.BadParameter(
            f"{map_id!r} has no solo appendix; solo maps: {', '.join(solo_maps())}",
            param_hint="--map",
        )
    options: dict[str, object] = {"duel_barons": duel_barons}
    for item in extra:
        key, sep, value = item.partition("=")
        if not sep:
            raise click.BadParameter(f"expected KEY=VALUE, got {item!r}", param_hint="--option")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    try:  # refuse bad options here, before any worker starts or any file is written
        new_solo_game(map_id, seed=seed, options=options)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from None
    if plot is not None:
        _need_pyplot()  # fail before playing, not after
    started = time.perf_counter()
    stream = run_solo_games(map_id, bot, seed, games, options, check, check_every, jobs)
    results = sorted(collect(stream, games, quiet), key=lambda r: r.seed)
    summary = summarise(results)
    summary["seconds"] = round(time.perf_counter() - started, 2)
    if out is not None:
        write_csv(out, results)
    if plot is not None:
        write_plot(plot, results, map_id, bot)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        _print_summary(summary, map_id, bot)
    if summary["invariant_failures"] or summary["finished"] < summary["games"]:
        raise SystemExit(1)
