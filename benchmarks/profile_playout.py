"""Profile random playouts with cProfile and print the hottest functions.

Run: python benchmarks/profile_playout.py [players] [games] [--fast]
"""

from __future__ import annotations

import cProfile
import pstats
import sys

from railways.bench.engine import fast_playouts, random_playouts


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    players = int(args[0]) if args else 4
    games = int(args[1]) if len(args) > 1 else 3
    run = fast_playouts if "--fast" in sys.argv else random_playouts
    run("eastern-us", players, 1, 999, 5000)  # warm the per-board caches
    profiler = cProfile.Profile()
    profiler.enable()
    figures = run("eastern-us", players, games, 1, 5000)
    profiler.disable()
    print(figures)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
