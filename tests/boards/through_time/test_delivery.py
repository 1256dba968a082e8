"""Delivering through time (TT-014..021, RW-p13-19, RW-p14-01..09), with the rulebook's three
examples played on our boards: the Stone Age's purple city is Olduvai and its blue city
Lascaux, Egypt's gray city is Amarna, the Napoleonic red city is Vienna."""

from __future__ import annotations

import pytest

from boards.board_helpers import refused
from railways.core.board import Color
from railways.core.game import Game
from railways.core.legal import delivery_options
from railways.rules.boards.through_time.travel import gate_links_of

from .helpers import EXAMPLE_ERAS, connect, cubes, deliver, start, time_link

SA_WEST, SA_EAST = "gate-stone-age-west", "gate-stone-age-east"
EG_WEST, EG_EAST = "gate-egypt-west", "gate-egypt-east"
NA_EAST = "gate-napoleonic-east"


def _example_game() -> Game:
    """Seat 0's track: Olduvai to the Stone Age's west gate, Vienna to the Napoleonic east
    gate, Lascaux to Olduvai, and Amarna to both Egypt gates."""
    game = start(eras=EXAMPLE_ERAS)
    connect(game, 0, "olduvai", SA_WEST)
    connect(game, 0, "vienna", NA_EAST)
    connect(game, 0, "lascaux", "olduvai")
    connect(game, 0, "amarna", EG_WEST)
    connect(game, 0, "amarna", EG_EAST)
    game.state.ops_display = []  # no goal card adds to the points counted here
    return game


@pytest.mark.rules("TT-014", "TT-015", "RW-p14-01", "RW-p14-02")
def test_example_1_purple_stone_age_city_to_red_napoleonic_city() -> None:
    game = _example_game()
    cubes(game, "olduvai", Color.RED)
    assert game.state.players[0].engine == 1
    score = game.state.players[0].score
    through = time_link(game, 0, "olduvai", "vienna")
    game.apply(deliver(game, 0, "olduvai", Color.RED, [through]))
    assert game.state.players[0].score == score + 1  # one link: 1 point, a level 1 engine
    assert game.state.cubes["olduvai"] == []


@pytest.mark.rules("TT-016", "TT-018", "RW-p14-03", "RW-p14-04")
def test_example_2_red_napoleonic_city_to_purple_then_blue_stone_age_city() -> None:
    game = _example_game()
    cubes(game, "vienna", Color.BLUE)
    through = time_link(game, 0, "olduvai", "vienna")
    (on_board,) = [
        lk.id for lk in game.own_links(0) if {lk.start, lk.end} == {"lascaux", "olduvai"}
    ]
    route = [through, on_board]
    refused(game, deliver(game, 0, "vienna", Color.BLUE, route), "RW-p5-26")  # level 1
    game.state.players[0].engine = 2
    score = game.state.players[0].score
    game.apply(deliver(game, 0, "vienna", Color.BLUE, route))
    assert game.state.players[0].score == score + 2
    assert Color.BLUE not in game.state.cubes["vienna"]


@pytest.mark.rules("TT-017", "TT-021", "RW-p14-08", "RW-p14-09")
def test_example_3_blue_stone_age_city_through_egypt_to_red_napoleonic_city() -> None:
    game = _example_game()
    cubes(game, "lascaux", Color.RED)
    (on_board,) = [
        lk.id for lk in game.own_links(0) if {lk.start, lk.end} == {"lascaux", "olduvai"}
    ]
    # Olduvai's gate link pairs with Amarna's west-gate link; Amarna's east-gate link with
    # Vienna's: two time links, one through each of Egypt's gates.
    to_egypt = [
        w.id for w in game.route_links().values() if {w.start, w.end} == {"olduvai", "amarna"}
    ]
    to_vienna = [
        w.id for w in game.route_links().values() if {w.start, w.end} == {"amarna", "vienna"}
    ]
    assert len(to_egypt) == 2 and len(to_vienna) == 2  # Amarna has a link to each gate
    game.state.players[0].engine = 3
    score = game.state.players[0].score
    # The cube leaves Egypt by the gate it did not come in by (RW-p5-27): of the four pairs
    # of time links, the two that use both of Amarna's gate links.
    legal = [
        (a, b)
        for a in to_egypt
        for b in to_vienna
        if game.allows(deliver(game, 0, "lascaux", Color.RED, [on_board, a, b]))
    ]
    assert len(legal) == 2
    for a, b in legal:
        assert set(gate_links_of(a)).isdisjoint(gate_links_of(b))
    game.apply(deliver(game, 0, "lascaux", Color.RED, [on_board, *legal[0]]))
    assert game.state.players[0].score == score + 3  # three links, a level 3 engine


@pytest.mark.rules("TT-014", "RW-p14-01")
def test_the_listing_offers_deliveries_through_time() -> None:
    game = _example_game()
    cubes(game, "olduvai", Color.RED)
    options = delivery_options(game, 0)[("olduvai", "red")]
    assert {o.destination for o in options} == {"vienna"}
    assert all(o.points == {0: len(o.action.links)} for o in options)


@pytest.mark.rules("TT-019", "RW-p14-05")
def test_a_gate_never_takes_a_cube_to_a_city_of_its_own_era() -> None:
    game = start(eras=EXAMPLE_ERAS)
    west = connect(game, 0, "olduvai", SA_WEST)
    connect(game, 0, "jericho", SA_EAST)
    cubes(game, "olduvai", Color.YELLOW)  # Jericho is yellow, in the Stone Age too
    assert not any({w.start, w.end} == {"olduvai", "jericho"} for w in game.route_links().values())
    refused(game, deliver(game, 0, "olduvai", Color.YELLOW, [west]), "TT-019")
    assert ("olduvai", "yellow") not in delivery_options(game, 0)


@pytest.mark.rules("TT-019", "RW-p14-06")
def test_a_cube_never_comes_back_to_an_era_it_left() -> None:
    game = _example_game()
    connect(game, 0, "jericho", SA_EAST)  # a second Stone Age gate link
    cubes(game, "olduvai", Color.YELLOW)  # yellow: Jericho (Stone Age) takes it
    to_egypt = time_link(game, 0, "olduvai", "amarna")
    back = [w.id for w in game.route_links().values() if {w.start, w.end} == {"amarna", "jericho"}]
    game.state.players[0].engine = 3
    for link in back:
        refused(game, deliver(game, 0, "olduvai", Color.YELLOW, [to_egypt, link]), "TT-019")
    assert all(
        o.destination != "jericho" for o in delivery_options(game, 0).get(("olduvai", "yellow"), [])
    )


@pytest.mark.rules("RW-p13-19")
def test_no_delivery_uses_another_players_track_at_all() -> None:
    game = start(eras=EXAMPLE_ERAS)
    mine = connect(game, 0, "lascaux", "olduvai")
    theirs = connect(game, 1, "olduvai", SA_WEST)
    connect(game, 1, "vienna", NA_EAST)
    cubes(game, "lascaux", Color.RED)
    their_time_link = time_link(game, 1, "olduvai", "vienna")
    game.state.players[0].engine = 2
    # Not as a later link (the base game allows that), and not the rival's time link either.
    refused(game, deliver(game, 0, "lascaux", Color.RED, [mine, their_time_link]), "RW-p13-19")
    assert theirs in game.state.links
    assert ("lascaux", "red") not in delivery_options(game, 0)


@pytest.mark.rules("RW-p5-27")
def test_a_cube_goes_through_a_time_gate_at_most_once() -> None:
    game = start(eras=EXAMPLE_ERAS)
    connect(game, 0, "olduvai", SA_WEST)
    connect(game, 0, "amarna", EG_EAST)
    connect(game, 0, "vienna", NA_EAST)
    cubes(game, "olduvai", Color.RED)
    game.state.players[0].engine = 3
    to_egypt = time_link(game, 0, "olduvai", "amarna")
    onward = time_link(game, 0, "amarna", "vienna")  # back through Egypt's east gate
    refused(game, deliver(game, 0, "olduvai", Color.RED, [to_egypt, onward]), "RW-p5-27")
