"""The builds' quick placement (``step_loops.place_builds``, compiled) gives every build the
index the general placement (``ActionEncoding._place``, rank by rank) gives it.

At every position of random games on every board (and a solo game), wherever the quick
placement answers (it declines, with None, what only the general one handles), each of
its indices holds the action ``_place`` puts there, and no other build index is set.
"""

from __future__ import annotations

import pytest

from railways.content.maps import available_maps
from railways.core.actions import Action
from railways.core.game import Game
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.rl.encoding import BUILD_SLOTS, TIE_BITS, ActionEncoding
from railways.rl.step_loops import option_key, place_builds
from railways.rules import new_game
from railways.rules.solo import new_solo_game

from .optional import need

need("numpy")


def general_places(encoding: ActionEncoding, game: Game, seat: int) -> dict[int, Action]:
    """The builds' indices as ``_place`` gives them, rank by rank."""
    options = list(legal_actions(game, seat).builds)
    encoding._codes(options)
    seen = encoding._build_codes
    entries = [
        (seen[option_key(o)][2], (o.redirect, len(o.cards), n), o.action)
        for n, o in enumerate(options)
    ]
    out: dict[int, Action] = {}
    encoding._place(out, encoding.sections["build_track"], entries, seat)
    return out


def compare_along(game: Game, steps: int, seed: int) -> int:
    """Play ``steps`` random actions, comparing at each position; how many were compared."""
    encoding = ActionEncoding(game)
    rng = Rng(seed)
    compared = 0
    for _ in range(steps):
        seat = game.to_act
        if seat is None:
            break
        options = list(legal_actions(game, seat).builds)
        placed = place_builds(
            options, encoding._code_of, encoding._learn_one, BUILD_SLOTS, TIE_BITS
        )
        if placed is not None:
            numbers, shift = placed
            assert numbers == sorted(numbers)
            low = (1 << shift) - 1
            quick = {v >> shift: options[v & low].action for v in numbers}
            assert len(quick) == len(numbers)
            assert quick == general_places(encoding, game, seat), game.state.map_id
            compared += bool(options)
        game.apply(sample_action(game, seat, rng))
    return compared


@pytest.mark.parametrize("map_id", available_maps())
def test_quick_placement_is_the_general_one_on_every_board(map_id: str) -> None:
    assert compare_along(new_game(map_id, players=4, seed=11), 160, 11) > 10


def test_quick_placement_is_the_general_one_in_a_solo_game() -> None:
    assert compare_along(new_solo_game("eastern-us", seed=3), 160, 3) > 10
