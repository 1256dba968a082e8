"""Hidden information: a view carries nothing its seat may not see."""

from __future__ import annotations

import json

from railways.bots.random_bot import RandomBot
from railways.core.determinize import determinize
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import new_game


def _secrets_of_others(game, seat):  # type: ignore[no-untyped-def]
    secrets = set()
    for p in game.state.players:
        if p.seat != seat and not p.baron_revealed:
            secrets.update(p.barons_dealt)
    return secrets


def test_views_hide_other_barons_deck_order_and_bag() -> None:
    """RW-p4-12: kept barons are secret; deck order and bag contents are never sent."""
    game = new_game("eastern-us", players=4, seed=3)
    bot = RandomBot(1)
    for step in range(200):
        for seat in [None, 0, 1, 2, 3]:
            view = view_for(game, seat)
            text = json.dumps(view)
            for secret in _secrets_of_others(game, seat):
                assert f'"{secret}"' not in text, (step, seat, secret)
            for card in game.state.ops_deck:
                assert f'"{card}"' not in text
            assert "bag" not in view or isinstance(view.get("bag"), int)
            assert view["bag_size"] == sum(game.state.bag.values())
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))


def test_a_seat_sees_its_own_baron() -> None:
    game = new_game("eastern-us", players=3, seed=8)
    own = view_for(game, 0)["players"][0]
    assert own["barons_dealt"] == list(game.state.players[0].barons_dealt)
    assert "barons_dealt" not in view_for(game, 1)["players"][0]
    assert view_for(game, None)["players"][0]["baron"] is None


def test_determinization_keeps_what_the_seat_knows() -> None:
    game = new_game("eastern-us", players=4, seed=21)
    bot = RandomBot(2)
    while game.state.phase is not Phase.ACTIONS:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    seen = view_for(game, 1)
    original = [p.baron for p in game.state.players]
    samples = [determinize(game, 1, seed) for seed in range(6)]
    for sample in samples:
        assert view_for(sample, 1)["players"][1] == seen["players"][1]
        assert view_for(sample, None)["cubes"] == seen["cubes"]
        for p in sample.state.players:
            if p.seat != 1:
                assert p.baron not in game.state.players[1].barons_dealt
    others = {tuple(p.baron for p in s.state.players if p.seat != 1) for s in samples}
    assert len(others) > 1, "unknown barons are resampled"
    assert [p.baron for p in game.state.players] == original  # the real game is untouched
    assert sorted(samples[0].state.ops_deck) == sorted(game.state.ops_deck)
