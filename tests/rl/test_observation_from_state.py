"""The observation read straight from the state is the one the seat's view gives.

``ObservationEncoding.observe`` (what the environments call every step) reads the game
state under the view's rules of secrecy; ``flat(view_for(game, seat))`` reads the view,
the engine's one door out for front ends. Both must give the same vector to the bit, for
every seat, at every position of random games on every board, the solo game and the
modules (tests/rl/test_secrets.py checks that no other seat's secret reaches either).
"""

from __future__ import annotations

import numpy as np
import pytest

from railways.content.maps import available_maps
from railways.core.game import Game
from railways.core.rng import Rng
from railways.core.view import view_for
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game
from railways.rules.solo import new_solo_game

from .optional import need

need("numpy")


def check_game(game: Game, steps: int, seed: int) -> int:
    """Compare both readings for every seat at each of ``steps`` random positions."""
    enc = ActionEncoding(game)
    obs = ObservationEncoding(game)
    rng = Rng(seed)
    n = 0
    while n < steps:
        for seat in range(len(game.seats)):
            direct = obs.observe(game, seat)
            viewed = obs.flat(view_for(game, seat, history=False))
            differ = np.flatnonzero(direct != viewed)
            assert differ.size == 0, (
                f"{game.state.map_id} seat {seat} at step {n} ({game.state.phase.value}): "
                f"indices {differ[:5].tolist()} read {direct[differ[:5]].tolist()} from the "
                f"state and {viewed[differ[:5]].tolist()} from the view"
            )
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        legal = enc.legal_map(game, seat)
        game.apply(legal[sorted(legal)[rng.below(len(legal))]])
        n += 1
    return n


@pytest.mark.parametrize("board", available_maps())
def test_every_board(board: str) -> None:
    try:
        game = new_game(board, players=4, seed=5)
    except ValueError:  # a board not for four
        game = new_game(board, players=3, seed=5)
    assert check_game(game, 150, 2) > 0


def test_a_whole_game_to_its_end() -> None:
    game = new_game("eastern-us", players=3, seed=11)
    check_game(game, 5000, 3)
    assert game.over  # the final scores and revealed barons were compared too


def test_solo_game() -> None:
    game = new_solo_game("eastern-us", seed=4, options={"duel_barons": True})
    assert check_game(game, 200, 5) > 0


def test_modules_events_mines_hotels() -> None:
    options = {"modules": ["event-deck", "hotels", "mines"]}
    game = new_game("eastern-us", players=4, seed=3, options=options)
    assert check_game(game, 200, 6) > 0
