"""What ``ObservationEncoding.observe`` keeps between observations never shows in them.

It keeps the board planes (compared by value with copies of the cubes, the cities' colours
and the ECM markers), the track counts and each seat's link count (kept while the game has
the same state object and ``links_seen()``) and each seat's template of those. At every step
of random games on every board, with undos, copies, determinized games and actions on a
copy in between, every seat's observation from an encoding that kept its work is the one
an encoding makes from scratch (``forget`` first), to the bit.
"""

from __future__ import annotations

import numpy as np
import pytest

from railways.content.maps import available_maps
from railways.core.actions import BuildTrack, Undo
from railways.core.determinize import determinize
from railways.core.game import Game
from railways.core.legal import sample_action
from railways.core.rng import Rng
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game
from railways.rules.solo import new_solo_game

from .optional import need

need("numpy")


def same_for_every_seat(kept: ObservationEncoding, fresh: ObservationEncoding, game: Game) -> None:
    for seat in range(len(game.seats)):
        got = kept.observe(game, seat)
        fresh.forget()
        want = fresh.observe(game, seat)
        differ = np.flatnonzero(got != want)
        assert got.tobytes() == want.tobytes(), (
            f"{game.state.map_id} seat {seat} ({game.state.phase.value}): indices "
            f"{differ[:5].tolist()} read {got[differ[:5]].tolist()} kept and "
            f"{want[differ[:5]].tolist()} from scratch"
        )


def play_and_compare(game: Game, steps: int, seed: int) -> int:
    """Random play with undos, copies and determinized games; compare at every step."""
    kept = ObservationEncoding(game)
    fresh = ObservationEncoding(game)
    rng = Rng(seed)
    undone = 0
    for n in range(steps):
        same_for_every_seat(kept, fresh, game)
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        game.apply(action)
        if isinstance(action, BuildTrack) and rng.below(2) == 0 and game.undo_allowed(seat) is None:
            same_for_every_seat(kept, fresh, game)  # the build, seen
            game.apply(Undo(seat=seat))  # then a new state without it
            undone += 1
        if n % 9 == 4:  # a copy, played on, then the original again
            copied = game.copy()
            same_for_every_seat(kept, fresh, copied)
            to_act = copied.to_act
            if to_act is not None and not copied.over:
                copied.apply(sample_action(copied, to_act, rng))
                same_for_every_seat(kept, fresh, copied)
        if n % 13 == 6 and game.to_act is not None:
            same_for_every_seat(kept, fresh, determinize(game, game.to_act, seed + n))
    return undone


@pytest.mark.parametrize("board", available_maps())
def test_every_board(board: str) -> None:
    try:
        game = new_game(board, players=4, seed=7)
    except ValueError:  # a board not for four
        game = new_game(board, players=3, seed=7)
    assert play_and_compare(game, 160, 3) > 0  # builds were undone along the way


def test_modules_and_the_solo_game() -> None:
    options = {"modules": ["event-deck", "hotels", "mines"]}
    play_and_compare(new_game("eastern-us", players=4, seed=3, options=options), 160, 4)
    play_and_compare(new_solo_game("eastern-us", seed=4, options={"duel_barons": True}), 160, 5)
