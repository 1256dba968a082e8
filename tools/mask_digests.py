"""Print a fingerprint of the action masks of random games on every board.

`.venv/bin/python tools/mask_digests.py [--steps N]` plays a seeded random game on each
board (four players, three where a board takes no more), the modules on Eastern U.S. and the
solo game, and hashes every position's legal map (each index and the action it stands for).
Run it before and after a change of ``railways.rl.encoding``: a position that fits the
catalogue must keep its indices, so the lines must not change (a position with more actions
than a pool holds is hashed as "overflow" only: before pages the encoding refused it).
"""

from __future__ import annotations

import argparse
import hashlib

from railways.bots.random_bot import RandomBot
from railways.content.maps import available_maps
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.rl.encoding import ActionEncoding
from railways.rules import new_game
from railways.rules.solo import new_solo_game


def kind_of(choice: object) -> str:
    return str(getattr(choice, "kind", ""))


def digest(game: Game, steps: int, seed: int) -> tuple[str, int]:
    """The hash of every legal map of ``steps`` random actions, and the positions hashed."""
    enc = ActionEncoding(game)
    bots = [RandomBot(seed + i) for i in range(max(1, len(game.seats)))]
    h = hashlib.sha256()
    n = 0
    while not game.over and n < steps:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        try:
            by_index = enc.legal_map(game, seat, legal)
        except ValueError:  # more than a pool holds (before pages): "overflow"
            by_index = None
        if by_index is None or any(kind_of(a) == "more" for a in by_index.values()):
            h.update(b"overflow|")  # the position past a pool: its first page is new
        else:
            for index in sorted(by_index):
                h.update(f"{index}={by_index[index]};".encode())
            h.update(b"|")
        game.apply(bots[seat % len(bots)].choose(game, seat, legal))
        n += 1
    return h.hexdigest()[:16], n


def cases() -> list[tuple[str, Game]]:
    out: list[tuple[str, Game]] = []
    for board in available_maps():
        try:
            game = new_game(board, players=4, seed=11)
        except ValueError:
            game = new_game(board, players=3, seed=11)
        out.append((board, game))
    modules = {"modules": ["event-deck", "hotels", "mines"]}
    out.append(("eastern-us+modules", new_game("eastern-us", players=4, seed=12, options=modules)))
    out.append(("solo", new_solo_game("eastern-us", seed=13)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    for name, game in cases():
        value, n = digest(game, args.steps, 7)
        print(f"{name:28} {n:5} positions {value}", flush=True)


if __name__ == "__main__":
    main()
