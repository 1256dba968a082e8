"""Towns (AU-016, AU-028..AU-032).

Albury (26,31) is a town on the New South Wales / Victoria border, one river hex (25,31) from
Wagga Wagga (24,31). Ballarat (28,27) is four tiles from it (28,28 28,29 27,29 27,30).
"""

from __future__ import annotations

import pickle

import pytest

from railways.core.actions import BuildTrack, DeliverGoods, Urbanize
from railways.core.board import Color
from railways.core.legal import build_options, legal_actions
from railways.core.view import view_for
from railways.rules import new_game

from .helpers import act_as, build, cubes, h, on_top, path, refused, start, town_data

WAGGA_ALBURY = path("24,31", "25,31", "26,31")


@pytest.mark.rules("AU-028", "AU-029", "AU-030", "AU-031")
def test_a_link_to_a_town_builds_it_for_5000_more():
    game = start()
    seat = game.to_act
    assert cubes(game, "albury") == []  # not built: no goods
    act_as(game, seat, cash=30)
    game.apply(BuildTrack(seat=seat, path=WAGGA_ALBURY))
    # $3,000 for the river tile and $5,000 for the town.
    assert game.state.players[seat].cash == 30 - 3 - 5
    assert "albury" in town_data(game)["built"]
    assert game.state.city_colors["albury"] is Color.GRAY
    assert len(cubes(game, "albury")) == 2
    link = game.state.links[max(game.state.links)]
    assert (link.start, link.end) == ("wagga-wagga", "albury")
    marks = [m for m in view_for(game, None)["markers"] if m["kind"] == "town"]
    assert "albury" not in {m["city"] for m in marks}


@pytest.mark.rules("AU-030")
def test_the_town_is_one_of_the_four_builds():
    game = start()
    seat = game.to_act
    act_as(game, seat, cash=60)
    four = path("28,27", "28,28", "28,29", "27,29", "27,30", "26,31")  # Ballarat to Albury
    error = refused(game, BuildTrack(seat=seat, path=four), "RW-p4-43")
    assert "needs 5" in str(error)
    listed = [o for o in build_options(game, seat) if o.to_city == "albury"]
    assert listed and all(o.tiles <= 3 for o in listed)
    assert all(o.cost >= 5 for o in listed)  # the town's price is in the listed cost


@pytest.mark.rules("AU-030")
def test_a_town_is_never_where_a_build_starts():
    game = start()
    seat = game.to_act
    act_as(game, seat, cash=30)
    back = tuple(reversed(WAGGA_ALBURY))
    refused(game, BuildTrack(seat=seat, path=back), "AU-030")
    assert not [o for o in build_options(game, seat) if o.action.path[0] == h("26,31")]


@pytest.mark.rules("AU-028", "AU-031")
def test_an_unbuilt_town_is_no_city_yet_but_a_built_one_is_a_gray_city():
    game = start()
    seat = game.to_act
    act_as(game, seat, cash=30)
    refusal = refused(game, Urbanize(seat=seat, city="albury", color="yellow"), "AU-028")
    # What the player is told (its message is worded only when read: the listings refuse
    # thousands of these a game and read none).
    said = "Albury is a town not yet built: a link to it builds it"
    assert refusal.message == said
    assert str(refusal) == f"{said} (AU-028)"
    assert pickle.loads(pickle.dumps(refusal)).message == said
    offered = {a.city for a in legal_actions(game, seat).simple if isinstance(a, Urbanize)}
    assert "albury" not in offered
    game.apply(BuildTrack(seat=seat, path=WAGGA_ALBURY))
    # Built: a gray city like any other. Its goods go out along the link, and it can be
    # urbanized.
    act_as(game, seat, cash=30)
    color = cubes(game, "albury")[0]
    game.state.city_colors["wagga-wagga"] = color  # a destination of that colour (set-up)
    game.apply(DeliverGoods(seat=seat, city="albury", color=color.value, links=(1,)))
    act_as(game, seat, cash=30)
    game.apply(Urbanize(seat=seat, city="albury", color="blue"))
    assert game.state.city_colors["albury"] is Color.BLUE


@pytest.mark.rules("AU-032")
def test_a_town_card_turned_up_builds_its_town_and_another_card_is_turned_up():
    game = start()
    on_top(game, "town-albury")
    shown = len(game.state.ops_display)
    game.draw_operations_card()  # as at the end of a turn (RW-p6-07)
    assert "albury" in town_data(game)["built"]
    assert len(cubes(game, "albury")) == 2
    assert "town-albury" in game.state.ops_discard
    assert "town-albury" not in game.state.ops_display
    assert len(game.state.ops_display) == shown + 1  # the replacement


@pytest.mark.rules("AU-032")
def test_a_town_card_for_a_built_town_adds_two_goods():
    game = start()
    seat = game.to_act
    build(game, seat, WAGGA_ALBURY)
    before = len(cubes(game, "albury"))
    on_top(game, "town-albury")
    game.draw_operations_card()
    assert len(cubes(game, "albury")) == before + 2
    assert "town-albury" in game.state.ops_discard


@pytest.mark.rules("AU-016")
@pytest.mark.parametrize("players", [2, 6])
def test_no_town_card_in_the_opening_display(players):
    for seed in range(12):
        game = new_game("australia", players=players, seed=seed)
        shown = [c for c in game.state.ops_display if game.card(c).effect == "town"]
        assert shown == []
        assert [c for c in game.state.ops_deck if game.card(c).effect == "town"]
