"""Scenario helpers shared by the board rule tests (Great Britain, Nippon).

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
from railways.core.actions import Action, BuildTrack, Pass
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link, Phase

H = Hex.from_offset


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


def act_as(game: Game, seat: int, cash: int = 50) -> None:
    """Make it ``seat``'s action in round 1 of this turn, with at least ``cash``."""
    game.state.round = 1
    support.make_turn(game, seat)
    game.state.players[seat].cash = max(game.state.players[seat].cash, cash)


def build(game: Game, seat: int, path: tuple[Hex, ...], exit_: Side | None = None) -> None:
    """Make it ``seat``'s action (with money enough) and build along ``path``."""
    act_as(game, seat)
    game.apply(BuildTrack(seat=seat, path=path, exit=exit_))


def put_link(game: Game, seat: int, a: str, b: str, tiles: int = 1) -> int:
    """A complete link a-b owned by ``seat``, written into the state (scoring positions)."""
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    state.links[link_id] = Link(link_id, seat, a, [(Hex(0, 0), Side.E, Side.W)] * tiles, b)
    return link_id


def baron_score(game: Game, baron_id: str, seat: int) -> int:
    """What the Rail Baron ``baron_id`` would give ``seat`` at the end, asked as the engine does."""
    baron = game.ruleset.barons[baron_id]
    return game.ruleset.baron_effects[baron.effect].score(game, seat, baron)


def end_now(game: Game) -> None:
    """The end was triggered last turn: everybody passes through the final turn."""
    game.state.end_trigger_turn = game.state.turn - 1
    turn = game.state.turn
    while game.state.phase is Phase.ACTIONS and game.state.turn == turn:
        seat = game.to_act
        assert seat is not None
        game.apply(Pass(seat=seat))
    assert game.over
