"""Mine (RW-p22-02) and Shinbashi Station (RW-p22-16).

The Mine card digs as the optional Mines module does (RW-p7-08..11): tests put only
chosen cubes in the bag so the draws are known whatever their order.
"""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.core.actions import DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.core.cards import Icon
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules.modules.mines import PlaceMine
from railways.rules.operations.nippon import ShinbashiStation

from ..eus_helpers import link, place_cubes, refused, turn_of
from .ops_helpers import MINE, MINE_2, card, with_cards

GRAY = "harrisburg"


def _only_in_bag(game, counts):
    """Put every cube of the bag aside except ``counts`` (scenario set-up)."""
    for color in game.state.bag:
        game.state.bag[color] = counts.get(color, 0)


def _mine_game(**options):
    game = with_cards(MINE, MINE_2, **options)
    game.state.ops_display = [MINE.id, MINE_2.id]
    turn_of(game, 0)
    game.state.players[0].cash = 25
    return game


# -- Mine ---------------------------------------------------------------------------------------
@pytest.mark.rules("RW-p22-02")
def test_the_mine_card_digs_until_a_colour_repeats() -> None:
    game = _mine_game()
    before = list(game.state.cubes[GRAY])
    _only_in_bag(game, {Color.BLACK: 5})  # black, then black again: the repeat
    game.apply(TakeOperationsCard(seat=0, card=MINE.id, target=GRAY))
    state = game.state
    assert state.cubes[GRAY] == [*before, Color.BLACK]
    assert state.bag[Color.BLACK] == 4  # two drawn, the repeat went back
    assert state.players[0].cash == 25 - 10
    assert state.ops_discard[-1] == MINE.id and MINE.id not in state.ops_display  # red X
    markers = [m for m in view_for(game, None)["markers"] if m["kind"] == "mine"]
    assert [(m["city"], m["owner"], m["help"]) for m in markers] == [(GRAY, 0, "RW-p22-02")]


@pytest.mark.rules("RW-p22-02")
def test_the_mine_card_stops_after_five_different_cubes() -> None:
    game = _mine_game()
    place_cubes(game, GRAY, [])
    five = [Color.RED, Color.YELLOW, Color.BLUE, Color.PURPLE, Color.BLACK]
    _only_in_bag(game, {c: 1 for c in five})
    game.apply(TakeOperationsCard(seat=0, card=MINE.id, target=GRAY))
    assert sorted(c.value for c in game.state.cubes[GRAY]) == sorted(c.value for c in five)
    assert sum(game.state.bag.values()) == 0
    assert GRAY not in game.state.ecm


@pytest.mark.rules("RW-p22-02")
def test_the_mine_card_needs_a_gray_city_whose_mine_is_not_spent() -> None:
    game = _mine_game()
    offered = {a.target for a in legal_actions(game, 0).simple if isinstance(a, TakeOperationsCard)}
    gray = {c for c, col in game.state.city_colors.items() if col is Color.GRAY}
    assert offered == gray
    for target in ("new-york", "atlantis", None):
        assert refused(game, TakeOperationsCard(seat=0, card=MINE.id, target=target)).clause == (
            "RW-p22-02"
        )
    game.apply(TakeOperationsCard(seat=0, card=MINE.id, target=GRAY))
    turn_of(game, 1)
    err = refused(game, TakeOperationsCard(seat=1, card=MINE_2.id, target=GRAY))
    assert err.clause == "RW-p22-02" and "spent" in err.message
    offered = {a.target for a in legal_actions(game, 1).simple if isinstance(a, TakeOperationsCard)}
    assert offered == gray - {GRAY}


@pytest.mark.rules("RW-p22-02", "RW-p7-11")
def test_card_mines_and_module_mines_share_the_spent_cities() -> None:
    game = _mine_game(options={"modules": ["mines"]})
    game.apply(TakeOperationsCard(seat=0, card=MINE.id, target=GRAY))
    turn_of(game, 1)
    game.state.players[1].cash = 30
    refused(game, PlaceMine(seat=1, city=GRAY), "RW-p7-11")
    other = "augusta"
    game.apply(PlaceMine(seat=1, city=other))
    err = refused(game, TakeOperationsCard(seat=1, card=MINE_2.id, target=other))
    assert err.clause == "RW-p22-02"
    markers = {(m["city"], m["help"]) for m in view_for(game, 1)["markers"] if m["kind"] == "mine"}
    assert markers == {(GRAY, "RW-p22-02"), (other, "RW-p7-11")}


# -- Shinbashi Station -------------------------------------------------------------------------
SHINBASHI = card(
    "shinbashi-station",
    "shinbashi_station",
    Icon.GOAL,
    start=True,
    name="Shinbashi Station",
    **{"from": "new-york", "to": "philadelphia", "color": "blue", "points": 1},
)


@pytest.mark.rules("RW-p22-16")
def test_shinbashi_station_puts_a_blue_cube_in_its_city_at_setup() -> None:
    plain = with_cards(seed=7, to_actions=False)
    game = with_cards(SHINBASHI, seed=7, to_actions=False)
    # The cities' random cubes are drawn before the decks, so they are the same in both.
    assert sorted(c.value for c in game.state.cubes["new-york"]) == sorted(
        [c.value for c in plain.state.cubes["new-york"]] + ["blue"]
    )
    assert game.state.bag[Color.BLUE] == plain.state.bag[Color.BLUE] - 1
    assert SHINBASHI.id in game.state.ops_display  # a start card, on the display


@pytest.mark.rules("RW-p22-16", "RW-p5-37")
def test_the_first_blue_cube_from_its_city_to_the_other_scores_the_goal() -> None:
    game = with_cards(SHINBASHI)
    ny_ph = link(game, 0, "new-york", "philadelphia")
    ph_ba = link(game, 1, "philadelphia", "baltimore")
    game.state.ops_display = [SHINBASHI.id]
    for p in game.state.players:
        p.score = 0
        p.engine = 2
    place_cubes(game, "new-york", [Color.BLUE, Color.BLUE])
    place_cubes(game, "baltimore", [Color.BLUE])
    turn_of(game, 0)
    err = refused(game, TakeOperationsCard(seat=0, card=SHINBASHI.id))
    assert err.clause == "RW-p5-37"  # a goal is never taken
    # Another route into Philadelphia does not count: Baltimore is not its city.
    turn_of(game, 1)
    game.apply(DeliverGoods(seat=1, city="baltimore", color="blue", links=(ph_ba,)))
    assert game.state.players[1].score == 1 and SHINBASHI.id in game.state.ops_display
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="new-york", color="blue", links=(ny_ph,)))
    assert game.state.players[0].score == 1 + 1
    assert SHINBASHI.id not in game.state.ops_display
    assert game.state.ops_discard[-1] == SHINBASHI.id
    turn_of(game, 0)
    game.apply(DeliverGoods(seat=0, city="new-york", color="blue", links=(ny_ph,)))
    assert game.state.players[0].score == 3  # the goal is gone: only the delivery's point


@pytest.mark.rules("RW-p22-16")
def test_shinbashi_station_checks_its_params_against_the_board() -> None:
    board = load_map("eastern-us")
    effect = ShinbashiStation()
    assert effect.check_card(board, SHINBASHI) == []
    bad = card("s", "shinbashi_station", Icon.GOAL, **{"from": "tokyo", "to": "philadelphia"})
    assert any("tokyo" in p for p in effect.check_card(board, bad))
    wrong_icon = card("s", "shinbashi_station", Icon.HAND, **{"from": "new-york", "to": "boston"})
    assert effect.check_card(board, wrong_icon)
