"""``railways simulate``: play many bot games and summarise them, checking invariants."""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import click

from railways.bots import BOTS, make_bot
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.records import game_from_record, record_of

MAX_ACTIONS = 5000  # a safety net: a game that runs longer is reported, not looped on


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


def _secret_leaks(game: Game) -> list[str]:
    """Other seats' unrevealed barons must not appear anywhere in a seat's view."""
    problems = []
    for seat in [None, *range(game.n)]:
        text = json.dumps(view_for(game, seat))
        for p in game.state.players:
            if p.seat == seat or p.baron_revealed or not p.baron:
                continue
            if f'"{p.baron}"' in text:
                problems.append(f"view for {seat} shows seat {p.seat}'s Rail Baron")
        for card in game.state.ops_deck:
            if f'"{card}"' in text and card not in game.state.ops_display:
                problems.append(f"view for {seat} names a card still in the deck: {card}")
    return problems


def play_one(map_id: str, players: int, bots: list[str], seed: int, check: bool) -> GameResult:
    game = new_game(map_id, players=players, seed=seed)
    seats = [make_bot(bots[i % len(bots)], seed * 31 + i) for i in range(players)]
    problems: list[str] = []
    count = 0
    while not game.over and count < MAX_ACTIONS:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        action = seats[seat].choose(game, seat, legal)
        try:
            game.apply(action)
        except IllegalAction as exc:
            problems.append(f"action {count}: a legal action was refused: {action}: {exc}")
            break
        count += 1
        if check:
            problems.extend(f"action {count}: {p}" for p in check_invariants(game))
            if problems:
                break
    if check and not problems:
        problems.extend(_secret_leaks(game))
        replayed = game_from_record(record_of(game).to_dict())
        if view_for(replayed, None) != view_for(game, None):
            problems.append("replaying the record does not reproduce the game")
    state = game.state
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
    )


def summarise(results: list[GameResult], players: int, bots: list[str]) -> dict[str, Any]:
    finished = [r for r in results if r.finished]
    wins = {seat: sum(1 for r in finished if r.winner == seat) for seat in range(players)}
    return {
        "games": len(results),
        "finished": len(finished),
        "invariant_failures": sum(1 for r in results if r.problems),
        "problems": [f"seed {r.seed}: {p}" for r in results for p in r.problems][:20],
        "seats": [
            {
                "seat": seat,
                "bot": bots[seat % len(bots)],
                "win_rate": wins[seat] / len(finished) if finished else 0.0,
                "mean_score": statistics.fmean(r.scores[seat] for r in finished)
                if finished
                else 0.0,
                "mean_bonds": statistics.fmean(r.bonds[seat] for r in results),
                "mean_engine": statistics.fmean(r.engines[seat] for r in results),
            }
            for seat in range(players)
        ],
        "mean_turns": statistics.fmean(r.turns for r in results) if results else 0.0,
        "mean_actions": statistics.fmean(r.actions for r in results) if results else 0.0,
        "mean_major_lines": statistics.fmean(r.major_lines for r in results) if results else 0.0,
    }


@click.command("simulate")
@click.option("--map", "map_id", default="eastern-us", show_default=True, help="Board to play.")
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="Comma-separated bot per seat, repeated to fill the seats.",
)
@click.option("--games", type=click.IntRange(1), default=10, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@click.option(
    "--check/--no-check",
    default=True,
    show_default=True,
    help="Check the invariants after every action, and records and views at the end.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate(
    map_id: str, players: int, bots: str, games: int, seed: int, check: bool, as_json: bool
) -> None:
    """Play bot games from consecutive seeds and summarise them."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        raise click.BadParameter(
            f"unknown bot(s) {', '.join(unknown) or '(none)'}; known: {', '.join(BOTS)}",
            param_hint="--bots",
        )
    started = time.perf_counter()
    results = [play_one(map_id, players, names, seed + i, check) for i in range(games)]
    summary = summarise(results, players, names)
    summary["seconds"] = round(time.perf_counter() - started, 2)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        click.echo(
            f"{summary['games']} games on {map_id}, {players} players: "
            f"{summary['finished']} finished, {summary['invariant_failures']} with "
            f"broken invariants, {summary['seconds']}s"
        )
        click.echo(
            f"mean turns {summary['mean_turns']:.1f}, mean actions "
            f"{summary['mean_actions']:.0f}, mean Major Lines "
            f"{summary['mean_major_lines']:.1f}"
        )
        for row in summary["seats"]:
            click.echo(
                f"  seat {row['seat'] + 1} ({row['bot']}): win rate "
                f"{row['win_rate']:.0%}, mean score {row['mean_score']:.1f}, "
                f"mean bonds {row['mean_bonds']:.1f}, mean engine {row['mean_engine']:.1f}"
            )
        for problem in summary["problems"]:
            click.echo(f"  PROBLEM {problem}")
    if summary["invariant_failures"] or summary["finished"] < summary["games"]:
        raise SystemExit(1)
