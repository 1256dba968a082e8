"""Crossing tiles and the tile supply when a crossing track is removed (RW-p5-06, RW-p4-49)."""

from __future__ import annotations

import pytest

from railways.core.hexgrid import Hex, Side
from railways.core.state import Link, Piece
from railways.core.track import count_tiles, remove_incomplete, tiles_after
from railways.rules import new_game


def _crossed_hex():  # type: ignore[no-untyped-def]
    """A game with a complete link's gentle curve crossed by an incomplete straight."""
    game = new_game("eastern-us", players=2, seed=1)
    state = game.state
    h = Hex.from_offset(12, 12)
    state.links[1] = Link(id=1, owner=0, start="a", tiles=[(h, Side.W, Side.NE)], end="b")
    state.links[2] = Link(id=2, owner=1, start="c", tiles=[(h, Side.NW, Side.SE)], end=None)
    state.track[h] = [Piece(1, 0, Side.W, Side.NE), Piece(2, 1, Side.NW, Side.SE)]
    state.tile_counts = None
    return game, h


@pytest.mark.rules("RW-p5-06", "RW-p4-49")
def test_removed_crossing_gives_way_to_a_plain_tile_when_one_is_free() -> None:
    game, h = _crossed_hex()
    assert count_tiles(game.state) == {"straight": 0, "gentle": 0, "crossing": 1}
    remove_incomplete(game.state, {"straight": 5, "gentle": 5, "crossing": 5})
    (piece,) = game.state.track[h]
    assert piece.link == 1 and not piece.on_crossing
    assert count_tiles(game.state) == {"straight": 0, "gentle": 1, "crossing": 0}


@pytest.mark.rules("RW-p5-06", "RW-p4-49", "RW-p3-20")
def test_removed_crossing_stays_when_no_plain_tile_is_left() -> None:
    """With every gentle curve in play, the crossing tile stays under the remaining track."""
    game, h = _crossed_hex()
    remove_incomplete(game.state, {"straight": 5, "gentle": 0, "crossing": 5})
    (piece,) = game.state.track[h]
    assert piece.on_crossing
    assert count_tiles(game.state) == {"straight": 0, "gentle": 0, "crossing": 1}
    # A later overpass on that hex needs no new crossing tile: it is already there.
    assert tiles_after(game.state, [(h, Side.NW, Side.SE)])["crossing"] == 1
