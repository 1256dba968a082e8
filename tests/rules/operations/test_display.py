"""Operations Growth (RW-p22-05): turned up, it is discarded and two more cards are dealt."""

from __future__ import annotations

import dataclasses

import pytest

from railways.content.maps import load_map
from railways.core.actions import TakeOperationsCard
from railways.core.cards import CardDef, Icon
from railways.core.game import Game
from railways.rules import ruleset_for

from ..eus_helpers import refused, turn_of
from .eus_cards import card, game_with, show

GROWTH = card("operations-growth-1", "operations_growth", Icon.IMMEDIATE, cards=2)
GROWTH2 = card("operations-growth-2", "operations_growth", Icon.IMMEDIATE, cards=2)


def _game() -> Game:
    return game_with(GROWTH, GROWTH2)


@pytest.mark.rules("RW-p22-05", "RW-p6-07")
def test_operations_growth_turned_up_deals_two_cards_in_its_place() -> None:
    game = _game()
    deck = game.state.ops_deck
    second, first = deck[-2], deck[-1]
    deck.append(GROWTH.id)
    size = len(deck)
    game.draw_operations_card()
    assert game.state.ops_display == [first, second]
    assert game.state.ops_discard == [GROWTH.id]
    assert len(game.state.ops_deck) == size - 3


@pytest.mark.rules("RW-p22-05")
def test_operations_growth_under_operations_growth() -> None:
    """The first deals a card and then the second, which deals two of its own."""
    game = _game()
    *rest, c, b, a = game.state.ops_deck
    game.state.ops_deck = [*rest, c, b, GROWTH2.id, a, GROWTH.id]  # the top is last
    game.draw_operations_card()
    assert game.state.ops_display == [a, b, c]
    assert game.state.ops_discard == [GROWTH.id, GROWTH2.id]
    assert game.state.ops_deck == rest


@pytest.mark.rules("RW-p22-05")
def test_operations_growth_deals_what_is_left_of_a_short_deck() -> None:
    game = _game()
    last = game.state.ops_deck[0]
    game.state.ops_deck = [last, GROWTH.id]
    game.draw_operations_card()
    assert game.state.ops_display == [last]
    assert game.state.ops_deck == []


@pytest.mark.rules("RW-p22-05")
def test_operations_growth_is_never_taken() -> None:
    game = _game()
    show(game, GROWTH.id)
    turn_of(game, 0)
    refused(game, TakeOperationsCard(seat=0, card=GROWTH.id), "RW-p22-05")


def _small_deck() -> dict[str, CardDef]:
    cards = [
        card("operations-growth", "operations_growth", Icon.IMMEDIATE, cards=2),
        card("railroad-executive", "railroad_executive", Icon.IMMEDIATE, actions=2),
        *(card(f"city-growth-{i}", "city_growth", Icon.IMMEDIATE, cubes=2) for i in range(5)),
    ]
    return {c.id: c for c in cards}


@pytest.mark.rules("RW-p22-05", "RW-p4-04", "RW-p22-10")
def test_operations_growth_in_the_starting_deal() -> None:
    """Two players are dealt four cards from a deck of seven. Where Operations Growth is
    among them it is discarded and two more are dealt (five shown, none left); the
    Railroad Executive is never among the starting cards, replacements included."""
    board = load_map("eastern-us")
    ruleset = dataclasses.replace(ruleset_for(board), cards=_small_deck())
    seen = set()
    for seed in range(30):
        state = Game(board, ruleset, ["A", "B"], seed=seed).state
        assert "railroad-executive" not in state.ops_display
        assert "operations-growth" not in state.ops_display
        if "operations-growth" in state.ops_discard:
            seen.add("dealt")
            assert len(state.ops_display) == 4 - 1 + 2
            assert state.ops_deck == ["railroad-executive"]
        else:
            seen.add("not dealt")
            assert len(state.ops_display) == 4
            assert "operations-growth" in state.ops_deck
        assert sorted(state.ops_display + state.ops_deck + state.ops_discard) == sorted(
            _small_deck()
        )
    assert seen == {"dealt", "not dealt"}
