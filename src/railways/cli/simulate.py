"""``railways simulate``: play many bot games and summarise them, checking invariants.

Game ``i`` is played from seed ``--seed + i`` with seat ``s`` taken by the
``s``-th bot of ``--bots`` (repeated to fill the seats), each bot seeded from
the game's seed. Games run in worker processes with ``--jobs``; every game
depends only on its seed, and results are gathered in seed order, so the
summary is the same whatever ``--jobs`` is.
"""

from __future__ import annotations

import csv
import json
import math
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict, TypeVar

import click

from railways.bots import BOTS, make_bot, unknown_bots_message
from railways.cli.shared_options import file_out_option, jobs_option
from railways.cli.variants import (
    declared_values,
    option_pair,
    refuse_foreign_options,
    with_declared_options,
    with_module_options,
)
from railways.content.maps import DEFAULT_MAP
from railways.core.errors import IllegalAction
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.rules import declared_options, new_game
from railways.sim.accounts import CardsCheck, PointsCheck, link_problems
from railways.sim.checks import ReplayCheck, secret_leaks

# The options the plug-ins declare, given on the command line: (key, ids) pairs.
Declared = tuple[tuple[str, tuple[str, ...]], ...]
MAX_ACTIONS = 5000  # a safety net: a game that runs longer is reported, not looped on
CHECK_EVERY = 40  # with --check: look for leaked secrets in every view this often (actions)
REPLAY_EVERY = 100  # ...and keep the full state this often, to compare with a replay at the end
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

END_ECM = "ecm"  # the last Empty City Marker was placed and the game ended (RW-p6-09, RW-p6-10)
END_CAP = "action_cap"  # stopped after MAX_ACTIONS actions
END_ERROR = "error"  # a legal action was refused, or an invariant broke

T = TypeVar("T")


@dataclass
class GameResult:
    seed: int
    turns: int
    actions: int
    scores: dict[int, int]
    winner: int | None
    bonds: dict[int, int]
    engines: dict[int, int]
    major_lines: int
    finished: bool
    problems: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    bonds_issued: dict[int, int] = field(default_factory=dict)
    lines_by_seat: dict[int, int] = field(default_factory=dict)
    links: dict[int, int] = field(default_factory=dict)
    deliveries: dict[int, int] = field(default_factory=dict)
    end_reason: str = ""


def seat_bots(bots: Sequence[str], players: int) -> list[str]:
    return [bots[i % len(bots)] for i in range(players)]


def rotated_bots(bots: Sequence[str], players: int, game: int) -> list[str]:
    """The seats of game ``game`` with --rotate-seats: every bot moves one seat on per game."""
    names = seat_bots(bots, players)
    shift = game % players
    return names[players - shift :] + names[: players - shift]


def play_one(
    map_id: str,
    players: int,
    bots: list[str],
    seed: int,
    check: bool,
    max_actions: int = MAX_ACTIONS,
    check_every: int = CHECK_EVERY,
    modules: tuple[str, ...] = (),
    declared: Declared = (),
    without: tuple[str, ...] = (),
) -> GameResult:
    """Play one game from ``seed``; with ``check``, verify it as it goes.

    The invariants are checked after every action; every ``check_every`` actions
    (and at the end) every view is searched for secrets; the full state is kept
    every ``REPLAY_EVERY`` actions and, at the end, compared with a replay of the
    game's record.
    """
    options = module_options(modules, declared, without)
    game = new_game(map_id, players=players, seed=seed, options=options)
    names = seat_bots(bots, players)
    seats = [make_bot(names[i], seed * 31 + i) for i in range(players)]
    problems: list[str] = []
    every = max(1, check_every)
    replay = ReplayCheck(range(REPLAY_EVERY, max_actions + 1, REPLAY_EVERY))
    points, cards = PointsCheck(game), CardsCheck(game)
    count = 0
    while not game.over and count < max_actions:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        action = seats[seat].choose(game, seat, legal)
        if check:
            points.before(game, action)
        try:
            game.apply(action)
        except IllegalAction as exc:
            problems.append(f"action {count}: a legal action was refused: {action}: {exc}")
            break
        count += 1
        if check:
            problems.extend(f"action {count}: {p}" for p in check_invariants(game))
            # Every card, link owner and point accounted for (railways.sim.accounts).
            problems.extend(f"action {count}: {p}" for p in points.after(game))
            problems.extend(f"action {count}: {p}" for p in cards.problems(game))
            problems.extend(f"action {count}: {p}" for p in link_problems(game))
            if count % every == 0:
                problems.extend(f"action {count}: {p}" for p in secret_leaks(game))
            replay.observe(game)
            if problems:
                break
    if check and not problems:
        problems.extend(f"at the end: {p}" for p in secret_leaks(game))
        problems.extend(replay.verify(game))
    state = game.state
    if problems:
        reason = END_ERROR
    elif game.over:
        reason = END_ECM
    else:
        reason = END_CAP
    lines: dict[int, int] = {p.seat: 0 for p in state.players}
    for owner in state.major_lines.values():
        lines[owner] = lines.get(owner, 0) + 1
    return GameResult(
        seed=seed,
        turns=state.turn,
        actions=count,
        scores=dict(state.final_scores or {}),
        winner=state.winner,
        bonds={p.seat: p.bonds for p in state.players},
        engines={p.seat: p.engine for p in state.players},
        major_lines=len(state.major_lines),
        finished=game.over,
        problems=problems,
        bots=names,
        bonds_issued={p.seat: p.bonds_issued_total for p in state.players},
        lines_by_seat=lines,
        links={p.seat: len(game.own_links(p.seat)) for p in state.players},
        deliveries={p.seat: p.deliveries for p in state.players},
        end_reason=reason,
    )


def module_options(
    modules: Sequence[str], declared: Declared = (), without: Sequence[str] = ()
) -> dict[str, Any] | None:
    """The options of a game with the optional modules ``modules`` (None: none chosen), the
    options the plug-ins declare (``declared``: key and ids, the Event Deck cards left out
    say) and the board's default modules ``without`` left out."""
    if not modules and not declared and not without:
        return None
    out: dict[str, Any] = {"modules": sorted(modules)}
    out.update((key, list(ids)) for key, ids in declared)
    if without:
        out["without_modules"] = sorted(without)
    return out


def _play_task(
    args: tuple[
        str, int, list[str], int, bool, int, int, tuple[str, ...], Declared, tuple[str, ...]
    ],
) -> GameResult:
    return play_one(*args)


def run_games(
    map_id: str,
    players: int,
    bots: list[str],
    seed: int,
    games: int,
    check: bool,
    jobs: int = 1,
    max_actions: int = MAX_ACTIONS,
    check_every: int = CHECK_EVERY,
    use_ray: bool = False,
    ray_address: str | None = None,
    rotate: bool = False,
    modules: tuple[str, ...] = (),
    declared: Declared = (),
    without: tuple[str, ...] = (),
) -> Iterator[GameResult]:
    """Play ``games`` games, yielding each result as it finishes (in any order).

    With ``rotate``, game ``i``'s seats are ``rotated_bots(bots, players, i)``.
    """
    tasks = [
        (
            map_id,
            players,
            rotated_bots(bots, players, i) if rotate else bots,
            seed + i,
            check,
            max_actions,
            check_every,
            modules,
            declared,
            without,
        )
        for i in range(games)
    ]
    if use_ray or ray_address is not None:  # railways.cli.pool: the games on Ray
        from railways.cli.pool import run_tasks

        yield from run_tasks(_play_task, tasks, jobs, use_ray, ray_address)
        return
    if jobs <= 1 or games <= 1:
        for task in tasks:
            yield _play_task(task)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_task, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()


# -- statistics ----------------------------------------------------------------------
class Distribution(TypedDict):
    """Spread of some values; only ``n`` when there were none."""

    n: int
    mean: NotRequired[float]
    sd: NotRequired[float]
    min: NotRequired[float]
    q1: NotRequired[float]
    median: NotRequired[float]
    q3: NotRequired[float]
    max: NotRequired[float]


class WinRate(TypedDict):
    wins: int
    win_rate: float
    win_rate_ci95: list[float]  # [low, high]; a list so it reads the same back from JSON


class SeatSummary(WinRate):
    seat: int
    bot: str
    score: Distribution
    bonds_issued: Distribution
    bonds_held: Distribution
    engine: Distribution
    engine_levels: dict[str, int]  # engine level -> games that ended on it
    links: Distribution
    deliveries: Distribution
    major_lines: Distribution


class BotSummary(WinRate):
    seats: list[int]
    score: Distribution
    bonds_issued: Distribution
    engine_levels: dict[str, int]
    major_lines: Distribution


class Summary(TypedDict):
    """What ``--json`` prints, key for key."""

    map: str
    players: int
    bots: list[str]
    first_seed: int | None
    games: int
    finished: int
    end_reasons: dict[str, int]
    invariant_failures: int
    problems: list[str]
    seats: list[SeatSummary]
    by_bot: dict[str, BotSummary]
    turns: Distribution
    actions: Distribution
    major_lines: Distribution


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def distribution(values: Sequence[float]) -> Distribution:
    """Mean, standard deviation, minimum, quartiles and maximum."""
    if not values:
        return {"n": 0}
    data = sorted(values)
    if len(data) >= 2:
        q1, median, q3 = statistics.quantiles(data, n=4, method="inclusive")
        sd = statistics.stdev(data)
    else:
        q1 = median = q3 = data[0]
        sd = 0.0
    return {
        "n": len(data),
        "mean": _r(statistics.fmean(data)),
        "sd": _r(sd),
        "min": _r(data[0]),
        "q1": _r(q1),
        "median": _r(median),
        "q3": _r(q3),
        "max": _r(data[-1]),
    }


def _r(x: float) -> float | int:
    if float(x).is_integer():
        return int(x)
    return round(float(x), 4)


def _rate(wins: int, trials: int) -> WinRate:
    lo, hi = wilson(wins, trials)
    return {
        "wins": wins,
        "win_rate": _r(wins / trials) if trials else 0,
        "win_rate_ci95": [_r(lo), _r(hi)],
    }


def _counts(values: Sequence[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in sorted(values):
        out[str(v)] = out.get(str(v), 0) + 1
    return out


def summarise(
    results: list[GameResult],
    players: int,
    bots: list[str],
    map_id: str = "",
    seed: int | None = None,
) -> Summary:
    """The summary of a run. Depends only on the results, in seed order."""
    results = sorted(results, key=lambda r: r.seed)
    names = seat_bots(bots, players)
    finished = [r for r in results if r.finished]
    reasons = {END_ECM: 0, END_CAP: 0, END_ERROR: 0}
    for r in results:
        reasons[r.end_reason] = reasons.get(r.end_reason, 0) + 1
    seats: list[SeatSummary] = []
    for seat in range(players):
        wins = sum(1 for r in finished if r.winner == seat)
        same = all(r.bots[seat] == names[seat] for r in results)
        seats.append(
            {
                "seat": seat,
                "bot": names[seat] if same else "rotated",
                **_rate(wins, len(finished)),
                "score": distribution([r.scores[seat] for r in finished]),
                "bonds_issued": distribution([r.bonds_issued.get(seat, 0) for r in results]),
                "bonds_held": distribution([r.bonds[seat] for r in results]),
                "engine": distribution([r.engines[seat] for r in results]),
                "engine_levels": _counts([r.engines[seat] for r in results]),
                "links": distribution([r.links.get(seat, 0) for r in results]),
                "deliveries": distribution([r.deliveries.get(seat, 0) for r in results]),
                "major_lines": distribution([r.lines_by_seat.get(seat, 0) for r in results]),
            }
        )
    by_bot: dict[str, BotSummary] = {}
    for name in dict.fromkeys(names):
        # Seats by game: with --rotate-seats a bot's seats change from game to game.
        mine = {r.seed: [s for s in range(players) if r.bots[s] == name] for r in results}
        wins = sum(1 for r in finished if r.winner in mine[r.seed])
        by_bot[name] = {
            "seats": sorted({s for seats_of in mine.values() for s in seats_of}),
            **_rate(wins, len(finished)),
            "score": distribution([r.scores[s] for r in finished for s in mine[r.seed]]),
            "bonds_issued": distribution(
                [r.bonds_issued.get(s, 0) for r in results for s in mine[r.seed]]
            ),
            "engine_levels": _counts([r.engines[s] for r in results for s in mine[r.seed]]),
            "major_lines": distribution(
                [sum(r.lines_by_seat.get(s, 0) for s in mine[r.seed]) for r in results]
            ),
        }
    return {
        "map": map_id,
        "players": players,
        "bots": names,
        "first_seed": seed,
        "games": len(results),
        "finished": len(finished),
        "end_reasons": reasons,
        "invariant_failures": sum(1 for r in results if r.problems),
        "problems": [f"seed {r.seed}: {p}" for r in results for p in r.problems][:20],
        "seats": seats,
        "by_bot": by_bot,
        "turns": distribution([r.turns for r in results]),
        "actions": distribution([r.actions for r in results]),
        "major_lines": distribution([r.major_lines for r in results]),
    }


# -- output ----------------------------------------------------------------------------
CSV_FIXED = ["seed", "end_reason", "turns", "actions", "winner", "winner_bot", "major_lines"]
CSV_PER_SEAT = ["bot", "score", "bonds", "bonds_issued", "engine", "links", "deliveries", "lines"]


def write_csv(path: Path, results: list[GameResult], players: int) -> None:
    header = CSV_FIXED + [f"{k}_{s}" for s in range(players) for k in CSV_PER_SEAT]
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        for r in sorted(results, key=lambda r: r.seed):
            row: list[str | int] = [
                r.seed,
                r.end_reason,
                r.turns,
                r.actions,
                "" if r.winner is None else r.winner,
                "" if r.winner is None else r.bots[r.winner],
                r.major_lines,
            ]
            for s in range(players):
                row += [
                    r.bots[s],
                    r.scores.get(s, ""),
                    r.bonds[s],
                    r.bonds_issued.get(s, 0),
                    r.engines[s],
                    r.links.get(s, 0),
                    r.deliveries.get(s, 0),
                    r.lines_by_seat.get(s, 0),
                ]
            writer.writerow(row)


def collect(stream: Iterable[T], total: int, quiet: bool) -> list[T]:
    """The results of ``stream``, with a progress bar on stderr when it is a terminal and
    not ``quiet``."""
    if quiet or not sys.stderr.isatty():
        return list(stream)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    results: list[T] = []
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("simulating", total=total)
        for result in stream:
            results.append(result)
            progress.advance(task)
    return results


def _need_pyplot() -> None:
    """Load pyplot on the file-only backend, or say how to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot  # loaded here so that a missing one is caught here
    except ImportError:
        raise click.ClickException(
            "--plot needs matplotlib, which is not installed; "
            "install it with: pip install 'railways[plot]'"
        ) from None


def write_plot(path: Path, results: list[GameResult], players: int, bots: list[str]) -> None:
    _need_pyplot()
    import matplotlib.pyplot as plt

    names = seat_bots(bots, players)
    finished = [r for r in results if r.finished]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    every = [v for r in finished for v in r.scores.values()]
    lo, hi = (min(every), max(every)) if every else (0, 1)
    step = max(1, math.ceil((hi - lo + 1) / 40))
    bins = list(range(lo, hi + step + 1, step))
    for name in dict.fromkeys(names):
        scores = [r.scores[s] for r in finished for s in range(players) if names[s] == name]
        if scores:
            ax.hist(scores, bins=bins, alpha=0.6, label=f"{name} ({len(scores)} seat-games)")
    ax.set_xlabel("final score")
    ax.set_ylabel("seat-games")
    ax.set_title(f"{len(finished)} games, {players} players: {', '.join(names)}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _fmt_dist(d: Distribution) -> str:
    if not d.get("n"):
        return "-"
    return (
        f"mean {d['mean']:.1f} sd {d['sd']:.1f} | min {d['min']} q1 {d['q1']} "
        f"median {d['median']} q3 {d['q3']} max {d['max']}"
    )


def print_summary(summary: Summary, seconds: float) -> None:
    first = summary["first_seed"]
    assert first is not None  # the command always passes its first seed
    click.echo(
        f"{summary['games']} games on {summary['map']}, {summary['players']} players "
        f"({', '.join(summary['bots'])}), seeds {first}.."
        f"{first + summary['games'] - 1}: {summary['finished']} finished, "
        f"{summary['invariant_failures']} with problems, {seconds:.1f}s"
    )
    reasons = summary["end_reasons"]
    click.echo(
        f"end: {reasons[END_ECM]} by Empty City Markers, {reasons[END_CAP]} at the "
        f"{MAX_ACTIONS}-action cap, {reasons[END_ERROR]} errors"
    )
    click.echo(f"turns:   {_fmt_dist(summary['turns'])}")
    click.echo(f"actions: {_fmt_dist(summary['actions'])}")
    click.echo(f"Major Lines per game: {_fmt_dist(summary['major_lines'])}")
    click.echo("win rate (95% Wilson interval) and final scores:")
    for row in summary["seats"]:
        lo, hi = row["win_rate_ci95"]
        click.echo(
            f"  seat {row['seat'] + 1} {row['bot']:>8}: {row['win_rate']:6.1%} "
            f"[{lo:.1%}, {hi:.1%}]  score {_fmt_dist(row['score'])}"
        )
        click.echo(
            f"  {'':>16}  bonds issued mean {row['bonds_issued'].get('mean', 0):.1f}, "
            f"engine mean {row['engine'].get('mean', 0):.1f} "
            f"(levels {row['engine_levels']}), Major Lines mean "
            f"{row['major_lines'].get('mean', 0):.2f}"
        )
    if len(summary["by_bot"]) > 1 or len(summary["seats"]) > 1:
        click.echo("by bot (a win is a game won by any of its seats):")
        for name, bot in summary["by_bot"].items():
            lo, hi = bot["win_rate_ci95"]
            click.echo(
                f"  {name:>8} (seats {', '.join(str(s + 1) for s in bot['seats'])}): "
                f"{bot['win_rate']:6.1%} [{lo:.1%}, {hi:.1%}]  score {_fmt_dist(bot['score'])}"
            )
    for problem in summary["problems"]:
        click.echo(f"  PROBLEM {problem}")


def _solo_bot(ctx: click.Context, bot: str | None, bots: str) -> str:
    """The one bot of ``simulate --solo``, after refusing what only multi-player games take
    (an option given on the command line is refused, its default is not)."""

    def given(name: str) -> bool:
        source = ctx.get_parameter_source(name)
        return source in (click.ParameterSource.COMMANDLINE, click.ParameterSource.ENVIRONMENT)

    refused = [
        flag
        for name, flag in (
            ("players", "--players"),
            ("rotate_seats", "--rotate-seats"),
            ("use_ray", "--ray"),
            ("ray_address", "--ray-address"),
            ("modules", "--with"),
            ("without", "--without"),
            *((spec.key, spec.flag) for spec in declared_options()),
        )
        if given(name)
    ]
    if refused:
        raise click.UsageError(
            f"{', '.join(refused)}: only for multi-player games, not --solo "
            "(a solo game has one player, a bot against the Railbot)"
        )
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if given("bots") and len(names) != 1:
        raise click.UsageError(
            f"--bots {bots!r}: --solo plays one bot; give one name (or --bot NAME)"
        )
    if bot is not None and given("bots") and names != [bot]:
        raise click.UsageError(f"--bot {bot!r} and --bots {bots!r} disagree; give one of them")
    return bot or (names[0] if names else bots)


@click.command("simulate")
@click.option("--map", "map_id", default=DEFAULT_MAP, show_default=True, help="Board to play.")
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=4,
    show_default=True,
    help="Seats per game (not with --solo).",
)
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="Comma-separated bot per seat, repeated to fill the seats (e.g. greedy,random); "
    "with --solo one name, as --bot.",
)
@click.option("--games", type=click.IntRange(1), default=10, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@jobs_option()
@click.option(
    "--check/--no-check",
    default=True,
    show_default=True,
    help="Check the invariants after every action, views for secrets every --check-every "
    "actions, and a replay of the record against the full state at checkpoints.",
)
@click.option(
    "--check-every",
    type=click.IntRange(1),
    default=CHECK_EVERY,
    show_default=True,
    help="With --check: search every seat's view and the spectator's for secrets this often "
    f"(in actions). The full state is compared with a replay every {REPLAY_EVERY} actions. "
    "With --solo: every 10 actions unless given, a replay every 20.",
)
@click.option(
    "--ray",
    "use_ray",
    is_flag=True,
    help="Run the games on a local Ray (the 'ray' extra; not with --solo).",
)
@click.option(
    "--ray-address", default=None, metavar="ADDRESS", help="Run them on this Ray cluster."
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@file_out_option(
    "--out",
    "Write one CSV row per game to this file (with --solo: seed, score, target, won, ...).",
)
@file_out_option(
    "--plot",
    "Write a PNG histogram of final scores by bot (with --solo: of the scores, the "
    "target marked); needs the 'plot' extra.",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option(
    "--rotate-seats",
    is_flag=True,
    help="Move every bot one seat on from each game to the next, so that seat order does "
    "not decide a comparison (use a number of games divisible by the players; not with "
    "--solo).",
)
@click.option(
    "--solo",
    is_flag=True,
    help="Rail Barons solo games against the Railbot (one bot: --bot); reports the win "
    "rate against the target score. Takes --jobs, --out, --plot, --quiet and the checks; "
    "refuses --players, --rotate-seats, --ray and --with.",
)
@click.option("--bot", default=None, help="With --solo: the bot that plays (default: --bots).")
@click.option("--duel-barons", is_flag=True, help="With --solo: the Duel Barons variant.")
@click.option(
    "--option",
    "solo_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="With --solo: a solo option, e.g. target_score=110 (JSON values); or an option a "
    "board or module declares, KEY=ID,ID (its flag below).",
)
@with_module_options
@with_declared_options
@click.pass_context
def simulate(
    ctx: click.Context,
    /,
    map_id: str,
    players: int,
    bots: str,
    games: int,
    seed: int,
    jobs: int,
    check: bool,
    check_every: int,
    use_ray: bool,
    ray_address: str | None,
    as_json: bool,
    out: Path | None,
    plot: Path | None,
    quiet: bool,
    rotate_seats: bool,
    solo: bool,
    bot: str | None,
    duel_barons: bool,
    solo_options: tuple[str, ...],
    modules: tuple[str, ...],
    without: tuple[str, ...],
    **flagged: tuple[str, ...],
) -> None:
    """Play bot games from consecutive seeds and summarise them.

    Exits with status 1 if any game broke an invariant or did not finish.
    """
    pairs = [pair for text in solo_options if (pair := option_pair(text)) is not None]
    solo_options = tuple(text for text in solo_options if option_pair(text) is None)
    declared = tuple((key, tuple(ids)) for key, ids in declared_values(flagged, pairs).items())
    if solo:
        if pairs:
            raise click.UsageError("--option KEY=ID,ID: only for multi-player games, not --solo")
        from railways.cli import simulate_solo as solo_cmd

        # Unless given, the solo command's own --check-every (its games are shorter).
        if ctx.get_parameter_source("check_every") is click.ParameterSource.DEFAULT:
            check_every = solo_cmd.CHECK_EVERY
        ctx.invoke(
            solo_cmd.simulate_solo,
            solo=True,
            map_id=map_id,
            bot=_solo_bot(ctx, bot, bots),
            games=games,
            seed=seed,
            duel_barons=duel_barons,
            extra=solo_options,
            check=check,
            check_every=check_every,
            as_json=as_json,
            jobs=jobs,
            out=out,
            plot=plot,
            quiet=quiet,
        )
        return
    if bot is not None or duel_barons or solo_options:
        raise click.UsageError("--bot, --duel-barons and --option belong with --solo")
    refuse_foreign_options(map_id, dict(declared))
    modules = tuple(sorted(set(modules)))
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        raise click.BadParameter(
            unknown_bots_message(unknown),
            param_hint="--bots",
        )
    if plot is not None:
        _need_pyplot()  # fail before playing, not after
    try:
        options = module_options(modules, declared, without)
        new_game(map_id, players=players, seed=seed, options=options)
    except Exception as exc:  # an unknown map or a player count the map does not take
        raise click.ClickException(str(exc)) from None
    started = time.perf_counter()
    stream = run_games(
        map_id,
        players,
        names,
        seed,
        games,
        check,
        jobs,
        check_every=check_every,
        use_ray=use_ray,
        ray_address=ray_address,
        rotate=rotate_seats,
        modules=modules,
        declared=declared,
        without=tuple(sorted(set(without))),
    )
    results = collect(stream, games, quiet)
    results.sort(key=lambda r: r.seed)
    seconds = time.perf_counter() - started
    summary = summarise(results, players, names, map_id, seed)
    if out is not None:
        write_csv(out, results, players)
    if plot is not None:
        write_plot(plot, results, players, names)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
        if not quiet:
            click.echo(f"{len(results)} games in {seconds:.1f}s", err=True)
    else:
        print_summary(summary, seconds)
    if summary["invariant_failures"] or summary["finished"] < summary["games"]:
        raise SystemExit(1)
