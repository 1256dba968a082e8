"""The solo turn: two actions, the Railbot's card, the third action, income (RB-050..063)."""

from __future__ import annotations

import pytest

from railways.core.actions import Pass
from railways.core.board import Color
from railways.rules.solo.actions import RailbotRemoveCube

from .helpers import (
    PLAYER,
    RAILBOT,
    cubes,
    finish_turn,
    lay_link,
    pass_action,
    railbot_links,
    refused,
    set_row,
    set_top,
    solo,
    solo_state,
    to_railbot,
)


@pytest.mark.rules("RB-050", "RB-059", "RB-060", "RB-061", "RB-064")
def test_two_actions_then_the_railbot_card_then_the_third_action() -> None:
    """The drawn card's slot mark picks the row card that acts (slot 2 here, as in the
    rulebook's example); the others slide left and the drawn card goes on the right."""
    game = solo()
    set_row(game, "eus-03", "eus-01", "eus-05")
    set_top(game, "exhaust-yellow")  # marks slot 2
    deck = len(solo_state(game).deck)
    pass_action(game)
    assert game.state.round == 2 and solo_state(game).row == ["eus-03", "eus-01", "eus-05"]
    pass_action(game)  # the second action: the Railbot's card follows at once
    s = solo_state(game)
    assert len(s.deck) == deck - 1
    assert s.row == ["eus-03", "eus-05", "exhaust-yellow"]
    assert s.discard == ["eus-01"]
    assert ("new-york", "philadelphia") in railbot_links(game)  # eus-01 acted
    assert game.state.round == 3 and game.state.turn == 1 and game.to_act == PLAYER
    display = len(game.state.ops_display)
    pass_action(game)  # the third action ends the turn: income, a new Operations card
    assert game.state.turn == 2 and game.state.round == 1
    assert len(game.state.ops_display) == display + 1


@pytest.mark.rules("RB-051", "RB-067")
def test_the_railbot_has_no_money_and_no_score() -> None:
    game = solo()
    set_row(game, "eus-01", "eus-03", "eus-05")
    set_top(game, "exhaust-red")  # slot 1
    cash = game.state.players[PLAYER].cash
    to_railbot(game)
    assert railbot_links(game)  # it built, and paid nothing
    assert game.state.players[PLAYER].cash == cash
    assert all(e.seat != RAILBOT for e in game.state.ledger)
    finish_turn(game)
    assert all(e.seat == PLAYER for e in game.state.ledger)


@pytest.mark.rules("RB-052")
def test_the_operations_display_holds_five_cards() -> None:
    game = solo()
    state = game.state
    while len(state.ops_display) < 5:
        state.ops_display.append(state.ops_deck.pop())
    farthest = state.ops_display[0]
    set_row(game, "eus-01", "eus-03", "eus-05")  # no icon asks for a choice
    set_top(game, "exhaust-red")
    to_railbot(game)
    pass_action(game)
    assert len(state.ops_display) == 5
    assert farthest not in state.ops_display and state.ops_discard[-1] == farthest


@pytest.mark.rules("RB-063", "RB-013")
def test_final_evaluation_ends_after_one_more_turn_without_the_railbot() -> None:
    game = solo()
    s = solo_state(game)
    s.evaluations, s.bottom_half = 1, True  # the first one was drawn already (RB-099)
    set_top(game, "final-evaluation")
    row = list(s.row)
    to_railbot(game)
    assert s.row == row and not s.discard  # no Railbot card is resolved
    assert game.state.end_trigger_turn == 1
    pass_action(game)  # finish this turn
    assert game.state.turn == 2 and not game.over
    deck = list(s.deck)
    to_railbot(game)  # the final turn: the Railbot rests
    assert s.deck == deck and s.row == row
    pass_action(game)
    assert game.over and game.state.turn == 2


@pytest.mark.rules("RB-013", "RB-066", "RB-097")
def test_the_eighth_empty_city_triggers_the_end() -> None:
    """Empty City Markers (eight on Eastern U.S.) trigger the end as well, here when the
    Railbot takes the last cube of a city; one more full turn follows."""
    game = solo()
    state = game.state
    state.ecm_needed = len(state.ecm) + 1
    lay_link(game, PLAYER, "new-york", "philadelphia")
    cubes(game, "new-york", Color.BLUE)
    set_row(game, "eus-01", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    to_railbot(game)
    assert "new-york" in state.ecm and state.end_trigger_turn == 1
    pass_action(game)
    deck = len(solo_state(game).deck)
    to_railbot(game)
    assert len(solo_state(game).deck) == deck  # no Railbot card on the final turn
    pass_action(game)
    assert game.over


@pytest.mark.rules("RB-014")
@pytest.mark.parametrize(
    ("score", "bonds", "won"), [(125, 0, True), (127, 2, True), (126, 2, False)]
)
def test_the_player_wins_with_the_target_after_bonds(score: int, bonds: int, won: bool) -> None:
    game = solo()
    player = game.state.players[PLAYER]
    player.score, player.bonds = score, bonds
    game.state.end_trigger_turn = 0  # this is the final turn
    for _ in range(3):
        game.apply(Pass(seat=PLAYER))
    assert game.over
    assert game.state.final_scores == {PLAYER: score - bonds}
    assert (game.state.winner == PLAYER) is won
    assert ("wins" in game.state.log[-1]) is won


@pytest.mark.rules("RB-060")
def test_a_railbot_choice_is_refused_when_none_is_waiting() -> None:
    game = solo()
    refused(game, RailbotRemoveCube(seat=PLAYER, city="new-york", color="red"), "RB-060")
