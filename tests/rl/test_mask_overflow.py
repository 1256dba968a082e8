"""A known hole in the exact mask (issues 26 and 31), kept as a failing case to fix.

An untrained network playing a two-player game on the default board against greedy
(`railways.rl.imitation`'s evaluation game 10) reached, after 184 actions, a position whose
listing has 2,363 deliveries: more deliveries share their keys than the catalogue's two
slots per key and its overflow pool of 1,024 indices hold, so ``legal_map`` refuses the
position. The random and greedy games of ``test_mask_exact.py`` never reach so much track.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.content.maps import DEFAULT_MAP
from railways.core.actions import action_from_dict
from railways.core.legal import legal_actions
from railways.rl.encoding import ActionEncoding
from railways.rules import new_game

RECORD = Path(__file__).parent.parent / "fixtures" / "rl" / "delivery_pool_overflow.json"


@pytest.mark.xfail(
    strict=True, raises=ValueError, reason="the delivery pool overflows (issues 26 and 31)"
)
def test_every_delivery_of_a_crowded_position_has_an_index() -> None:
    record = json.loads(RECORD.read_text())
    game = new_game(DEFAULT_MAP, players=record["players"], seed=record["seed"])
    for data in record["actions"]:
        game.apply(action_from_dict(data))
    seat = game.to_act
    assert seat is not None
    legal = legal_actions(game, seat)
    deliveries = sum(len(options) for options in legal.deliveries.values())
    assert deliveries == 2363  # the crowded position itself, not a game gone elsewhere
    by_index = ActionEncoding(game).legal_map(game, seat, legal)
    assert len(by_index) == len(legal.all())
