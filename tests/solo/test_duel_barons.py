"""The Duel Barons variant (RB-027..038, RB-049, RB-074..078)."""

from __future__ import annotations

import itertools

import pytest

from railways.content.solo import load_solo
from railways.core.actions import DeliverGoods, Pass, Urbanize
from railways.core.board import Color
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.rules.solo.actions import ClaimDuelBaron, EndTurn, Insure, RailbotDuelBaron
from railways.rules.solo.duel import goal_value, points_now

from .helpers import (
    PLAYER,
    RAILBOT,
    choice_kinds,
    cubes,
    lay_link,
    pass_action,
    refused,
    set_row,
    set_top,
    solo,
    solo_state,
    to_railbot,
)

# id: (name, goal, tiers, effect) as the appendix lists them (RB-028..038).
APPENDIX = {
    "benjamin-p-kranz": ("Benjamin P. Kranz", "hotels", ((2, 3), (3, 4), (4, 5)), "taxation"),
    "caleb-v-kranz": ("Caleb V. Kranz", "engine", ((6, 1), (7, 3), (8, 6)), "resolve_slot"),
    "christopher-l-tychoon": (
        "Christopher L Tychoon",
        "longest_delivery",
        ((5, 3), (6, 5)),
        "engine_minus",
    ),
    "david-turczi": ("Dávid Turczi", "colored_cities", ((7, 7),), "exhaust_each_color"),
    "j-s-albertson": ("J. S. Albertson", "same_color_pairs", ((3, 6),), "deadhead"),
    "j-t-howard": ("J. T. Howard", "major_lines", ((2, 4), (3, 7)), "claim_major_line"),
    "john-berny": ("John Berny", "color_links", ((4, 2), (6, 4), (8, 6)), "remove_new_cities"),
    "jon-eric-olsen": ("Jon Eric Olsen", "each_color", ((1, 5), (2, 10)), "insurance_cost"),
    "lars-toft": ("Lars Toft", "color_pairs", ((1, 1), (2, 2), (3, 4)), "delivery_penalty"),
    "mark-dainty": ("Mark Dainty", "own_connection", ((1, 5),), "delivery_penalty"),
    "p-andrew-sellers": (
        "P. Andrew Sellers",
        "parallel_links",
        ((1, 4),),
        "hotels_no_delivery_bonus",
    ),
}


def duel(seed: int = 1, *barons: str) -> Game:
    game = solo(seed, duel_barons=True)
    if barons:
        solo_state(game).duel = list(barons)
    return game


def railbot_claims(game: Game, baron: str | None) -> None:
    """Resolve a card with the Baron icon (eus-04) and pick ``baron`` for the Railbot."""
    set_row(game, "eus-04", "eus-03", "eus-05")
    set_top(game, "exhaust-red")  # slot 1
    to_railbot(game)
    if baron is not None and "railbot_duel_baron" in choice_kinds(game):
        game.apply(RailbotDuelBaron(seat=PLAYER, baron=baron))


@pytest.mark.rules("RB-027", "RB-002")
def test_the_duel_barons_are_the_appendix_cards() -> None:
    barons = load_solo("eastern-us").duel_barons
    assert set(barons) == set(APPENDIX)
    for bid, (name, goal, tiers, effect) in APPENDIX.items():
        baron = barons[bid]
        assert (baron.name, baron.goal, baron.tiers, baron.effect) == (name, goal, tiers, effect)
        assert baron.text and baron.source == "rulebook"


# -- goals (the first half of RB-028..038) -------------------------------------------------------
def _hold_hotels(game: Game, n: int) -> None:
    state = game.state
    hotels = sorted(c for c in game.ruleset.cards if game.card(c).effect == "hotel")[:n]
    for card in hotels:
        for pile in (state.ops_deck, state.ops_display):
            if card in pile:
                pile.remove(card)
        state.players[PLAYER].kept.append(card)


@pytest.mark.rules("RB-028")
@pytest.mark.parametrize(("hotels", "points"), [(1, 0), (2, 3), (3, 4), (4, 5)])
def test_kranz_hotels(hotels: int, points: int) -> None:
    game = duel(1, "benjamin-p-kranz")
    _hold_hotels(game, hotels)
    assert points_now(game, "benjamin-p-kranz") == points


@pytest.mark.rules("RB-029", "RB-030")
@pytest.mark.parametrize(("engine", "points"), [(5, 0), (6, 1), (7, 3), (8, 6)])
def test_caleb_kranz_engine(engine: int, points: int) -> None:
    game = duel(1, "caleb-v-kranz", "christopher-l-tychoon")
    game.state.players[PLAYER].engine = engine
    assert points_now(game, "caleb-v-kranz") == points
    # With Tychoon's effect on the player, the engine counts one level lower for this too.
    solo_state(game).duel_claims["christopher-l-tychoon"] = RAILBOT
    lower = {5: 0, 6: 0, 7: 1, 8: 3}[engine]
    assert points_now(game, "caleb-v-kranz") == lower


@pytest.mark.rules("RB-030")
def test_tychoon_long_deliveries() -> None:
    game = duel(1, "christopher-l-tychoon")
    for length, points in ((4, 0), (5, 3), (6, 5), (7, 5)):
        solo_state(game).longest_delivery = length
        assert points_now(game, "christopher-l-tychoon") == points
    game = duel(1, "christopher-l-tychoon")
    a = lay_link(game, PLAYER, "new-york", "philadelphia")
    b = lay_link(game, PLAYER, "philadelphia", "baltimore")
    game.state.players[PLAYER].engine = 2
    cubes(game, "new-york", Color.PURPLE)
    game.apply(DeliverGoods(seat=PLAYER, city="new-york", color="purple", links=(a, b)))
    assert solo_state(game).longest_delivery == 2


def _east_network(game: Game) -> None:
    chain = ["new-york", "philadelphia", "baltimore", "washington", "richmond", "norfolk"]
    for x, y in itertools.pairwise(chain):
        lay_link(game, PLAYER, x, y)


@pytest.mark.rules("RB-031", "RB-032", "RB-037")
def test_turczi_albertson_and_dainty_networks() -> None:
    game = duel(1, "david-turczi", "j-s-albertson", "mark-dainty")
    _east_network(game)  # red NY, RI; blue PH, NO; purple BA; black WA: six coloured
    assert goal_value(game, game_baron(game, "david-turczi")) == 6
    assert points_now(game, "david-turczi") == 0
    assert points_now(game, "j-s-albertson") == 0  # red and blue pairs only
    assert points_now(game, "mark-dainty") == 5  # two red cities on own links
    lay_link(game, PLAYER, "richmond", "raleigh")
    lay_link(game, PLAYER, "raleigh", "wilmington")  # gray Raleigh, yellow Wilmington
    assert points_now(game, "david-turczi") == 7
    lay_link(game, PLAYER, "wilmington", "charleston")  # a second purple city
    assert points_now(game, "j-s-albertson") == 6
    # Links of the Railbot do not count.
    other = duel(1, "mark-dainty")
    lay_link(other, PLAYER, "new-york", "philadelphia")
    lay_link(other, RAILBOT, "philadelphia", "baltimore")
    lay_link(other, RAILBOT, "baltimore", "washington")
    lay_link(other, PLAYER, "washington", "richmond")
    assert points_now(other, "mark-dainty") == 0


def game_baron(game: Game, bid: str):  # type: ignore[no-untyped-def]
    return load_solo("eastern-us").duel_barons[bid]


@pytest.mark.rules("RB-033")
@pytest.mark.parametrize(("lines", "points"), [(1, 0), (2, 4), (3, 7)])
def test_howard_major_lines(lines: int, points: int) -> None:
    game = duel(1, "j-t-howard")
    for line in ("A", "B", "C")[:lines]:
        game.state.major_lines[line] = PLAYER
    game.state.major_lines["D"] = RAILBOT  # the Railbot's do not count
    assert points_now(game, "j-t-howard") == points


@pytest.mark.rules("RB-034")
def test_berny_links_at_purple_cities() -> None:
    game = duel(1, "john-berny")
    lay_link(game, PLAYER, "philadelphia", "baltimore")
    lay_link(game, PLAYER, "baltimore", "washington")
    lay_link(game, PLAYER, "baltimore", "harrisburg")
    assert points_now(game, "john-berny") == 0
    lay_link(game, PLAYER, "wilmington", "charleston")
    assert points_now(game, "john-berny") == 2


@pytest.mark.rules("RB-035", "RB-036")
def test_olsen_and_toft_deliveries() -> None:
    game = duel(1, "jon-eric-olsen", "lars-toft")
    s = solo_state(game)
    s.delivered = {"red": 1, "yellow": 1, "blue": 1, "purple": 2, "black": 3}
    assert points_now(game, "jon-eric-olsen") == 5
    assert points_now(game, "lars-toft") == 2
    s.delivered = {"red": 2, "yellow": 2, "blue": 2, "purple": 3, "black": 4}
    assert points_now(game, "jon-eric-olsen") == 10
    assert points_now(game, "lars-toft") == 4
    s.delivered = {"red": 5, "yellow": 5, "blue": 5, "purple": 5}
    assert points_now(game, "jon-eric-olsen") == 0 and points_now(game, "lars-toft") == 0


@pytest.mark.rules("RB-038")
def test_sellers_two_links_between_the_same_cities() -> None:
    game = duel(1, "p-andrew-sellers")
    lay_link(game, PLAYER, "new-york", "philadelphia")
    assert points_now(game, "p-andrew-sellers") == 0
    lay_link(game, PLAYER, "new-york", "philadelphia")
    assert points_now(game, "p-andrew-sellers") == 4


# -- claiming (RB-074, RB-075) -------------------------------------------------------------------
@pytest.mark.rules("RB-074", "RB-075")
def test_claiming_a_met_goal_scores_it_and_takes_no_action() -> None:
    game = duel(1, "mark-dainty", "j-t-howard", "lars-toft", "john-berny")
    refused(game, ClaimDuelBaron(seat=PLAYER, baron="mark-dainty"), "RB-075")  # not met yet
    _east_network(game)
    offered = [a for a in legal_actions(game, PLAYER).simple if isinstance(a, ClaimDuelBaron)]
    assert offered == [ClaimDuelBaron(seat=PLAYER, baron="mark-dainty")]
    score = game.state.players[PLAYER].score
    game.apply(ClaimDuelBaron(seat=PLAYER, baron="mark-dainty"))
    assert game.state.players[PLAYER].score == score + 5
    assert solo_state(game).duel_claims == {"mark-dainty": PLAYER}
    assert game.state.round == 1  # still the first action
    refused(game, ClaimDuelBaron(seat=PLAYER, baron="mark-dainty"), "RB-075")
    refused(game, ClaimDuelBaron(seat=PLAYER, baron="p-andrew-sellers"), "RB-075")
    plain = solo()
    _east_network(plain)
    refused(plain, ClaimDuelBaron(seat=PLAYER, baron="mark-dainty"), "RB-049")


@pytest.mark.rules("RB-075")
def test_a_goal_met_by_the_third_action_can_still_be_claimed() -> None:
    game = duel(1, "p-andrew-sellers", "j-t-howard", "lars-toft", "john-berny")
    lay_link(game, PLAYER, "new-york", "philadelphia")
    set_row(game, "taxation-1", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    to_railbot(game)
    lay_link(game, PLAYER, "new-york", "philadelphia")  # as if built now: the goal is met
    pass_action(game)  # the third action
    assert solo_state(game).claim_window and game.state.turn == 1
    assert choice_kinds(game) == {"claim_duel_baron", "end_turn"}
    refused(game, Pass(seat=PLAYER), "RB-075")
    game.apply(ClaimDuelBaron(seat=PLAYER, baron="p-andrew-sellers"))
    assert game.state.turn == 2  # nothing else to claim: the turn ended
    refused(game, EndTurn(seat=PLAYER), "RB-050")


# -- the Railbot's Duel Barons (RB-076..078) and the Opponent Effects ---------------------------
@pytest.mark.rules("RB-076", "RB-077", "RB-028")
def test_the_railbot_takes_the_duel_baron_you_choose_and_its_effect_acts() -> None:
    """The rulebook's example: with one Baron claimed by the player, the Railbot gets the
    one the player picks, and its effect (Taxation, Benjamin P. Kranz) acts at once."""
    game = duel(1, "mark-dainty", "j-t-howard", "benjamin-p-kranz", "john-berny")
    solo_state(game).duel_claims["mark-dainty"] = PLAYER
    game.state.players[PLAYER].score = 10
    due = 2 * game.income(PLAYER)
    set_row(game, "eus-04", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    to_railbot(game)
    assert choice_kinds(game) == {"railbot_duel_baron"}
    refused(game, RailbotDuelBaron(seat=PLAYER, baron="mark-dainty"), "RB-076")
    refused(game, Pass(seat=PLAYER), "RB-076")
    game.apply(RailbotDuelBaron(seat=PLAYER, baron="benjamin-p-kranz"))
    assert solo_state(game).duel_claims["benjamin-p-kranz"] == RAILBOT
    assert game.state.players[PLAYER].bonds * 5 >= due
    assert any(e.reason == "taxation" for e in game.state.ledger)


@pytest.mark.rules("RB-078", "RB-076")
def test_an_insured_baron_card_and_a_game_without_duel_barons() -> None:
    game = duel(1, "mark-dainty", "j-t-howard")
    set_row(game, "eus-04", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    game.apply(Insure(seat=PLAYER, card="eus-04"))
    assert solo_state(game).duel_claims == {}
    plain = solo()
    railbot_claims(plain, None)
    assert "railbot_duel_baron" not in choice_kinds(plain)
    # The last unclaimed Baron goes to the Railbot without a choice.
    last = duel(1, "j-s-albertson")
    railbot_claims(last, None)
    assert solo_state(last).duel_claims == {"j-s-albertson": RAILBOT}


@pytest.mark.rules("RB-029")
def test_caleb_kranz_resolves_the_third_card() -> None:
    game = duel(1, "caleb-v-kranz", "j-t-howard")
    game.state.players[PLAYER].score = 10
    set_row(game, "eus-04", "eus-03", "taxation-3")
    set_top(game, "exhaust-red")
    to_railbot(game)
    game.apply(RailbotDuelBaron(seat=PLAYER, baron="caleb-v-kranz"))
    s = solo_state(game)
    assert "taxation-3" in s.discard and any(e.reason == "taxation" for e in game.state.ledger)
    assert s.row == ["eus-03", "exhaust-red"]


@pytest.mark.rules("RB-030")
def test_tychoon_lowers_the_engine_for_deliveries() -> None:
    game = duel(1, "christopher-l-tychoon", "j-t-howard")
    railbot_claims(game, "christopher-l-tychoon")
    pass_action(game)
    a = lay_link(game, PLAYER, "new-york", "philadelphia")
    b = lay_link(game, PLAYER, "philadelphia", "baltimore")
    game.state.players[PLAYER].engine = 2
    assert game.engine_level(PLAYER) == 1
    cubes(game, "new-york", Color.PURPLE)
    refused(game, DeliverGoods(seat=PLAYER, city="new-york", color="purple", links=(a, b)))
    assert ("new-york", "purple") not in legal_actions(game, PLAYER).deliveries


@pytest.mark.rules("RB-031")
def test_turczi_exhausts_a_cube_of_every_colour() -> None:
    game = duel(1, "david-turczi", "j-t-howard")
    state = game.state
    counts = {
        c: sum(x.count(c) for x in state.cubes.values()) for c in Color if c is not Color.GRAY
    }
    railbot_claims(game, "david-turczi")
    while solo_state(game).tasks:
        game.apply(legal_actions(game, PLAYER).simple[0])
    after = {c: sum(x.count(c) for x in state.cubes.values()) for c in counts}
    assert all(after[c] == counts[c] - 1 for c in counts if counts[c])


@pytest.mark.rules("RB-032", "RB-033", "RB-034")
def test_albertson_howard_and_berny_effects() -> None:
    game = duel(1, "j-s-albertson", "j-t-howard")
    railbot_claims(game, "j-s-albertson")
    assert len(solo_state(game).deadheads) == 1
    game = duel(1, "j-t-howard", "j-s-albertson")
    railbot_claims(game, "j-t-howard")
    assert choice_kinds(game) == {"railbot_claim_line"}
    game = duel(1, "john-berny", "j-t-howard")
    railbot_claims(game, "john-berny")
    assert game.state.new_city_tiles[Color.PURPLE] == 0
    pass_action(game)
    refused(game, Urbanize(seat=PLAYER, city="harrisburg", color="purple"), "RW-p5-13")


@pytest.mark.rules("RB-035")
def test_olsen_makes_insurance_cost_the_third_action_too() -> None:
    game = duel(1, "jon-eric-olsen", "j-t-howard")
    railbot_claims(game, "jon-eric-olsen")
    pass_action(game)
    assert game.state.turn == 2
    set_row(game, "eus-01", "taxation-1", "eus-05")
    set_top(game, "exhaust-black")  # slot 3
    game.apply(Insure(seat=PLAYER, card="taxation-1"))
    assert game.state.turn == 3  # no third action this turn


@pytest.mark.rules("RB-036", "RB-037")
def test_toft_and_dainty_make_some_deliveries_worth_less() -> None:
    """RB-036: deliveries to blue and yellow cities are worth one point less; RB-037: to red
    cities two less. Read as printed, with no floor: a one-link delivery is worth 1 point, so
    1 - 1 = 0 under Lars Toft and 1 - 2 = -1 under Mark Dainty."""
    game = duel(1, "lars-toft", "mark-dainty")
    railbot_claims(game, "lars-toft")
    pass_action(game)
    s = solo_state(game)
    s.duel_claims["mark-dainty"] = RAILBOT
    state = game.state
    a = lay_link(game, PLAYER, "washington", "richmond")  # to red Richmond
    b = lay_link(game, PLAYER, "richmond", "norfolk")  # to blue Norfolk
    set_row(game, "taxation-1", "taxation-2", "eus-05")  # the Railbot's card asks nothing
    set_top(game, "exhaust-red")
    cubes(game, "richmond", Color.BLUE)
    score = state.players[PLAYER].score
    game.apply(DeliverGoods(seat=PLAYER, city="richmond", color="blue", links=(b,)))
    assert state.players[PLAYER].score == score + 1 - 1  # Lars Toft
    cubes(game, "washington", Color.RED)
    game.apply(DeliverGoods(seat=PLAYER, city="washington", color="red", links=(a,)))
    assert state.players[PLAYER].score == score + 1 - 2  # Mark Dainty: below nothing
    cubes(game, "philadelphia", Color.PURPLE)
    lay_link(game, PLAYER, "philadelphia", "baltimore")  # to purple Baltimore
    option = legal_actions(game, PLAYER).deliveries[("philadelphia", "purple")][0]
    game.apply(option.action)
    assert state.players[PLAYER].score == score - 1 + 1  # purple is not affected


@pytest.mark.rules("RB-037", "RB-054")
def test_dainty_comes_on_top_of_the_railbot_links() -> None:
    """A red cube from Baltimore to red Richmond over one of the player's own links
    (Baltimore-Washington) and a Railbot link (Washington-Richmond): +1 for the own link, -1
    for the Railbot link (RB-054) and -2 for Mark Dainty (RB-037), -2 in all."""
    game = duel(1, "mark-dainty", "j-t-howard")
    railbot_claims(game, "mark-dainty")
    pass_action(game)
    assert solo_state(game).duel_claims == {"mark-dainty": RAILBOT}
    state = game.state
    state.players[PLAYER].engine = 2  # a two-link delivery
    mine = lay_link(game, PLAYER, "baltimore", "washington")
    theirs = lay_link(game, RAILBOT, "washington", "richmond")
    set_row(game, "taxation-1", "taxation-2", "eus-05")
    set_top(game, "exhaust-red")
    cubes(game, "baltimore", Color.RED)
    score = state.players[PLAYER].score
    game.apply(DeliverGoods(seat=PLAYER, city="baltimore", color="red", links=(mine, theirs)))
    assert state.players[PLAYER].score == score + 1 - 1 - 2


@pytest.mark.rules("RB-036", "RB-037", "RB-076")
def test_a_baron_the_railbot_has_not_claimed_takes_nothing() -> None:
    """The Opponent Effects act only once the Railbot holds the Baron (RB-076): unclaimed
    Lars Toft and Mark Dainty held by the player leave a one-link delivery its 1 point."""
    game = duel(1, "lars-toft", "mark-dainty")
    s = solo_state(game)
    s.duel_claims["mark-dainty"] = PLAYER
    state = game.state
    a = lay_link(game, PLAYER, "washington", "richmond")
    b = lay_link(game, PLAYER, "richmond", "norfolk")
    score = state.players[PLAYER].score
    cubes(game, "washington", Color.RED)
    game.apply(DeliverGoods(seat=PLAYER, city="washington", color="red", links=(a,)))
    assert state.players[PLAYER].score == score + 1  # Mark Dainty is the player's
    cubes(game, "richmond", Color.BLUE)
    game.apply(DeliverGoods(seat=PLAYER, city="richmond", color="blue", links=(b,)))
    assert state.players[PLAYER].score == score + 2  # Lars Toft is nobody's yet


@pytest.mark.rules("RB-038", "RB-009")
def test_sellers_stops_hotel_points_for_deliveries_only() -> None:
    game = duel(1, "p-andrew-sellers", "j-t-howard")
    railbot_claims(game, "p-andrew-sellers")
    pass_action(game)
    state = game.state
    hotel = "hotel-new-york"
    for pile in (state.ops_deck, state.ops_display):
        if hotel in pile:
            pile.remove(hotel)
    state.players[PLAYER].kept.append(hotel)
    link = lay_link(game, PLAYER, "philadelphia", "new-york")
    cubes(game, "philadelphia", Color.RED)
    score = state.players[PLAYER].score
    game.apply(DeliverGoods(seat=PLAYER, city="philadelphia", color="red", links=(link,)))
    assert state.players[PLAYER].score == score + 1  # no Hotel point
