"""``railways ladder``: every bot on every board, rated together with openskill.

The ladder is a ``railways tournament`` per board (the same rotated seatings, results
files, resuming and ratings: ``railways.cli.tournament``), all boards' games played in one
pool. Game ``i`` of every board is played from seed ``--seed + i``. Each board's games go to
``<out>/<board>.jsonl``; a rerun plays only the games the files lack.

The overall table rates every game of every board in one openskill run, game by game in a
fixed order (game 0 of every board in board order, then game 1, ...), so it does not depend
on where or when the games ran. Each board also gets its own table.

Speed: one more game, on the default board (Eastern U.S.) from ``--seed``, with every decision timed
(wall clock: a measured figure for ``railways bots``, never an input of a game). Kept in
``<out>/speed.json`` and measured again only when missing or with ``--speed-again``.

``ladder.json`` (the tables, the speed, the command and what it cost) is written to the
out folder, and with ``--ship`` also into the package (``railways/bots/ladder.json``),
where ``railways bots`` and the server's stand-in levels read it.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from railways.bots import BOTS, make_bot, unknown_bots_message
from railways.bots.ladder import FORMAT, LADDER_FILE
from railways.cli.pool import RAY_ADDRESS_HELP, RAY_HELP, run_tasks
from railways.cli.shared_options import jobs_option
from railways.cli.simulate import MAX_ACTIONS
from railways.cli.tournament import (
    OUT_DIR,
    Standing,
    header,
    lineup,
    play_game,
    rate,
    read_results,
)
from railways.content.maps import DEFAULT_MAP, available_maps
from railways.core.legal import legal_actions
from railways.rules import new_game

LADDER_BOTS = "random,easy,greedy,mcts:iters=100"
LADDER_OUT = f"{OUT_DIR}/ladder"
SPEED_FILE = "speed.json"

Task = tuple[str, int, list[str], int, int, int]


def play_ladder_game(task: Task) -> tuple[str, dict[str, Any]]:
    """One ladder game (a tournament game, with the seconds it took) and its board (runs in
    a worker or on Ray). The seconds are a measure of the run, not part of the result."""
    started = time.perf_counter()
    entry = play_game(task)
    entry["seconds"] = round(time.perf_counter() - started, 2)
    return task[0], entry


def board_results(out_dir: Path, map_id: str) -> Path:
    return out_dir / f"{map_id}.jsonl"


def missing_games(
    boards: Sequence[str], names: Sequence[str], players: int, games: int, seed: int,
    max_actions: int, done: dict[str, list[dict[str, Any]]],
) -> list[Task]:  # fmt: skip
    """The games the results files lack, game-major (game 0 of every board first)."""
    have = {b: {g["game"] for g in done[b]} for b in boards}
    return [
        (board, players, lineup(names, players, i), seed + i, i, max_actions)
        for i in range(games)
        for board in boards
        if i not in have[board]
    ]


def overall_order(
    boards: Sequence[str], games: int, done: dict[str, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """Every board's first ``games`` games, renumbered game-major for one rating run."""
    out = []
    for b, board in enumerate(boards):
        for g in done[board]:
            if g["game"] < games:
                out.append({**g, "game": g["game"] * len(boards) + b})
    return out


# -- speed ---------------------------------------------------------------------------------
def time_decisions(
    map_id: str, players: int, names: Sequence[str], seed: int, max_actions: int
) -> dict[str, list[float]]:
    """Seconds of every decision each bot made in one game of the given seating."""
    game = new_game(map_id, players=players, seed=seed)
    seats = [make_bot(names[i], seed * 31 + i) for i in range(players)]
    took: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(max_actions):
        seat = game.to_act
        if game.over or seat is None:
            break
        legal = legal_actions(game, seat)
        started = time.perf_counter()
        action = seats[seat].choose(game, seat, legal)
        took[names[seat]].append(time.perf_counter() - started)
        game.apply(action)
    return took


def speed_rows(took: dict[str, list[float]]) -> dict[str, dict[str, float | int]]:
    """Per bot: decisions timed, their median and 90th percentile in milliseconds."""
    out: dict[str, dict[str, float | int]] = {}
    for name, seconds in took.items():
        if not seconds:
            continue
        ms = sorted(1000 * s for s in seconds)
        p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
        out[name] = {
            "decisions": len(ms),
            "p50_ms": round(statistics.median(ms), 2),
            "p90_ms": round(p90, 2),
        }
    return out


def measured_speed(
    out_dir: Path, board: str, players: int, names: Sequence[str], seed: int, again: bool
) -> dict[str, Any]:
    """The speed sample of ``<out>/speed.json``, measured now if missing, stale or asked."""
    path = out_dir / SPEED_FILE
    key = {"map": board, "players": players, "bots": list(names), "seed": seed}
    if path.exists() and not again:
        kept: dict[str, Any] = json.loads(path.read_text())
        if kept.get("sample") == key:
            return kept
    took = time_decisions(board, players, lineup(names, players, 0), seed, MAX_ACTIONS)
    data = {"sample": key, "bots": speed_rows(took)}
    path.write_text(json.dumps(data, indent=1) + "\n")
    return data


# -- tables ----------------------------------------------------------------------------------
def bot_row(s: Standing, speed: dict[str, Any], rank: int) -> dict[str, Any]:
    row = {"rank": rank, **s.row()}
    timed = speed.get(s.bot)
    row["decision_p50_ms"] = timed["p50_ms"] if timed else None
    row["decision_p90_ms"] = timed["p90_ms"] if timed else None
    return row


def ladder_data(
    command: str, boards: Sequence[str], names: Sequence[str], players: int, games: int,
    seed: int, done: dict[str, list[dict[str, Any]]], speed: dict[str, Any],
) -> dict[str, Any]:  # fmt: skip
    """What ``ladder.json`` holds: the run, the overall table, each board's, the speed."""
    overall, _ = rate(names, overall_order(boards, games, done))
    timed = speed["bots"]
    per_board = {}
    for board in boards:
        standings, _ = rate(names, [g for g in done[board] if g["game"] < games])
        per_board[board] = [s.row() for s in standings]
    return {
        "format": FORMAT,
        "command": command,
        "players": players,
        "games_per_board": games,
        "seeds": [seed, seed + games - 1],
        "boards": list(boards),
        # Wall-clock seconds of the games rated, summed over workers (a loaded machine's).
        "games_seconds": round(
            sum(g.get("seconds", 0.0) for b in boards for g in done[b] if g["game"] < games), 1
        ),
        "games_rated": sum(1 for b in boards for g in done[b] if g["game"] < games),
        "speed_sample": speed["sample"],
        "bots": [bot_row(s, timed, i + 1) for i, s in enumerate(overall)],
        "by_board": per_board,
    }


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if value < 10 else f"{value:,.0f}"


def markdown(data: dict[str, Any]) -> str:
    """The overall table and the board-by-board mu (sigma), as Markdown."""
    lines = [
        "| rank | bot | mu | sigma | mu - 3 sigma | games | wins | win % | mean score "
        "| decision p50 ms | p90 ms |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in data["bots"]:
        mean = "-" if r["mean_score"] is None else f"{r['mean_score']:.1f}"
        lines.append(
            f"| {r['rank']} | `{r['bot']}` | {r['mu']:.2f} | {r['sigma']:.2f} "
            f"| {r['ordinal']:.2f} | {r['games']} | {r['wins']} | {100 * r['win_rate']:.1f} "
            f"| {mean} | {_ms(r['decision_p50_ms'])} | {_ms(r['decision_p90_ms'])} |"
        )
    names = [r["bot"] for r in data["bots"]]
    lines += ["", "| board | " + " | ".join(f"`{n}`" for n in names) + " |"]
    lines.append("| --- |" + " ---: |" * len(names))
    for board, rows in data["by_board"].items():
        by = {r["bot"]: r for r in rows}
        cells = [f"{by[n]['mu']:.1f} ({by[n]['sigma']:.1f})" for n in names]
        lines.append(f"| {board} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def print_ladder(data: dict[str, Any], played: int) -> None:
    from rich.console import Console
    from rich.table import Table

    title = (
        f"Ladder: {len(data['boards'])} boards, {data['games_per_board']} games each "
        f"({played} played now)"
    )
    table = Table(title=title)
    cols = ("rank", "bot", "mu", "sigma", "mu - 3 sigma", "games", "win %", "p50 ms")
    for col in cols:
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=col == "bot")
    for r in data["bots"]:
        table.add_row(
            str(r["rank"]),
            r["bot"],
            f"{r['mu']:.2f}",
            f"{r['sigma']:.2f}",
            f"{r['ordinal']:.2f}",
            str(r["games"]),
            f"{100 * r['win_rate']:.1f}",
            _ms(r["decision_p50_ms"]),
        )
    Console().print(table)
    unfinished = sum(r["unfinished"] for r in data["bots"])
    if unfinished:
        click.echo(f"unfinished games (not rated), counted per bot: {unfinished}")
    click.echo(f"{data['games_rated']} games rated, {data['games_seconds']:.0f} s of play")


def shipped_path() -> Path:
    return Path(__file__).resolve().parents[1] / "bots" / LADDER_FILE


def check_bots(names: list[str]) -> None:
    unknown = [b for b in names if b not in BOTS]
    if unknown or len(names) < 2:
        raise click.BadParameter(
            unknown_bots_message(unknown) if unknown else "name at least two bots",
            param_hint="--bots",
        )
    if len(set(names)) != len(names):
        raise click.BadParameter("name each bot once", param_hint="--bots")


@click.command("ladder")
@click.option(
    "--bots",
    default=LADDER_BOTS,
    show_default=True,
    help="Comma-separated bots to rate; seatings rotate game by game on every board.",
)
@click.option(
    "--maps",
    "maps",
    default="all",
    show_default=True,
    help="Comma-separated boards, or 'all' (every board found).",
)
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@click.option(
    "--games", type=click.IntRange(1), default=8, show_default=True, help="Games per board."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of game 0.")
@jobs_option(
    "Worker processes (or, with --ray, CPUs of the local Ray). Results do not depend on it."
)
@click.option("--ray", "use_ray", is_flag=True, help=RAY_HELP)
@click.option("--ray-address", default=None, metavar="ADDRESS", help=RAY_ADDRESS_HELP)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path(LADDER_OUT),
    show_default=True,
    help="Folder for the boards' results (resumed when rerun), speed.json, ladder.json "
    "and ladder.md.",
)
@click.option(
    "--ship",
    is_flag=True,
    help="Also write ladder.json into the package, for `railways bots` and the server.",
)
@click.option("--speed-again", is_flag=True, help="Time the decisions again (speed.json).")
@click.option("--max-actions", type=click.IntRange(1), default=MAX_ACTIONS, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print ladder.json instead of the table.")
def ladder(
    bots: str,
    maps: str,
    players: int,
    games: int,
    seed: int,
    jobs: int,
    use_ray: bool,
    ray_address: str | None,
    out_dir: Path,
    ship: bool,
    speed_again: bool,
    max_actions: int,
    as_json: bool,
) -> None:
    """Rate every bot on every board (openskill over rotated seatings), resumably."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    check_bots(names)
    known = available_maps()
    boards = known if maps == "all" else [m.strip() for m in maps.split(",") if m.strip()]
    if not boards or any(b not in known for b in boards):
        raise click.BadParameter(f"'all' or some of {', '.join(known)}", param_hint="--maps")
    try:
        import openskill  # noqa: F401 - fail before playing, not after
    except ImportError:
        raise click.ClickException("ladder needs openskill: pip install 'railways[rl]'") from None
    out_dir.mkdir(parents=True, exist_ok=True)
    done: dict[str, list[dict[str, Any]]] = {}
    for board in boards:
        path = board_results(out_dir, board)
        done[board] = read_results(path, header(board, players, names, seed))
        if not path.exists():
            path.write_text(json.dumps(header(board, players, names, seed)) + "\n")
    tasks = missing_games(boards, names, players, games, seed, max_actions, done)
    click.echo(f"{len(tasks)} games to play on {len(boards)} boards", err=True)
    files = {b: board_results(out_dir, b).open("a") for b in boards}
    try:
        for board, entry in run_tasks(play_ladder_game, tasks, jobs, use_ray, ray_address):
            files[board].write(json.dumps(entry) + "\n")
            files[board].flush()  # a game on disk is a game an interrupted run keeps
            done[board].append(entry)
    finally:
        for f in files.values():
            f.close()
    timed_on = DEFAULT_MAP if DEFAULT_MAP in boards else boards[0]
    speed = measured_speed(out_dir, timed_on, players, names, seed, speed_again)
    command = "railways ladder " + " ".join(
        [f"--bots {','.join(names)}", f"--maps {maps}", f"--players {players}"]
        + [f"--games {games}", f"--seed {seed}"]
    )
    data = ladder_data(command, boards, names, players, games, seed, done, speed)
    text = json.dumps(data, indent=1) + "\n"
    (out_dir / LADDER_FILE).write_text(text)
    (out_dir / "ladder.md").write_text(markdown(data))
    if ship:
        shipped_path().write_text(text)
    if as_json:
        click.echo(text, nl=False)
    else:
        print_ladder(data, len(tasks))
