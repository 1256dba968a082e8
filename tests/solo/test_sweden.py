"""Rail Barons solo on Sweden (RB-109..111) and the rulebook's two examples, which are Swedish
cards (RB-061, RB-067)."""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.core.board import Color
from railways.core.game import Game
from railways.rules.solo import railbot

from .helpers import (
    PLAYER,
    cubes,
    lay_link,
    railbot_links,
    real_solo,
    set_row,
    set_top,
    solo_state,
    to_railbot,
)

MAP = "sweden"
OUT = {"kiruna", "narvik", "storlien"}


def game(seed: int = 1) -> Game:
    return real_solo(seed, map_id=MAP)


@pytest.mark.rules("RB-109", "RB-040", "RB-043")
def test_kiruna_narvik_and_storlien_are_out_of_play() -> None:
    g = game()
    printed = load_map(MAP)
    assert set(printed.cities) >= OUT
    assert not OUT & set(g.board.cities) and not OUT & set(g.state.cubes)
    for city in OUT:
        assert printed.cities[city].at not in g.board.hexes
    # The Luleå - Narvik line goes with Narvik (RB-055).
    assert "F" in printed.major_lines and "F" not in g.board.major_lines


@pytest.mark.rules("RB-110")
def test_the_storlien_hotel_and_bounty_stay_in_the_box() -> None:
    for seed in range(5):
        g = game(seed)
        state = g.state
        everywhere = set(state.ops_deck) | set(state.ops_display) | set(state.ops_discard)
        assert "hotel-storlien" not in everywhere
        assert "service-bounty-storlien" not in everywhere
        assert "hotel-stockholm" in everywhere  # the other Hotels stay


@pytest.mark.rules("RB-111", "RB-048")
def test_the_display_is_the_ferry_passage_one_bounty_and_two_cards() -> None:
    for seed in range(8):
        g = game(seed)
        cards, display = g.ruleset.cards, g.state.ops_display
        assert display[0] == "ferry-passage"  # farthest from the draw deck
        assert [cards[c].effect for c in display[1:]].count("service_bounty") == 1
        assert cards[display[1]].effect == "service_bounty" and len(display) == 4
        assert "ferry-passage" not in g.state.ops_deck


@pytest.mark.rules("RB-111", "RB-052")
def test_the_ferry_passage_is_the_first_card_pushed_off() -> None:
    g = game()
    state = g.state
    state.ops_display.append(state.ops_deck.pop())  # five cards: full
    g.draw_operations_card()
    railbot.trim_display(g)
    assert "ferry-passage" not in state.ops_display and "ferry-passage" in state.ops_discard


@pytest.mark.rules("RB-061", "RB-060")
def test_the_rulebooks_example_exhaust_purple_resolves_the_middle_card() -> None:
    """An Exhaust Purple card that activates the middle slot is revealed: the
    Stockholm/Norrköping/Kalmar card there is resolved and the row slides left."""
    g = game()
    set_row(g, "se-04", "se-01", "se-06")
    set_top(g, "exhaust-purple")  # slot 2
    to_railbot(g)
    s = solo_state(g)
    assert s.row == ["se-04", "se-06", "exhaust-purple"] and s.discard == ["se-01"]
    built = railbot_links(g)
    # Stockholm to Norrköping through Nyköping, Norrköping to Kalmar through Oskarshamn.
    assert built == [
        ("stockholm", "nykoping"),
        ("nykoping", "norrkoping"),
        ("norrkoping", "oskarshamn"),
        ("oskarshamn", "kalmar"),
    ]


@pytest.mark.rules("RB-067", "RB-065")
def test_the_rulebooks_example_kalmar_alvesta_malmo() -> None:
    """Kalmar - Alvesta is not connected: the Railbot builds it. The player joined Alvesta to
    Malmö with two links: a black cube (Malmö is black) leaves Alvesta and the player gains a
    point."""
    g = game()
    lay_link(g, PLAYER, "alvesta", "kristianstad")
    lay_link(g, PLAYER, "kristianstad", "malmo")
    cubes(g, "alvesta", Color.RED, Color.BLACK, Color.BLACK)
    assert g.state.city_colors["malmo"] is Color.BLACK
    set_row(g, "se-02", "se-04", "se-06")  # se-02: Kalmar/Alvesta/Malmö
    set_top(g, "se-03")  # slot 1
    score = g.state.players[PLAYER].score
    to_railbot(g)
    assert railbot_links(g) == [("kalmar", "alvesta")]
    assert sorted(c.value for c in g.state.cubes["alvesta"]) == ["black", "red"]
    assert g.state.players[PLAYER].score == score + 1
