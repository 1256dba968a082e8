"""The kinds whose listing skips their own check for options it made from the facts that
check reads (``Game.allowed_as_listed``: Operations cards, the Western Link) list exactly
the options the whole check allows, in the same order."""

from __future__ import annotations

import pytest

from railways.core.legal import LegalActions, sample_action
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules import new_game

KINDS = ("take_operations_card", "build_western_link")


@pytest.mark.parametrize("map_id", ["eastern-us", "australia", "transcontinental"])
def test_listed_options_are_those_the_check_allows(map_id: str) -> None:
    game = new_game(map_id, players=3, seed=11)
    rng = Rng(11)
    compared = 0
    for _ in range(250):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        if game.state.phase is Phase.ACTIONS:
            for name in KINDS:
                kind = game.kinds.kinds.get(name)
                if kind is None:
                    continue
                legal = LegalActions(seat=seat, phase=game.state.phase)
                kind.list_into(game, seat, legal)
                allowed = [a for a in kind.options(game, seat) if game.allows(a)]
                assert legal.simple == allowed
                compared += len(allowed)
        game.apply(sample_action(game, seat, rng))
    assert compared > 0
