"""The count of tiles in use is kept as tiles are laid and lifted, and always equals a count
of the whole board (``track.tiles_in_use`` against ``track.count_tiles``)."""

from __future__ import annotations

import pytest

from railways.core.hexgrid import Hex
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.core.state import Piece
from railways.core.track import count_tiles, tiles_in_use
from railways.rules import new_game


def _by_hand(track: dict[Hex, list[Piece]]) -> dict[str, int]:
    """Tiles by kind worked out here: two tracks or a leftover crossing tile make a crossing,
    otherwise the one track's shape (opposite sides straight, else a gentle curve)."""
    used = {"straight": 0, "gentle": 0, "crossing": 0}
    for pieces in track.values():
        if not pieces:
            continue
        first = pieces[0]
        if len(pieces) == 2 or first.on_crossing:
            used["crossing"] += 1
        elif (first.a - first.b) % 6 == 3:
            used["straight"] += 1
        else:
            used["gentle"] += 1
    return used


@pytest.mark.parametrize(
    ("map_id", "players", "seed", "full"),
    [
        ("eastern-us", 4, 1, False),
        ("eastern-us", 3, 5, True),
        ("transcontinental", 6, 2, False),  # plays until the tile supply is used up
        ("north-america", 5, 3, False),
    ],
)
def test_kept_count_equals_a_full_count_after_every_action(
    map_id: str, players: int, seed: int, full: bool
) -> None:
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed * 7919)
    state = game.state
    changes = 0
    steps = 0
    while not game.over and steps < 3000:
        seat = game.to_act
        assert seat is not None
        if full:
            options = legal_actions(game, seat).all()
            action = options[rng.below(len(options))]
        else:
            action = sample_action(game, seat, rng)
        version = state.track_version
        game.apply(action)
        steps += 1
        if state.track_version != version:
            changes += 1
            # Laying and lifting tiles keep the count: it is not thrown away and made again.
            assert state.tile_counts is not None, (steps, action)
        kept = tiles_in_use(state)
        assert kept == count_tiles(state) == _by_hand(state.track), (steps, action)
    assert game.over
    assert changes > 50
