"""The cards of Railways Through Time: Time Blazer (TT-027, RW-p22-21), Time Bounty (TT-029,
RW-p22-22) and Boost (TT-028, RW-p21-12)."""

from __future__ import annotations

import pytest

from boards.board_helpers import act_as
from railways.core.actions import UpgradeEngine
from railways.core.board import Color
from railways.core.game import Game

from .helpers import EXAMPLE_ERAS, connect, cubes, deliver, start, time_link

BLAZER = "time-blazer"


def _game() -> Game:
    """Seat 0 joins Olduvai (Stone Age) to Vienna (Napoleonic) through time, and Lascaux to
    Olduvai; the goal cards in play are Time Blazer and the Napoleonic Time Bounty."""
    game = start(eras=EXAMPLE_ERAS)
    connect(game, 0, "olduvai", "gate-stone-age-west")
    connect(game, 0, "vienna", "gate-napoleonic-east")
    connect(game, 0, "lascaux", "olduvai")
    game.state.ops_display = [BLAZER, "time-bounty-napoleonic", "time-bounty-stone-age"]
    return game


def _on_board(game: Game) -> int:
    (link,) = [lk.id for lk in game.own_links(0) if {lk.start, lk.end} == {"lascaux", "olduvai"}]
    return link


@pytest.mark.rules("TT-027", "RW-p22-21")
def test_time_blazer_goes_to_the_first_delivery_through_time() -> None:
    game = _game()
    cubes(game, "olduvai", Color.BLUE)
    game.apply(deliver(game, 0, "olduvai", Color.BLUE, [_on_board(game)]))  # within an era
    assert BLAZER in game.state.ops_display
    assert game.state.players[0].score == 1
    cubes(game, "olduvai", Color.RED)
    game.apply(deliver(game, 0, "olduvai", Color.RED, [time_link(game, 0, "olduvai", "vienna")]))
    assert BLAZER not in game.state.ops_display and BLAZER in game.state.ops_discard
    # 1 for the link, 2 for Time Blazer, 1 for the Napoleonic Time Bounty.
    assert game.state.players[0].score == 1 + 1 + 2 + 1


@pytest.mark.rules("TT-029", "RW-p22-22")
def test_time_bounty_needs_a_cube_from_another_era() -> None:
    game = _game()
    game.state.ops_display = ["time-bounty-stone-age", "time-bounty-napoleonic"]
    cubes(game, "olduvai", Color.BLUE)
    game.apply(deliver(game, 0, "olduvai", Color.BLUE, [_on_board(game)]))
    assert "time-bounty-stone-age" in game.state.ops_display  # from the Stone Age itself
    cubes(game, "vienna", Color.PURPLE)
    game.apply(deliver(game, 0, "vienna", Color.PURPLE, [time_link(game, 0, "olduvai", "vienna")]))
    assert game.state.ops_display == ["time-bounty-napoleonic"]
    assert game.state.players[0].score == 1 + 1 + 1  # two deliveries, one bounty


@pytest.mark.rules("TT-028", "RW-p21-12")
def test_boost_takes_5000_off_an_engine_upgrade_down_to_nothing() -> None:
    game = start()
    boosts = [c for c in game.ruleset.cards if game.card(c).effect == "boost"]
    assert len(boosts) == 2
    game.state.players[0].hand.extend(boosts)
    act_as(game, 0, cash=10)
    cash = game.state.players[0].cash
    game.apply(UpgradeEngine(seat=0, cards=(boosts[0],)))  # level 2 costs 5: now nothing
    assert game.state.players[0].cash == cash
    act_as(game, 0)
    cash = game.state.players[0].cash
    game.apply(UpgradeEngine(seat=0, cards=(boosts[1],)))  # level 3 costs 6: now 1
    assert game.state.players[0].cash == cash - 1
    assert game.state.players[0].engine == 3
