"""The issue-18 speed figures as ratios to ``catan-ref``, for one or more source trees.

This machine's speed swings two- to threefold within minutes, so a figure means little
alone. This script runs ``../shared/tools/catan-ref`` (Catanatron's random playouts,
actions/s), then each tree's figures in a fresh process, then catan-ref again, and so on
(``--rounds`` times), and gives each figure as a ratio to the mean of the two catan-ref
runs around it. Alternating trees in one run is how a "before" and an "after" are
compared.

Every figure is taken twice: per second of wall-clock time (``NAME_x``: the ratio to
catan-ref itself, as issue 18 asks) and per second of this process's CPU time
(``NAME_cpu_x``: the ratio to catan-ref's workload timed the same way). When other jobs
load the machine, a process waits for a core for part of the wall time; the CPU ratio
does not count that wait and is the steadier of the two.

Figures (4 players, Eastern U.S. unless ``--map``/``--players``; whole games):

- ``fast``: sampled random playout (``sample_action`` + ``apply``), actions/s;
- ``full``: full random playout (``legal_actions`` + ``RandomBot`` + ``apply``), actions/s;
- ``legal_p50_cpu``/``legal_p99_cpu``: ``legal_actions`` CPU time per call in ms (random
  games from seed 1001), and ``..._quiet``: the same scaled to a machine where catan-ref
  plays 27,000 actions/s;
- ``mcts``: ``mcts`` iterations per second at positions after 100 actions of four greedy
  bots (an ``iters`` budget of 240; the greedy scoring of the root included).

Run:
    python benchmarks/ratio.py --src src                     # this tree
    python benchmarks/ratio.py --src old=/tmp/old/src --src new=src --rounds 3
    python benchmarks/ratio.py --src pure=/tmp/wt/src --pure pure --src mypyc=/tmp/wt/src

A ``--src`` may be ``label=path``. Prints the medians over rounds, or every run with
``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATAN = ROOT.parent / "shared" / "tools" / "catan-ref"
QUIET_CATAN = 27_000.0  # catan-ref on a quiet machine (docs/performance.md)

WORKER = r"""
import json, sys, time
from railways.bench.engine import percentiles
from railways.bots.random_bot import RandomBot
from railways.core.legal import legal_actions, sample_action, static_routes, long_routes
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules import new_game

map_id, players, games, what = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
wall, cpu = time.perf_counter, time.process_time
warm = new_game(map_id, players=players, seed=1)
for tiles in (4, 5):
    static_routes(warm.board, tiles)
    long_routes(warm.board, tiles)

def fast(seed0, n):
    acts = w = c = 0.0
    for g in range(n):
        game = new_game(map_id, players=players, seed=seed0 + g)
        rng = Rng((seed0 + g) * 7919)
        w0, c0 = wall(), cpu()
        while not game.over:
            game.apply(sample_action(game, game.to_act, rng))
        w, c, acts = w + wall() - w0, c + cpu() - c0, acts + len(game.actions)
    return acts, w, c

def full(seed0, n, times=None):
    acts = w = c = 0.0
    for g in range(n):
        game = new_game(map_id, players=players, seed=seed0 + g)
        bots = [RandomBot((seed0 + g) * 31 + i) for i in range(players)]
        w0, c0 = wall(), cpu()
        while not game.over:
            seat = game.to_act
            if times is None:
                legal = legal_actions(game, seat)
            else:
                t0 = cpu()
                legal = legal_actions(game, seat)
                times.append(cpu() - t0)
            game.apply(bots[seat].choose(game, seat, legal))
        w, c, acts = w + wall() - w0, c + cpu() - c0, acts + len(game.actions)
    return acts, w, c

def rates(key, acts, w, c):
    out[key] = round(acts / w, 1)
    out[key + "_cpu"] = round(acts / c, 1)

fast(999, 1)  # warm every other per-process table
out = {}
if "fast" in what:
    rates("fast", *fast(1, games))
if "full" in what:
    rates("full", *full(1, games))
if "legal" in what:
    times = []
    full(1001, games, times)
    p = percentiles(times)
    out["legal_p50_cpu"], out["legal_p99_cpu"] = p["p50"], p["p99"]
if "mcts" in what:
    from railways.bots.greedy import GreedyBot
    from railways.bots.mcts import MctsBot, MctsSettings
    iters = w = c = 0.0
    for seed in range(1, games + 2):
        game = new_game(map_id, players=players, seed=seed)
        greedy = [GreedyBot(seed * 31 + i) for i in range(players)]
        while not game.over and (len(game.actions) < 100 or game.state.phase is not Phase.ACTIONS
                                 or game.turns.step_actions(game, game.to_act) is not None):
            seat = game.to_act
            game.apply(greedy[seat].choose(game, seat, legal_actions(game, seat)))
        if game.over:
            continue
        seat = game.to_act
        bot = MctsBot(seed, MctsSettings(iters=240))
        legal = legal_actions(game, seat)
        w0, c0 = wall(), cpu()
        bot.choose(game, seat, legal)
        w, c, iters = w + wall() - w0, c + cpu() - c0, iters + bot.last_iterations
    rates("mcts", iters, w, c)
print(json.dumps(out))
"""

# Catanatron's random playouts as catan-ref plays them, timed in CPU seconds as well.
CATAN_CPU = r"""
import random, sys, time
from catanatron import Color, Game, RandomPlayer
seconds = float(sys.argv[1]); random.seed(1)
acts = games = 0; t0 = time.perf_counter(); c0 = time.process_time()
colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
while time.perf_counter() - t0 < seconds:
    g = Game([RandomPlayer(c) for c in colors], seed=games)
    g.play(); acts += len(g.state.actions); games += 1
print(acts / (time.perf_counter() - t0), acts / (time.process_time() - c0))
"""


def catan(seconds: float) -> tuple[float, float]:
    """catan-ref's figure (actions per wall second) and the same per CPU second."""
    done = subprocess.run([str(CATAN), str(seconds)], capture_output=True, text=True, check=True)
    ref = float(done.stdout.strip().splitlines()[-1])
    venv = Path(os.environ.get("CATAN_VENV", Path.home() / ".cache" / "catan-venv"))
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-c", CATAN_CPU, str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    )
    _wall, per_cpu = (float(x) for x in done.stdout.split())
    return ref, per_cpu


def figures(src: str, args: argparse.Namespace, pure: bool) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=src)
    env.pop("RAILWAYS_PURE_PYTHON", None)
    if pure:  # ignore a mypyc build in that tree (railways._build)
        env["RAILWAYS_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", WORKER, args.map, str(args.players), str(args.games), args.what],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"{src}: {done.stderr[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", action="append", required=True, help="[label=]path of a src/")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--map", default="eastern-us")
    parser.add_argument("--what", default="fast,full,legal,mcts")
    parser.add_argument("--catan-seconds", type=float, default=4.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--pure", action="append", default=[], help="a label whose tree runs pure Python"
    )
    args = parser.parse_args()
    trees = [s.split("=", 1) if "=" in s else [s, s] for s in args.src]
    rows: dict[str, list[dict[str, float]]] = {label: [] for label, _ in trees}
    before = catan(args.catan_seconds)
    for _ in range(args.rounds):
        for label, path in trees:
            raw = figures(str(Path(path).resolve()), args, label in args.pure)
            after = catan(args.catan_seconds)
            ref = (before[0] + after[0]) / 2
            ref_cpu = (before[1] + after[1]) / 2
            row = {"catan_ref": ref, "catan_cpu": ref_cpu}
            for key, value in raw.items():
                row[key] = value
                if key.startswith("legal"):  # ms of CPU; scaled to a quiet catan-ref machine
                    row[key + "_quiet"] = round(value * ref_cpu / QUIET_CATAN, 3)
                elif key.endswith("_cpu"):
                    row[key + "_x"] = round(value / ref_cpu, 4)
                else:
                    row[key + "_x"] = round(value / ref, 4)
            rows[label].append(row)
            print(f"# {label}: {json.dumps(row)}", file=sys.stderr)
            before = after
    summary = {
        label: {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        for label, runs in rows.items()
    }
    if args.json:
        print(json.dumps({"medians": summary, "runs": rows}, indent=1))
        return
    keys = [k for k in next(iter(summary.values())) if k.endswith(("_x", "_quiet"))]
    print("figure".ljust(22) + "".join(label.rjust(16) for label in summary))
    for key in ["catan_ref", "catan_cpu", *keys]:
        cells = "".join(f"{summary[label].get(key, float('nan')):16.4g}" for label in summary)
        print(key.ljust(22) + cells)


if __name__ == "__main__":
    main()
