"""The greedy bot values a new link by walking its link graph with the link added: over the
engine's integer graph (``_Context._with_link_ints``) where the context is the plain one,
over city names (``best_routes``) for a board's own context. Both must give the same values.
"""

from __future__ import annotations

import pytest

from railways.bots.greedy import GreedyBot, _Context
from railways.core.game import Game
from railways.core.legal import build_options, legal_actions
from railways.rules import new_game


class _NamedWalk(_Context):
    """A subclass, as a board's context is: ``_link_value`` walks the named graph."""


def _positions(board: str, seed: int, every: int, count: int) -> list[tuple[Game, int]]:
    game = new_game(board, players=4, seed=seed)
    bots = [GreedyBot(seed * 7 + s) for s in range(4)]
    out: list[tuple[Game, int]] = []
    n = 0
    while not game.over and len(out) < count:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        if n % every == every - 1:
            out.append((game.copy(), seat))
        game.apply(bots[seat].choose(game, seat, legal))
        n += 1
    return out


@pytest.mark.parametrize(("board", "seed"), [("eastern-us", 3), ("western-us", 4)])
def test_link_values_over_integers_are_those_of_the_named_walk(board: str, seed: int) -> None:
    pairs = 0
    for game, seat in _positions(board, seed, 23, 6):
        fast, named = _Context(game, seat), _NamedWalk(game, seat)
        for option in build_options(game, seat):
            origin = game.board.city_at(option.path[0])
            if origin is None or option.to_city is None:
                continue
            a, b = origin.id, option.to_city
            assert fast._link_value(a, b) == named._link_value(a, b), (a, b)
            pairs += 1
    assert pairs > 50
