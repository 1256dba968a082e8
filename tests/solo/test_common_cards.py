"""The house common cards (content/solo/common.toml) and the card that carries both
Deadhead and Taxation, our reading of RB-058 (issue 15)."""

from __future__ import annotations

from collections import Counter

import pytest

from railways.content.solo import load_solo
from railways.core.board import Color
from railways.rules.solo.actions import Insure

from .helpers import PLAYER, real_solo, set_row, set_top, solo_state, to_railbot

BOTH = "deadhead-taxation"


@pytest.mark.rules("RB-042")
def test_one_card_carries_taxation_and_there_is_no_taxation_card_of_its_own() -> None:
    """RB-042's 11 common cards less Final Evaluation leave 10: our five Exhaust cards (one
    per goods colour) and five Deadhead cards (issue 28 took the sixth)."""
    common = [c for c in load_solo("eastern-us").cards.values() if c.map_id is None]
    assert len(common) == 11 - 1
    assert Counter(c.kind for c in common) == {"exhaust": 5, "deadhead": 5}
    taxing = [c.id for c in common if c.has("taxation")]
    assert taxing == [BOTH]
    assert {c.color for c in common if c.kind == "exhaust"} == {
        Color.RED,
        Color.YELLOW,
        Color.BLUE,
        Color.PURPLE,
        Color.BLACK,
    }


@pytest.mark.rules("RB-058", "RB-068", "RB-070")
def test_the_card_takes_a_display_slot_and_twice_the_income() -> None:
    game = real_solo(3)
    state, player = game.state, game.state.players[PLAYER]
    player.score = 20  # income 11 on our track: the tax is $22,000
    income = game.income(PLAYER)
    assert income == 11
    while len(state.ops_display) < 5:
        state.ops_display.append(state.ops_deck.pop())
    farthest = state.ops_display[0]
    set_row(game, BOTH, "eus-01", "eus-02")
    set_top(game, "eus-03")  # slot 1: the card acts
    to_railbot(game)
    s = solo_state(game)
    assert s.deadheads == [BOTH] and BOTH not in s.discard  # it stays as the marker
    assert len(state.ops_display) == 4 and farthest in state.ops_discard
    # $22,000 with no cash: five bonds of $5,000, $3,000 left over.
    assert player.bonds == 5 and player.cash == 3
    assert any(e.reason == "taxation" and e.amount == -22 for e in state.ledger)


@pytest.mark.rules("RB-058", "RB-062")
def test_one_insurance_token_stops_both_effects() -> None:
    """RB-058's example: the token on the card avoids the Deadhead and the Taxation."""
    game = real_solo(3)
    state, player = game.state, game.state.players[PLAYER]
    player.score = 20
    display = list(state.ops_display)
    set_row(game, BOTH, "eus-01", "eus-02")
    set_top(game, "eus-03")
    game.apply(Insure(seat=PLAYER, card=BOTH))
    s = solo_state(game)
    assert s.deadheads == [] and BOTH in s.discard
    assert player.bonds == 0 and player.cash == 0
    assert state.ops_display == display


@pytest.mark.rules("RB-045")
def test_the_card_is_never_dealt_into_the_starting_row() -> None:
    assert load_solo("eastern-us").cards[BOTH].slot == 1  # so it could be
    for seed in range(30):
        s = solo_state(real_solo(seed))
        assert BOTH not in s.row
