"""Gotland's ferry: Visby is reached only over its ferry hex, with the Ferry Passage card
(the North America board's ferry rule and Ferry Line card, RW-p21-23..25).

Prices by hand: open ground $2,000 a tile; the ferry hex is free with the card.
"""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack
from railways.core.game import Game

from .helpers import H, act_as, refused, start

FERRY = H(39, 10)
VISBY_WEST = (H(39, 11), FERRY, H(39, 9))  # Visby, the ferry, the mainland shore


@pytest.fixture
def game() -> Game:
    g = start()
    seat = g.to_act
    assert seat is not None
    act_as(g, seat, cash=40)
    return g


def _seat(game: Game) -> int:
    seat = game.to_act
    assert seat is not None
    return seat


def _give(game: Game, seat: int, card: str) -> None:
    state = game.state
    for pile in (state.ops_deck, state.ops_display):
        if card in pile:
            pile.remove(card)
    state.players[seat].hand.append(card)


@pytest.mark.rules("RW-p15-15")
def test_visby_has_one_spoke_and_it_faces_the_ferry(game: Game) -> None:
    board = game.board
    visby = board.cities["visby"]
    (side,) = visby.spokes
    special = board.special_at(visby.at.neighbour(side))
    assert special is not None and special.kind == "ferry" and special.at == FERRY


@pytest.mark.rules("RW-p21-24")
def test_no_track_on_the_ferry_without_the_card(game: Game) -> None:
    seat = _seat(game)
    path = (*VISBY_WEST, H(38, 9), H(37, 8))  # on to Linköping
    refused(game, BuildTrack(seat=seat, path=path), "RW-p21-24")


@pytest.mark.rules("RW-p21-23", "RW-p21-25")
def test_the_ferry_passage_lays_the_ferry_free_then_leaves_the_game(game: Game) -> None:
    seat = _seat(game)
    _give(game, seat, "ferry-passage")
    cash = game.state.players[seat].cash
    path = (*VISBY_WEST, H(38, 9), H(37, 8))  # Visby - ferry - shore - Linköping
    game.apply(BuildTrack(seat=seat, path=path, cards=("ferry-passage",)))
    assert cash - game.state.players[seat].cash == 2 + 2  # two open hexes; the ferry is free
    link = max(game.state.links.values(), key=lambda lk: lk.id)
    assert {link.start, link.end} == {"visby", "linkoping"}
    assert "ferry-passage" not in game.state.players[seat].hand
    assert "ferry-passage" in game.state.ops_discard
