"""Shared helpers for the base-game rule tests (rulebook pages 3-6)."""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

import pytest

import support
from railways.core.actions import Action, BuildTrack, Pass, PassBid
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Phase

H = Hex.from_offset

# Hexes of the tiny fixture board (tests/fixtures/maps/tiny):
#   Westport (red) at 1,0 with spokes E NE SE; Eastville (blue) at 1,4 with spokes
#   W NW SW E SE; Southby (gray) at 3,1 with spokes NE E W NW. Row 1 runs open 1,1,
#   water 1,2, mountain 1,3, and a ridge lies between 1,3 and Eastville.
WEST, EAST, SOUTH = H(1, 0), H(1, 4), H(3, 1)

# Complete routes on the tiny board.
WEST_EAST_DIRECT = (WEST, H(1, 1), H(1, 2), H(1, 3), EAST)  # open+water+mountain+ridge = 13
WEST_EAST_NORTH = (WEST, H(0, 1), H(0, 2), H(0, 3), H(0, 4), EAST)  # four open tiles = 8
WEST_SOUTH = (WEST, H(2, 1), SOUTH)  # one open tile = 2
WEST_SOUTH_ALT = (WEST, H(1, 1), H(2, 2), SOUTH)  # two open tiles = 4
SOUTH_EAST = (SOUTH, H(3, 2), H(3, 3), H(2, 4), EAST)  # three open tiles = 6


def tiny(players: int = 2, cash: int = 0) -> Game:
    """A tiny-board game at round 1 of turn 1; seat 0 is first player."""
    game = support.start(players=players, map_id=support.TINY)
    for p in game.state.players:
        p.cash = cash
    return game


# Not compared: the generator (compared by value below), the text log, and caches the
# engine may fill in while checking an action.
SKIP = ("rng", "log", "tile_counts")


def snap(game: Game) -> dict[str, Any]:
    """A comparable copy of everything in the state that an action could change."""
    state = copy.deepcopy(game.state)
    out = {f.name: getattr(state, f.name) for f in fields(state) if f.name not in SKIP}
    out["rng"] = (state.rng.state, state.rng.draws)
    return out


def refused(game: Game, action: Action, clause: str | None) -> IllegalAction:
    """Apply ``action``, expect IllegalAction with ``clause``, and check nothing changed."""
    before = snap(game)
    history = len(game.history)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.clause == clause, info.value
    assert snap(game) == before
    assert len(game.history) == history
    return info.value


def build(
    game: Game, seat: int, path: tuple[Hex, ...], exit_: Side | None = None, redirect: bool = False
) -> None:
    """Make it ``seat``'s action and build along ``path`` through the engine."""
    support.make_turn(game, seat)
    game.apply(BuildTrack(seat=seat, path=path, exit=exit_, redirect=redirect))


def link_between(game: Game, a: str, b: str, owner: int | None = None) -> int:
    for link in game.state.links.values():
        if {link.start, link.end} == {a, b} and (owner is None or link.owner == owner):
            return link.id
    raise AssertionError(f"no link {a}-{b}")


def pass_round(game: Game) -> None:
    """Every seat still to act in the current round passes."""
    state = game.state
    start_round, start_turn = state.round, state.turn
    while state.phase is Phase.ACTIONS and state.round == start_round and state.turn == start_turn:
        seat = game.to_act
        assert seat is not None
        game.apply(Pass(seat=seat))


def finish_turn(game: Game) -> None:
    """Everyone passes until the action rounds of this turn are over."""
    turn = game.state.turn
    while game.state.phase is Phase.ACTIONS and game.state.turn == turn:
        seat = game.to_act
        assert seat is not None
        game.apply(Pass(seat=seat))


def all_pass_auction(game: Game) -> None:
    while game.state.phase is Phase.AUCTION:
        seat = game.to_act
        assert seat is not None
        game.apply(PassBid(seat=seat))
