"""The fast playout sampler: every action it draws is legal, and games end normally."""

from __future__ import annotations

import pytest

from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.rules import new_game


@pytest.mark.parametrize("players", [2, 4, 6])
def test_sampled_actions_are_legal_over_whole_games(players: int) -> None:
    game = new_game("eastern-us", players=players, seed=300 + players)
    rng = Rng(players)
    kinds: set[str] = set()
    steps = 0
    while not game.over and steps < 5000:
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        game.check(action)  # raises IllegalAction if the sampler broke a rule
        game.apply(action)
        kinds.add(action.kind)
        steps += 1
        if steps % 50 == 0:
            assert check_invariants(game) == []
    assert game.over
    assert {"build_track", "deliver_goods", "pass", "bid", "pass_bid"} <= kinds


def test_sampled_kinds_are_those_legal_actions_offers() -> None:
    """At many positions, the kind drawn is one that legal_actions lists."""
    game = new_game("eastern-us", players=3, seed=9)
    rng = Rng(1)
    for _ in range(250):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        offered = {a.kind for a in legal.simple}
        if legal.min_bid is not None:
            offered.add("bid")
        if legal.builds:
            offered.add("build_track")
        if legal.deliveries:
            offered.add("deliver_goods")
        action = sample_action(game, seat, rng)
        assert action.kind in offered
        game.apply(action)


def test_sampling_is_deterministic() -> None:
    def play() -> list[str]:
        game = new_game("eastern-us", players=4, seed=2)
        rng = Rng(8)
        out = []
        for _ in range(300):
            seat = game.to_act
            assert seat is not None
            action = sample_action(game, seat, rng)
            out.append(str(action))
            game.apply(action)
        return out

    assert play() == play()
