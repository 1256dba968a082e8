"""Undo in the digital edition: a seat may take back its own last action while nothing
random or secret has happened since. Refusals cite RW-p4-39 (each seat's own action)."""

from __future__ import annotations

import support
from railways.core.actions import Bid, BuildTrack, Pass, PassBid, Undo, UpgradeEngine, Urbanize
from railways.core.state import Phase

from .rw_helpers import WEST_EAST_DIRECT, WEST_SOUTH, refused, snap, tiny


def test_a_seat_can_undo_its_own_last_action():
    game = tiny(players=2)
    before = snap(game)
    game.apply(BuildTrack(seat=0, path=WEST_EAST_DIRECT))
    assert game.state.players[0].score == 4 and game.to_act == 1
    assert game.state.players[0].bonds == 3
    game.apply(Undo(seat=0))
    assert game.state.links == {}
    assert game.state.players[0].cash == 0
    assert game.state.players[0].bonds == 0
    assert game.state.players[0].score == 0
    assert game.state.major_lines == {}
    assert game.to_act == 0
    assert snap(game) == before
    # the seat acts again, perhaps differently
    game.apply(UpgradeEngine(seat=0))
    assert game.state.players[0].engine == 2


def test_undo_is_refused_once_another_seat_has_acted():
    game = tiny(players=2, cash=20)
    game.apply(BuildTrack(seat=0, path=WEST_SOUTH))
    game.apply(Pass(seat=1))
    refused(game, Undo(seat=0), "RW-p4-39")
    assert len(game.state.links) == 1


def test_a_seat_cannot_undo_another_seats_action():
    game = tiny(players=2, cash=20)
    game.apply(BuildTrack(seat=0, path=WEST_SOUTH))
    refused(game, Undo(seat=1), "RW-p4-39")


def test_undo_is_refused_after_a_random_draw():
    """Urbanizing draws two cubes from the bag: they cannot be put back and redrawn."""
    game = tiny(players=2, cash=20)
    game.apply(Urbanize(seat=0, city="south", color="blue"))
    refused(game, Undo(seat=0), "RW-p4-39")
    assert game.state.city_colors["south"].value == "blue"


def test_bids_and_auction_passes_cannot_be_undone():
    game = support.start(players=3, to_actions=False)
    support.choose_barons(game)
    game.state.players[0].cash = 5
    game.apply(Bid(seat=0, amount=2))
    refused(game, Undo(seat=0), "RW-p4-39")
    game.apply(PassBid(seat=1))
    refused(game, Undo(seat=1), "RW-p4-39")
    assert game.state.phase is Phase.AUCTION


def test_nothing_to_undo_at_the_start():
    game = tiny(players=2)
    game.history.clear()
    refused(game, Undo(seat=0), "RW-p4-39")
