"""The Western U.S. Operations deck: the appendix's WUS counts (RW-p21, RW-p22), and the cards
of this deck at work on this board, Golden Spike (RW-p21-27) above all."""

from __future__ import annotations

from collections import Counter

import pytest

import support
from railways.core.actions import BuildTrack, TakeOperationsCard, UpgradeEngine
from railways.core.board import Color
from railways.core.cards import Icon
from railways.rules.operations.western import route_via

from .helpers import act_as, chain, put_link, refused, start

# The appendix's WUS count of every card type in the deck (RW-p21-10 .. RW-p22-25), by name.
WUS = {
    "Boomtown": 1,  # RW-p21-11
    "City Growth": 4,  # RW-p21-17
    "Coal Fueled Engines": 2,  # RW-p21-19
    "Golden Spike": 1,  # RW-p21-27
    "Government Land Grant": 4,  # RW-p21-28
    "Hotel": 6,  # RW-p21-31
    "New Industry": 4,  # RW-p22-03
    "New Train": 1,  # RW-p22-04
    "Passenger Lines": 1,  # RW-p22-06
    "Perfect Engineering": 2,  # RW-p22-08
    "Service Bounty": 6,  # RW-p22-12
    "Sutter's Mill": 1,  # RW-p22-19
    "The Railroad Era Begins": 1,  # RW-p22-20
    "Tunnel Engineer": 4,  # RW-p22-25
}


@pytest.mark.rules("RW-p21-10", "RW-p21-11", "RW-p21-17", "RW-p21-19", "RW-p21-27", "RW-p21-28")
@pytest.mark.rules("RW-p21-31", "RW-p22-03", "RW-p22-04", "RW-p22-06", "RW-p22-08", "RW-p22-12")
@pytest.mark.rules("RW-p22-19", "RW-p22-20", "RW-p22-25", "RW-p12-03")
def test_the_deck_holds_the_appendix_wus_count_of_every_card():
    game = start()
    names = Counter(c.name.split(":")[0] for c in game.ruleset.cards.values())
    assert dict(names) == WUS
    assert sum(WUS.values()) == 38
    assert all(c.text for c in game.ruleset.cards.values())


@pytest.mark.rules("RW-p21-01", "RW-p21-02", "RW-p21-04", "RW-p21-05", "RW-p21-03", "RW-p21-06")
def test_each_card_has_its_appendix_icon():
    game = start()
    icons = {c.name.split(":")[0]: c.icon for c in game.ruleset.cards.values()}
    assert icons["Golden Spike"] is Icon.GOAL
    assert icons["New Train"] is Icon.GOAL
    assert icons["Boomtown"] is Icon.IMMEDIATE
    assert icons["Sutter's Mill"] is Icon.IMMEDIATE
    assert icons["Coal Fueled Engines"] is Icon.HAND
    assert icons["Tunnel Engineer"] is Icon.HAND
    assert icons["Perfect Engineering"] is Icon.DIAMOND
    assert icons["Hotel"] is Icon.INFINITY


@pytest.mark.rules("RW-p21-27")
def test_golden_spike_is_on_the_display_from_the_start():
    game = start()
    assert "golden-spike" in game.state.ops_display


# The Central Pacific and Union Pacific, as links of one player (Promontory - Rock Springs -
# Cheyenne - North Platte - Sioux Falls), the last link built for real: Sioux Falls - Omaha.
WEST = ["san-francisco", "sacramento", "reno", "elko", "promontory"]
EAST = ["promontory", "rock-springs", "cheyenne", "north-platte", "sioux-falls"]


def _finish_at_omaha(game, seat):
    # Every Major Line already taken by seat 4 (scenario), so scores show the card alone.
    game.state.major_lines = {line: 3 for line in game.board.major_lines}
    option = support.link_option(game, seat, "sioux-falls", "omaha")
    act_as(game, seat, cash=50)
    game.apply(BuildTrack(seat=seat, path=option.action.path, exit=option.action.exit))


@pytest.mark.rules("RW-p21-27", "RW-p21-02")
def test_golden_spike_six_points_to_the_first_to_join_san_francisco_to_omaha_via_promontory():
    game = start()
    chain(game, 1, WEST)
    chain(game, 1, EAST)
    score = game.state.players[1].score
    _finish_at_omaha(game, 1)
    assert game.state.players[1].score == score + 6
    assert "golden-spike" not in game.state.ops_display
    assert "golden-spike" in game.state.ops_discard


@pytest.mark.rules("RW-p21-27", "RW-p19-07")
def test_golden_spike_counts_only_the_player_s_own_links():
    game = start()
    chain(game, 1, WEST)
    chain(game, 2, EAST)  # the eastern half is another player's
    score = game.state.players[1].score
    _finish_at_omaha(game, 1)
    assert game.state.players[1].score == score
    assert "golden-spike" in game.state.ops_display


@pytest.mark.rules("RW-p21-27")
def test_golden_spike_a_spur_to_promontory_is_not_a_route_through_it():
    game = start()
    chain(game, 1, ["san-francisco", "sacramento", "reno", "elko", "salt-lake-city"])
    chain(game, 1, ["salt-lake-city", "rock-springs", "cheyenne", "north-platte", "sioux-falls"])
    put_link(game, 1, "salt-lake-city", "promontory")  # a dead end off the line
    score = game.state.players[1].score
    _finish_at_omaha(game, 1)
    assert game.state.players[1].score == score
    assert "golden-spike" in game.state.ops_display
    # The same cities, with the line running on through Promontory, would count.
    adjacency = {
        "sf": ["slc"], "slc": ["sf", "om", "pr"], "pr": ["slc"], "om": ["slc"],
    }  # fmt: skip
    assert not route_via(adjacency, "sf", "pr", "om")
    adjacency = {"sf": ["slc"], "slc": ["sf", "pr"], "pr": ["slc", "om"], "om": ["pr"]}
    assert route_via(adjacency, "sf", "pr", "om")


@pytest.mark.rules("RW-p22-19")
def test_sutters_mill_adds_three_random_cubes_to_sacramento():
    game = start()
    game.state.ops_display.append("sutters-mill")
    before = len(game.state.cubes["sacramento"])
    bag = sum(game.state.bag.values())
    act_as(game, 0)
    game.apply(TakeOperationsCard(seat=0, card="sutters-mill"))
    assert len(game.state.cubes["sacramento"]) == before + 3
    assert sum(game.state.bag.values()) == bag - 3
    assert "sutters-mill" in game.state.ops_discard


@pytest.mark.rules("RW-p22-04")
def test_new_train_four_points_to_the_first_to_a_level_four_engine():
    game = start()
    game.state.players[2].engine = 3
    score = game.state.players[2].score
    act_as(game, 2, cash=20)
    game.apply(UpgradeEngine(seat=2))
    assert game.state.players[2].score == score + 4
    assert "new-train" not in game.state.ops_display


@pytest.mark.rules("RW-p21-11")
def test_boomtown_urbanizes_a_gray_city_without_goods():
    game = start()
    game.state.ops_display.append("boomtown")
    before = list(game.state.cubes["deming"])
    act_as(game, 0)
    refused(
        game, TakeOperationsCard(seat=0, card="boomtown", target="denver", color="blue"), "RW-p5-16"
    )
    game.apply(TakeOperationsCard(seat=0, card="boomtown", target="deming", color="blue"))
    assert game.state.city_colors["deming"] is Color.BLUE
    assert game.state.cubes["deming"] == before


@pytest.mark.rules("RW-p21-19")
def test_coal_fueled_engines_halve_one_upgrade_rounded_up():
    game = start()
    game.state.ops_display.append("coal-fueled-engines-1")
    act_as(game, 0, cash=20)
    game.apply(TakeOperationsCard(seat=0, card="coal-fueled-engines-1"))
    act_as(game, 0, cash=20)
    cash = game.state.players[0].cash
    game.apply(UpgradeEngine(seat=0, cards=("coal-fueled-engines-1",)))
    assert game.state.players[0].cash == cash - 3  # level 2 costs $5,000: half is 2.5 -> 3
