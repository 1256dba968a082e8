"""The maritime lanes (house rule of our board): Lisboa - Açores and Sagres - Madeira.

Prices by hand: a lane hex costs $4,000 (rules/boards/portugal.py), each lane is three hexes.
"""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Side
from railways.core.legal import build_options

from .helpers import H, act_as, start

LISBOA_ACORES = (H(25, 6), H(25, 5), H(25, 4), H(25, 3), H(25, 2))
SAGRES_MADEIRA = (H(36, 7), H(36, 6), H(36, 5), H(36, 4), H(36, 3))


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


def test_the_lanes_join_their_port_and_island(game: Game) -> None:
    board = game.board
    assert board.city_at(LISBOA_ACORES[0]).id == "lisboa"  # type: ignore[union-attr]
    assert board.city_at(LISBOA_ACORES[-1]).id == "acores"  # type: ignore[union-attr]
    assert board.city_at(SAGRES_MADEIRA[0]).id == "sagres"  # type: ignore[union-attr]
    assert board.city_at(SAGRES_MADEIRA[-1]).id == "madeira"  # type: ignore[union-attr]
    lanes = {b.id for b in board.borders.values() if b.kind == "maritime"}
    assert lanes == {"maritime-acores", "maritime-madeira"}


@pytest.mark.parametrize("path", [LISBOA_ACORES, SAGRES_MADEIRA], ids=["acores", "madeira"])
def test_a_maritime_link_costs_four_thousand_a_hex(game: Game, path: tuple) -> None:  # type: ignore[type-arg]
    seat = _seat(game)
    cash = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=path))
    assert cash - game.state.players[seat].cash == 3 * 4
    link = max(game.state.links.values(), key=lambda lk: lk.id)
    ends = {game.board.city_at(path[0]).id, game.board.city_at(path[-1]).id}  # type: ignore[union-attr]
    assert {link.start, link.end} == ends


def test_the_listing_offers_the_lanes_at_their_price(game: Game) -> None:
    seat = _seat(game)
    offered = {
        o.to_city: o.cost for o in build_options(game, seat) if o.to_city in ("acores", "madeira")
    }
    assert offered == {"acores": 12, "madeira": 12}


def test_track_on_a_lane_joins_only_its_port_and_island(game: Game) -> None:
    seat = _seat(game)
    # From the Açores along the lane, then ashore north of Lisboa instead of into it:
    # refused, nothing laid.
    off_lane = (H(25, 2), H(25, 3), H(25, 4), H(25, 5), H(24, 6))
    cash = game.state.players[seat].cash
    with pytest.raises(IllegalAction, match="maritime lane joins only its port and its island"):
        game.apply(BuildTrack(seat=seat, path=off_lane, exit=Side.E))
    assert not game.state.track and not game.state.links
    assert game.state.players[seat].cash == cash
    # The same tiles ending in Lisboa are a maritime link.
    game.apply(BuildTrack(seat=seat, path=(*off_lane[:4], H(25, 6))))
    assert {(lk.start, lk.end) for lk in game.state.links.values()} == {("acores", "lisboa")}


def test_no_lane_ends_at_another_city(game: Game) -> None:
    """A link from the Açores ends only at Lisboa: the listing has no other way off it."""
    seat = _seat(game)
    for option in build_options(game, seat):
        path = option.action.path
        origin = game.board.city_at(path[0])
        if origin is not None and origin.id in ("acores", "madeira"):
            assert option.to_city in ("lisboa", "sagres")
