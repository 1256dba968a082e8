"""How big a seat's update is, and what compression makes of it (``railways bench payload``).

The page gets a seat's whole view and legal actions after every move. Over HTTP the server
gzips answers larger than :data:`GZIP_MIN`; over the WebSocket the browser and server agree on
permessage-deflate (uvicorn's default), which is zlib's deflate with a 15-bit window. This
measures both on positions of real games, so the figures in docs/performance.md can be checked.
"""

from __future__ import annotations

import gzip
import statistics
import zlib
from dataclasses import dataclass

from railways.bots import make_bot
from railways.content.maps import DEFAULT_MAP
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.server.games import _dumps, legal_text

GZIP_MIN = 1024  # bytes: smaller answers go as they are


@dataclass
class PayloadSizes:
    raw: list[int]
    gzip: list[int]
    deflate: list[int]

    def rows(self) -> list[tuple[str, float, int]]:
        return [
            (name, statistics.median(values), max(values))
            for name, values in (("raw", self.raw), ("gzip", self.gzip), ("deflate", self.deflate))
        ]


def measure(
    map_id: str = DEFAULT_MAP, players: int = 4, seed: int = 1, every: int = 10
) -> PayloadSizes:
    """Play a greedy game; every ``every`` actions, size the seat-to-act's update."""
    game = new_game(map_id, players, seed)
    bots = [make_bot("greedy", seed + i) for i in range(players)]
    sizes = PayloadSizes([], [], [])
    n = 0
    while not game.over and n < 3000:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        if n % every == 0:
            text = (
                f'{{"type":"update","view":{_dumps(view_for(game, seat))},'
                f'"legal":{legal_text(legal, game)}}}'
            ).encode()
            sizes.raw.append(len(text))
            sizes.gzip.append(len(gzip.compress(text, 6)))
            squeeze = zlib.compressobj(6, zlib.DEFLATED, -15)
            sizes.deflate.append(len(squeeze.compress(text) + squeeze.flush()))
        game.apply(bots[seat].choose(game, seat, legal))
        n += 1
    return sizes
