"""Turn structure: three action rounds, one action each, then income and a new card."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import (
    BuildTrack,
    DeliverGoods,
    Pass,
    TakeOperationsCard,
    UpgradeEngine,
    Urbanize,
)
from railways.core.board import Color
from railways.core.cards import Icon
from railways.core.state import Phase

from .rw_helpers import WEST_SOUTH, refused, tiny


@pytest.mark.rules("RW-p4-38", "RW-p4-39", "RW-p4-40", "RW-p4-09", "RW-p4-29")
def test_a_turn_has_three_rounds_of_one_action_per_player_in_turn_order():
    game = support.start(players=3)
    state = game.state
    assert state.order == [0, 1, 2]
    acted = []
    rounds = []
    while state.phase is Phase.ACTIONS:
        seat = game.to_act
        acted.append(seat)
        rounds.append(state.round)
        game.apply(Pass(seat=seat))
    assert acted == [0, 1, 2] * 3
    assert rounds == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert state.phase is Phase.AUCTION
    assert state.turn == 2


@pytest.mark.rules("RW-p4-39")
def test_only_the_player_whose_turn_it_is_may_act():
    game = tiny(players=3, cash=50)
    assert game.to_act == 0
    refused(game, Pass(seat=1), "RW-p4-39")
    refused(game, UpgradeEngine(seat=2), "RW-p4-39")
    refused(game, BuildTrack(seat=1, path=WEST_SOUTH), "RW-p4-39")
    game.apply(Pass(seat=0))
    assert game.to_act == 1
    refused(game, Pass(seat=0), "RW-p4-39")


@pytest.mark.rules("RW-p4-39")
def test_passing_gives_up_the_action_and_changes_nothing_else():
    game = tiny(players=2, cash=20)
    before = [(p.cash, p.bonds, p.score, p.engine) for p in game.state.players]
    cubes = {k: list(v) for k, v in game.state.cubes.items()}
    game.apply(Pass(seat=0))
    assert [(p.cash, p.bonds, p.score, p.engine) for p in game.state.players] == before
    assert game.state.cubes == cubes
    assert game.state.links == {}
    assert game.to_act == 1 and game.state.round == 1


@pytest.mark.rules("RW-p4-41", "RW-p4-42")
@pytest.mark.parametrize("kind", ["build", "urbanize", "upgrade", "deliver", "card"])
def test_each_kind_of_action_uses_up_the_players_action(kind):
    game = support.start(players=3, seed=2)
    state = game.state
    for p in state.players:
        p.cash = 30
    if kind == "deliver":
        link = support.build_link(game, 0, "pittsburgh", "cleveland")
        support.set_cubes(game, "pittsburgh", [Color.BLUE])
        support.make_turn(game, 0)
        action = DeliverGoods(seat=0, city="pittsburgh", color="blue", links=(link,))
    elif kind == "build":
        action = support.link_option(game, 0, "pittsburgh", "cleveland").action
    elif kind == "urbanize":
        action = Urbanize(seat=0, city="harrisburg", color="yellow")
    elif kind == "upgrade":
        action = UpgradeEngine(seat=0)
    else:
        card = next(
            game.card(c)
            for c in state.ops_display
            if game.card(c).icon is not Icon.GOAL and game.card(c).effect != "railroad_executive"
        )
        action = game.ruleset.card_effects[card.effect].take_options(game, 0, card)[0]
        assert isinstance(action, TakeOperationsCard)
    assert game.to_act == 0
    game.apply(action)
    assert game.to_act == 1
    refused(game, Pass(seat=0), "RW-p4-39")


@pytest.mark.rules("RW-p4-10", "RW-p4-11", "RW-p6-06", "RW-p6-07")
def test_after_the_third_round_income_is_paid_a_card_is_turned_and_the_next_auction_starts():
    game = support.start(players=2, seed=3)
    state = game.state
    state.players[0].score = 4  # income 4
    display = list(state.ops_display)
    top = state.ops_deck[-1]
    deck_size = len(state.ops_deck)
    for _ in range(5):
        game.apply(Pass(seat=game.to_act))
    assert state.phase is Phase.ACTIONS and state.round == 3
    assert state.ops_display == display
    assert state.players[0].cash == 0
    game.apply(Pass(seat=game.to_act))
    assert state.players[0].cash == 4
    assert state.ops_display == [*display, top]
    assert len(state.ops_deck) == deck_size - 1
    assert state.phase is Phase.AUCTION
    assert state.turn == 2 and state.round == 0
