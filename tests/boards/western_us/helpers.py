"""Scenario helpers for the Western U.S. rule tests and the City Rotor and Fuel Depot tests.

Set-up edits the state directly (whose action it is, cash, cubes, links placed for a
delivery, depots on a city); the rule under test always runs through ``Game.apply`` or, for
Rail Barons, through the baron's effect object as the engine calls it at the end.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

import pytest

import support
from railways.core.actions import Action
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link
from railways.rules import new_game

MAP = "western-us"
ROTOR_CITIES = ("san-francisco", "tacoma", "denver", "butte", "salt-lake-city", "oklahoma-city")


def start(
    players: int = 4,
    seed: int = 1,
    map_id: str = MAP,
    options: dict[str, Any] | None = None,
    to_actions: bool = True,
) -> Game:
    """A game at round 1 of turn 1 (barons chosen, the auction passed) unless not wanted."""
    game = new_game(map_id, players=players, seed=seed, options=options)
    if to_actions:
        support.choose_barons(game)
        support.pass_auction(game)
    return game


def snapshot(game: Game) -> dict[str, Any]:
    state = game.state
    out = {
        f.name: copy.deepcopy(getattr(state, f.name))
        for f in fields(state)
        if f.name not in ("rng", "log", "tile_counts")
    }
    out["rng"] = (state.rng.state, state.rng.draws)
    return out


def refused(game: Game, action: Action, clause: str | None) -> IllegalAction:
    """Apply ``action``, expect IllegalAction naming ``clause``, and check nothing changed."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.clause == clause, info.value
    assert snapshot(game) == before
    return info.value


def put_link(game: Game, seat: int, a: str, b: str) -> int:
    """A complete one-tile link a-b owned by ``seat``, written into the state (a position
    for deliveries and scoring; where its tile lies does not matter to them)."""
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    state.links[link_id] = Link(link_id, seat, a, [(Hex(0, 0), Side.E, Side.W)], b)
    state.track_version += 1  # the link graph is worked out again
    return link_id


def chain(game: Game, seat: int, cities: Sequence[str]) -> tuple[int, ...]:
    """Links joining each city of ``cities`` to the next, owned by ``seat``."""
    return tuple(put_link(game, seat, a, b) for a, b in itertools.pairwise(cities))


def only_cubes(game: Game, city: str, colors: Sequence[Color]) -> None:
    support.set_cubes(game, city, list(colors))


def act_as(game: Game, seat: int, engine: int | None = None, cash: int = 50) -> None:
    """Make it ``seat``'s action with some cash (and an engine level), scenario set-up."""
    support.make_turn(game, seat)
    player = game.state.players[seat]
    player.cash = max(player.cash, cash)
    if engine is not None:
        player.engine = engine


def no_goals(game: Game) -> None:
    """Take the green-circle goals off the display, so a test's scores are the links alone."""
    from railways.core.cards import Icon

    state = game.state
    state.ops_display = [c for c in state.ops_display if game.card(c).icon is not Icon.GOAL]
