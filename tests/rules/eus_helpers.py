"""Scenario helpers shared by the Eastern U.S. card, baron and Western Link rule tests.

Set-up edits the state directly; the behaviour under test always goes through
``Game.apply`` (or, for Rail Baron scoring, through the baron effect objects).
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

import pytest

from railways.core.actions import Action, Pass, PassBid
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link, Phase
from support import build_link, make_turn


def snapshot(game: Game) -> dict[str, Any]:
    """A deep copy of everything in the state, the generator included, for comparing."""
    state = game.state
    out = {f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(state) if f.name != "rng"}
    out["rng"] = (state.rng.state, state.rng.draws)
    return out


def refused(game: Game, action: Action, clause: str | None = None) -> IllegalAction:
    """Apply ``action``, expect IllegalAction (with ``clause`` if given) and no change."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    if clause is not None:
        assert info.value.clause == clause, info.value
    assert snapshot(game) == before
    return info.value


def turn_of(game: Game, seat: int) -> None:
    """Make it ``seat``'s action in round 1 of the current turn (set-up only)."""
    game.state.round = 1
    make_turn(game, seat)


def link(game: Game, seat: int, a: str, b: str) -> int:
    """Build a complete link a-b for ``seat`` through the engine, staying in this turn."""
    game.state.round = 1
    return build_link(game, seat, a, b)


def pass_to_next_turn(game: Game) -> None:
    """Everyone passes until the action rounds of the next turn (or the game ends)."""
    turn = game.state.turn
    while not game.over and not (game.state.turn > turn and game.state.phase is Phase.ACTIONS):
        seat = game.to_act
        assert seat is not None
        if game.state.phase is Phase.AUCTION:
            game.apply(PassBid(seat=seat))
        else:
            game.apply(Pass(seat=seat))


def put_link(game: Game, seat: int, a: str, b: str, tiles: int = 1) -> int:
    """Add a complete link a-b to the state without building it (scoring positions only)."""
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    placeholder = [(Hex(0, 0), Side.E, Side.W)] * tiles
    state.links[link_id] = Link(link_id, seat, a, placeholder, b)
    return link_id


def place_cubes(game: Game, city: str, colors: list[Color]) -> None:
    """Put exactly these cubes on ``city``; a colour missing from the bag is taken back
    from another city first, so the total number of cubes never changes."""
    state = game.state
    for cube in state.cubes[city]:
        state.bag[cube] += 1
    state.cubes[city] = []
    for cube in colors:
        if state.bag[cube] == 0:
            donor = next(c for c in sorted(state.cubes) if c != city and cube in state.cubes[c])
            state.cubes[donor].remove(cube)
            state.bag[cube] += 1
        state.bag[cube] -= 1
        state.cubes[city].append(cube)
    if colors:
        state.ecm.discard(city)
