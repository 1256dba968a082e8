"""The terminal with the cards of other maps' decks: an answer to a waiting delivery (the
Railroad Inspector), a card taken onto a link (Trading Depot) and a delivery using Express.

Each choice is listed with the label its action kind gives it, as the web page does.
"""

from __future__ import annotations

from cli.test_plugin_actions import decide
from railways.core.actions import DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.rules.operations.interaction import PassInspector, PlayInspector
from rules.eus_helpers import link, place_cubes, turn_of
from rules.operations.ops_helpers import DEPOT, EXPRESS, INSPECTOR, give, with_cards


def test_the_holder_answers_a_waiting_delivery() -> None:
    game = with_cards(INSPECTOR, players=3)
    ny_ph = link(game, 0, "new-york", "philadelphia")
    place_cubes(game, "new-york", [Color.BLUE])
    give(game, 1, INSPECTOR.id)
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="new-york", color="blue", links=(ny_ph,)))
    action, out = decide(game, 1, [("Your answer", "x"), ("Your answer", "1")])
    assert action == PlayInspector(seat=1, card=INSPECTOR.id)
    assert "Ann wants to: Deliver blue New York - Philadelphia" in out
    assert "1) Stop Ann's delivery" in out and "2) Let Ann's delivery go ahead" in out
    action, _out = decide(game, 1, [("Your answer", "2")])
    assert action == PassInspector(seat=1)


def test_a_trading_depot_is_taken_onto_a_link_chosen_by_its_label() -> None:
    game = with_cards(DEPOT, players=3)
    ph_ba = link(game, 1, "philadelphia", "baltimore")
    link(game, 2, "baltimore", "washington")
    game.state.ops_display = [DEPOT.id]
    turn_of(game, 0)
    steps = [("What will you do", "c"), ("Take which card", "1"), ("which one", "1")]
    action, out = decide(game, 0, steps)
    assert action == TakeOperationsCard(seat=0, card=DEPOT.id, target=str(ph_ba))
    assert "1) Take Trading Depot: Bob's link Philadelphia - Baltimore" in out
    assert "2) Take Trading Depot: Cy's link Baltimore - Washington" in out


def test_a_route_that_needs_express_says_so() -> None:
    game = with_cards(EXPRESS, players=3)
    ny_ph = link(game, 0, "new-york", "philadelphia")
    ph_ba = link(game, 0, "philadelphia", "baltimore")
    ba_no = link(game, 0, "baltimore", "norfolk")
    for city in ("new-york", "philadelphia", "baltimore", "norfolk"):
        place_cubes(game, city, [Color.YELLOW])
    place_cubes(game, "new-york", [Color.BLUE])
    game.state.players[0].engine = 3
    give(game, 0, EXPRESS.id)
    turn_of(game, 0)
    steps = [("What will you do", "d"), ("Which cube", "1"), ("Which route", "1")]
    action, out = decide(game, 0, steps)
    assert action == DeliverGoods(
        seat=0, city="new-york", color="blue", links=(ny_ph, ph_ba, ba_no), cards=(EXPRESS.id,)
    )
    assert "using Express" in out
