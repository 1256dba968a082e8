"""Profile random playouts with cProfile and print the hottest functions.

Run: python benchmarks/profile_playout.py [players] [games] [--fast] [--top N]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections.abc import Sequence

from railways.bench.engine import fast_playouts, random_playouts


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Profile random playouts on Eastern U.S. with cProfile and print the "
        "functions with the most time of their own.",
    )
    parser.add_argument("players", nargs="?", type=int, default=4, help="players (default 4)")
    parser.add_argument("games", nargs="?", type=int, default=3, help="games (default 3)")
    parser.add_argument(
        "--fast",
        action="store_true",
        help="sampled playouts (sample_action + apply) instead of full ones (legal_actions)",
    )
    parser.add_argument("--top", type=int, default=25, help="functions to print (default 25)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    run = fast_playouts if args.fast else random_playouts
    run("eastern-us", args.players, 1, 999, 5000)  # warm the per-board caches
    profiler = cProfile.Profile()
    profiler.enable()
    figures = run("eastern-us", args.players, args.games, 1, 5000)
    profiler.disable()
    print(figures)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
