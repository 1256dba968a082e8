"""Resolving the Railbot's cards (RB-062, RB-065..073) and the player's choices in them."""

from __future__ import annotations

import itertools

import pytest

from railways.core.actions import Pass, TakeOperationsCard
from railways.core.board import Color
from railways.core.legal import _cheapest_from
from railways.rules.solo.actions import (
    Insure,
    RailbotClaimLine,
    RailbotExhaust,
    RailbotRemoveCube,
)

from .helpers import (
    PLAYER,
    RAILBOT,
    choice_kinds,
    cubes,
    lay_link,
    pass_action,
    railbot_links,
    refused,
    set_row,
    set_top,
    show_bounties,
    solo,
    solo_state,
    to_railbot,
)


def _cost(game, link_id: int) -> int:  # type: ignore[no-untyped-def]
    board = game.board
    tc = board.tables.terrain_costs
    link = game.state.links[link_id]
    hexes = [board.cities[link.start].at, *(h for h, _a, _b in link.tiles)]
    assert link.end is not None
    hexes.append(board.cities[link.end].at)
    cost = sum(tc.of(board.hexes[h]) for h, _a, _b in link.tiles)
    return cost + tc.ridge * sum(
        1 for x, y in itertools.pairwise(hexes) if board.crosses_ridge(x, y)
    )


def _route_cost(board, path) -> int:  # type: ignore[no-untyped-def]
    tc = board.tables.terrain_costs
    cost = sum(tc.of(board.hexes[h]) for h in path[1:-1])
    return cost + tc.ridge * sum(
        1 for x, y in itertools.pairwise(path) if board.crosses_ridge(x, y)
    )


# -- Building Links ---------------------------------------------------------------------------
@pytest.mark.rules("RB-065", "RB-066", "RB-067")
def test_unconnected_cities_get_the_cheapest_path_for_free() -> None:
    game = solo()
    set_row(game, "eus-05", "eus-01", "eus-03")  # Baltimore/Washington/Richmond/Norfolk
    set_top(game, "exhaust-red")  # slot 1
    cash = game.state.players[PLAYER].cash
    to_railbot(game)
    built = railbot_links(game)
    assert built == [
        ("baltimore", "washington"),
        ("washington", "richmond"),
        ("richmond", "norfolk"),
    ]
    for link in game.state.links.values():
        assert link.owner == RAILBOT and link.complete
        cheapest = _cheapest_from(game.board, link.start, 12)[link.end]  # type: ignore[index]
        assert _cost(game, link.id) == _route_cost(game.board, cheapest)
    assert game.state.players[PLAYER].cash == cash


@pytest.mark.rules("RB-065", "RB-066", "RB-067")
def test_connected_by_your_links_a_cube_of_the_next_citys_colour_and_a_point() -> None:
    """The rulebook's example on our board: Baltimore-Washington is built; Washington and
    Richmond are already joined by the player, so Washington loses a red cube (Richmond is
    red) and the player gains a point; Richmond-Norfolk is built."""
    game = solo()
    lay_link(game, PLAYER, "washington", "richmond")
    cubes(game, "washington", Color.BLUE, Color.RED, Color.PURPLE)
    set_row(game, "eus-05", "eus-01", "eus-03")
    set_top(game, "exhaust-red")
    score = game.state.players[PLAYER].score
    to_railbot(game)
    assert sorted(c.value for c in game.state.cubes["washington"]) == ["blue", "purple"]
    assert game.state.players[PLAYER].score == score + 1
    assert railbot_links(game) == [("baltimore", "washington"), ("richmond", "norfolk")]


@pytest.mark.rules("RB-065")
def test_connected_through_other_cities_and_by_the_railbot_no_point() -> None:
    """Connections count across several links and anyone's; a path of Railbot links only
    brings no point."""
    game = solo()
    lay_link(game, RAILBOT, "washington", "baltimore")
    lay_link(game, RAILBOT, "baltimore", "philadelphia")
    cubes(game, "washington", Color.BLUE, Color.PURPLE)
    set_row(game, "eus-03", "eus-14", "eus-01")  # eus-14: Philadelphia/Baltimore/Harrisburg
    set_top(game, "exhaust-yellow")  # slot 2
    lay_link(game, PLAYER, "baltimore", "harrisburg")
    cubes(game, "philadelphia", Color.RED, Color.PURPLE)
    score = game.state.players[PLAYER].score
    to_railbot(game)
    # Philadelphia-Baltimore: joined by the Railbot only: a purple cube (Baltimore is purple).
    assert [c.value for c in game.state.cubes["philadelphia"]] == ["red"]
    # Baltimore-Harrisburg: joined by the player; Harrisburg is gray, so any cube: a choice.
    assert choice_kinds(game) == {"railbot_remove_cube"}
    options = {a.color for a in _simple(game)}
    assert options == {c.value for c in game.state.cubes["baltimore"]}
    assert game.state.players[PLAYER].score == score


def _simple(game):  # type: ignore[no-untyped-def]
    from railways.core.legal import legal_actions

    return legal_actions(game, PLAYER).simple


@pytest.mark.rules("RB-065")
def test_which_cube_goes_is_the_players_choice_when_no_colour_matches() -> None:
    game = solo()
    lay_link(game, PLAYER, "new-york", "philadelphia")
    cubes(game, "new-york", Color.RED, Color.YELLOW, Color.YELLOW)  # no blue for Philadelphia
    set_row(game, "eus-01", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    to_railbot(game)
    assert choice_kinds(game) == {"railbot_remove_cube"}
    assert game.state.round == 3
    # Refused: anything else, a colour New York lacks, another city; nothing changes.
    refused(game, Pass(seat=PLAYER), "RB-065")
    refused(game, RailbotRemoveCube(seat=PLAYER, city="new-york", color="blue"), "RB-065")
    refused(game, RailbotRemoveCube(seat=PLAYER, city="philadelphia", color="red"), "RB-065")
    refused(game, RailbotExhaust(seat=PLAYER, city="new-york", color="red"), "RB-065")
    score = game.state.players[PLAYER].score
    game.apply(RailbotRemoveCube(seat=PLAYER, city="new-york", color="yellow"))
    assert sorted(c.value for c in game.state.cubes["new-york"]) == ["red", "yellow"]
    assert game.state.players[PLAYER].score == score + 1
    # The resolution goes on (Philadelphia-Baltimore is built), then the third action.
    assert ("philadelphia", "baltimore") in railbot_links(game)
    assert solo_state(game).row[-1] == "exhaust-red" and game.state.round == 3
    assert "pass" in choice_kinds(game)


@pytest.mark.rules("RB-066")
def test_a_city_emptied_by_the_railbot_gets_an_empty_city_marker() -> None:
    game = solo()
    lay_link(game, PLAYER, "new-york", "philadelphia")
    cubes(game, "new-york", Color.BLUE)
    set_row(game, "eus-01", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    to_railbot(game)
    assert game.state.cubes["new-york"] == [] and "new-york" in game.state.ecm


# -- Insurance -------------------------------------------------------------------------------
@pytest.mark.rules("RB-062", "RB-056", "RB-057", "RB-058")
def test_an_insured_card_has_no_effect_and_the_token_comes_back() -> None:
    game = solo()
    set_row(game, "taxation-2", "eus-01", "eus-03")
    game.state.players[PLAYER].score = 20  # income to tax
    set_top(game, "exhaust-red")  # slot 1: the insured Taxation card
    game.apply(Insure(seat=PLAYER, card="taxation-2"))  # the first two actions
    s = solo_state(game)
    assert s.insured is None and s.discard == ["taxation-2"]
    assert s.row == ["eus-01", "eus-03", "exhaust-red"]
    assert game.state.players[PLAYER].cash == 0 and game.state.players[PLAYER].bonds == 0
    assert game.state.round == 3  # the third action is next


@pytest.mark.rules("RB-056", "RB-057", "RB-004")
def test_insurance_stays_until_its_card_is_selected() -> None:
    """The one Insurance token (RB-004) stays on its card until the Railbot selects it."""
    game = solo()
    set_row(game, "eus-01", "deadhead-2", "eus-03")
    set_top(game, "exhaust-red")  # slot 1: eus-01 acts, the insured card slides to slot 1
    game.apply(Insure(seat=PLAYER, card="deadhead-2"))
    s = solo_state(game)
    assert s.insured == "deadhead-2" and s.row[0] == "deadhead-2"
    pass_action(game)  # the third action
    refused(game, Insure(seat=PLAYER, card="eus-03"), "RB-057")  # one token only
    set_top(game, "exhaust-black")  # slot 3 this time
    to_railbot(game)
    assert s.insured == "deadhead-2"


@pytest.mark.rules("RB-056")
def test_insurance_only_as_the_first_two_actions_and_not_on_slot_three() -> None:
    game = solo()
    set_row(game, "eus-01", "eus-03", "eus-05")
    refused(game, Insure(seat=PLAYER, card="eus-05"), "RB-056")  # slot 3
    refused(game, Insure(seat=PLAYER, card="eus-09"), "RB-056")  # not in the row
    pass_action(game)
    refused(game, Insure(seat=PLAYER, card="eus-01"), "RB-056")  # too late this turn
    pass_action(game)
    refused(game, Insure(seat=PLAYER, card="eus-03"), "RB-056")


# -- Deadhead, Taxation, Exhaust Goods, Claim Major Line ----------------------------------------
@pytest.mark.rules("RB-068", "RB-069")
def test_deadhead_takes_a_slot_of_the_display_for_good() -> None:
    game = solo()
    state = game.state
    while len(state.ops_display) < 5:
        state.ops_display.append(state.ops_deck.pop())
    set_row(game, "deadhead-1", "deadhead-2", "eus-01")
    set_top(game, "exhaust-red")
    farthest = state.ops_display[0]
    to_railbot(game)
    assert len(state.ops_display) == 4 and farthest in state.ops_discard
    assert solo_state(game).deadheads == ["deadhead-1"]
    pass_action(game)
    assert len(state.ops_display) == 4  # the new card pushed one off
    set_row(game, "deadhead-2", "eus-01", "eus-03")
    set_top(game, "exhaust-red")  # slot 1 again: the second Deadhead
    to_railbot(game)
    pass_action(game)
    assert len(state.ops_display) == 3  # the rulebook's example: two Deadheads, three slots
    assert solo_state(game).deadheads == ["deadhead-1", "deadhead-2"]


@pytest.mark.rules("RB-068")
def test_deadhead_on_a_display_that_is_not_full_discards_nothing() -> None:
    game = solo()
    state = game.state
    before = list(state.ops_display)
    assert len(before) == 4
    set_row(game, "deadhead-1", "eus-01", "eus-03")
    set_top(game, "exhaust-red")
    to_railbot(game)
    assert state.ops_display == before and not state.ops_discard


@pytest.mark.rules("RB-070")
def test_taxation_twice_the_income_with_bonds_if_needed() -> None:
    game = solo()
    player = game.state.players[PLAYER]
    player.score = 10
    income = game.income(PLAYER)
    game.receive(PLAYER, 4, "test")
    set_row(game, "taxation-1", "eus-01", "eus-03")
    set_top(game, "exhaust-red")
    to_railbot(game)
    due = 2 * income
    bonds = -(-(due - 4) // 5)
    assert player.bonds == bonds and player.cash == 4 + 5 * bonds - due
    assert any(e.reason == "taxation" and e.amount == -due for e in game.state.ledger)


@pytest.mark.rules("RB-071")
def test_exhaust_goods_takes_the_base_exhaust_from_cities_of_your_choice() -> None:
    game = solo()
    state = game.state
    for city, cubes_ in list(state.cubes.items()):
        if Color.RED in cubes_:
            cubes(game, city, *[c for c in cubes_ if c is not Color.RED])
    cubes(game, "new-york", Color.RED, Color.RED)
    cubes(game, "richmond", Color.RED, Color.BLUE)
    cubes(game, "atlanta", Color.RED)
    set_row(game, "eus-01", "exhaust-red", "eus-03")
    set_top(game, "exhaust-yellow")  # slot 2
    to_railbot(game)
    assert choice_kinds(game) == {"railbot_exhaust"}
    refused(game, RailbotExhaust(seat=PLAYER, city="philadelphia", color="red"), "RB-071")
    refused(game, RailbotExhaust(seat=PLAYER, city="new-york", color="blue"), "RB-071")
    refused(game, RailbotRemoveCube(seat=PLAYER, city="new-york", color="red"), "RB-071")
    game.apply(RailbotExhaust(seat=PLAYER, city="new-york", color="red"))
    game.apply(RailbotExhaust(seat=PLAYER, city="new-york", color="red"))
    # New York is empty now; two cities hold red, one cube is left to take.
    assert "new-york" in state.ecm
    game.apply(RailbotExhaust(seat=PLAYER, city="atlanta", color="red"))
    assert state.cubes["richmond"] == [Color.RED, Color.BLUE] and "atlanta" in state.ecm
    assert solo_state(game).tasks == [] and game.state.round == 3


@pytest.mark.rules("RB-071")
def test_exhaust_goods_with_fewer_cubes_than_the_base_takes_them_all() -> None:
    game = solo()
    state = game.state
    for city, cubes_ in list(state.cubes.items()):
        if Color.BLACK in cubes_:
            cubes(game, city, *([c for c in cubes_ if c is not Color.BLACK] or [Color.RED]))
    cubes(game, "washington", Color.BLACK, Color.RED)
    cubes(game, "savannah", Color.BLACK, Color.YELLOW)
    set_row(game, "exhaust-black", "eus-01", "eus-03")
    set_top(game, "exhaust-red")
    to_railbot(game)
    assert not any(Color.BLACK in c for c in state.cubes.values())
    assert "railbot_exhaust" not in choice_kinds(game)


@pytest.mark.rules("RB-072")
def test_the_railbot_claims_a_major_line_of_your_choice() -> None:
    game = solo()
    set_row(game, "eus-02", "eus-01", "eus-03")  # the Major Line icon
    set_top(game, "exhaust-red")
    to_railbot(game)
    assert choice_kinds(game) == {"railbot_claim_line"}
    refused(game, RailbotClaimLine(seat=PLAYER, target="F"), "RB-072")  # out of play
    game.apply(RailbotClaimLine(seat=PLAYER, target="A"))
    assert game.state.major_lines == {"A": RAILBOT}
    # It blocks the player: New York - Chicago no longer pays.
    assert game.state.players[PLAYER].score == 0
    game.check_major_lines(PLAYER)
    assert game.state.major_lines == {"A": RAILBOT}


@pytest.mark.rules("RB-073")
def test_an_insured_major_line_card_claims_nothing() -> None:
    game = solo()
    set_row(game, "eus-02", "eus-01", "eus-03")
    set_top(game, "exhaust-red")
    game.apply(Insure(seat=PLAYER, card="eus-02"))
    assert game.state.major_lines == {} and not railbot_links(game)


# -- Operations cards in the solo game ------------------------------------------------------
@pytest.mark.rules("RB-008", "RB-009")
def test_hotels_pay_for_deliveries_and_for_the_railbots_removals() -> None:
    game = solo()
    state = game.state
    hotel = "hotel-new-york"
    for pile in (state.ops_deck, state.ops_display):
        if hotel in pile:
            pile.remove(hotel)
    state.players[PLAYER].kept.append(hotel)
    lay_link(game, PLAYER, "new-york", "philadelphia")
    cubes(game, "new-york", Color.YELLOW, Color.PURPLE)
    set_row(game, "eus-01", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    to_railbot(game)  # New York-Philadelphia joined by the player: a cube goes, +1, +1 Hotel
    assert choice_kinds(game) == {"railbot_remove_cube"}
    game.apply(RailbotRemoveCube(seat=PLAYER, city="new-york", color="yellow"))
    assert state.players[PLAYER].score == 2
    # An Exhaust card taking from New York pays the Hotel too.
    game.apply(Pass(seat=PLAYER))
    for city, cubes_ in list(state.cubes.items()):
        if Color.PURPLE in cubes_ and city != "new-york":
            cubes(game, city, *([c for c in cubes_ if c is not Color.PURPLE] or [Color.RED]))
    set_row(game, "eus-03", "eus-05", "exhaust-purple")
    set_top(game, "exhaust-blue")  # slot 3: the Exhaust Purple card
    to_railbot(game)
    assert state.players[PLAYER].score == 3
    # A delivery to New York pays the Hotel's point as usual.
    cubes(game, "philadelphia", Color.RED)
    game.apply(_deliver(game, "philadelphia", "red"))
    assert state.players[PLAYER].score == 5


def _deliver(game, city: str, color: str):  # type: ignore[no-untyped-def]
    from railways.core.legal import delivery_options

    return delivery_options(game, PLAYER)[(city, color)][0].action


@pytest.mark.rules("RB-010")
def test_service_bounty_pays_as_usual_and_goes_when_the_railbot_takes_a_cube_there() -> None:
    game = solo()
    state = game.state
    bounty = "service-bounty-charleston"
    show_bounties(game, bounty, "service-bounty-memphis")
    lay_link(game, PLAYER, "savannah", "charleston")
    lay_link(game, PLAYER, "charleston", "augusta")
    cubes(game, "charleston", Color.BLACK, Color.RED)
    set_row(game, "eus-09", "eus-01", "eus-03")  # Wilmington/Charleston/Savannah/Jacksonville
    set_top(game, "exhaust-red")
    to_railbot(game)
    # Charleston-Savannah joined by the player: a black cube (Savannah is black) goes, and
    # with it the Charleston bounty.
    assert state.cubes["charleston"] == [Color.RED]
    assert bounty not in state.ops_display and bounty in state.ops_discard
    # The other bounty pays as usual on a delivery.
    game2 = solo()
    memphis = "service-bounty-memphis"
    show_bounties(game2, bounty, memphis)
    game2.state.players[PLAYER].engine = 1
    solo_state(game2).west_open = True
    lay_link(game2, PLAYER, "nashville", "memphis")
    cubes(game2, "nashville", Color.PURPLE)
    game2.apply(_deliver(game2, "nashville", "purple"))
    points = game2.card(memphis).params["points"]
    assert game2.state.players[PLAYER].score == 1 + points
    assert memphis not in game2.state.ops_display


@pytest.mark.rules("RB-011", "RB-012")
def test_new_industry_only_on_cities_in_play_other_cards_as_usual() -> None:
    game = solo()
    state = game.state
    for card in ("new-industry-1", "city-growth-1"):
        for pile in (state.ops_deck, state.ops_display):
            if card in pile:
                pile.remove(card)
        state.ops_display.append(card)
    state.ops_display[:] = state.ops_display[-2:]
    refused(
        game, TakeOperationsCard(seat=PLAYER, card="new-industry-1", target="tulsa", color="blue")
    )
    options = [a for a in _simple(game) if isinstance(a, TakeOperationsCard)]
    targets = {a.target for a in options if a.card == "new-industry-1"}
    assert targets and "tulsa" not in targets and "new-haven" not in targets
    assert targets <= set(game.board.cities)
    before = len(state.cubes["atlanta"])
    game.apply(TakeOperationsCard(seat=PLAYER, card="city-growth-1", target="atlanta"))
    assert len(state.cubes["atlanta"]) == before + 2  # City Growth works as usual (RB-012)
