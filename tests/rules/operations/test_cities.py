"""Cards that change a city's goods or colour: Boomtown (RW-p21-11), Sutter's Mill and
Foreign Trade Ports (``add_cubes``: RW-p22-19, RW-p21-26) and Local Campaign (RW-p21-32),
on the Eastern U.S. board."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railways.content.maps import load_map, map_dir
from railways.core.actions import DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.core.cards import Icon
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.operations.cities import AddCubes

from ..eus_helpers import link, place_cubes, refused, turn_of
from .eus_cards import card, game_with, give, show

BOOM = card("boomtown", "boomtown", Icon.IMMEDIATE)
SUTTER = card("sutters-mill", "add_cubes", Icon.IMMEDIATE, cities="chicago", count=3)
PORTS = card(
    "foreign-trade-ports",
    "add_cubes",
    Icon.IMMEDIATE,
    cities="boston,new-york,baltimore,charleston",
    count=1,
)
LC_NH = card("local-campaign-new-haven", "local_campaign", Icon.HAND, city="new-haven", points=3)
ALL = (BOOM, SUTTER, PORTS, LC_NH)
GRAY = {
    "new-haven",
    "syracuse",
    "portland",
    "harrisburg",
    "tulsa",
    "knoxville",
    "jackson",
    "raleigh",
    "augusta",
    "jacksonville",
}


def _game() -> Game:
    return game_with(*ALL)


def _take(game: Game, seat: int, card_id: str, **choice: str) -> None:
    turn_of(game, seat)
    game.apply(TakeOperationsCard(seat=seat, card=card_id, **choice))


# -- Boomtown (RW-p21-11) ------------------------------------------------------------------------
@pytest.mark.rules("RW-p21-11", "RW-p5-39")
def test_boomtown_colours_a_gray_city_for_free_and_adds_no_cubes() -> None:
    game = _game()
    show(game, BOOM.id)
    place_cubes(game, "tulsa", [Color.RED])
    bag = dict(game.state.bag)
    tiles = game.state.new_city_tiles[Color.YELLOW]
    game.state.players[0].cash = 12
    _take(game, 0, BOOM.id, target="tulsa", color="yellow")
    assert game.state.city_colors["tulsa"] is Color.YELLOW
    assert game.state.cubes["tulsa"] == [Color.RED]  # as before: none added
    assert game.state.bag == bag
    assert game.state.new_city_tiles[Color.YELLOW] == tiles - 1
    assert game.state.players[0].cash == 12
    assert game.state.ops_discard == [BOOM.id]
    assert BOOM.id not in game.state.players[0].hand + game.state.players[0].kept


@pytest.mark.rules("RW-p21-11")
def test_boomtown_on_an_empty_city_leaves_it_empty_with_its_marker() -> None:
    game = _game()
    show(game, BOOM.id)
    place_cubes(game, "tulsa", [])
    game.state.ecm.add("tulsa")
    _take(game, 0, BOOM.id, target="tulsa", color="blue")
    assert game.state.cubes["tulsa"] == []
    assert "tulsa" in game.state.ecm


@pytest.mark.rules("RW-p21-11", "RW-p5-16", "RW-p5-13")
def test_boomtown_needs_a_gray_city_and_a_real_tile() -> None:
    game = _game()
    show(game, BOOM.id)
    turn_of(game, 0)
    refused(game, TakeOperationsCard(seat=0, card=BOOM.id, color="yellow"), "RW-p21-11")
    refused(game, TakeOperationsCard(seat=0, card=BOOM.id, target="atlantis"), "RW-p21-11")
    refused(
        game, TakeOperationsCard(seat=0, card=BOOM.id, target="chicago", color="yellow"), "RW-p5-16"
    )
    refused(game, TakeOperationsCard(seat=0, card=BOOM.id, target="tulsa", color="red"), "RW-p5-13")
    game.state.new_city_tiles[Color.BLACK] = 0
    refused(
        game, TakeOperationsCard(seat=0, card=BOOM.id, target="tulsa", color="black"), "RW-p5-13"
    )


@pytest.mark.rules("RW-p21-11")
def test_the_listing_offers_boomtown_on_each_gray_city_in_each_colour_left() -> None:
    game = _game()
    show(game, BOOM.id)
    game.state.new_city_tiles[Color.BLACK] = 0
    turn_of(game, 0)
    offered = {
        (a.target, a.color)
        for a in legal_actions(game, 0).simple
        if isinstance(a, TakeOperationsCard) and a.card == BOOM.id
    }
    assert offered == {(c, k) for c in GRAY for k in ("yellow", "blue", "purple")}


# -- Sutter's Mill, Foreign Trade Ports (RW-p22-19, RW-p21-26) -----------------------------------
@pytest.mark.rules("RW-p22-19", "RW-p5-39")
def test_sutters_mill_adds_three_random_cubes_to_its_city() -> None:
    game = _game()
    show(game, SUTTER.id)
    before = len(game.state.cubes["chicago"])
    in_bag = sum(game.state.bag.values())
    _take(game, 0, SUTTER.id)
    assert len(game.state.cubes["chicago"]) == before + 3
    assert sum(game.state.bag.values()) == in_bag - 3
    assert game.state.ops_discard == [SUTTER.id]
    assert game.to_act == 1


@pytest.mark.rules("RW-p21-26")
def test_foreign_trade_ports_add_one_cube_to_each_named_city() -> None:
    game = _game()
    show(game, PORTS.id)
    cities = ("boston", "new-york", "baltimore", "charleston")
    before = {c: len(game.state.cubes[c]) for c in cities}
    others = {c: list(v) for c, v in game.state.cubes.items() if c not in cities}
    _take(game, 0, PORTS.id)
    assert {c: len(game.state.cubes[c]) for c in cities} == {c: n + 1 for c, n in before.items()}
    assert {c: v for c, v in game.state.cubes.items() if c not in cities} == others


@pytest.mark.rules("RW-p21-26")
def test_added_cubes_stop_when_the_bag_is_empty() -> None:
    """Two cubes left in the bag: Boston and New York get one each, the others none."""
    game = _game()
    show(game, PORTS.id)
    state = game.state
    total = state.cubes_total()
    for color in state.bag:  # put all but two cubes out of play on one city
        state.cubes["chicago"].extend([color] * state.bag[color])
        state.bag[color] = 0
    state.bag[Color.RED] = 2
    state.cubes["chicago"] = state.cubes["chicago"][:-2]  # keep the count of cubes
    before = {c: len(state.cubes[c]) for c in ("boston", "new-york", "baltimore", "charleston")}
    _take(game, 0, PORTS.id)
    assert len(state.cubes["boston"]) == before["boston"] + 1
    assert len(state.cubes["new-york"]) == before["new-york"] + 1
    assert len(state.cubes["baltimore"]) == before["baltimore"]
    assert len(state.cubes["charleston"]) == before["charleston"]
    assert state.cubes_total() == total


@pytest.mark.rules("RW-p22-19", "RW-p21-26")
def test_a_deck_naming_a_city_not_on_the_board_is_refused_when_loaded(tmp_path: Path) -> None:
    """A map folder whose deck names an unknown city, or no cube count, fails to load with
    the card and the problem named."""
    folder = tmp_path / "eastern-us"
    shutil.copytree(map_dir("eastern-us"), folder)
    with (folder / "operations.toml").open("a") as deck:
        deck.write(
            '\n[[card]]\nid = "sutters-mill"\nname = "Sutter\'s Mill"\neffect = "add_cubes"\n'
            'icon = "x"\nparams = { cities = "chicago,sacramento" }\n'
        )
    with pytest.raises(ValueError) as info:
        new_game(str(folder), players=3, seed=1)
    message = str(info.value)
    assert "sutters-mill" in message
    assert "'sacramento' is not a city" in message
    assert "params.count" in message


def test_add_cubes_checks_its_icon_and_cities() -> None:
    board = load_map("eastern-us")
    effect = AddCubes()
    assert effect.check_card(board, SUTTER) == []
    wrong = card("sm", "add_cubes", Icon.HAND, cities="", count=3)
    assert len(effect.check_card(board, wrong)) == 2  # the icon, and no city named


# -- Local Campaign (RW-p21-32) ------------------------------------------------------------------
def _nh_link(game: Game, seat: int) -> int:
    """A link New York - New Haven for ``seat``; New Haven holds one red cube (for New York)."""
    ny_nh = link(game, seat, "new-york", "new-haven")
    place_cubes(game, "new-haven", [Color.RED])
    return ny_nh


def _deliver(game: Game, seat: int, city: str, color: str, *links: int) -> None:
    turn_of(game, seat)
    game.apply(DeliverGoods(seat=seat, city=city, color=color, links=links))


@pytest.mark.rules("RW-p21-32", "RW-p5-40")
def test_local_campaign_scores_its_holder_when_the_city_empties() -> None:
    game = _game()
    ny_nh = _nh_link(game, 0)
    give(game, 0, LC_NH.id)
    _deliver(game, 0, "new-haven", "red", ny_nh)
    assert game.state.players[0].score == 1 + 3  # the delivery, then the campaign
    assert LC_NH.id not in game.state.players[0].hand
    assert LC_NH.id in game.state.ops_discard


@pytest.mark.rules("RW-p21-32")
def test_local_campaign_scores_whoever_empties_the_city() -> None:
    game = _game()
    ny_nh = _nh_link(game, 1)
    give(game, 0, LC_NH.id)
    _deliver(game, 1, "new-haven", "red", ny_nh)
    assert [p.score for p in game.state.players] == [3, 1, 0, 0]


@pytest.mark.rules("RW-p21-32")
def test_local_campaign_waits_while_its_city_has_cubes() -> None:
    game = _game()
    ny_nh = _nh_link(game, 0)
    place_cubes(game, "new-haven", [Color.RED, Color.RED])
    place_cubes(game, "boston", [Color.BLUE])
    give(game, 0, LC_NH.id)
    _deliver(game, 0, "new-haven", "red", ny_nh)  # one cube still there
    game.take_cube("boston", Color.BLUE)  # another city empties: not this card's
    assert "boston" in game.state.ecm
    assert game.state.players[0].score == 1
    assert game.state.players[0].hand == [LC_NH.id]


@pytest.mark.rules("RW-p21-32")
def test_local_campaign_on_the_display_gives_nothing_until_taken() -> None:
    """The city empties while the card is shown: nobody scores; taking it then scores."""
    game = _game()
    ny_nh = _nh_link(game, 0)
    show(game, LC_NH.id)
    _deliver(game, 0, "new-haven", "red", ny_nh)
    assert game.state.players[0].score == 1
    assert LC_NH.id in game.state.ops_display
    _take(game, 1, LC_NH.id)
    assert game.state.players[1].score == 3
    assert LC_NH.id in game.state.ops_discard
    assert game.state.players[1].hand == []


@pytest.mark.rules("RW-p21-32", "RW-p5-40")
def test_local_campaign_taken_on_a_city_with_cubes_goes_to_the_hand() -> None:
    game = _game()
    show(game, LC_NH.id)
    place_cubes(game, "new-haven", [Color.RED])
    _take(game, 0, LC_NH.id)
    assert game.state.players[0].hand == [LC_NH.id]
    assert game.state.players[0].score == 0


@pytest.mark.rules("RW-p21-32", "RW-p6-07")
def test_local_campaign_turned_up_on_an_empty_city_is_replaced() -> None:
    game = _game()
    place_cubes(game, "new-haven", [])
    nxt = game.state.ops_deck[-1]
    game.state.ops_deck.append(LC_NH.id)  # the top of the deck
    display = list(game.state.ops_display)
    game.draw_operations_card()
    assert game.state.ops_display == [*display, nxt]
    assert game.state.ops_discard[-1] == LC_NH.id


@pytest.mark.rules("RW-p21-32", "RW-p6-07")
def test_local_campaign_turned_up_on_a_city_with_cubes_stays() -> None:
    game = _game()
    place_cubes(game, "new-haven", [Color.BLUE])
    game.state.ops_deck.append(LC_NH.id)
    game.draw_operations_card()
    assert game.state.ops_display[-1] == LC_NH.id
