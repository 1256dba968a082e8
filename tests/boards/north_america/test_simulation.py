"""Random games on North America for every allowed player count, every invariant checked."""

from __future__ import annotations

import pytest

from railways.bots import make_bot
from railways.cli.simulate import play_one
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import game_from_record, record_of

from .helpers import MAP


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_normally_with_every_check(players: int) -> None:
    """Invariants after every action, secrets in every view, replays at checkpoints."""
    result = play_one(MAP, players, ["random"], seed=700 + players, check=True)
    assert result.problems == []
    assert result.finished
    assert set(result.scores) == set(range(players))
    assert result.winner in result.scores


@pytest.mark.rules("RW-p15-18", "RW-p15-17", "RW-p6-12")
def test_a_greedy_game_ends_and_every_bond_costs_a_point() -> None:
    game = new_game(MAP, players=3, seed=11)
    bots = [make_bot("greedy", 11 + i) for i in range(3)]
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    final = game.state.final_scores
    assert final is not None
    assert len(game.state.ecm) >= game.state.ecm_needed == 11
    for p in game.state.players:
        assert p.baron
        baron = game.ruleset.barons[p.baron]
        bonus = game.ruleset.baron_effects[baron.effect].score(game, p.seat, baron)
        assert final[p.seat] == p.score - p.bonds + bonus
    replay = game_from_record(record_of(game).to_dict())
    assert replay.state.final_scores == final
