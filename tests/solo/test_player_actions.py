"""The player's actions in the solo game (RB-053..055) and Eastern U.S.'s appendix rules
(RB-096..100)."""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.core.actions import BuildTrack, DeliverGoods
from railways.core.board import Color
from railways.core.legal import build_options, legal_actions
from railways.rules.solo.paths import cheapest_path

from .helpers import (
    PLAYER,
    RAILBOT,
    cubes,
    lay_link,
    pass_action,
    refused,
    set_row,
    set_top,
    solo,
    solo_state,
    to_railbot,
)


@pytest.mark.rules("RB-053", "RB-054")
def test_a_delivery_loses_a_point_for_every_railbot_link() -> None:
    game = solo()
    state = game.state
    own = lay_link(game, PLAYER, "new-york", "philadelphia")
    bot = lay_link(game, RAILBOT, "philadelphia", "baltimore")
    state.players[PLAYER].engine = 2
    cubes(game, "new-york", Color.PURPLE)
    option = next(
        o
        for o in legal_actions(game, PLAYER).deliveries[("new-york", "purple")]
        if o.action.links == (own, bot)
    )
    assert option.points == {PLAYER: 1, RAILBOT: 1}
    game.apply(option.action)
    assert state.players[PLAYER].score == 0  # +1 for the own link, -1 for the Railbot's
    # A delivery on own links only loses nothing.
    cubes(game, "philadelphia", Color.RED)
    lay_link(game, PLAYER, "philadelphia", "new-york")
    game.apply(DeliverGoods(seat=PLAYER, city="philadelphia", color="red", links=(own,)))
    assert state.players[PLAYER].score == 1


@pytest.mark.rules("RB-055")
def test_cities_out_of_play_are_impassable() -> None:
    """Track can neither enter nor cross a city that is not in play."""
    game = solo()
    printed = load_map("eastern-us")
    boston = printed.cities["boston"].at
    assert boston not in game.board.hexes
    for option in build_options(game, PLAYER):
        assert boston not in option.action.path
    # A path into Boston's hex from a neighbour of Portland is refused.
    portland = game.board.cities["portland"]
    side = sorted(portland.spokes)[0]
    path = (portland.at, portland.at.neighbour(side), boston)
    refused(game, BuildTrack(seat=PLAYER, path=path))
    # The Railbot's paths keep out of them too.
    legs = cheapest_path(game, "new-york", "portland")
    assert legs is not None and all(boston not in leg for leg in legs)


def _west_build(game) -> BuildTrack:  # type: ignore[no-untyped-def]
    legs = cheapest_path(game, "harrisburg", "pittsburgh")
    assert legs is not None and len(legs) == 1 and len(legs[0]) - 2 <= 4
    return BuildTrack(seat=PLAYER, path=legs[0])


@pytest.mark.rules("RB-100", "RB-096")
def test_no_building_west_of_the_mountains_before_thirty_points() -> None:
    game = solo()
    game.receive(PLAYER, 50, "test")
    action = _west_build(game)
    assert game.board.cities["pittsburgh"].at in action.path
    refused(game, action, "RB-100")
    west = {c for c in game.board.cities if solo_state(game) and _is_west(game, c)}
    assert "chicago" in west and "pittsburgh" in west and "harrisburg" not in west
    for option in build_options(game, PLAYER):
        assert option.to_city not in west
        assert not any(_west_hex(game, h) for h in option.action.path)
    game.state.players[PLAYER].score = 30
    game.check(action)
    assert any(o.to_city == "chicago" for o in build_options(game, PLAYER))
    game.apply(action)
    # Once reached, the west stays open even if the score falls back.
    game.state.players[PLAYER].score = 29
    pass_action(game)
    assert solo_state(game).west_open


@pytest.mark.rules("RB-100", "RB-099")
def test_the_first_final_evaluation_opens_the_west_and_switches_to_the_bottom_halves() -> None:
    game = solo()
    s = solo_state(game)
    set_row(game, "eus-01", "eus-03", "eus-05")
    set_top(game, "final-evaluation")
    to_railbot(game)
    assert s.evaluations == 1 and s.bottom_half and s.west_open
    assert game.state.end_trigger_turn is None  # the game goes on
    assert s.row == ["eus-01", "eus-03", "eus-05"] and not s.discard  # nothing resolved
    assert s.deck.index("final-evaluation") <= 2  # back among the bottom three
    game.receive(PLAYER, 50, "test")
    game.apply(_west_build(game))
    # From now on the Railbot builds the lower chain of its cards.
    set_top(game, "exhaust-red")
    to_railbot(game)
    links = [(lk.start, lk.end) for lk in game.state.links.values() if lk.owner == RAILBOT]
    assert links == [("chicago", "milwaukee"), ("milwaukee", "minneapolis")]


@pytest.mark.rules("RB-099")
def test_before_final_evaluation_the_railbot_builds_the_top_half() -> None:
    game = solo()
    set_row(game, "eus-01", "eus-03", "eus-05")
    set_top(game, "exhaust-red")
    to_railbot(game)
    links = [(lk.start, lk.end) for lk in game.state.links.values() if lk.owner == RAILBOT]
    assert links == [("new-york", "philadelphia"), ("philadelphia", "baltimore")]


def _is_west(game, city: str) -> bool:  # type: ignore[no-untyped-def]
    return _west_hex(game, game.board.cities[city].at)


def _west_hex(game, hex_) -> bool:  # type: ignore[no-untyped-def]
    from railways.rules.solo.state import solo_map

    return solo_map(game).is_west(hex_)


def test_set_top_helper_keeps_cards() -> None:
    game = solo()
    s = solo_state(game)
    total = len(s.deck) + len(s.removed) + len(s.row)
    set_top(game, "eus-14")
    assert len(s.deck) + len(s.removed) + len(s.row) == total
