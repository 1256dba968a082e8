"""``railways tournament``: bots play each other in rotated seatings and are rated.

Game ``i`` is played from seed ``--seed + i``; its seat ``s`` goes to bot
``bots[(i + s) % len(bots)]``, so every bot takes every seat in turn. Each game's
result is appended to the results file (JSON Lines: a header line, then one line per
game) as soon as it is played; run the same command again and it plays only the games
the file lacks, so an interrupted tournament resumes where it stopped.

Ratings are openskill's Plackett-Luce (a mean ``mu`` and an uncertainty ``sigma`` per
bot), updated game by game in game order from the file, so they do not depend on
where or in which order the games ran. A bot seated more than once in a game counts
once, with the mean score of its seats. Unfinished games are listed but not rated.
"""

from __future__ import annotations

import csv
import json
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from railways.bots import BOTS, unknown_bots_message
from railways.cli.pool import RAY_ADDRESS_HELP, RAY_HELP, run_tasks
from railways.cli.shared_options import jobs_option
from railways.cli.simulate import MAX_ACTIONS, play_one
from railways.content.maps import DEFAULT_MAP
from railways.rules import new_game

FORMAT = 1  # of the results file


def lineup(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bots of game ``index``, seat by seat (rotated one seat per game)."""
    return [bots[(index + s) % len(bots)] for s in range(players)]


def play_game(task: tuple[str, int, list[str], int, int, int]) -> dict[str, Any]:
    """One tournament game as a results-file line (runs in a worker or on Ray)."""
    map_id, players, names, seed, index, max_actions = task
    result = play_one(map_id, players, names, seed, check=False, max_actions=max_actions)
    return {
        "game": index,
        "seed": seed,
        "bots": names,
        "scores": {str(k): v for k, v in sorted(result.scores.items())},
        "winner": result.winner,
        "finished": result.finished,
        "actions": result.actions,
        "end_reason": result.end_reason,
        "problems": result.problems,
    }


# -- the results file ------------------------------------------------------------------
def header(map_id: str, players: int, bots: Sequence[str], seed: int) -> dict[str, Any]:
    return {
        "tournament": {
            "format": FORMAT,
            "map": map_id,
            "players": players,
            "bots": list(bots),
            "seed": seed,
        }
    }


def read_results(path: Path, expected: dict[str, Any]) -> list[dict[str, Any]]:
    """The games already in ``path`` (none if it does not exist).

    A last line cut off mid-write (the run was killed) is dropped and the file
    trimmed to the lines before it; a file of another tournament is refused.
    """
    if not path.exists():
        return []
    text = path.read_text()
    lines = text.splitlines(keepends=True)
    games: list[dict[str, Any]] = []
    good = 0  # characters of whole, valid lines
    for n, line in enumerate(lines):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines) - 1:  # an interrupted write: drop it
                break
            raise click.ClickException(f"{path}: line {n + 1} is not JSON") from None
        if not line.endswith("\n"):
            break
        if n == 0:
            if entry != expected:
                got = entry.get("tournament") if isinstance(entry, dict) else entry
                raise click.ClickException(
                    f"{path} holds another tournament ({json.dumps(got)}); "
                    "give another --results file or remove it"
                )
        else:
            games.append(entry)
        good += len(line)
    if good < len(text):
        path.write_text(text[:good])
    return games


@dataclass
class Standing:
    bot: str
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    scores: list[float] = field(default_factory=list)
    mu: float = 0.0
    sigma: float = 0.0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma  # a conservative estimate: ~99.7% below the skill

    def row(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "mean_score": round(statistics.fmean(self.scores), 2) if self.scores else None,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "ordinal": round(self.ordinal, 4),
            "unfinished": self.unfinished,
        }


def rate(
    bots: Sequence[str], games: Iterable[dict[str, Any]]
) -> tuple[list[Standing], list[tuple[int, dict[str, tuple[float, float]]]]]:
    """Standings (best ordinal first) and each bot's (mu, sigma) after every rated game."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in bots}
    table = {b: Standing(b, mu=ratings[b].mu, sigma=ratings[b].sigma) for b in bots}
    history = [(-1, {b: (r.mu, r.sigma) for b, r in ratings.items()})]
    for game in sorted(games, key=lambda g: g["game"]):
        names: list[str] = game["bots"]
        present = list(dict.fromkeys(names))
        for b in present:
            table[b].games += 1
            if not game["finished"]:
                table[b].unfinished += 1
        if not game["finished"]:
            continue
        winner = game["winner"]
        if winner is not None:
            table[names[winner]].wins += 1
        mean: dict[str, float] = {}
        for b in present:
            seat_scores = [game["scores"][str(s)] for s, n in enumerate(names) if n == b]
            mean[b] = statistics.fmean(seat_scores)
            table[b].scores.extend(seat_scores)
        if len(present) < 2:
            continue  # a bot against itself tells nothing about its rating
        new = model.rate([[ratings[b]] for b in present], scores=[mean[b] for b in present])
        for b, team in zip(present, new, strict=True):
            ratings[b] = team[0]
        history.append((game["game"], {b: (r.mu, r.sigma) for b, r in ratings.items()}))
    for b, r in ratings.items():
        table[b].mu, table[b].sigma = r.mu, r.sigma
    order = sorted(table.values(), key=lambda s: (-s.ordinal, s.bot))
    return order, history


def write_csv(path: Path, standings: Sequence[Standing]) -> None:
    rows = [s.row() for s in standings]
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write_plot(
    path: Path, bots: Sequence[str], history: Sequence[tuple[int, dict[str, tuple[float, float]]]]
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    xs = list(range(len(history)))
    for bot in bots:
        mu = [h[1][bot][0] for h in history]
        sigma = [h[1][bot][1] for h in history]
        ax.plot(xs, mu, label=bot)
        ax.fill_between(
            xs,
            [m - 2 * s for m, s in zip(mu, sigma, strict=True)],
            [m + 2 * s for m, s in zip(mu, sigma, strict=True)],
            alpha=0.15,
        )
    ax.set_xlabel("rated games")
    ax.set_ylabel("openskill rating (mu, band: ±2 sigma)")
    ax.set_title("Tournament ratings")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def print_table(standings: Sequence[Standing], seconds: float, played: int, total: int) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Ratings after {total} games ({played} played now, {seconds:.1f}s)")
    for col in ("bot", "games", "wins", "win %", "mean score", "mu", "sigma", "mu - 3 sigma"):
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=col == "bot")
    for s in standings:
        r = s.row()
        mean = "-" if r["mean_score"] is None else f"{r['mean_score']:.1f}"
        table.add_row(
            s.bot,
            str(s.games),
            str(s.wins),
            f"{100 * r['win_rate']:.1f}",
            mean,
            f"{s.mu:.2f}",
            f"{s.sigma:.2f}",
            f"{s.ordinal:.2f}",
        )
    Console().print(table)
    unfinished = sum(s.unfinished for s in standings)
    if unfinished:
        click.echo(f"unfinished games (not rated), counted per bot: {unfinished}")


# Where a tournament's files go unless told: a folder of their own, which .gitignore lists,
# so a run in a checkout leaves nothing untracked.
OUT_DIR = "tournaments"
RESULTS = "tournament.jsonl"


@click.command("tournament")
@click.option("--map", "map_id", default=DEFAULT_MAP, show_default=True, help="Board to play.")
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@click.option(
    "--bots",
    required=True,
    help="Comma-separated bots to rate (e.g. greedy,random); seatings rotate game by game.",
)
@click.option("--games", type=click.IntRange(1), default=20, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@jobs_option(
    "Worker processes (or, with --ray, CPUs of the local Ray). Results do not depend on it."
)
@click.option("--ray", "use_ray", is_flag=True, help=RAY_HELP)
@click.option("--ray-address", default=None, metavar="ADDRESS", help=RAY_ADDRESS_HELP)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path(OUT_DIR),
    show_default=True,
    help="Folder for the results, the CSV and the plot (made if missing; git ignores "
    f"{OUT_DIR}/ in a checkout).",
)
@click.option(
    "--results",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Results file (JSON Lines); an existing one of the same tournament is resumed "
    f"[default: {RESULTS} in the --out folder].",
)
@click.option(
    "--csv",
    "csv_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Ratings table as CSV [default: the results file with .csv].",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Rating plot as PNG [default: the results file with .png; needs matplotlib].",
)
@click.option("--no-plot", is_flag=True, help="Write no plot.")
@click.option("--max-actions", type=click.IntRange(1), default=MAX_ACTIONS, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON.")
def tournament(
    map_id: str,
    players: int,
    bots: str,
    games: int,
    seed: int,
    jobs: int,
    use_ray: bool,
    ray_address: str | None,
    out_dir: Path,
    results: Path | None,
    csv_path: Path | None,
    plot: Path | None,
    no_plot: bool,
    max_actions: int,
    as_json: bool,
) -> None:
    """Rate bots against each other over rotated seatings (openskill, with uncertainty)."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        raise click.BadParameter(
            unknown_bots_message(unknown),
            param_hint="--bots",
        )
    if len(set(names)) != len(names):
        raise click.BadParameter("name each bot once", param_hint="--bots")
    try:
        import openskill  # noqa: F401 - fail before playing, not after
    except ImportError:
        raise click.ClickException(
            "tournament needs openskill: pip install 'railways[rl]'"
        ) from None
    try:
        new_game(map_id, players=players, seed=seed)
    except Exception as exc:  # an unknown map or a player count the map does not take
        raise click.ClickException(str(exc)) from None
    if results is None:
        results = out_dir / RESULTS
    head = header(map_id, players, names, seed)
    done = read_results(results, head)
    have = {g["game"] for g in done}
    tasks = [
        (map_id, players, lineup(names, players, i), seed + i, i, max_actions)
        for i in range(games)
        if i not in have
    ]
    if have:
        click.echo(
            f"{results}: {len(have)} games already played; playing {len(tasks)} more", err=True
        )
    started = time.perf_counter()
    if not results.exists():
        results.parent.mkdir(parents=True, exist_ok=True)
        results.write_text(json.dumps(head) + "\n")
    with results.open("a") as out:
        for entry in run_tasks(play_game, tasks, jobs, use_ray, ray_address):
            out.write(json.dumps(entry) + "\n")
            out.flush()  # a game on disk is a game an interrupted run keeps
            done.append(entry)
    seconds = time.perf_counter() - started
    chosen = [g for g in done if g["game"] < games]
    standings, history = rate(names, chosen)
    write_csv(csv_path or results.with_suffix(".csv"), standings)
    if not no_plot:
        try:
            write_plot(plot or results.with_suffix(".png"), names, history)
        except ImportError:
            click.echo("no rating plot: matplotlib is not installed (the 'plot' extra)", err=True)
    if as_json:
        click.echo(json.dumps([s.row() for s in standings], indent=2))
    else:
        print_table(standings, seconds, len(tasks), len(chosen))
