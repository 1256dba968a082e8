"""Rail Barons solo on Mexico (RB-101..108): the purple cubes beside the board, the Exhaust
Purple card half-way down the deck, and the penalty for purple cubes on the board."""

from __future__ import annotations

import dataclasses

import pytest

import railways.rules.solo as solo_package
from railways.content.decks import load_operations
from railways.content.maps import load_map
from railways.core.actions import TakeOperationsCard, Urbanize
from railways.core.board import Color
from railways.core.game import Game
from railways.rules.boards.mexico.solo import set_supply, supply
from railways.rules.solo import new_solo_game
from railways.rules.solo.actions import Insure

from .helpers import (
    PLAYER,
    cubes,
    finish_turn,
    fixture_deck_map,
    fixture_solo,
    refused,
    set_row,
    set_top,
    solo_state,
    to_railbot,
)

MAP = "mexico"
P = Color.PURPLE
# RB-106, RB-107: points lost for 1..8 purple cubes on the board.
TABLE = {1: 2, 2: 3, 3: 5, 4: 8, 5: 12, 6: 17, 7: 23, 8: 30}


def game(seed: int = 1) -> Game:
    """A solo game on Mexico with the fixed test deck (its purple cube icons are the scenes')."""
    return fixture_solo(MAP, seed)


def set_purple(g: Game, city: str, n: int) -> None:
    """Make a city hold ``n`` purple cubes, from or to the cubes beside the board."""
    held = g.state.cubes[city]
    have = held.count(P)
    set_supply(g, supply(g) - (n - have))
    g.state.cubes[city] = [c for c in held if c is not P] + [P] * n


def purple_on_board(g: Game) -> dict[str, int]:
    return {c: held.count(P) for c, held in g.state.cubes.items() if P in held}


@pytest.mark.rules("RB-101", "RB-102")
def test_purple_cubes_only_on_guadalajara_and_brownsville() -> None:
    for seed in range(6):
        g = game(seed)
        assert len(g.board.cities) == 46  # RB-101: every city in play
        assert purple_on_board(g) == {"guadalajara": 1, "brownsville": 1}
        assert g.state.bag[P] == 0  # out of the bag ...
        assert supply(g) == 25 - 2  # ... and beside the board
        assert g.state.new_city_tiles[P] == 0  # the purple New City tiles are in the box
        # The other colours fill the cities (no cube fewer on Mexico): the solo data's counts
        # (house calibration) add up to the 100 cubes that are not purple, so every city is
        # full and the bag is empty.
        for city, c in g.board.cities.items():
            extra = city in ("guadalajara", "brownsville")
            assert len(g.state.cubes[city]) == c.cubes + extra
        assert sum(c.cubes for c in g.board.cities.values()) == 100
        assert sum(len(h) for h in g.state.cubes.values()) == 100 + 2
        assert sum(g.state.bag.values()) == 0


@pytest.mark.rules("RB-102")
def test_with_the_printed_counts_the_last_cities_filled_are_short() -> None:
    """Our board prints 107 cubes: the 100 that are not purple go a cube a city at a time, so
    no city starts empty and the biggest are short."""
    smap = dataclasses.replace(fixture_deck_map(MAP), city_cubes={})
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solo_package, "load_solo", lambda _map_id: smap)
        g = new_solo_game(MAP, seed=1)
    printed = load_map(MAP)
    assert sum(c.cubes for c in printed.cities.values()) == 107
    short = 0
    for city, c in printed.cities.items():
        extra = city in ("guadalajara", "brownsville")
        held = len(g.state.cubes[city]) - extra
        assert 1 <= held <= c.cubes
        short += c.cubes - held
        if held < c.cubes:
            assert c.cubes == 3  # only three-cube cities are reached by the third layer
    assert short == 7
    assert sum(len(h) for h in g.state.cubes.values()) == 100 + 2
    assert sum(g.state.bag.values()) == 0


@pytest.mark.rules("RB-102")
def test_no_purple_new_city() -> None:
    g = game()
    g.state.players[PLAYER].cash = 20
    refused(g, Urbanize(seat=PLAYER, city="toluca", color="purple"))
    cubes(g, "monterrey")  # its cubes go back to the bag (the set-up emptied it)
    g.apply(Urbanize(seat=PLAYER, city="toluca", color="blue"))  # other colours still come
    assert g.state.city_colors["toluca"] is Color.BLUE
    assert P not in g.state.cubes["toluca"]  # two cubes, never purple


@pytest.mark.rules("RB-103")
def test_exhaust_purple_goes_about_half_way_down() -> None:
    for seed in range(10):
        s = solo_state(game(seed))
        assert "exhaust-purple" not in s.removed and "exhaust-purple" not in s.row
        at = s.deck.index("exhaust-purple")
        assert abs(at - len(s.deck) // 2) <= 1
        assert s.deck.index("final-evaluation") <= 2  # still among the bottom three


@pytest.mark.rules("RB-104")
def test_the_salina_cruz_bounty_stays_in_the_box() -> None:
    assert "service-bounty-salina-cruz" in load_operations(MAP)
    g = game()
    everywhere = set(g.state.ops_deck) | set(g.state.ops_display)
    assert "service-bounty-salina-cruz" not in everywhere


@pytest.mark.rules("RB-105")
def test_a_card_with_the_purple_icon_puts_a_cube_on_its_city() -> None:
    """mx-01 (Mexico City/Puebla/Veracruz) has the icon for Pachuca."""
    g = game()
    set_row(g, "mx-01", "mx-02", "mx-03")
    set_top(g, "mx-06")  # slot 1
    beside = supply(g)
    to_railbot(g)
    assert g.state.cubes["pachuca"].count(P) == 1
    assert supply(g) == beside - 1


@pytest.mark.rules("RB-105", "RB-062")
def test_an_insured_card_puts_no_cube() -> None:
    g = game()
    set_row(g, "mx-01", "mx-02", "mx-03")
    set_top(g, "mx-06")
    g.apply(Insure(seat=PLAYER, card="mx-01"))
    assert P not in g.state.cubes["pachuca"]


@pytest.mark.rules("RB-105", "RB-011")
def test_new_industry_adds_a_purple_cube_as_well() -> None:
    g = game()
    state = g.state
    card = next(c for c in g.ruleset.cards if g.card(c).effect == "new_industry")
    for pile in (state.ops_deck, state.ops_display):
        if card in pile:
            pile.remove(card)
    state.ops_display.append(card)
    cubes(g, "monterrey")  # its cubes go back to the bag, so that the city draws two
    before = len(state.cubes["toluca"])
    g.apply(TakeOperationsCard(seat=PLAYER, card=card, target="toluca", color="yellow"))
    assert state.city_colors["toluca"] is Color.YELLOW
    assert state.cubes["toluca"].count(P) == 1
    assert len(state.cubes["toluca"]) == before + 2 + 1  # two drawn, one purple beside them


@pytest.mark.rules("RB-105", "RB-106", "RB-107", "RB-108")
@pytest.mark.parametrize("count", [1, 3, 8, 9])
def test_revealing_exhaust_purple_costs_points_then_another_card_acts(count: int) -> None:
    g = game()
    for city in ("guadalajara", "brownsville"):
        set_purple(g, city, 0)
    towns = ["monterrey", "puebla", "durango", "tampico", "merida", "oaxaca", "leon", "torreon"]
    for i in range(count):
        set_purple(g, towns[i % 8], g.state.cubes[towns[i % 8]].count(P) + 1)
    g.state.players[PLAYER].score = 40
    set_row(g, "mx-04", "mx-05", "mx-06")  # mx-06: no icon
    set_top(g, "mx-08")  # drawn after the Exhaust Purple card: slot 2 acts
    set_top(g, "exhaust-purple")
    to_railbot(g)
    s = solo_state(g)
    lost = TABLE[min(count, 8)]  # 30 for eight or more
    assert g.state.players[PLAYER].score == 40 - lost
    assert "exhaust-purple" in s.discard
    assert s.row == ["mx-04", "mx-06", "mx-08"] and "mx-05" in s.discard  # play goes on


@pytest.mark.rules("RB-105")
def test_no_purple_cube_no_penalty() -> None:
    g = game()
    for city in ("guadalajara", "brownsville"):
        set_purple(g, city, 0)
    g.state.players[PLAYER].score = 40
    set_row(g, "mx-04", "mx-05", "mx-06")
    set_top(g, "mx-08")
    set_top(g, "exhaust-purple")
    to_railbot(g)
    assert g.state.players[PLAYER].score == 40


@pytest.mark.rules("RB-108", "RB-063")
def test_final_evaluation_and_the_end_cost_the_penalty_too() -> None:
    g = game()
    g.state.players[PLAYER].score = 50  # two purple cubes on the board: 3 points each time
    set_row(g, "mx-04", "mx-05", "mx-06")
    set_top(g, "final-evaluation")
    to_railbot(g)
    assert g.state.players[PLAYER].score == 47 and g.state.end_trigger_turn is not None
    while not g.over:
        finish_turn(g)
    assert g.state.final_scores is not None
    player = g.state.players[PLAYER]
    # Final score: the track's 47, less bonds, less 3 again after the last turn.
    assert g.state.final_scores[PLAYER] == player.score - player.bonds - 3


@pytest.mark.rules("RB-102")
def test_a_delivered_or_removed_purple_cube_goes_beside_the_board() -> None:
    from railways.rules.solo import railbot

    g = game()
    beside = supply(g)
    railbot.take_cube(g, "guadalajara", P, False)
    assert g.state.bag[P] == 0 and supply(g) == beside + 1
