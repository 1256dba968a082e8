"""Starting games with optional modules, and checking refusals change nothing."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

import pytest

import support
from railways.core.actions import Action, Pass
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.state import Phase
from railways.rules import new_game


def start(
    modules: Sequence[str],
    players: int = 4,
    seed: int = 1,
    map_id: str = "eastern-us",
    to_actions: bool = True,
) -> Game:
    game = new_game(map_id, players=players, seed=seed, options={"modules": list(modules)})
    if to_actions:
        support.choose_barons(game)
        support.pass_auction(game)
    return game


def snap(game: Game) -> dict[str, Any]:
    state = copy.deepcopy(game.state)
    out = {
        f.name: getattr(state, f.name)
        for f in fields(state)
        if f.name not in ("rng", "log", "tile_counts")
    }
    out["rng"] = (state.rng.state, state.rng.draws)
    return out


def refused(game: Game, action: Action, clause: str | None) -> IllegalAction:
    before = snap(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.clause == clause, info.value
    assert snap(game) == before
    return info.value


def finish_turn(game: Game) -> None:
    """Everyone passes (in the auction too) until this turn's action rounds are over."""
    support.pass_auction(game)
    turn = game.state.turn
    while game.state.phase is Phase.ACTIONS and game.state.turn == turn:
        seat = game.to_act
        assert seat is not None
        game.apply(Pass(seat=seat))
