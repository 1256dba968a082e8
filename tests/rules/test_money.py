"""Cash, bonds, the income track, and the Income and Dividends phase."""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack, Pass, UpgradeEngine, Urbanize
from railways.core.state import Phase
from railways.core.view import view_for

from .rw_helpers import WEST_EAST_DIRECT, WEST_SOUTH, all_pass_auction, finish_turn, tiny


@pytest.mark.rules("RW-p4-21", "RW-p4-22", "RW-p4-23", "RW-p3-14")
@pytest.mark.parametrize(
    ("cash", "bonds", "left"),
    [(0, 3, 2), (3, 2, 0), (4, 2, 1), (8, 1, 0), (12, 1, 4), (13, 0, 0), (20, 0, 7)],
)
def test_a_purchase_issues_exactly_the_bonds_the_shortfall_needs(cash, bonds, left):
    """The West-East link costs 13; each bond brings $5,000 from the bank."""
    game = tiny(cash=cash)
    game.apply(BuildTrack(seat=0, path=WEST_EAST_DIRECT))
    p = game.state.players[0]
    assert p.bonds == bonds
    assert p.bonds_issued_total == bonds
    assert p.cash == left
    assert p.cash == cash + 5 * bonds - 13
    assert 0 <= p.cash < 5 or bonds == 0


@pytest.mark.rules("RW-p4-26", "RW-p4-21")
def test_issuing_bonds_is_not_an_action():
    game = tiny(cash=0)
    game.apply(UpgradeEngine(seat=0))
    assert game.state.players[0].bonds == 1
    assert game.state.players[0].engine == 2
    # the upgrade was the one action: seat 1 acts next, still in round 1
    assert game.to_act == 1 and game.state.round == 1


@pytest.mark.rules("RW-p4-23")
def test_no_bond_is_issued_when_cash_covers_the_cost():
    game = tiny(cash=10)
    game.apply(Urbanize(seat=0, city="south", color="blue"))
    assert game.state.players[0].bonds == 0
    assert game.state.players[0].cash == 0


@pytest.mark.rules("RW-p4-24", "RW-p6-02")
def test_bonds_stay_for_good_and_cost_a_thousand_each_every_income_phase():
    game = tiny(cash=0)
    p = game.state.players[0]
    p.bonds, p.cash = 3, 50
    finish_turn(game)
    assert p.bonds == 3
    assert p.cash == 47
    all_pass_auction(game)
    finish_turn(game)
    assert p.bonds == 3
    assert p.cash == 44


@pytest.mark.rules("RW-p6-01", "RW-p4-15", "RW-p4-16")
@pytest.mark.parametrize("score", [0, 1, 5, 9, 20, 44])
def test_income_is_the_track_amount_for_the_players_score(score):
    game = tiny(cash=0)
    p = game.state.players[1]
    p.score = score
    expected = game.board.tables.income_track[score]
    assert game.income(1) == expected
    finish_turn(game)
    assert p.cash == expected
    assert game.state.players[0].cash == 0


@pytest.mark.rules("RW-p6-01", "RW-p6-02")
def test_income_is_collected_before_dividends_are_due():
    """Income of 5 pays the 3 bonds' dividends without a new bond."""
    game = tiny(cash=0)
    p = game.state.players[0]
    p.score, p.bonds = 5, 3
    finish_turn(game)
    assert p.cash == 5 - 3
    assert p.bonds == 3


@pytest.mark.rules("RW-p6-03", "RW-p6-04")
def test_dividends_beyond_cash_force_new_bonds_that_pay_nothing_this_turn():
    game = tiny(cash=0)
    p = game.state.players[0]
    p.bonds, p.cash = 3, 1
    finish_turn(game)
    # owes 3 with 1 in hand: one new bond; the new bond owes nothing yet
    assert p.bonds == 4
    assert p.cash == 1 + 5 - 3
    all_pass_auction(game)
    finish_turn(game)
    # now all four bonds are due: 3 in hand, 4 owed -> one more bond
    assert p.bonds == 5
    assert p.cash == 3 + 5 - 4


@pytest.mark.rules("RW-p6-03", "RW-p4-23")
def test_dividends_exactly_covered_by_cash_issue_no_bond():
    game = tiny(cash=0)
    p = game.state.players[0]
    p.bonds, p.cash = 3, 3
    finish_turn(game)
    assert p.bonds == 3
    assert p.cash == 0


@pytest.mark.rules("RW-p6-03")
def test_a_large_debt_issues_as_many_bonds_as_needed():
    game = tiny(cash=0)
    p = game.state.players[1]
    p.bonds, p.cash = 12, 0
    finish_turn(game)
    assert p.bonds == 12 + 3
    assert p.cash == 15 - 12


@pytest.mark.rules("RW-p4-18", "RW-p4-19")
@pytest.mark.parametrize("over", [0, 1, 7, 40])
def test_past_the_end_of_the_track_income_stays_at_the_last_space(over):
    game = tiny(cash=0)
    tables = game.board.tables
    p = game.state.players[0]
    p.score = tables.last_space + over
    assert game.income(0) == tables.income_track[-1]
    finish_turn(game)
    assert p.cash == tables.income_track[-1]
    # the points past the end are kept, not lost
    assert p.score == tables.last_space + over


@pytest.mark.rules("RW-p4-18", "RW-p4-19")
def test_scoring_past_the_end_keeps_every_point():
    game = tiny(cash=100)
    p = game.state.players[0]
    p.score = game.board.tables.last_space - 1
    game.apply(BuildTrack(seat=0, path=WEST_EAST_DIRECT))  # Major Line A: 4 points
    assert p.score == game.board.tables.last_space + 3
    assert game.income(0) == game.board.tables.income_track[-1]


@pytest.mark.rules("RW-p4-20", "RW-p4-22")
def test_a_player_with_no_money_can_still_build_by_issuing_bonds():
    game = tiny(cash=0)
    game.apply(BuildTrack(seat=0, path=WEST_SOUTH))
    p = game.state.players[0]
    assert p.bonds == 1 and p.cash == 3
    assert game.state.links


@pytest.mark.rules("RW-p6-01")
def test_income_is_paid_once_per_turn_after_the_third_round():
    game = tiny(cash=0)
    game.state.players[0].score = 3
    for _ in range(5):
        game.apply(Pass(seat=game.to_act))
    assert game.state.players[0].cash == 0
    game.apply(Pass(seat=game.to_act))
    assert game.state.phase is Phase.AUCTION
    assert game.state.players[0].cash == 3


@pytest.mark.rules("RW-p6-18")
def test_every_seat_sees_everyones_bonds_and_money():
    game = tiny(players=3)
    game.state.players[1].cash, game.state.players[1].bonds = 17, 4
    for viewer in (0, 2, None):
        seen = view_for(game, viewer)["players"][1]
        assert (seen["cash"], seen["bonds"]) == (17, 4)
