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
from railways.rl.encoding import BUILD_SLOTS, ActionEncoding
from railways.rl.step_loops import place_builds
from railways.rules import new_game
from railways.rules.solo import new_solo_game

from .optional import need

need("numpy")


def general_places(encoding: ActionEncoding, game: Game, seat: int) -> dict[int, Action]:
    """The builds' indices as ``_place`` gives them, rank by rank."""
    options = list(legal_actions(game, seat).builds)
    entries = [
        (encoding._option_base(o), (o.redirect, len(o.cards), n), o.action)
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
        placed = place_builds(options, encoding._coder, BUILD_SLOTS)
        if placed is not None:
            numbers, shift, tie = placed
            assert numbers == sorted(numbers)
            low = (1 << shift) - 1
            quick = {v >> (shift + tie): options[v & low].action for v in numbers}
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


def test_a_code_kept_on_an_option_is_read_only_by_its_encoding() -> None:
    """Two encodings of a board share the engine's options (kept per board): each works out
    its own code of an option, and reads back only its own (``BuildCodes``)."""
    game = new_game("eastern-us", players=4, seed=5)
    one, two = ActionEncoding(game), ActionEncoding(game, pools={"build_track": 8})
    seat = game.to_act
    assert seat is not None
    while not legal_actions(game, seat).builds:
        game.apply(sample_action(game, seat, Rng(5)))
        seat = game.to_act
        assert seat is not None
    option = next(iter(legal_actions(game, seat).builds))
    code = one._coder.code(option)
    assert option.code_owner == one._coder.owner and option.code == code
    base = one._option_base(option)
    assert base is not None and code >> 3 == base
    assert two._coder.code(option) == code  # the same catalogue of builds: the same code
    assert option.code_owner == two._coder.owner
    option.code = -5  # a code kept by another owner is never read
    assert one._coder.code(option) == code
