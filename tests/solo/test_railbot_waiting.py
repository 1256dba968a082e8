"""The quick answers the solo plug-in gives at every check agree with the full ones.

``railbot.waiting`` counts whether an Exhaust Goods task leaves a choice instead of listing
the cities (``railbot.choices``); the view's Railbot cards are kept per board and handed
out as copies.
"""

from __future__ import annotations

import pytest

from railways.core.board import GOODS_COLORS, Color
from railways.core.game import Game
from railways.core.view import view_for
from railways.rules.solo import new_solo_game, railbot, solo_state
from railways.rules.solo.plugin import _new_card_view
from railways.rules.solo.state import solo_map
from support import set_cubes


def _listed(game: Game, color: Color, count: int) -> list[str] | None:
    """The choice as RB-071 reads: the cities holding the colour, unless every cube of it
    goes or they all come from one city."""
    cities = railbot.exhaustible(game, color)
    total = sum(game.state.cubes[c].count(color) for c in cities)
    return None if len(cities) <= 1 or total <= count else cities


@pytest.mark.rules("RB-071")
@pytest.mark.parametrize("map_id", ["eastern-us", "portugal"])
def test_an_exhaust_task_waits_exactly_when_it_leaves_a_choice(map_id: str) -> None:
    game = new_solo_game(map_id, seed=3)
    solo = solo_state(game)
    checked = {True: 0, False: 0}
    for _emptied in range(4):  # fewer and fewer cities hold each colour
        for color in GOODS_COLORS:
            for count in range(7):
                task = {"kind": "exhaust", "color": color.value, "count": count}
                solo.tasks = [task]
                listed = _listed(game, color, count)
                assert railbot.choices(game, task) == listed
                assert (railbot.waiting(game) is task) == (listed is not None)
                checked[listed is not None] += 1
        holding = sorted(c for c, cubes in game.state.cubes.items() if cubes)
        for city in holding[: len(holding) // 2]:
            set_cubes(game, city, [])
    solo.tasks = []
    assert checked[True] and checked[False]  # both answers were met


def test_the_views_railbot_cards_are_made_afresh_in_content_and_handed_out_as_copies() -> None:
    game = new_solo_game("eastern-us", seed=5)
    solo, smap = solo_state(game), solo_map(game)
    solo.discard = sorted(smap.cards)[:6]
    for bottom_half in (False, True, False):
        solo.bottom_half = bottom_half
        shown = view_for(game, 0)["plugins"]["solo"]["discard"]
        assert shown == [_new_card_view(game, smap.cards[c], bottom_half) for c in solo.discard]
        shown[0]["cities"].append("nowhere")  # a reader's change stays in its copy
        shown[0]["text"] = "changed"
    again = view_for(game, 0)["plugins"]["solo"]["discard"][0]
    assert "nowhere" not in again["cities"] and again["text"] != "changed"
