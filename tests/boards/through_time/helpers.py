"""Scenario helpers for the Railways Through Time tests.

Games start on the default eras of two players (Stone Age, Egypt, Napoleonic: the eras of
the rulebook's delivery examples) unless a test names others. Track is always laid through
``Game.apply``: :func:`connect` builds the cheapest route between two places in as many
builds of four tiles as it needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boards.board_helpers import act_as
from railways.core.actions import BuildTrack, DeliverGoods
from railways.core.board import Color
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.legal import _cheapest_from
from railways.rules import new_game
from support import choose_barons, pass_auction, set_cubes

MAP = "through-time"
EXAMPLE_ERAS = ["stone-age", "egypt", "napoleonic"]


def start(players: int = 2, eras: Sequence[str] | None = None, seed: int = 1) -> Game:
    """A game in its first action round (everybody passed the first auction)."""
    options: dict[str, Any] = {} if eras is None else {"eras": list(eras)}
    game = new_game(MAP, players=players, seed=seed, options=options)
    choose_barons(game)
    pass_auction(game)
    return game


def route(game: Game, a: str, b: str) -> tuple[Hex, ...]:
    """The cheapest hexes of track from city (or gate) ``a`` to ``b`` on the empty board."""
    found = _cheapest_from(game.board, a, 12, game.edge_costs).get(b)
    assert found is not None, f"no route from {a} to {b}"
    return found


def connect(game: Game, seat: int, a: str, b: str) -> int:
    """Build the cheapest route from ``a`` to ``b`` for ``seat``; return the new link's id."""
    path = route(game, a, b)
    before = set(game.state.links)
    start_at = 0
    while True:
        end = start_at + 5
        act_as(game, seat, cash=60)
        if len(path) - start_at - 2 <= 4:  # the tiles left fit in one build
            game.apply(BuildTrack(seat=seat, path=path[start_at:]))
            break
        exit_ = path[end - 1].side_towards(path[end])
        game.apply(BuildTrack(seat=seat, path=path[start_at:end], exit=exit_))
        start_at = end - 1
    (new,) = set(game.state.links) - before
    assert game.state.links[new].complete
    return new


def cubes(game: Game, city: str, *colors: Color) -> None:
    set_cubes(game, city, list(colors))


def deliver(game: Game, seat: int, city: str, color: Color, links: Sequence[int]) -> DeliverGoods:
    act_as(game, seat)
    return DeliverGoods(seat=seat, city=city, color=color.value, links=tuple(links))


def time_link(game: Game, seat: int, a: str, b: str) -> int:
    """The id of the seat's time link between cities ``a`` and ``b``."""
    for way in game.route_links().values():
        if way.owner == seat and {way.start, way.end} == {a, b}:
            return way.id
    raise AssertionError(f"no time link {a} - {b} for seat {seat}")
