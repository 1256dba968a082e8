"""Compare the per-game rows of `railways simulate --out` from two versions of the code.

Each side is a folder of CSV files named ``<board>.<anything>.csv``, written by the same
command on both sides, for instance (docs/design.md, issue 27, "No behaviour change"):

    railways simulate --map ID --bots greedy --games N --seed S --json -q --no-check --out FILE

`.venv/bin/python tools/compare_simulate.py OLD_DIR NEW_DIR` pairs the rows by board and
seed and prints, per board, how many games both sides played, which seeds, how many rows
are the same in every column both files have (seed, end, turns, actions, winner, each seat's
score, bonds, engine, links, deliveries, Major Lines), and the first rows that differ with
their columns. Games only one side played are counted apart. The exit status is 1 when a
row differs or no game was compared, 0 otherwise.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

Row = dict[str, str]
Key = tuple[str, int]  # (board, seed)


def read_side(folder: Path) -> dict[Key, Row]:
    """Every row of the folder's CSV files, keyed by board (the file name up to its first
    dot) and seed; a seed found twice for a board is an error."""
    rows: dict[Key, Row] = {}
    for path in sorted(folder.glob("*.csv")):
        board = path.name.split(".", 1)[0]
        with path.open(newline="") as f:
            for row in csv.DictReader(f):
                key = (board, int(row["seed"]))
                if key in rows:
                    raise SystemExit(f"{path}: seed {key[1]} of {board} is there twice")
                rows[key] = row
    return rows


def differing_columns(old: Row, new: Row) -> list[str]:
    """The columns both rows have whose values differ; a column only one side writes is
    named too, so that a changed format is not read as the same game."""
    names = list(old) + [c for c in new if c not in old]
    return [c for c in names if old.get(c) != new.get(c)]


def seed_ranges(seeds: list[int]) -> str:
    """``1-25, 31, 40-42`` for the sorted seeds."""
    runs: list[list[int]] = []
    for seed in seeds:
        if runs and seed == runs[-1][-1] + 1:
            runs[-1].append(seed)
        else:
            runs.append([seed])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def compare(old: dict[Key, Row], new: dict[Key, Row], shown: int) -> int:
    """Print the comparison per board; answer how many compared rows differ."""
    both = sorted(set(old) & set(new))
    by_board: dict[str, list[int]] = defaultdict(list)
    for board, seed in both:
        by_board[board].append(seed)
    only_old = defaultdict(int, {b: 0 for b in by_board})
    only_new = defaultdict(int, {b: 0 for b in by_board})
    for board, _ in set(old) - set(new):
        only_old[board] += 1
    for board, _ in set(new) - set(old):
        only_new[board] += 1
    differ = 0
    for board in sorted(set(by_board) | set(only_old) | set(only_new)):
        seeds = by_board.get(board, [])
        diffs = [(s, differing_columns(old[(board, s)], new[(board, s)])) for s in seeds]
        diffs = [(s, cols) for s, cols in diffs if cols]
        differ += len(diffs)
        covered = seed_ranges(seeds) if seeds else "none"
        same = len(seeds) - len(diffs)
        print(
            f"{board:18} compared {len(seeds):4} (seeds {covered}), same {same:4}"
            f"; only old {only_old[board]}, only new {only_new[board]}"
        )
        for seed, cols in diffs[:shown]:
            print(f"    seed {seed}: " + ", ".join(cols))
    print(f"total: compared {len(both)}, same {len(both) - differ}, differ {differ}")
    return differ if both else -1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare two sides' simulate --out rows.")
    parser.add_argument("old", type=Path, help="folder of the old side's CSV files")
    parser.add_argument("new", type=Path, help="folder of the new side's CSV files")
    parser.add_argument("--shown", type=int, default=5, help="differing rows shown a board")
    args = parser.parse_args(argv)
    differ = compare(read_side(args.old), read_side(args.new), args.shown)
    return 0 if differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
