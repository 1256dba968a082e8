"""Rail Barons solo on Great Britain (RB-112..114): cities and Major Lines out of play, two
Operations cards removed, a Base Exhaust of 4."""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.core.actions import Pass
from railways.core.board import Color
from railways.rules import new_game

from .helpers import PLAYER, cubes, real_solo, set_row, set_top, solo_map, solo_state

MAP = "great-britain"


@pytest.mark.rules("RB-113", "RB-055")
def test_major_lines_b_and_d_are_out_of_play() -> None:
    printed = load_map(MAP)
    assert {"A", "B", "C", "D", "E", "F"} == set(printed.major_lines)
    g = real_solo(1, map_id=MAP)
    assert set(g.board.major_lines) == {"A", "C", "E", "F"}
    # London - Edinburgh (B) and Bristol - Plymouth (D) are gone with their cities too.
    assert "edinburgh" not in g.board.cities and "plymouth" not in g.board.cities


@pytest.mark.rules("RB-114")
def test_the_barnstaple_bounty_and_the_plymouth_hotel_are_removed() -> None:
    removed = {"service-bounty-barnstaple", "hotel-plymouth"}
    multi = new_game(MAP, players=3, seed=1)
    assert removed <= set(multi.ruleset.cards)
    for seed in (1, 2, 3):
        g = real_solo(seed, map_id=MAP)
        assert not removed & set(g.ruleset.cards)
        state = g.state
        assert not removed & {*state.ops_deck, *state.ops_display, *state.ops_discard}


@pytest.mark.rules("RB-112", "RB-071")
def test_an_exhaust_card_takes_four_cubes() -> None:
    g = real_solo(1, map_id=MAP)
    assert solo_state(g).base_exhaust == 4
    for city, held in g.state.cubes.items():  # red cubes only in London: no choice to make
        if Color.RED in held:
            cubes(g, city, *[c for c in held if c is not Color.RED])
    cubes(g, "london", *[Color.RED] * 5, Color.BLUE)
    set_row(g, "exhaust-red")
    smap = solo_map(g)
    first = sorted(c for c, card in smap.cards.items() if card.map_id == MAP and card.slot == 1)
    set_top(g, first[0])  # a slot-1 card: the row's first card, Exhaust Red, acts
    g.apply(Pass(seat=PLAYER))
    g.apply(Pass(seat=PLAYER))
    assert sorted(c.value for c in g.state.cubes["london"]) == ["blue", "red"]  # 5 - 4 red
