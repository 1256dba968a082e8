"""The Railbot's path for a Building Links pair uses links already on the board (RB-065).

Our reading (docs/rules-interpretations.md, issue 15): the cheapest path costs least *to
build*, so links on the board are followed for nothing and the Railbot lays only what is
missing; it never lays a second link beside one already there.
"""

from __future__ import annotations

import itertools

import pytest

from railways.core.legal import _cheapest_from
from railways.rules.solo.paths import cheapest_path

from .helpers import PLAYER, RAILBOT, lay_link, railbot_links, set_row, set_top, solo, to_railbot

# eus-08's top half: Norfolk/Raleigh/Augusta. On our board the cheapest track from Norfolk to
# Raleigh runs through Richmond (two links); Raleigh-Augusta is one link.
CARD = "eus-08"


def _route_cost(game, start: str, end: str) -> int:  # type: ignore[no-untyped-def]
    """The cheapest one-link route by the printed costs (tiles and ridges), worked out by
    the multiplayer route search, not the Railbot's."""
    board = game.board
    path = _cheapest_from(board, start, 12)[end]
    tc = board.tables.terrain_costs
    cost = sum(tc.of(board.hexes[h]) for h in path[1:-1])
    return cost + tc.ridge * sum(
        1 for x, y in itertools.pairwise(path) if board.crosses_ridge(x, y)
    )


def _link_cost(game, link_id: int) -> int:  # type: ignore[no-untyped-def]
    board = game.board
    tc = board.tables.terrain_costs
    link = game.state.links[link_id]
    assert link.end is not None
    hexes = [board.cities[link.start].at, *(h for h, _a, _b in link.tiles)]
    hexes.append(board.cities[link.end].at)
    cost = sum(tc.of(board.hexes[h]) for h, _a, _b in link.tiles)
    return cost + tc.ridge * sum(
        1 for x, y in itertools.pairwise(hexes) if board.crosses_ridge(x, y)
    )


def _resolve(game) -> None:  # type: ignore[no-untyped-def]
    set_row(game, CARD, "eus-07", "eus-09")
    set_top(game, "eus-01")  # slot 1: eus-08 acts
    to_railbot(game)


def _pairs(game, owner: int) -> list[tuple[str, str | None]]:  # type: ignore[no-untyped-def]
    return sorted(
        (lk.start, lk.end) for lk in game.state.links.values() if lk.owner == owner and lk.end
    )


def test_the_route_this_test_relies_on() -> None:
    """Norfolk to Raleigh, with nothing on the board, is two links through Richmond and
    costs as much as the two cheapest single links Norfolk-Richmond and Richmond-Raleigh."""
    game = solo()
    legs = cheapest_path(game, "norfolk", "raleigh")
    assert legs is not None
    ends = [(game.board.city_at(leg[0]), game.board.city_at(leg[-1])) for leg in legs]
    assert [(a.id, b.id) for a, b in ends if a and b] == [
        ("norfolk", "richmond"),
        ("richmond", "raleigh"),
    ]


@pytest.mark.rules("RB-065", "RB-066")
def test_with_nothing_on_the_board_both_links_are_built() -> None:
    game = solo()
    _resolve(game)
    assert railbot_links(game) == [
        ("norfolk", "richmond"),
        ("richmond", "raleigh"),
        ("raleigh", "augusta"),
    ]
    for link in game.state.links.values():
        assert link.end is not None
        assert _link_cost(game, link.id) == _route_cost(game, link.start, link.end)


@pytest.mark.rules("RB-065")
def test_a_players_link_on_the_way_is_used_not_doubled() -> None:
    """The player's Norfolk-Richmond link is followed: the Railbot builds Richmond-Raleigh
    only, and no second Norfolk-Richmond link appears."""
    game = solo()
    lay_link(game, PLAYER, "norfolk", "richmond")
    _resolve(game)
    assert railbot_links(game) == [("richmond", "raleigh"), ("raleigh", "augusta")]
    everyone = [(lk.start, lk.end) for lk in game.state.links.values()]
    assert everyone.count(("norfolk", "richmond")) == 1
    assert _pairs(game, PLAYER) == [("norfolk", "richmond")]


@pytest.mark.rules("RB-065")
def test_a_railbot_link_on_the_way_is_used_too() -> None:
    game = solo()
    lay_link(game, RAILBOT, "norfolk", "richmond")
    _resolve(game)
    assert railbot_links(game) == [
        ("norfolk", "richmond"),
        ("richmond", "raleigh"),
        ("raleigh", "augusta"),
    ]
    assert len(game.state.links) == 3


@pytest.mark.rules("RB-065")
def test_a_link_off_the_way_is_not_followed() -> None:
    """A link that does not make the way cheaper changes nothing: with the player's
    Richmond-Washington link the Railbot still builds Norfolk-Richmond-Raleigh."""
    game = solo()
    lay_link(game, PLAYER, "richmond", "washington")
    _resolve(game)
    assert railbot_links(game) == [
        ("norfolk", "richmond"),
        ("richmond", "raleigh"),
        ("raleigh", "augusta"),
    ]


@pytest.mark.rules("RB-065")
def test_without_existing_links_the_search_may_lay_a_second_link() -> None:
    """The other side: asked to ignore the board's links, the search plans Norfolk-Richmond
    again beside the player's, which is what the Railbot no longer does."""
    game = solo()
    lay_link(game, PLAYER, "norfolk", "richmond")
    legs = cheapest_path(game, "norfolk", "raleigh", use_existing=False)
    assert legs is not None
    firsts = {game.board.city_at(leg[0]).id for leg in legs}  # type: ignore[union-attr]
    assert "norfolk" in firsts
    used = cheapest_path(game, "norfolk", "raleigh")
    assert used is not None and len(used) == 1
    assert game.board.city_at(used[0][0]).id == "richmond"  # type: ignore[union-attr]
