"""What the greedy bot knows of Australia (``railways.rules.boards.australia.greedy``): towns,
co-owned links and the board's cards. Expected values are worked out here from the bot's documented
tuning (``FUTURE`` 0.6 of a delivery a build opens), not read back from its helpers.

Scene (2-player board): Horsham (27,25) - 27,24 - Serviceton (27,23), a town on the border of
Victoria and South Australia, one clear tile and the town: $7,000.
"""

from __future__ import annotations

import pytest

from railways.bots.greedy import GreedyBot, _Context, _context
from railways.bots.greedy_solo import SoloContext, solo_context
from railways.core.actions import DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.core.legal import legal_actions
from railways.rules.boards.australia.greedy import AustraliaContext
from railways.rules.solo import new_solo_game

from .helpers import act_as, build, path, show, start

HORSHAM_SERVICETON = path("27,25", "27,24", "27,23")
BENDIGO_MELBOURNE = path("26,27", "26,28", "27,28", "28,28", "29,28")


def town_option(game, seat):
    (option,) = [
        b
        for b in legal_actions(game, seat).builds
        if b.action.path == HORSHAM_SERVICETON and not b.action.cards
    ]
    return option


def test_the_greedy_bot_reads_an_australia_game_with_its_own_context():
    game = start()
    assert type(_context(game, game.to_act)) is AustraliaContext


@pytest.mark.rules("AU-028", "AU-031")
def test_a_link_into_a_town_is_worth_the_two_goods_it_brings():
    game = start()
    seat = game.to_act
    act_as(game, seat, cash=50)
    state = game.state
    state.city_colors["horsham"] = Color.RED
    state.players[seat].baron = "john-forrest"  # most cities: no town goal
    option = town_option(game, seat)
    assert option.cost == 7  # a clear tile ($2,000) and the town ($5,000)
    ctx = AustraliaContext(game, seat)
    plain = _Context.value_build(ctx, option)
    valued = ctx.value_build(option)
    assert plain is not None and valued is not None
    # Two random goods at Serviceton, one of five colours each: a red one goes to red Horsham
    # over the new link for 1 point; the others go nowhere. 2 x 1/5 = 0.4 points, counted at
    # 0.6 as a delivery the build opens: 0.24 more than the same link to a plain city.
    assert valued[0] - plain[0] == pytest.approx(0.24)


@pytest.mark.rules("AU-049")
def test_randal_lloyd_values_a_step_towards_three_towns():
    game = start(modules=("australia-optional-barons",))
    seat = game.to_act
    act_as(game, seat, cash=50)
    state = game.state
    state.city_colors["horsham"] = Color.GRAY  # no goods go anywhere: only the baron counts
    state.players[seat].baron = "randal-lloyd"
    option = town_option(game, seat)
    ctx = AustraliaContext(game, seat)
    plain = _Context.value_build(ctx, option)
    valued = ctx.value_build(option)
    assert plain is not None and valued is not None
    # No town yet; 2 points come at 3 towns: a third of them for this one, counted at half.
    assert valued[0] - plain[0] == pytest.approx(0.5 * 2 / 3)


@pytest.mark.rules("AU-036")
def test_a_co_owned_link_is_the_bots_own():
    game = start()
    build(game, 0, BENDIGO_MELBOURNE)
    link = game.state.links[max(game.state.links)]
    before = AustraliaContext(game, 1)
    assert "bendigo" not in before.own_cities
    show(game, "company-merger-1")
    act_as(game, 1, cash=20)
    game.apply(TakeOperationsCard(seat=1, card="company-merger-1", target=str(link.id)))
    ctx = AustraliaContext(game, 1)
    assert {"bendigo", "melbourne"} <= ctx.own_cities
    assert (link.id, "melbourne", 1) in ctx.adj["bendigo"]
    # For its first owner it stays its own too.
    assert (link.id, "melbourne", 0) in AustraliaContext(game, 0).adj["bendigo"]


@pytest.mark.rules("AU-036")
def test_a_merger_that_opens_nothing_is_not_worth_its_price():
    game = start()
    build(game, 0, BENDIGO_MELBOURNE)
    link = game.state.links[max(game.state.links)]
    state = game.state
    for city in ("bendigo", "melbourne"):  # nothing to carry over it
        for cube in state.cubes[city]:
            state.bag[cube] += 1
        state.cubes[city] = []
    show(game, "company-merger-1")
    act_as(game, 1, cash=20)
    take = TakeOperationsCard(seat=1, card="company-merger-1", target=str(link.id))
    assert AustraliaContext(game, 1).value_card(take) < 0


@pytest.mark.rules("AU-044", "AU-041")
def test_cards_for_builds_the_listing_never_offers_are_not_taken():
    game = start(players=3)
    seat = game.to_act
    ctx = AustraliaContext(game, seat)
    for card in ("triple-gauge-3", "spirit-of-tasmania"):
        take = TakeOperationsCard(seat=seat, card=card)
        assert ctx.value_card(take) < 0
    show(game, "triple-gauge-3")
    choice = GreedyBot(1).choose(game, seat, legal_actions(game, seat))
    assert getattr(choice, "card", None) != "triple-gauge-3"


@pytest.mark.rules("AU-038")
def test_a_delivery_with_the_mechanical_stoker_counts_its_2000():
    game = start()
    build(game, 0, BENDIGO_MELBOURNE)
    link = game.state.links[max(game.state.links)]
    state = game.state
    state.players[0].cash = 50  # cash to spare, no bonds: $1,000 is worth 0.12 of a point
    state.players[0].bonds = 0
    ctx = AustraliaContext(game, 0)
    plain = DeliverGoods(seat=0, city="bendigo", color="blue", links=(link.id,))
    stoked = DeliverGoods(
        seat=0, city="bendigo", color="blue", links=(link.id,), cards=("mechanical-stoker-1",)
    )
    points = {0: 1}
    # Any card played on a delivery is worth 0.3 given up (the base bot's CARD_SPENT); the
    # Stoker costs $2,000 more: 2 x 0.12.
    drop = ctx.value_delivery(plain, points) - ctx.value_delivery(stoked, points)
    assert drop == pytest.approx(0.3 + 2 * 0.12)


@pytest.mark.rules("AU-020", "RW-p4-24", "RW-p4-25")
def test_a_solo_bond_weighs_its_dividends_as_in_a_game_with_rivals():
    game = new_solo_game("australia", seed=1)  # the player starts with no cash
    ctx = solo_context(game, 0)
    assert isinstance(ctx, AustraliaContext)
    plain = SoloContext(game, 0)  # the solo values without the board's piece
    later = ctx.turns_left - 1
    assert later > 0
    # A bond: a point at the end and $1,000 of dividends a turn until then, each $1,000 worth
    # 0.2 of a point as in a game with rivals, not the solo tuning's 0.12, since on this track
    # income falls as the score rises.
    assert ctx.bond_cost() == pytest.approx(1 + 0.2 * later)
    assert plain.bond_cost() == pytest.approx(1 + 0.12 * later)
    # $5,000 with no cash is one bond: what the bot's prices of builds and cards count.
    assert ctx.money_cost(5) - plain.money_cost(5) == pytest.approx(0.08 * later)


@pytest.mark.rules("AU-020", "RW-p4-24", "RW-p4-25")
def test_with_rivals_a_bond_costs_what_the_base_values_say():
    game = start()
    seat = game.to_act
    ctx = AustraliaContext(game, seat)
    assert ctx.bond_cost() == _Context.bond_cost(ctx) == 1 + 0.2 * (ctx.turns_left - 1)
