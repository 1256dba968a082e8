"""CPU time to replay (import) an undo-heavy record: a random 4-player Eastern U.S. game
where, whenever the seat to act may build, it builds and undoes up to 49 times before it
acts (the server allows 50 undos per seat a turn), until the record has ~2,990 actions.

Run:  python benchmarks/undo_replay.py [--actions 2990] [--seed 1]

Prints the record's size and the CPU seconds ``replay_record`` took (the server's import
check). Figures swing with the machine's load: compare old and new in turns.
"""

from __future__ import annotations

import argparse
import time

from railways.core.actions import Undo
from railways.server.games import replay_record
from railways.server.import_load import undo_heavy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2990)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    record = undo_heavy(args.actions, args.seed)
    undos = sum(1 for a in record.actions if isinstance(a, Undo))
    t0 = time.process_time()
    replay_record(record)
    cpu = time.process_time() - t0
    print(f"{len(record.actions)} actions ({undos} undos): replayed in {cpu:.2f} s of CPU")


if __name__ == "__main__":
    main()
