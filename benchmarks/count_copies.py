"""Count the machine instructions of ``Game.copy``, with valgrind's callgrind.

Run: python benchmarks/count_copies.py [--map ID] [--players N] [--copies N] [--out FILE]

The position is ``railways bench``'s (``railways.bench.engine.copy_rate``): a game after
150 sampled actions with seed 1, its listings made on the way (the caches a copy takes
over). After 20 copies to warm up, callgrind counts ``--copies`` more, each made and
freed as the bench's loop does, and this prints the instructions per copy. Instructions,
not seconds: the machine's load does not change them (see count_instructions.py). Run it
in an older checkout (``PYTHONPATH=src python .../count_copies.py``) to compare.

It needs ``valgrind`` (Debian's package).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Sequence

from count_instructions import INSIDE, under_callgrind  # the same callgrind run

WARM_UP = 20


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Instructions per Game.copy of railways bench's mid-game position, "
        "counted by callgrind.",
    )
    parser.add_argument("--map", default="eastern-us", help="board (default eastern-us)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--copies", type=int, default=200, help="copies counted (default 200)")
    parser.add_argument("--out", help="keep callgrind's file here (for callgrind_annotate)")
    return parser.parse_args(argv)


def _toggle(on: bool) -> None:
    command = ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())]
    subprocess.run(command, check=True, capture_output=True)


def _copied(args: argparse.Namespace) -> None:
    """The run under callgrind: make the position, warm up, count the copies."""
    from railways.bench.engine import COPY_AFTER, _position

    game = _position(args.map, args.players, 1, COPY_AFTER)
    for _ in range(WARM_UP):
        game.copy()
    _toggle(True)
    for _ in range(args.copies):
        game.copy()
    _toggle(False)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if os.environ.get(INSIDE):
        _copied(args)
        return 0
    done = under_callgrind(__file__, argv, args.out)
    if isinstance(done, int):
        return done
    found = re.search(r"refs:\s+([\d,]+)", done.stderr)
    if found is None:
        print(f"no count in callgrind's run:\n{done.stderr}", file=sys.stderr)
        return 1
    total = int(found.group(1).replace(",", ""))
    print(f"{args.map}, {args.players} players: {args.copies} copies counted")
    print(f"instructions: {total:,} ({total / max(args.copies, 1):,.0f} per copy)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
