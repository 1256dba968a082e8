"""Upgrade Engine: one level per action at the table's price, up to level 8 (RW-p5-17..21)."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import UpgradeEngine

from .rw_helpers import pass_round, refused, tiny


@pytest.mark.rules("RW-p5-17", "RW-p5-20")
def test_an_upgrade_raises_the_engine_one_level_and_costs_the_new_levels_price():
    game = tiny(players=2, cash=20)
    costs = game.board.tables.engine_costs
    game.apply(UpgradeEngine(seat=0))
    p = game.state.players[0]
    assert p.engine == 2
    assert p.cash == 20 - costs[2]
    assert game.to_act == 1


@pytest.mark.rules("RW-p5-17")
def test_each_upgrade_action_is_a_single_level():
    game = tiny(players=2, cash=30)
    costs = game.board.tables.engine_costs
    game.apply(UpgradeEngine(seat=0))
    refused(game, UpgradeEngine(seat=0), "RW-p4-39")  # not again in the same round
    pass_round(game)
    game.apply(UpgradeEngine(seat=0))
    p = game.state.players[0]
    assert p.engine == 3
    assert p.cash == 30 - costs[2] - costs[3]


@pytest.mark.rules("RW-p5-20", "RW-p5-21")
def test_climbing_to_level_eight_pays_each_level_in_turn():
    game = support.start(players=2, seed=1)
    tables = game.board.tables
    p = game.state.players[1]
    p.cash = 100
    for level in range(2, tables.max_engine + 1):
        game.state.round = 1  # scenario: stay in the first round of the turn
        support.make_turn(game, 1)
        cash = p.cash
        game.apply(UpgradeEngine(seat=1))
        assert p.engine == level
        assert cash - p.cash == tables.engine_costs[level]
    assert p.engine == 8
    assert p.cash == 100 - sum(tables.engine_costs[lv] for lv in range(2, 9))


@pytest.mark.rules("RW-p5-21")
def test_no_upgrade_past_level_eight():
    game = tiny(players=2, cash=50)
    game.state.players[0].engine = 8
    refused(game, UpgradeEngine(seat=0), "RW-p5-21")
    game.state.players[0].engine = 7
    game.apply(UpgradeEngine(seat=0))
    assert game.state.players[0].engine == 8


@pytest.mark.rules("RW-p5-20", "RW-p4-23")
def test_an_upgrade_without_the_money_issues_bonds():
    game = tiny(players=2, cash=3)
    game.apply(UpgradeEngine(seat=0))
    p = game.state.players[0]
    assert (p.engine, p.bonds, p.cash) == (2, 1, 3)
