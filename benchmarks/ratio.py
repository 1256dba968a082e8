"""The issue-18 speed figures as ratios to ``catan-ref``, for one or more source trees.

This machine's speed swings two- to threefold within minutes, so a figure means little
alone. This script runs ``../shared/tools/catan-ref`` (Catanatron's random playouts,
actions/s), then each tree's figures in a fresh process, then catan-ref again, and so on
(``--rounds`` times), and gives each figure as a ratio to the mean of the two catan-ref
runs around it. Alternating trees in one run is how a "before" and an "after" are
compared.

Figures (4 players, Eastern U.S. unless ``--map``/``--players``):

- ``fast``: sampled random playout (``sample_action`` + ``apply``), actions/s;
- ``full``: full random playout (``legal_actions`` + ``RandomBot`` + ``apply``), actions/s;
- ``legal_p99``: ``legal_actions`` latency p99 in ms (not a ratio; given as is and
  scaled to a 27,000 actions/s catan-ref machine, the quiet figure);
- ``mcts``: ``mcts`` iterations per second at positions after 100 actions of four greedy
  bots (an ``iters`` budget of 240; the greedy root scoring included);
- ``search``: one ``Game.copy`` of a mid-game position then ``sample_action`` + ``play``.

Run:
    python benchmarks/ratio.py --src src                     # this tree
    python benchmarks/ratio.py --src /tmp/old/src --src src  # before and after
    python benchmarks/ratio.py --src pure=/tmp/wt/src --pure pure --src mypyc=/tmp/wt/src

A ``--src`` may be ``label=path``. Prints a table, or JSON with ``--json``.
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
from railways.bench.engine import fast_playouts, random_playouts, search_playouts, percentiles
from railways.core.legal import legal_actions, sample_action, static_routes, long_routes
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules import new_game

map_id, players, games, what = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
warm = new_game(map_id, players=players, seed=1)
for tiles in (4, 5):
    static_routes(warm.board, tiles)
    long_routes(warm.board, tiles)
fast_playouts(map_id, players, 1, 999, 5000)  # warm every other per-process table
out = {}
if "fast" in what:
    out["fast"] = fast_playouts(map_id, players, games, 1, 5000)["actions_per_s"]
if "full" in what:
    out["full"] = random_playouts(map_id, players, games, 1, 5000)["actions_per_s"]
if "legal" in what:
    lt, at = [], []
    random_playouts(map_id, players, games, 1001, 5000, lt, at)
    p = percentiles(lt)
    out["legal_p50"], out["legal_p99"] = p["p50"], p["p99"]
if "search" in what:
    out["search"] = search_playouts(map_id, players, games, 1, 5000)["actions_per_s"]
if "mcts" in what:
    from railways.bots.greedy import GreedyBot
    from railways.bots.mcts import MctsBot, MctsSettings
    iters = spent = 0.0
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
        t0 = time.perf_counter()
        bot.choose(game, seat, legal)
        spent += time.perf_counter() - t0
        iters += bot.last_iterations
    out["mcts"] = round(iters / spent, 1) if spent else 0.0
print(json.dumps(out))
"""


def catan(seconds: float) -> float:
    done = subprocess.run([str(CATAN), str(seconds)], capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


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
    parser.add_argument("--what", default="fast,full,legal,mcts,search")
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
            ref = (before + after) / 2
            row = {"catan_ref": ref}
            for key, value in raw.items():
                if key.startswith("legal"):
                    row[key] = value
                    row[key + "_quiet"] = round(value * ref / QUIET_CATAN, 3)
                else:
                    row[key] = value
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
    keys = [k for k in next(iter(summary.values())) if k.endswith("_x") or k.startswith("legal")]
    print("figure".ljust(22) + "".join(label.rjust(16) for label in summary))
    for key in ["catan_ref", *keys]:
        cells = "".join(f"{summary[label].get(key, float('nan')):16.4g}" for label in summary)
        print(key.ljust(22) + cells)


if __name__ == "__main__":
    main()
