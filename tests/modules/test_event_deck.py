"""The Event Deck (RW-p6-30..37) with the house deck."""

from __future__ import annotations

import pytest

import support
from railways.content.event_deck import load_events
from railways.core.actions import BuildTrack, DeliverGoods
from railways.core.board import Color
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.modules.events import slots

from .helpers import finish_turn, refused, start

DECK = load_events()
FUTURE = sorted(e for e, d in DECK.items() if d.future)


def _events(modules=("event-deck",), without=None, seed=1):
    options: dict = {"modules": list(modules)}
    if without is not None:
        options["event_deck_without"] = without
    game = new_game("eastern-us", players=4, seed=seed, options=options)
    support.choose_barons(game)
    support.pass_auction(game)
    return game


def _ledger(game, reason):
    return [(e.seat, e.amount) for e in game.state.ledger if e.reason == reason]


def test_the_house_deck_has_fifty_events_in_our_words():
    assert len(DECK) == 50
    assert all(d.source == "house" and d.text for d in DECK.values())
    assert len(FUTURE) >= 5


@pytest.mark.rules("RW-p6-30", "RW-p6-31", "RW-p6-33")
def test_setup_shuffles_and_fills_the_future_slot_discarding_future_events():
    # Only one ordinary event is left in: every Future Event above it must be discarded.
    keep = {"railway-bonds", *FUTURE}
    game = _events(without=sorted(set(DECK) - keep))
    data = slots(game)
    assert data["future"] == "railway-bonds" and data["current"] is None
    assert all(DECK[e].future for e in data["discard"])
    assert sorted(data["deck"] + data["discard"]) == FUTURE
    orders = {tuple(slots(_events(seed=s))["deck"]) for s in range(1, 6)}
    assert len(orders) > 1  # shuffled by the game's seed


@pytest.mark.rules("RW-p6-32", "RW-p6-34", "RW-p6-35")
def test_the_future_event_acts_on_turn_two_as_the_current_event():
    game = _events()
    data = slots(game)
    data["future"] = "railway-bonds"  # everyone receives $5,000
    data["deck"] = [e for e in data["deck"] if e != "stock-tip"] + [
        "stock-tip"
    ]  # the next card drawn (an ordinary one)
    finish_turn(game)
    assert game.state.turn == 2
    assert data["current"] == "railway-bonds" and data["future"] == "stock-tip"
    assert _ledger(game, "Railway Bonds Sell Well") == [(s, 5) for s in range(4)]
    assert _ledger(game, "Stock Market Rally") == []  # not yet: it is only the Future event
    finish_turn(game)
    assert data["current"] == "stock-tip" and "railway-bonds" in data["discard"]
    assert _ledger(game, "Stock Market Rally") == [(s, 4) for s in range(4)]


@pytest.mark.rules("RW-p6-35", "RW-p6-36")
def test_a_future_event_acts_when_drawn_and_not_again_as_current():
    game = _events()
    data = slots(game)
    data["discard"] = [e for e in data["discard"] if e != "investment-wave"]
    data["deck"] = [e for e in data["deck"] if e != "investment-wave"] + ["investment-wave"]
    finish_turn(game)
    assert data["future"] == "investment-wave"
    assert _ledger(game, "Foreign Investment (Future Event)") == [(s, 4) for s in range(4)]
    finish_turn(game)
    assert data["current"] == "investment-wave"
    assert len(_ledger(game, "Foreign Investment (Future Event)")) == 4  # no second payment
    seat = game.to_act
    # a Future Event in the Current slot changes nothing this turn
    assert game.engine_level(seat) == game.state.players[seat].engine


@pytest.mark.rules("RW-p6-35")
def test_ordinary_events_change_the_rules_only_while_current():
    game = _events()
    seat = game.to_act
    base = game.board.tables.terrain_costs
    data = slots(game)
    data["current"] = "spring-floods"
    assert game.build_rules(BuildTrack(seat=seat)).terrain.water == base.water + 2
    data["current"] = "navvy-crews"
    assert game.build_rules(BuildTrack(seat=seat)).max_tiles == 5
    game.state.players[seat].engine = 3
    data["current"] = "coal-shortage"
    assert game.engine_level(seat) == 2
    data["current"] = None
    assert game.engine_level(seat) == 3
    assert game.build_rules(BuildTrack(seat=seat)).terrain is None


@pytest.mark.rules("RW-p6-35")
def test_a_strike_stops_deliveries_of_its_colour_while_current():
    game = _events()
    link = support.build_link(game, 0, "pittsburgh", "cleveland")
    support.set_cubes(game, "cleveland", [Color.BLACK])  # Pittsburgh is a black city
    support.make_turn(game, 0)
    deliver = DeliverGoods(seat=0, city="cleveland", color="black", links=(link,))
    data = slots(game)
    data["current"] = "miners-strike"
    assert ("cleveland", "black") not in legal_actions(game, 0).deliveries
    refused(game, deliver, "RW-p6-35")
    data["current"] = "dock-strike"  # another colour's strike does not stop it
    assert ("cleveland", "black") in legal_actions(game, 0).deliveries
    game.apply(deliver)


@pytest.mark.rules("RW-p6-35")
def test_a_boom_adds_points_to_deliveries_of_its_colour():
    for current, extra in (("coal-demand", 1), ("cotton-boom", 0), (None, 0)):
        game = _events()
        link = support.build_link(game, 0, "pittsburgh", "cleveland")
        support.set_cubes(game, "cleveland", [Color.BLACK])
        support.make_turn(game, 0)
        slots(game)["current"] = current
        game.state.ops_display = []  # no goal card may score for this delivery
        before = game.state.players[0].score
        game.apply(DeliverGoods(seat=0, city="cleveland", color="black", links=(link,)))
        assert game.state.players[0].score == before + 1 + extra  # one link, own track


@pytest.mark.rules("RW-p6-37")
def test_cards_can_be_taken_out_of_the_deck():
    game = _events(without=["cotton-boom", "gold-strike"])
    data = slots(game)
    everywhere = data["deck"] + data["discard"] + [data["future"]]
    assert "cotton-boom" not in everywhere and "gold-strike" not in everywhere
    assert len(everywhere) == 48
    with pytest.raises(ValueError, match="no event nonsense"):
        _events(without=["nonsense"])
    with pytest.raises(ValueError, match="only with the event-deck module"):
        new_game("eastern-us", 4, 1, {"modules": ["mines"], "event_deck_without": ["x"]})


def test_the_deck_order_is_never_shown():
    game = _events()
    for seat in (0, 1, None):
        shown = view_for(game, seat)["plugins"]["event_deck"]
        assert set(shown) == {"future", "current", "discard", "deck_size"}
        assert shown["deck_size"] == len(slots(game)["deck"])
    markers = [m for m in view_for(game, 0)["markers"] if m["kind"] == "event"]
    assert [m["label"].split(":")[0] for m in markers] == ["Future event"]


def test_without_the_module_there_is_no_event_deck():
    game = start([])
    assert "events" not in game.state.plugin_data


def test_the_command_line_takes_cards_out_of_the_deck():
    from click.testing import CliRunner

    from railways.cli.main import _register, cli

    _register()
    args = ["simulate", "--games", "1", "--players", "3", "-q", "--with", "event-deck"]
    ok = CliRunner().invoke(cli, [*args, "--event-deck-without", "bank-panic"])
    assert ok.exit_code == 0, ok.output
    bad = CliRunner().invoke(cli, [*args, "--event-deck-without", "no-such-event"])
    assert bad.exit_code != 0 and "no event no-such-event" in bad.output


def _future_to_current(next_card):
    """A game whose Future slot holds Foreign Investment (a Future Event) and whose deck
    gives ``next_card`` next; played through turn 1, so the Future Event becomes Current."""
    game = _events()
    data = slots(game)
    placed = {"investment-wave", next_card}
    data["deck"] = [e for e in data["deck"] if e not in placed] + [next_card]
    data["discard"] = [e for e in data["discard"] if e not in placed]
    data["future"] = "investment-wave"
    finish_turn(game)
    assert data["current"] == "investment-wave" and data["future"] == next_card
    return game


@pytest.mark.rules("RW-p6-36")
def test_no_event_acts_in_the_turn_a_future_event_becomes_current():
    game = _future_to_current("railway-bonds")  # an ordinary card waits in the Future slot
    names = {d.name for d in DECK.values()}
    assert [e for e in game.state.ledger if e.reason in names] == []  # nobody paid or received
    assert [p.score for p in game.state.players] == [0, 0, 0, 0]
    seat = game.to_act
    assert game.engine_level(seat) == game.state.players[seat].engine
    assert game.build_rules(BuildTrack(seat=seat)).terrain is None


@pytest.mark.rules("RW-p6-36")
def test_unless_the_card_drawn_for_the_future_slot_is_a_future_event():
    game = _future_to_current("census")  # the lowest score gains 2: everyone is at 0
    assert [p.score for p in game.state.players] == [2, 2, 2, 2]
    assert _ledger(game, "Foreign Investment (Future Event)") == []  # the old one stays quiet
