"""Determinization: a full game consistent with what one seat knows, unknowns resampled.

Search bots (IS-MCTS) play out many such games. The seat's own secrets stay as
they are; other seats' unrevealed Rail Barons are redrawn from the cards the
seat has not seen, the Operations deck is reshuffled and the random stream is
reseeded, so future draws from the bag differ too.
"""

from __future__ import annotations

from railways.core.game import Game
from railways.core.rng import Rng


def determinize(game: Game, seat: int, seed: int) -> Game:
    """A copy of ``game`` as ``seat`` might believe it to be, its unknowns drawn with ``seed``.

    What the seat knows is kept (its own cards, revealed barons, the board and money); the
    others' hidden barons, the decks' orders and the random stream are drawn anew. The
    original game is not changed.
    """
    rng = Rng(seed)
    clone = game.copy()  # its own state and caches; nothing mutable is shared
    state = clone.state
    me = state.players[seat]
    seen = set(me.barons_dealt)
    seen.update(p.baron for p in state.players if p.baron and p.baron_revealed)
    pool = sorted(set(game.ruleset.barons) - seen)
    rng.shuffle(pool)
    for p in state.players:
        if p.seat == seat or p.baron_revealed:
            continue
        if p.baron:
            p.baron = pool.pop()
            p.barons_dealt = (p.baron, pool.pop()) if pool else (p.baron,)
    state.baron_deck = pool
    rng.shuffle(state.ops_deck)
    for plugin in game.ruleset.plugins:  # the plug-ins' own hidden decks
        plugin.determinize(clone, seat, rng)
    state.rng = Rng(rng.next64())
    return clone
