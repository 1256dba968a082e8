"""Trading Depot (RW-p22-23, RW-p22-24) and Diplomatic Relations (RW-p21-20).

Seat 0 owns New York - Philadelphia, seat 1 Philadelphia - Baltimore, seat 2 Baltimore -
Washington. New York is red, Philadelphia blue, Baltimore purple, Washington black.
"""

from __future__ import annotations

import pytest

from railways.core.actions import DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import legal_actions
from railways.core.state import Link
from railways.core.view import view_for
from railways.rules.operations.interaction import depots

from ..eus_helpers import link, place_cubes, refused, turn_of
from .ops_helpers import DEPOT, DEPOT_2, DIPLOMATIC, with_cards

TD, DR = DEPOT.id, DIPLOMATIC.id


def _game() -> tuple[Game, int, int, int]:
    game = with_cards(DEPOT, DEPOT_2, DIPLOMATIC)
    ny_ph = link(game, 0, "new-york", "philadelphia")
    ph_ba = link(game, 1, "philadelphia", "baltimore")
    ba_wa = link(game, 2, "baltimore", "washington")
    for city in ("new-york", "philadelphia", "baltimore", "washington"):
        place_cubes(game, city, [Color.YELLOW])
    game.state.ops_display = []
    for p in game.state.players:
        p.score = 0
        p.engine = 3
    return game, ny_ph, ph_ba, ba_wa


def _take(game: Game, seat: int, card: str, **choice: object) -> None:
    turn_of(game, seat)
    game.apply(TakeOperationsCard(seat=seat, card=card, **choice))  # type: ignore[arg-type]


# -- Trading Depot ---------------------------------------------------------------------------
@pytest.mark.rules("RW-p22-24")
def test_the_depot_goes_on_another_players_complete_link() -> None:
    game, _ny_ph, ph_ba, ba_wa = _game()
    game.state.ops_display = [TD]
    turn_of(game, 0)
    offered = [a for a in legal_actions(game, 0).simple if isinstance(a, TakeOperationsCard)]
    assert {a.target for a in offered} == {str(ph_ba), str(ba_wa)}  # not seat 0's own link
    game.apply(TakeOperationsCard(seat=0, card=TD, target=str(ph_ba)))
    assert game.state.players[0].kept == [TD]  # an infinity card stays in front of its taker
    assert depots(game) == {TD: [0, ph_ba]}
    markers = [m for m in view_for(game, None)["markers"] if m["kind"] == "trading_depot"]
    assert len(markers) == 1
    (marker,) = markers
    assert marker["owner"] == 0 and marker["help"] == "RW-p22-23"
    tiles = [[h.row, h.col] for h, _a, _b in game.state.links[ph_ba].tiles]
    assert marker["hex"] in tiles


@pytest.mark.rules("RW-p22-24")
def test_a_depot_on_an_own_incomplete_or_missing_link_is_refused() -> None:
    game, ny_ph, _ph_ba, _ba_wa = _game()
    game.state.ops_display = [TD]
    turn_of(game, 0)
    state = game.state
    open_id = state.next_link_id
    state.next_link_id += 1
    state.links[open_id] = Link(open_id, 1, "boston", [(Hex.from_offset(5, 28), Side.E, Side.W)])
    for target in (str(ny_ph), str(open_id), "999", "north", None):
        err = refused(game, TakeOperationsCard(seat=0, card=TD, target=target))
        assert err.clause == "RW-p22-24", err
    assert state.ops_display == [TD]


@pytest.mark.rules("RW-p22-23", "RW-p5-31")
def test_every_delivery_over_the_marked_link_scores_the_depot_owner() -> None:
    game, ny_ph, ph_ba, ba_wa = _game()
    game.state.ops_display = [TD]
    _take(game, 0, TD, target=str(ph_ba))
    players = game.state.players
    # Seat 0 moves a purple cube New York - Philadelphia - Baltimore over seat 1's link.
    place_cubes(game, "new-york", [Color.PURPLE])
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="new-york", color="purple", links=(ny_ph, ph_ba)))
    assert (players[0].score, players[1].score) == (1 + 1, 1)  # own link + depot; owner's link
    # Seat 1 moves a blue cube Baltimore - Philadelphia over its own marked link.
    place_cubes(game, "baltimore", [Color.BLUE])
    turn_of(game, 1)
    game.apply(DeliverGoods(seat=1, city="baltimore", color="blue", links=(ph_ba,)))
    assert (players[0].score, players[1].score) == (3, 2)
    # Seat 2's delivery Washington - Baltimore does not use the marked link.
    place_cubes(game, "washington", [Color.PURPLE])
    turn_of(game, 2)
    game.apply(DeliverGoods(seat=2, city="washington", color="purple", links=(ba_wa,)))
    assert (players[0].score, players[1].score, players[2].score) == (3, 2, 1)


@pytest.mark.rules("RW-p22-23")
def test_two_depots_on_one_link_each_score() -> None:
    game, ny_ph, ph_ba, _ba_wa = _game()
    game.state.ops_display = [TD, DEPOT_2.id]
    _take(game, 0, TD, target=str(ph_ba))
    _take(game, 2, DEPOT_2.id, target=str(ph_ba))
    place_cubes(game, "new-york", [Color.PURPLE])
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="new-york", color="purple", links=(ny_ph, ph_ba)))
    assert [p.score for p in game.state.players] == [2, 1, 1]


# -- Diplomatic Relations -----------------------------------------------------------------------
@pytest.mark.rules("RW-p21-20")
def test_taking_diplomatic_relations_delivers_over_two_players_links() -> None:
    game, ny_ph, ph_ba, _ba_wa = _game()
    place_cubes(game, "new-york", [Color.PURPLE, Color.BLUE])
    game.state.ops_display = [DR]
    turn_of(game, 0)
    offered = {
        (a.target, a.color, a.links)
        for a in legal_actions(game, 0).simple
        if isinstance(a, TakeOperationsCard) and a.card == DR
    }
    # By hand: the purple cube to Baltimore uses seat 0's and seat 1's links; the blue one
    # stops at Philadelphia after seat 0's own link only, so it is not offered.
    assert offered == {("new-york", "purple", (ny_ph, ph_ba))}
    bag = game.state.bag[Color.PURPLE]
    game.apply(
        TakeOperationsCard(seat=0, card=DR, target="new-york", color="purple", links=(ny_ph, ph_ba))
    )
    players = game.state.players
    assert [p.score for p in players] == [1 + 1, 1 + 1, 0]
    assert game.state.cubes["new-york"] == [Color.BLUE]
    assert game.state.bag[Color.PURPLE] == bag + 1
    assert players[0].deliveries == 1 and "purple" in players[0].delivered_colors
    assert game.state.ops_display == [] and game.state.ops_discard[-1] == DR  # red X: spent
    assert DR not in players[0].hand and DR not in players[0].kept


@pytest.mark.rules("RW-p21-20")
def test_three_players_links_score_one_more_each() -> None:
    game, ny_ph, ph_ba, ba_wa = _game()
    place_cubes(game, "new-york", [Color.BLACK])
    game.state.ops_display = [DR]
    _take(game, 0, DR, target="new-york", color="black", links=(ny_ph, ph_ba, ba_wa))
    assert [p.score for p in game.state.players] == [2, 2, 2]


@pytest.mark.rules("RW-p21-20", "RW-p5-32")
def test_diplomatic_relations_refuses_other_deliveries() -> None:
    game, ny_ph, ph_ba, _ba_wa = _game()
    place_cubes(game, "new-york", [Color.PURPLE, Color.BLUE])
    place_cubes(game, "philadelphia", [Color.PURPLE])
    game.state.ops_display = [DR]
    turn_of(game, 0)

    def take(**choice: object) -> TakeOperationsCard:
        return TakeOperationsCard(seat=0, card=DR, **choice)  # type: ignore[arg-type]

    # Only seat 0's own link: not two players.
    err = refused(game, take(target="new-york", color="blue", links=(ny_ph,)))
    assert err.clause == "RW-p21-20"
    # No route named.
    assert refused(game, take()).clause == "RW-p21-20"
    assert refused(game, take(target="new-york", color="purple")).clause == "RW-p21-20"
    # The first link must be the mover's own, as in every delivery.
    err = refused(game, take(target="philadelphia", color="purple", links=(ph_ba,)))
    assert err.clause == "RW-p5-32"
    assert game.state.ops_display == [DR]


@pytest.mark.rules("RW-p22-24")
def test_a_link_the_taker_co_owns_is_its_own() -> None:
    game, _ny_ph, ph_ba, ba_wa = _game()
    game.state.links[ph_ba].partners = [0]  # co-owned links (AU-036): seat 0 owns it too
    game.state.ops_display = [TD]
    turn_of(game, 0)
    offered = [a for a in legal_actions(game, 0).simple if isinstance(a, TakeOperationsCard)]
    assert {a.target for a in offered} == {str(ba_wa)}
    assert refused(game, TakeOperationsCard(seat=0, card=TD, target=str(ph_ba))).clause == (
        "RW-p22-24"
    )


@pytest.mark.rules("RW-p22-23")
def test_a_way_over_the_marked_links_track_counts_as_using_it() -> None:
    from railways.core.delivery import RouteLink
    from railways.core.game import Delivery
    from railways.rules.operations.interaction import TradingDepot

    game, _ny_ph, ph_ba, ba_wa = _game()
    game.state.ops_display = [TD]
    _take(game, 0, TD, target=str(ph_ba))
    # A switch's branch (Switch Tracks) is a way over a link's tiles that counts as a link
    # of its own for deliveries, with an id below 0 (``Game.route_links``).
    way = RouteLink(-1, "philadelphia", "washington", 1, of=ph_ba)
    game.derived["route_links"] = (game.state.track_version, {-1: way})
    effect, card = TradingDepot(), game.card(TD)
    over_way = Delivery(1, Color.BLUE, "washington", "philadelphia", (), (-1,), {1: 1})
    effect.after_delivery(game, over_way, card, 0)
    assert game.state.players[0].score == 1
    elsewhere = Delivery(2, Color.PURPLE, "washington", "baltimore", (), (ba_wa,), {2: 1})
    effect.after_delivery(game, elsewhere, card, 0)
    assert game.state.players[0].score == 1
