"""Drawing by place (``draw_by_place``) draws as ``draw_legal`` does over the list made.

The sampler of Operations cards and Urbanize draws an option by its place in the list their
``options`` make, making only the options drawn; the draws, and the option chosen, must be
those of the list (the legal digests replay them too).
"""

from __future__ import annotations

from typing import Any

import pytest

from railways.core.actions import Action, Pass, TakeOperationsCard, Urbanize
from railways.core.kinds import draw_by_place, draw_legal
from railways.core.legal import sample_action
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules import new_game


class _Judge:
    """A stand-in game whose ``allows`` refuses the actions of the given seats."""

    def __init__(self, refused: set[int]) -> None:
        self.refused = refused
        self.asked = 0

    def allows(self, action: Action) -> bool:
        self.asked += 1
        return action.seat not in self.refused


@pytest.mark.parametrize("seed", range(40))
def test_same_draws_as_the_list(seed: int) -> None:
    picker = Rng(seed)
    count = picker.below(12)
    choices: list[Action] = [Pass(seat=i) for i in range(count)]
    refused = {i for i in range(count) if picker.below(3) == 0}
    listed, placed = _Judge(refused), _Judge(refused)
    made: list[int] = []

    def make(place: int) -> Action:
        made.append(place)
        return choices[place]

    first, second = Rng(seed * 31 + 7), Rng(seed * 31 + 7)
    game: Any = listed
    expected = draw_legal(game, list(choices), first)
    game = placed
    got = draw_by_place(game, count, second, make)
    assert got == expected
    assert first.draws == second.draws  # the same draws made
    assert listed.asked == placed.asked == len(made)  # only the options drawn were made


def _kinds_positions(map_id: str, seed: int) -> list[tuple[Any, int]]:
    game = new_game(map_id, players=4, seed=seed)
    rng = Rng(seed * 7919)
    out = []
    while not game.over:
        seat = game.to_act
        assert seat is not None
        if game.state.phase is Phase.ACTIONS and game.turns.step_actions(game, seat) is None:
            out.append((game.copy(), seat))
        game.apply(sample_action(game, seat, rng))
    return out


@pytest.mark.parametrize("map_id", ["eastern-us", "mexico"])
def test_takes_and_urbanize_drawn_from_the_listed_options(map_id: str) -> None:
    """At every action position of a sampled game, the Operations card and Urbanize kinds'
    ``sample`` gives what a draw from their ``options`` list gives, with the same draws."""
    seen = {TakeOperationsCard: 0, Urbanize: 0}
    for game, seat in _kinds_positions(map_id, 3):
        for name in ("take_operations_card", "urbanize"):
            kind = game.kinds.kinds[name]
            for k in range(3):
                sampled, listed = Rng(k * 101 + seat), Rng(k * 101 + seat)
                got = kind.sample(game, seat, sampled)
                options = kind.options(game, seat)
                if name == "urbanize" and not game.kinds.judges:
                    expected = options[listed.below(len(options))] if options else None
                else:
                    expected = draw_legal(game, options, listed)
                assert got == expected
                assert sampled.draws == listed.draws
                if got is not None:
                    seen[type(got)] += 1
    assert seen[TakeOperationsCard] and seen[Urbanize]
