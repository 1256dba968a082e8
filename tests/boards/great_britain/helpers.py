"""Scenario helpers for the Great Britain rule tests.

Set-up edits the state directly (whose action it is, cash, links placed for scoring); the
rule under test always runs through ``Game.apply`` or, for Rail Barons, through the baron's
effect object, as the engine calls it at the end.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

import pytest

import support
from railways.core.actions import Action, BuildTrack
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link

MAP = "great-britain"
H = Hex.from_offset


def start(players: int = 4, seed: int = 1) -> Game:
    """A Great Britain game at round 1 of turn 1, barons chosen and the auction passed."""
    return support.start(players=players, seed=seed, map_id=MAP)


def snapshot(game: Game) -> dict[str, Any]:
    state = game.state
    out = {f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(state) if f.name != "rng"}
    out["rng"] = (state.rng.state, state.rng.draws)
    return out


def refused(game: Game, action: Action, clause: str) -> IllegalAction:
    """Apply ``action``, expect IllegalAction naming ``clause``, and check nothing changed."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.clause == clause, info.value
    assert snapshot(game) == before
    return info.value


def build(game: Game, seat: int, path: tuple[Hex, ...], exit_: Side | None = None) -> None:
    """Make it ``seat``'s action (with money enough) and build along ``path``."""
    game.state.round = 1
    support.make_turn(game, seat)
    game.state.players[seat].cash = max(game.state.players[seat].cash, 50)
    game.apply(BuildTrack(seat=seat, path=path, exit=exit_))


def put_link(game: Game, seat: int, a: str, b: str, tiles: int = 1) -> int:
    """A complete link a-b owned by ``seat``, written into the state (scoring positions)."""
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    state.links[link_id] = Link(link_id, seat, a, [(Hex(0, 0), Side.E, Side.W)] * tiles, b)
    return link_id


def clear_links(game: Game) -> None:
    game.state.links.clear()
