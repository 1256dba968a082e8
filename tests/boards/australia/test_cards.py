"""Railways of Australia's Operations cards (AU-017, AU-035..AU-046).

Scenes on the board of a 2-player game: Bendigo (26,27) - 26,28 - 27,28 - 28,28 - Melbourne
(29,28) is a link of two river tiles and one open one ($8,000); Wagga Wagga (24,31) - 24,32 -
25,32 - 26,33 - Canberra (26,34); Melbourne - 30,29 - 31,29 (the two Bass Strait ferry hexes)
- 32,30 - Queenstown (33,29); Queenstown - 34,30 - 34,31 - 34,32 - Hobart (34,33); Bathurst
(23,34) - 23,35 (mountain) - 23,36 - Sydney (24,37), over the Blue Mountains ridge between
23,35 and 23,36.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from railways.core.actions import BuildTrack, DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game

from .helpers import act_as, build, give, on_top, path, refused, show, side, start, town_data

BENDIGO_MELBOURNE = path("26,27", "26,28", "27,28", "28,28", "29,28")
WAGGA_CANBERRA = path("24,31", "24,32", "25,32", "26,33", "26,34")
TO_TASMANIA = path("29,28", "30,29", "31,29", "32,30", "33,29")
TO_HOBART = path("33,29", "34,30", "34,31", "34,32", "34,33")
OVER_THE_MOUNTAINS = path("23,34", "23,35", "23,36", "24,37")


def last_link(game):
    return game.state.links[max(game.state.links)]


def put_cube(game, city, color):
    state = game.state
    state.bag[color] -= 1
    state.cubes[city].append(color)
    state.ecm.discard(city)


# -- Company Merger ------------------------------------------------------------------------------
@pytest.mark.rules("AU-036")
def test_company_merger_pays_the_owner_and_both_score_the_link():
    game = start()
    owner, taker = 0, 1
    build(game, owner, BENDIGO_MELBOURNE)
    link = last_link(game)
    show(game, "company-merger-1")
    act_as(game, taker, cash=20)
    cash_owner, cash_taker = game.state.players[owner].cash, game.state.players[taker].cash
    game.apply(TakeOperationsCard(seat=taker, card="company-merger-1", target=str(link.id)))
    # Two river tiles and an open one: $3,000 + $3,000 + $2,000.
    assert game.state.players[taker].cash == cash_taker - 8
    assert game.state.players[owner].cash == cash_owner + 8
    assert link.partners == [taker]
    # The taker may now start a delivery on it, and both owners score.
    game.state.city_colors["melbourne"] = Color.BLUE
    put_cube(game, "bendigo", Color.BLUE)
    act_as(game, taker)
    scores = [p.score for p in game.state.players]
    game.apply(DeliverGoods(seat=taker, city="bendigo", color="blue", links=(link.id,)))
    assert game.state.players[owner].score == scores[owner] + 1
    assert game.state.players[taker].score == scores[taker] + 1
    view = view_for(game, None)
    assert [lk["partners"] for lk in view["links"] if lk["id"] == link.id] == [[taker]]


@pytest.mark.rules("AU-036")
def test_company_merger_is_refused_on_an_own_or_unfinished_link():
    game = start()
    build(game, 0, BENDIGO_MELBOURNE)
    show(game, "company-merger-1")
    act_as(game, 0)
    own = str(last_link(game).id)
    refused(game, TakeOperationsCard(seat=0, card="company-merger-1", target=own), "AU-036")
    refused(game, TakeOperationsCard(seat=0, card="company-merger-1", target="99"), "AU-036")
    act_as(game, 1)
    offered = [
        a.target
        for a in legal_actions(game, 1).simple
        if isinstance(a, TakeOperationsCard) and a.card == "company-merger-1"
    ]
    assert offered == [own]


# -- Federation of Australia ----------------------------------------------------------------------
@pytest.mark.rules("AU-017", "AU-037")
def test_federation_makes_canberra_take_every_colour():
    game = start()
    seat = game.to_act
    build(game, seat, WAGGA_CANBERRA)
    link = last_link(game)
    put_cube(game, "wagga-wagga", Color.RED)
    act_as(game, seat)
    deliver = DeliverGoods(seat=seat, city="wagga-wagga", color="red", links=(link.id,))
    refused(game, deliver, "RW-p5-22")  # Canberra is gray: no goods yet
    on_top(game, "federation-of-australia")
    game.draw_operations_card()
    assert town_data(game)["federation"] == "canberra"
    assert "federation-of-australia" in game.state.ops_discard
    marks = [m for m in view_for(game, None)["markers"] if m["kind"] == "commonwealth"]
    assert [m["city"] for m in marks] == ["canberra"]
    score = game.state.players[seat].score
    game.apply(deliver)
    assert game.state.players[seat].score == score + 1


# -- Mechanical Stoker, Tenders ----------------------------------------------------------------
def two_link_route(game, seat):
    """Albury - Wagga Wagga - Canberra, with a red cube at Albury and Canberra red."""
    build(game, seat, path("24,31", "25,31", "26,31"))  # Wagga Wagga to Albury (built)
    first = last_link(game).id
    build(game, seat, WAGGA_CANBERRA)
    second = last_link(game).id
    game.state.city_colors["canberra"] = Color.RED
    game.state.city_colors["wagga-wagga"] = Color.BLACK
    put_cube(game, "albury", Color.RED)
    return DeliverGoods(seat=seat, city="albury", color="red", links=(first, second))


@pytest.mark.rules("AU-038")
def test_mechanical_stoker_one_link_further_for_2000_once_a_turn():
    game = start()
    seat = game.to_act
    route = two_link_route(game, seat)
    act_as(game, seat, cash=10)
    refused(game, route, "RW-p5-26")  # engine level 1: one link only
    give(game, seat, "mechanical-stoker-1", kept=True)
    cash, score = game.state.players[seat].cash, game.state.players[seat].score
    game.apply(replace(route, cards=("mechanical-stoker-1",)))
    assert game.state.players[seat].cash == cash - 2
    assert game.state.players[seat].score == score + 2
    assert "mechanical-stoker-1" in game.state.players[seat].kept
    put_cube(game, "albury", Color.RED)
    act_as(game, seat, cash=10)
    again = DeliverGoods(
        seat=seat, city=route.city, color="red", links=route.links, cards=("mechanical-stoker-1",)
    )
    refused(game, again, "RW-p5-38")  # once a turn


@pytest.mark.rules("AU-038", "AU-043")
def test_the_extra_link_is_only_for_a_delivery_that_needs_it():
    game = start()
    seat = game.to_act
    two_link_route(game, seat)
    give(game, seat, "tenders-1")
    put_cube(game, "wagga-wagga", Color.RED)
    act_as(game, seat)
    short = DeliverGoods(
        seat=seat,
        city="wagga-wagga",
        color="red",
        links=(max(game.state.links),),
        cards=("tenders-1",),
    )
    refused(game, short, "AU-043")


@pytest.mark.rules("AU-043")
def test_tenders_one_delivery_one_link_further():
    game = start()
    seat = game.to_act
    route = two_link_route(game, seat)
    give(game, seat, "tenders-1")
    act_as(game, seat)
    cash = game.state.players[seat].cash
    game.apply(
        DeliverGoods(
            seat=seat, city=route.city, color="red", links=route.links, cards=("tenders-1",)
        )
    )
    assert game.state.players[seat].cash == cash  # nothing to pay
    assert "tenders-1" in game.state.ops_discard


# -- Navvy Camp, Newspaper Fame --------------------------------------------------------------------
@pytest.mark.rules("AU-039")
def test_navvy_camp_a_point_per_link_built_to_its_city_six_at_most():
    game = start()
    holder, builder = 0, 1
    show(game, "navvy-camp-1")
    act_as(game, holder)
    refused(game, TakeOperationsCard(seat=holder, card="navvy-camp-1", target="sydney"), "AU-039")
    refused(game, TakeOperationsCard(seat=holder, card="navvy-camp-1", target="albury"), "AU-028")
    game.apply(TakeOperationsCard(seat=holder, card="navvy-camp-1", target="canberra"))
    score = game.state.players[holder].score
    build(game, builder, WAGGA_CANBERRA)
    assert game.state.players[holder].score == score + 1
    town_data(game)["navvy"]["navvy-camp-1"]["points"] = 6  # six already (set-up)
    game.state.links.pop(max(game.state.links))  # room for another link (set-up)
    for h_, pieces in list(game.state.track.items()):
        game.state.track[h_] = [p for p in pieces if p.link in game.state.links]
        if not game.state.track[h_]:
            del game.state.track[h_]
    game.state.tile_counts = None
    build(game, builder, WAGGA_CANBERRA)
    assert game.state.players[holder].score == score + 1


@pytest.mark.rules("AU-040", "AU-041")
def test_newspaper_fame_a_point_more_for_each_major_line():
    game = start()
    seat = game.to_act
    give(game, seat, "newspaper-fame", kept=True)
    town_data(game)["fame"]["newspaper-fame"] = []
    build(game, seat, TO_TASMANIA)
    score = game.state.players[seat].score
    build(game, seat, TO_HOBART)  # Melbourne - Hobart, Major Line D, 6 points
    assert game.state.major_lines["D"] == seat
    assert game.state.players[seat].score == score + 6 + 1


# -- Spirit of Tasmania, Switchback, Triple Gauge, Zig Zag -----------------------------------------
@pytest.mark.rules("AU-041", "AU-046")
def test_spirit_of_tasmania_one_ferry_hex_free_then_back_to_the_display():
    game = start()
    seat = game.to_act
    give(game, seat, "spirit-of-tasmania")
    act_as(game, seat, cash=30)
    cash = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=TO_TASMANIA, cards=("spirit-of-tasmania",)))
    # Two ferry hexes ($3,000 water + $5,000 ferry each) and an open tile; one ferry free.
    assert game.state.players[seat].cash == cash - (8 + 8 + 2 - 8)
    assert "spirit-of-tasmania" in game.state.ops_display
    assert "spirit-of-tasmania" not in game.state.players[seat].hand


@pytest.mark.rules("AU-041")
def test_without_the_card_the_ferry_costs_in_full_and_the_card_needs_a_ferry_hex():
    game = start()
    seat = game.to_act
    act_as(game, seat, cash=30)
    cash = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=TO_TASMANIA))
    assert game.state.players[seat].cash == cash - 18
    give(game, seat, "spirit-of-tasmania")
    act_as(game, seat)
    refused(
        game,
        BuildTrack(seat=seat, path=OVER_THE_MOUNTAINS, cards=("spirit-of-tasmania",)),
        "AU-041",
    )


@pytest.mark.rules("AU-042", "AU-033")
def test_switchback_places_a_switch_for_free():
    game = start()
    seat = game.to_act
    build(game, seat, BENDIGO_MELBOURNE)
    give(game, seat, "switchback-1")
    act_as(game, seat, cash=30)
    cash = game.state.players[seat].cash
    branch = path("27,28", "27,27", "28,27")  # from 27,28 out west to Ballarat
    game.apply(BuildTrack(seat=seat, path=branch, cards=("switchback-1",)))
    assert game.state.players[seat].cash == cash - 2  # the open tile only
    assert last_link(game).end == "ballarat"
    switches = game.state.plugin_data["switch_tracks"]["switches"]
    assert [s["seat"] for s in switches] == [seat]


@pytest.mark.rules("AU-042")
def test_switchback_is_played_on_a_build_from_a_switch():
    game = start()
    seat = game.to_act
    give(game, seat, "switchback-1")
    act_as(game, seat, cash=30)
    card = ("switchback-1",)
    refused(game, BuildTrack(seat=seat, path=OVER_THE_MOUNTAINS, cards=card), "AU-042")


@pytest.mark.rules("AU-044", "AU-046")
def test_triple_gauge_goes_back_to_the_display():
    game = start(players=3)
    seat = game.to_act
    give(game, seat, "triple-gauge-3")
    build(
        game,
        seat,
        path("24,31", "25,30", "26,30", "27,30"),
        side("27,30", "28,30"),
        ["triple-gauge-3"],
    )
    assert "triple-gauge-3" in game.state.ops_display


@pytest.mark.rules("AU-045")
def test_zig_zag_mountains_half_price_ridges_free():
    plain = start()
    seat = plain.to_act
    act_as(plain, seat, cash=30)
    cash = plain.state.players[seat].cash
    plain.apply(BuildTrack(seat=seat, path=OVER_THE_MOUNTAINS))
    # A mountain tile ($4,000), an open one ($2,000) and the ridge between them ($4,000).
    assert plain.state.players[seat].cash == cash - 10
    game = start()
    give(game, seat, "zig-zag-1")
    act_as(game, seat, cash=30)
    cash = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=OVER_THE_MOUNTAINS, cards=("zig-zag-1",)))
    assert game.state.players[seat].cash == cash - (2 + 2 + 0)


@pytest.mark.rules("AU-045", "AU-042")
@pytest.mark.parametrize("card", ["zig-zag-1", "switchback-1"])
def test_a_build_cards_rules_are_made_once_per_rules_object(card):
    game = start()
    seat = game.to_act
    plain = game.build_rules(BuildTrack(seat=seat, path=()))
    effect, card_def = game.card_effect(game.card(card)), game.card(card)
    first = effect.build_rules(game, seat, card_def, plain)
    assert effect.build_rules(game, seat, card_def, plain) is first
    if card == "zig-zag-1":
        tc = game.board.tables.terrain_costs
        halved = replace(tc, mountain=-(-tc.mountain // 2), ridge=0)
        assert first == replace(plain, terrain=halved)
    else:
        assert "switchback" in first.permits
    assert effect.build_rules(game, seat, card_def, replace(plain, max_tiles=6)).max_tiles == 6


# -- Black Stars, rebound cards ----------------------------------------------------------------
@pytest.mark.rules("AU-035")
@pytest.mark.parametrize("players", [2, 6])
def test_black_star_cards_only_with_the_module(players):
    plain = new_game("australia", players=players, seed=1)
    starred = new_game("australia", players=players, seed=1, options={"modules": ["black-stars"]})
    stars = {"railroad-executive", "boomtown", "engine-upgrade"}
    assert not stars & set(plain.ruleset.cards)
    assert stars <= set(starred.ruleset.cards)


@pytest.mark.rules("AU-046")
def test_rebound_cards_are_the_ones_the_rules_name():
    game = new_game("australia", players=6, seed=1)
    rebound = sorted(c for c, card in game.ruleset.cards.items() if card.params.get("rebound"))
    assert rebound == ["spirit-of-tasmania", "triple-gauge-3", "triple-gauge-5"]
