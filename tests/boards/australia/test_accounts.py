"""The simulation's accounts (``railways.sim.accounts``) on Australia's co-owned links and
rebound cards (AU-036, AU-046): they pass on a game played by the rules, and each of them
reports a state that breaks the rule it stands for.

Scene: Bendigo (26,27) - Melbourne (29,28), a link of seat 0 that seat 1 co-owns after a
Company Merger; the Triple Gauge build of test_cards (Wagga Wagga westwards into the central
region, a 3-player game).
"""

from __future__ import annotations

import pytest

from railways.core.actions import DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.sim.accounts import CardsCheck, PointsCheck, link_problems

from .helpers import act_as, build, give, path, show, side, start

BENDIGO_MELBOURNE = path("26,27", "26,28", "27,28", "28,28", "29,28")


def merged_link_with_a_cube():
    """Seat 0's Bendigo - Melbourne link co-owned by seat 1, a blue cube at Bendigo for blue
    Melbourne; seat 1 to act."""
    game = start()
    build(game, 0, BENDIGO_MELBOURNE)
    link = game.state.links[max(game.state.links)]
    show(game, "company-merger-1")
    act_as(game, 1, cash=20)
    game.apply(TakeOperationsCard(seat=1, card="company-merger-1", target=str(link.id)))
    state = game.state
    state.city_colors["melbourne"] = Color.BLUE
    state.bag[Color.BLUE] -= 1
    state.cubes["bendigo"].append(Color.BLUE)
    state.ecm.discard("bendigo")
    act_as(game, 1)
    return game, link


@pytest.mark.rules("AU-036")
def test_a_delivery_over_a_co_owned_link_is_explained_to_both_owners():
    game, link = merged_link_with_a_cube()
    check = PointsCheck(game)
    action = DeliverGoods(seat=1, city="bendigo", color="blue", links=(link.id,))
    check.before(game, action)
    game.apply(action)
    # One link, two owners: a point each, both logged as the delivery's.
    assert check.after(game) == []
    assert link_problems(game) == []


@pytest.mark.rules("AU-036")
def test_a_co_owner_left_unpaid_is_reported():
    game, link = merged_link_with_a_cube()
    act_as(game, 0)  # the first owner delivers
    check = PointsCheck(game)
    action = DeliverGoods(seat=0, city="bendigo", color="blue", links=(link.id,))
    check.before(game, action)  # owed: a point to seat 0 and a point to seat 1
    link.partners.remove(1)  # a broken rule: the co-owner is forgotten as the cube moves
    game.apply(action)
    problems = check.after(game)
    assert len(problems) == 1
    assert "owed {0: 1, 1: 1}" in problems[0] and "gave {0: 1}" in problems[0]


def test_a_point_nobody_logged_is_reported():
    game, link = merged_link_with_a_cube()
    check = PointsCheck(game)
    action = DeliverGoods(seat=1, city="bendigo", color="blue", links=(link.id,))
    check.before(game, action)
    game.apply(action)
    game.state.players[0].score += 1  # a point from nowhere
    assert check.after(game) == ["seat 0's score moved by 2, but the log explains 1"]


@pytest.mark.rules("AU-036")
def test_impossible_co_owners_are_reported():
    game, link = merged_link_with_a_cube()
    link.partners.append(0)  # the owner named as a co-owner too
    assert link_problems(game) == [f"link {link.id}: an owner is named twice ([1, 0])"]
    link.partners[:] = [7]  # not a seat of a 2-player game
    assert link_problems(game) == [f"link {link.id}: a co-owner is not a seat ([7])"]
    link.partners[:] = [1]
    link.end = None  # a co-owned link that is not complete
    assert f"link {link.id} is co-owned but not complete" in link_problems(game)


@pytest.mark.rules("AU-044", "AU-046")
def test_a_rebound_card_is_in_one_place_after_use():
    game = start(players=3)
    seat = game.to_act
    give(game, seat, "triple-gauge-3")
    cards = CardsCheck(game)
    build(
        game,
        seat,
        path("24,31", "25,30", "26,30", "27,30"),
        side("27,30", "28,30"),
        ["triple-gauge-3"],
    )
    # Played, it is back on the display and nowhere else: not in the hand, not discarded.
    assert cards.problems(game) == []
    assert "triple-gauge-3" in game.state.ops_display
    assert "triple-gauge-3" not in game.state.players[seat].hand
    assert "triple-gauge-3" not in game.state.ops_discard


@pytest.mark.rules("AU-046")
def test_a_rebound_card_doubled_or_lost_is_reported():
    game = start(players=3)
    seat = game.to_act
    give(game, seat, "triple-gauge-3")
    cards = CardsCheck(game)
    game.state.ops_display.append("triple-gauge-3")  # back on the display, still in the hand
    assert cards.problems(game) == [
        f"card triple-gauge-3 is in display, seat {seat}'s hand",
    ]
    game.state.ops_display.remove("triple-gauge-3")
    game.state.players[seat].hand.remove("triple-gauge-3")  # used and never returned
    assert cards.problems(game) == ["card triple-gauge-3 was in play and is now nowhere"]
