"""Gotland's ferry: Visby is reached only over its ferry hex, with the Ferry Passage card
(the North America board's ferry rule and Ferry Line card, RW-p21-23..25).

Prices by hand: open ground $2,000 a tile; the ferry hex is free with the card.
"""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack
from railways.core.game import Game
from railways.core.hexgrid import Side
from railways.core.track import tiles_in_use

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


@pytest.mark.rules("RW-p21-23")
def test_the_ferry_passage_is_refused_on_a_build_that_misses_the_ferry(game: Game) -> None:
    seat = _seat(game)
    _give(game, seat, "ferry-passage")
    path = (H(37, 8), H(38, 9), H(39, 9))  # from Linköping to the shore, then south-west
    build = BuildTrack(seat=seat, path=path, exit=Side.SW, cards=("ferry-passage",))
    tiles_in_use(game.state)  # fill the tile-count cache first: refused() compares the state
    refused(game, build, "RW-p21-23")
    assert "ferry-passage" in game.state.players[seat].hand


@pytest.mark.rules("RW-p15-15")
def test_oskarshamn_beside_the_ferry_has_no_spoke_towards_it(game: Game) -> None:
    # Oskarshamn (40,10) touches the ferry hex on its north-east side: the ferry lands on the
    # shore, so the city's ways out are north-west, west and south-west only.
    board = game.board
    oskarshamn = board.cities["oskarshamn"]
    assert oskarshamn.at == H(40, 10)
    assert oskarshamn.at.side_towards(FERRY) is not None
    assert oskarshamn.at.side_towards(FERRY) not in oskarshamn.spokes
