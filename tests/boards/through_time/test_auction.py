"""The auction of Railways Through Time (TT-008..010, RW-p13-11..15): players who pass pay
half their bid (rounded down) and take the last places in the order they passed; the winner
pays in full and goes first; the next auction goes round in that turn order."""

from __future__ import annotations

import pytest

from railways.core.actions import Bid, Pass, PassBid
from railways.core.game import Game
from railways.core.state import Phase
from railways.rules import new_game

from .helpers import MAP

CASH = 20


def _auction(players: int = 3) -> Game:
    game = new_game(MAP, players=players, seed=8)
    assert game.state.phase is Phase.AUCTION
    for p in game.state.players:
        p.cash = CASH
    return game


def _finish_turn(game: Game) -> None:
    turn = game.state.turn
    while game.state.turn == turn:
        seat = game.to_act
        assert seat is not None
        game.apply(Pass(seat=seat))


@pytest.mark.rules("TT-009", "TT-010", "RW-p13-12", "RW-p13-13", "RW-p13-14", "RW-p13-15")
def test_passers_pay_half_rounded_down_and_go_last_the_winner_pays_in_full() -> None:
    game = _auction()
    assert game.state.auction is not None and game.state.auction.order == [0, 1, 2]
    game.apply(Bid(seat=0, amount=3))
    game.apply(Bid(seat=1, amount=5))
    game.apply(Bid(seat=2, amount=7))
    game.apply(PassBid(seat=0))  # first to pass: half of 3, rounded down, is 1; last place
    game.apply(PassBid(seat=1))  # next: half of 5 is 2; second to last
    cash = [p.cash for p in game.state.players]
    assert cash == [CASH - 1, CASH - 2, CASH - 7]
    assert game.state.phase is Phase.ACTIONS
    assert game.state.order == [2, 1, 0]
    assert game.to_act == 2


@pytest.mark.rules("TT-009", "RW-p13-12")
def test_a_player_who_never_bid_pays_nothing_when_passing() -> None:
    game = _auction()
    game.apply(PassBid(seat=0))
    game.apply(Bid(seat=1, amount=1))
    game.apply(PassBid(seat=2))
    assert [p.cash for p in game.state.players] == [CASH, CASH - 1, CASH]
    assert game.state.order == [1, 2, 0]


def test_when_nobody_bids_the_last_to_pass_goes_first_and_nobody_pays() -> None:
    game = _auction()
    for seat in (0, 1, 2):
        game.apply(PassBid(seat=seat))
    assert [p.cash for p in game.state.players] == [CASH, CASH, CASH]
    assert game.state.order == [2, 1, 0]


@pytest.mark.rules("TT-008", "RW-p13-11")
def test_the_next_auction_goes_round_in_the_last_turn_order() -> None:
    game = _auction(4)
    game.apply(PassBid(seat=0))
    game.apply(Bid(seat=1, amount=2))
    game.apply(PassBid(seat=2))
    game.apply(PassBid(seat=3))
    assert game.state.order == [1, 3, 2, 0]
    _finish_turn(game)
    auction = game.state.auction
    assert game.state.phase is Phase.AUCTION and auction is not None
    assert auction.order == [1, 3, 2, 0]
    assert game.to_act == 1
