"""Taking a Railroad Operations card as an action (RW-p5-34..41), core handling only."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import BuildTrack, Pass, TakeOperationsCard
from railways.core.cards import Icon

from .rw_helpers import refused


def game_with_card(card: str, players: int = 3):
    """An Eastern U.S. game with ``card`` on the display (moved from the deck if need be)."""
    game = support.start(players=players, seed=3)
    state = game.state
    if card not in state.ops_display:
        state.ops_deck.remove(card)
        state.ops_display.append(card)
    for p in state.players:
        p.cash = 50
    return game


@pytest.mark.rules("RW-p5-34", "RW-p5-36", "RW-p5-40")
def test_a_hand_card_is_taken_into_the_players_hand():
    game = game_with_card("land-grant-1")
    assert game.card("land-grant-1").icon is Icon.HAND
    game.apply(TakeOperationsCard(seat=0, card="land-grant-1"))
    p = game.state.players[0]
    assert p.hand == ["land-grant-1"]
    assert "land-grant-1" not in game.state.ops_display
    assert game.to_act == 1  # taking the card was the action


@pytest.mark.rules("RW-p5-34", "RW-p5-36", "RW-p5-41")
def test_an_infinity_card_is_kept_face_up():
    game = game_with_card("hotel-new-york")
    assert game.card("hotel-new-york").icon is Icon.INFINITY
    game.apply(TakeOperationsCard(seat=0, card="hotel-new-york"))
    assert game.state.players[0].kept == ["hotel-new-york"]
    assert "hotel-new-york" not in game.state.ops_display


@pytest.mark.rules("RW-p5-34", "RW-p5-36", "RW-p5-38")
def test_a_diamond_card_is_kept_and_used_on_one_action_per_turn():
    game = game_with_card("perfect-engineering-1", players=2)
    assert game.card("perfect-engineering-1").icon is Icon.DIAMOND
    game.apply(TakeOperationsCard(seat=0, card="perfect-engineering-1"))
    assert game.state.players[0].kept == ["perfect-engineering-1"]
    option = support.link_option(game, 1, "pittsburgh", "cleveland")
    game.apply(option.action)
    build = support.link_option(game, 0, "pittsburgh", "harrisburg").action
    with_card = BuildTrack(seat=0, path=build.path, cards=("perfect-engineering-1",))
    game.apply(with_card)
    game.apply(Pass(seat=1))
    again = support.link_option(game, 0, "philadelphia", "new-york").action
    refused(game, BuildTrack(seat=0, path=again.path, cards=("perfect-engineering-1",)), "RW-p5-38")
    game.apply(BuildTrack(seat=0, path=again.path))


@pytest.mark.rules("RW-p5-34", "RW-p5-36", "RW-p5-39")
def test_a_red_x_card_acts_at_once_and_is_discarded():
    game = game_with_card("city-growth-1")
    assert game.card("city-growth-1").icon is Icon.IMMEDIATE
    before = len(game.state.cubes["chicago"])
    game.apply(TakeOperationsCard(seat=0, card="city-growth-1", target="chicago"))
    assert len(game.state.cubes["chicago"]) == before + 2
    assert game.state.ops_discard == ["city-growth-1"]
    p = game.state.players[0]
    assert "city-growth-1" not in p.hand + p.kept


@pytest.mark.rules("RW-p5-34")
def test_only_cards_on_the_display_can_be_taken():
    game = support.start(players=3, seed=3)
    hidden = game.state.ops_deck[0]
    refused(game, TakeOperationsCard(seat=0, card=hidden), "RW-p5-34")
    refused(game, TakeOperationsCard(seat=0, card="no-such-card"), "RW-p5-34")


@pytest.mark.rules("RW-p5-37")
def test_green_circle_goals_cannot_be_taken():
    game = support.start(players=3, seed=3)
    goals = [c for c in game.state.ops_display if game.card(c).icon is Icon.GOAL]
    assert goals
    for card in goals:
        refused(game, TakeOperationsCard(seat=0, card=card), "RW-p5-37")


@pytest.mark.rules("RW-p5-35", "RW-p5-40")
def test_playing_a_held_card_is_not_an_action():
    game = game_with_card("land-grant-1", players=2)
    game.apply(TakeOperationsCard(seat=0, card="land-grant-1"))
    game.apply(Pass(seat=1))
    path = support.link_option(game, 0, "pittsburgh", "cleveland").action.path
    cash = game.state.players[0].cash
    game.apply(BuildTrack(seat=0, path=path, cards=("land-grant-1",)))
    p = game.state.players[0]
    assert p.hand == []
    assert "land-grant-1" in game.state.ops_discard
    assert game.to_act == 1 and game.state.round == 2  # the build was the only action
    assert cash - p.cash < len(path) * 2  # open tiles were free
