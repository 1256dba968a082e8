"""Bot games of Rail Barons solo, with the win rate and scores.

``railways simulate --solo`` runs it; ``railways simulate-solo`` is the same command.
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

import click

from railways.bots import BOTS, make_bot
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


@click.command("simulate-solo")
@click.option("--solo", is_flag=True, help="Accepted, so both spellings of the command work.")
@click.option("--map", "map_id", default="eastern-us", show_default=True, help="Solo map to play.")
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
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
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
) -> None:
    """Play solo bot games against the Railbot from consecutive seeds and summarise them."""
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
    started = time.perf_counter()
    try:
        results = [
            play_solo(map_id, bot, seed + i, options, check, check_every) for i in range(games)
        ]
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from None
    summary = summarise(results)
    summary["seconds"] = round(time.perf_counter() - started, 2)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        s = summary["scores"]
        click.echo(
            f"{summary['games']} solo games on {map_id} ({bot}): {summary['finished']} finished, "
            f"{summary['invariant_failures']} with broken invariants, {summary['seconds']}s"
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
    if summary["invariant_failures"] or summary["finished"] < summary["games"]:
        raise SystemExit(1)
