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

from railways.core.actions import BuildTrack, Undo
from railways.core.legal import legal_actions, sample_action
from railways.core.record import GameRecord
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.records import record_of
from railways.server.games import replay_record


def undo_heavy(actions: int, seed: int) -> GameRecord:
    game = new_game("eastern-us", players=4, seed=seed)
    rng = Rng(seed)
    undos: dict[tuple[int, int], int] = {}  # (turn, seat) -> undos so far
    while len(game.actions) < actions and not game.over:
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        key = (game.state.turn, seat)
        while isinstance(action, BuildTrack) and undos.get(key, 0) < 49:
            if len(game.actions) + 3 > actions:
                break
            game.apply(action)
            if game.undo_allowed(seat) is not None:
                break
            game.apply(Undo(seat=seat))
            undos[key] = undos.get(key, 0) + 1
        if game.to_act != seat or len(game.actions) >= actions:
            continue
        legal_actions(game, seat)
        game.apply(action)
    return record_of(game)


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
