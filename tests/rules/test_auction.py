"""The First Player auction at the start of every turn (RW-p4-29..37)."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import Bid, Pass, PassBid
from railways.core.state import Phase

from .rw_helpers import all_pass_auction, finish_turn, refused


def auction_game(players: int = 4, seed: int = 1):
    game = support.start(players=players, seed=seed, to_actions=False)
    support.choose_barons(game)
    assert game.state.phase is Phase.AUCTION
    return game


@pytest.mark.rules("RW-p4-30", "RW-p4-31")
def test_first_auction_is_opened_by_seat_one_and_goes_clockwise():
    """Seat 1 stands for the youngest player; bids then go round the table."""
    game = auction_game(4)
    seen = []
    for amount in (1, 2, 3, 4):
        seat = game.to_act
        seen.append(seat)
        game.apply(Bid(seat=seat, amount=amount))
    assert seen == [0, 1, 2, 3]
    assert game.to_act == 0


@pytest.mark.rules("RW-p4-32")
def test_opening_bid_must_be_at_least_one_thousand():
    game = auction_game()
    refused(game, Bid(seat=0, amount=0), "RW-p4-32")
    refused(game, Bid(seat=0, amount=-3), "RW-p4-32")
    game.apply(Bid(seat=0, amount=1))
    assert game.state.auction.high_bid == 1
    assert game.state.auction.high_bidder == 0
    assert game.to_act == 1


@pytest.mark.rules("RW-p4-32")
def test_each_bid_must_beat_the_last_one():
    game = auction_game()
    game.apply(Bid(seat=0, amount=3))
    refused(game, Bid(seat=1, amount=3), "RW-p4-32")
    refused(game, Bid(seat=1, amount=2), "RW-p4-32")
    game.apply(Bid(seat=1, amount=4))
    assert (game.state.auction.high_bid, game.state.auction.high_bidder) == (4, 1)


@pytest.mark.rules("RW-p4-33", "RW-p4-31")
def test_a_player_who_passes_is_out_of_the_auction():
    game = auction_game(3)
    game.apply(Bid(seat=0, amount=1))
    game.apply(PassBid(seat=1))
    game.apply(Bid(seat=2, amount=2))
    # seat 1 has passed: the turn skips it and goes back to seat 0
    assert game.to_act == 0
    refused(game, Bid(seat=1, amount=5), "RW-p4-39")
    game.apply(Bid(seat=0, amount=3))
    assert game.to_act == 2
    assert 1 in game.state.auction.passed


@pytest.mark.rules("RW-p4-34", "RW-p4-35")
def test_auction_ends_when_all_but_the_high_bidder_have_passed():
    game = auction_game(4)
    game.state.players[2].cash = 10
    game.apply(PassBid(seat=0))
    game.apply(Bid(seat=1, amount=2))
    game.apply(Bid(seat=2, amount=3))
    assert game.state.phase is Phase.AUCTION
    game.apply(PassBid(seat=3))
    assert game.state.phase is Phase.AUCTION
    assert game.to_act == 1
    game.apply(PassBid(seat=1))
    # only seat 2, the high bidder, is left: it is not asked again
    state = game.state
    assert state.phase is Phase.ACTIONS
    assert state.auction is None
    assert state.first_player == 2
    assert state.players[2].cash == 7
    assert state.players[2].bonds == 0
    assert [p.cash for p in state.players if p.seat != 2] == [0, 0, 0]


@pytest.mark.rules("RW-p4-34")
def test_last_player_may_still_bid_when_the_others_passed_without_bidding():
    game = auction_game(3)
    game.apply(PassBid(seat=0))
    game.apply(PassBid(seat=1))
    assert game.state.phase is Phase.AUCTION
    assert game.to_act == 2
    game.state.players[2].cash = 5
    game.apply(Bid(seat=2, amount=1))
    assert game.state.phase is Phase.ACTIONS
    assert game.state.first_player == 2
    assert game.state.players[2].cash == 4


@pytest.mark.rules("RW-p4-35", "RW-p4-23", "RW-p4-22")
def test_high_bidder_short_of_cash_issues_just_enough_bonds():
    game = auction_game(2)
    game.state.players[1].cash = 2
    game.apply(Bid(seat=0, amount=1))
    game.apply(Bid(seat=1, amount=8))
    game.apply(PassBid(seat=0))
    p = game.state.players[1]
    # 8 owed with 2 in hand: 6 short, so two $5,000 bonds
    assert p.bonds == 2
    assert p.cash == 2 + 10 - 8
    assert game.state.players[0].bonds == 0 and game.state.players[0].cash == 0
    assert game.state.first_player == 1


@pytest.mark.rules("RW-p4-35")
def test_bid_exactly_covered_by_cash_needs_no_bond():
    game = auction_game(2)
    game.state.players[0].cash = 6
    game.apply(Bid(seat=0, amount=6))
    game.apply(PassBid(seat=1))
    assert game.state.players[0].cash == 0
    assert game.state.players[0].bonds == 0


@pytest.mark.rules("RW-p4-37")
def test_turn_order_runs_clockwise_from_the_first_player():
    game = auction_game(4)
    game.state.players[2].cash = 5
    game.apply(PassBid(seat=0))
    game.apply(PassBid(seat=1))
    game.apply(Bid(seat=2, amount=1))
    game.apply(PassBid(seat=3))
    assert game.state.order == [2, 3, 0, 1]
    assert game.state.round == 1
    acted = []
    for _ in range(4):
        seat = game.to_act
        acted.append(seat)
        game.apply(Pass(seat=seat))
    assert acted == [2, 3, 0, 1]


@pytest.mark.rules("RW-p4-36")
def test_if_everyone_passes_the_player_left_of_the_previous_first_player_goes_first():
    game = auction_game(4)
    game.state.players[2].cash = 5
    game.apply(PassBid(seat=0))
    game.apply(PassBid(seat=1))
    game.apply(Bid(seat=2, amount=1))
    game.apply(PassBid(seat=3))
    finish_turn(game)
    assert game.state.phase is Phase.AUCTION
    cash = [p.cash for p in game.state.players]
    all_pass_auction(game)
    assert game.state.first_player == 3
    assert game.state.order == [3, 0, 1, 2]
    assert [p.cash for p in game.state.players] == cash  # nobody pays
    finish_turn(game)
    all_pass_auction(game)
    assert game.state.first_player == 0  # round the table from the last seat


@pytest.mark.rules("RW-p4-30", "RW-p4-29")
def test_later_auctions_are_opened_by_the_previous_first_player():
    game = auction_game(4)
    game.state.players[1].cash = 5
    game.apply(PassBid(seat=0))
    game.apply(Bid(seat=1, amount=1))
    game.apply(PassBid(seat=2))
    game.apply(PassBid(seat=3))
    assert game.state.first_player == 1
    finish_turn(game)
    assert game.state.turn == 2
    assert game.state.phase is Phase.AUCTION
    assert game.to_act == 1
    assert game.state.auction.order == [1, 2, 3, 0]
    refused(game, Bid(seat=0, amount=1), "RW-p4-39")


@pytest.mark.rules("RW-p4-28", "RW-p4-29")
def test_bidding_belongs_to_the_auction_phase_only():
    game = auction_game(2)
    refused(game, Pass(seat=0), "RW-p4-28")
    all_pass_auction(game)
    refused(game, Bid(seat=game.to_act, amount=3), "RW-p4-28")
    refused(game, PassBid(seat=game.to_act), "RW-p4-28")
