"""Mines (RW-p7-07..11) and the Hotels marker (RW-p7-31)."""

from __future__ import annotations

import pytest

import support
from railways.core.board import Color
from railways.core.core_kinds import TakeOperationsCard
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules.modules.mines import PlaceMine, mines_left

from .helpers import refused, start


def _gray(game):
    return sorted(c for c, col in game.state.city_colors.items() if col is Color.GRAY)


def _only_in_bag(game, counts):
    """Put every cube of the bag aside except ``counts`` (scenario set-up)."""
    for color in game.state.bag:
        game.state.bag[color] = counts.get(color, 0)


@pytest.mark.rules("RW-p7-08", "RW-p7-09", "RW-p7-10", "RW-p7-11")
def test_a_mine_draws_until_a_colour_repeats_and_discards_the_repeat():
    game = start(["mines"])
    seat, city = game.to_act, _gray(game)[0]
    game.state.players[seat].cash = 30
    before = list(game.state.cubes[city])
    _only_in_bag(game, {Color.BLACK: 5})  # black, then black again: the second is the repeat
    game.apply(PlaceMine(seat=seat, city=city))
    assert game.state.cubes[city] == [*before, Color.BLACK]
    assert game.state.bag[Color.BLACK] == 4  # two drawn, the repeat went back
    assert game.state.players[seat].cash == 20
    assert game.to_act == seat  # an add-on: the action is still to take
    markers = [m for m in view_for(game, None)["markers"] if m["kind"] == "mine"]
    assert [(m["city"], m["owner"]) for m in markers] == [(city, seat)]


@pytest.mark.rules("RW-p7-09", "RW-p7-10")
def test_a_mine_stops_after_five_different_cubes():
    game = start(["mines"])
    seat, city = game.to_act, _gray(game)[0]
    game.state.players[seat].cash = 30
    game.state.cubes[city] = []
    five = [Color.RED, Color.YELLOW, Color.BLUE, Color.PURPLE, Color.BLACK]
    _only_in_bag(game, {c: 1 for c in five})  # five draws, all different
    draws = game.state.rng.draws
    game.apply(PlaceMine(seat=seat, city=city))
    assert sorted(c.value for c in game.state.cubes[city]) == sorted(c.value for c in five)
    assert sum(game.state.bag.values()) == 0
    assert game.state.rng.draws - draws == 5


@pytest.mark.rules("RW-p7-07", "RW-p7-09", "RW-p7-11")
def test_mines_are_refused_on_colour_cities_depleted_mines_and_past_two():
    game = start(["mines"])
    seat = game.to_act
    assert seat is not None
    game.state.players[seat].cash = 50
    colored = next(c for c, col in sorted(game.state.city_colors.items()) if col is not Color.GRAY)
    refused(game, PlaceMine(seat=seat, city=colored), "RW-p7-09")
    first, second, third = _gray(game)[:3]
    game.apply(PlaceMine(seat=seat, city=first))
    refused(game, PlaceMine(seat=seat, city=first), "RW-p7-11")
    game.apply(PlaceMine(seat=seat, city=second))
    refused(game, PlaceMine(seat=seat, city=third), "RW-p7-07")
    assert not [a for a in legal_actions(game, seat).simple if isinstance(a, PlaceMine)]


def test_mines_are_offered_only_with_the_module():
    plain = start([])
    seat = plain.to_act
    assert seat is not None
    assert not [a for a in legal_actions(plain, seat).simple if a.kind == "place_mine"]
    game = start(["mines"])
    offered = {a.city for a in legal_actions(game, seat).simple if isinstance(a, PlaceMine)}
    assert offered == set(_gray(game))


@pytest.mark.rules("RW-p7-31")
def test_hotel_marker_shows_the_kept_hotel_city():
    for modules, expected in ((["hotels"], True), ([], False)):
        game = start(modules)
        seat = game.to_act
        assert seat is not None
        hotel = "hotel-new-york"
        if hotel not in game.state.ops_display:
            game.state.ops_display.append(hotel)
            for pile in (game.state.ops_deck, game.state.ops_discard):
                if hotel in pile:
                    pile.remove(hotel)
        before = [m for m in view_for(game, None)["markers"] if m["kind"] == "hotel"]
        assert before == []
        game.apply(TakeOperationsCard(seat=seat, card=hotel))
        after = [m for m in view_for(game, 2)["markers"] if m["kind"] == "hotel"]
        if expected:
            assert [(m["city"], m["owner"], m["symbol"]) for m in after] == [
                ("new-york", seat, "H")
            ]
        else:
            assert after == []


@pytest.mark.rules("RW-p7-07", "RW-p7-08")
def test_a_mine_is_placed_only_by_the_seat_to_act_in_an_action_round():
    game = start(["mines"], to_actions=False)
    city = _gray(game)[0]
    seat = game.to_act
    assert seat is not None
    refused(game, PlaceMine(seat=seat, city=city), "RW-p4-28")  # while Rail Barons are kept
    support.choose_barons(game)
    seat = game.to_act
    assert seat is not None and game.state.auction is not None
    refused(game, PlaceMine(seat=seat, city=city), "RW-p4-28")  # nor in the auction
    support.pass_auction(game)
    seat = game.to_act
    assert seat is not None
    refused(game, PlaceMine(seat=(seat + 1) % 4, city=city), "RW-p4-39")  # not another's turn
    game.apply(PlaceMine(seat=seat, city=city))
    assert mines_left(game, seat) == 1


@pytest.mark.rules("RW-p7-08", "RW-p4-23")
def test_a_mine_paid_without_the_cash_issues_bonds():
    game = start(["mines"])
    seat = game.to_act
    assert seat is not None
    player = game.state.players[seat]
    player.cash, player.bonds = 4, 0
    game.apply(PlaceMine(seat=seat, city=_gray(game)[0]))
    # $10,000 from $4,000: two $5,000 bonds cover the $6,000 missing; $4,000 is left.
    assert (player.bonds, player.cash) == (2, 4)
