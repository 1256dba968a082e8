"""Express (RW-p21-22): on one delivery the cube may pass one city of its own colour.

Seat 0 owns New York - Philadelphia - Baltimore - Norfolk (and on to Richmond).
Philadelphia and Norfolk are blue, Baltimore purple, New York and Richmond red, so a
blue cube from New York must stop at Philadelphia (RW-p5-28) unless Express is played.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from railways.core import legal
from railways.core.actions import DeliverGoods
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.rng import Rng

from ..eus_helpers import link, place_cubes, refused, turn_of
from .ops_helpers import EXPRESS, EXPRESS_2, give, with_cards

X = EXPRESS.id


def _line(engine: int = 4) -> tuple[Game, list[int]]:
    game = with_cards(EXPRESS, EXPRESS_2)
    links = [
        link(game, 0, "new-york", "philadelphia"),
        link(game, 0, "philadelphia", "baltimore"),
        link(game, 0, "baltimore", "norfolk"),
        link(game, 0, "norfolk", "richmond"),
    ]
    for city in ("new-york", "philadelphia", "baltimore", "norfolk", "richmond"):
        place_cubes(game, city, [])
    place_cubes(game, "new-york", [Color.BLUE])
    game.state.ecm.clear()
    game.state.players[0].engine = engine
    game.state.players[0].score = 0
    game.state.ops_display = []  # no goal scores on these deliveries
    give(game, 0, X)
    turn_of(game, 0)
    return game, links


@pytest.mark.rules("RW-p21-22", "RW-p5-28")
def test_express_lets_the_cube_pass_one_city_of_its_colour() -> None:
    game, (ny_ph, ph_ba, ba_no, _no_ri) = _line()
    bag = game.state.bag[Color.BLUE]
    route = (ny_ph, ph_ba, ba_no)
    err = refused(game, DeliverGoods(seat=0, city="new-york", color="blue", links=route))
    assert err.clause == "RW-p5-28" and "Philadelphia" in err.message
    game.apply(DeliverGoods(seat=0, city="new-york", color="blue", links=route, cards=(X,)))
    assert game.state.players[0].score == 3  # three own links
    assert game.state.cubes["new-york"] == []
    assert game.state.bag[Color.BLUE] == bag + 1
    assert X not in game.state.players[0].hand  # a hand card, used up
    assert game.state.ops_discard[-1] == X


@pytest.mark.rules("RW-p21-22", "RW-p5-28")
def test_express_passes_one_city_only() -> None:
    game, (ny_ph, ph_ba, ba_no, no_ri) = _line()
    place_cubes(game, "new-york", [Color.RED, Color.BLUE])
    # A red cube: Richmond is red. Past Philadelphia (blue, not its colour) is no pass.
    err = refused(
        game,
        DeliverGoods(
            seat=0, city="new-york", color="blue", links=(ny_ph, ph_ba, ba_no, no_ri), cards=(X,)
        ),
    )
    assert err.clause == "RW-p5-28" and "Norfolk" in err.message  # the second blue city
    assert X in game.state.players[0].hand


@pytest.mark.rules("RW-p21-22")
def test_express_on_a_route_that_passes_nothing_is_refused() -> None:
    game, (ny_ph, *_rest) = _line()
    err = refused(
        game, DeliverGoods(seat=0, city="new-york", color="blue", links=(ny_ph,), cards=(X,))
    )
    assert err.clause == "RW-p21-22"
    assert X in game.state.players[0].hand


@pytest.mark.rules("RW-p21-22", "RW-p5-40")
def test_express_must_be_held() -> None:
    game, (ny_ph, ph_ba, ba_no, _r) = _line()
    game.state.players[0].hand.remove(X)
    err = refused(
        game,
        DeliverGoods(
            seat=0, city="new-york", color="blue", links=(ny_ph, ph_ba, ba_no), cards=(X,)
        ),
    )
    assert err.clause == "RW-p5-40"


def _sequences(game: Game, start: str, longest: int) -> Iterator[tuple[int, ...]]:
    links = [lk for lk in game.state.links.values() if lk.end is not None]
    stack: list[tuple[str, tuple[int, ...]]] = [(start, ())]
    while stack:
        here, used = stack.pop()
        for lk in links:
            if lk.id in used or here not in (lk.start, lk.end):
                continue
            seq = (*used, lk.id)
            yield seq
            if len(seq) < longest:
                stack.append((lk.other_city(here), seq))


@pytest.mark.rules("RW-p21-22")
def test_listing_and_sampling_offer_express_deliveries() -> None:
    game, (ny_ph, ph_ba, ba_no, _r) = _line()
    give(game, 0, EXPRESS_2.id)  # two copies: listed once
    listed = {
        (o.action.links, o.action.cards)
        for opts in legal.delivery_options(game, 0).values()
        for o in opts
    }
    # By hand: without the card only Philadelphia; with it Norfolk, past Philadelphia.
    assert listed == {((ny_ph,), ()), ((ny_ph, ph_ba, ba_no), (X,))}
    brute = set()
    for seq in _sequences(game, "new-york", 5):
        for cards in ((), (X,), (EXPRESS_2.id,)):
            action = DeliverGoods(seat=0, city="new-york", color="blue", links=seq, cards=cards)
            try:
                game.check(action)
            except IllegalAction:
                continue
            brute.add((seq, cards))
    # Every listed delivery is accepted; the second copy only repeats the first one's routes.
    assert listed <= brute
    assert {(s, c) for s, c in brute if c != (EXPRESS_2.id,)} == listed
    drawn = [legal.sample_delivery(game, 0, Rng(k)) for k in range(40)]
    assert all(d is not None and game.allows(d) for d in drawn)
    assert any(d is not None and d.cards == (X,) for d in drawn)
    assert any(d is not None and d.cards == () for d in drawn)
