"""Scenario helpers for the Transcontinental rule tests.

Set-up edits the state directly (whose action it is, cash, cubes, links placed); the rule
under test always runs through ``Game.apply``. ``to_the_west`` plays a game to the change of
phase through the engine: the last Empty City Marker of the Eastern phase is placed by a real
delivery, the turn is passed out, and the bonds are returned by ``ReturnBonds`` actions.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

import pytest

import support
from railways.core.actions import Action, BuildTrack, DeliverGoods, Pass, PassBid
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link, Phase
from railways.rules import new_game
from railways.rules.boards.transcontinental import ReturnBonds, data

MAP = "transcontinental"
H = Hex.from_offset


def start(players: int = 4, seed: int = 1, options: Mapping[str, Any] | None = None) -> Game:
    """A Transcontinental game at round 1 of turn 1, barons chosen and the auction passed."""
    game = new_game(MAP, players=players, seed=seed, options=options)
    support.choose_barons(game)
    pass_auction(game)
    return game


def pass_auction(game: Game) -> None:
    """Everyone passes in the auction, each first keeping a Western baron if one waits."""
    while game.state.phase is Phase.AUCTION:
        seat = game.to_act
        assert seat is not None
        step = game.turns.step_actions(game, seat)
        game.apply(step[0] if step else PassBid(seat=seat))


def pass_steps(game: Game) -> None:
    """Answer any step a seat must take first (a Western baron to keep) with its first choice."""
    while game.to_act is not None:
        seat = game.to_act
        step = game.turns.step_actions(game, seat)
        if not step:
            return
        game.apply(step[0])


def snapshot(game: Game) -> dict[str, Any]:
    state = game.state
    skip = {"rng", "tile_counts"}
    out = {
        f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(state) if f.name not in skip
    }
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


def ready(game: Game, seat: int, cash: int = 60) -> None:
    support.make_turn(game, seat)
    game.state.players[seat].cash = cash


def put_link(game: Game, seat: int, a: str, b: str) -> int:
    """A complete link a-b owned by ``seat``, written into the state (scoring positions)."""
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    state.links[link_id] = Link(link_id, seat, a, [(Hex(0, 0), Side.E, Side.W)], b)
    return link_id


def pass_out_the_turn(game: Game) -> None:
    """Every seat passes until the turn's action rounds are over."""
    turn = game.state.turn
    while game.state.phase is Phase.ACTIONS and game.state.turn == turn:
        seat = game.to_act
        assert seat is not None
        if data(game)["phase"] == "between":
            return
        game.apply(Pass(seat=seat))


def end_eastern_phase(game: Game) -> int:
    """Place the Eastern phase's last Empty City Marker by a real delivery (Chicago's last cube
    to Milwaukee) in round 1 of the current turn; returns the seat that delivered."""
    seat = game.state.order[0]
    ready(game, seat)
    game.state.ecm_needed = len(game.state.ecm) + 1
    link = support.build_link(game, seat, "chicago", "milwaukee")
    support.set_cubes(game, "chicago", [Color.YELLOW])  # Milwaukee is yellow
    ready(game, seat)
    game.apply(DeliverGoods(seat=seat, city="chicago", color="yellow", links=(link,)))
    assert game.state.end_trigger_turn == game.state.turn
    return seat


def to_the_west(
    game: Game, returns: Mapping[int, int] | None = None, answer_steps: bool = True
) -> None:
    """End the Eastern phase, pass the turn out, return bonds (``returns``: seat -> count);
    with ``answer_steps``, also keep the first Western baron offered (Option 2)."""
    end_eastern_phase(game)
    pass_out_the_turn(game)
    returns = returns or {}
    while data(game)["phase"] == "between":
        seat = game.to_act
        assert seat is not None
        game.apply(ReturnBonds(seat=seat, amount=returns.get(seat, 0)))
    if answer_steps:
        pass_steps(game)


def build(game: Game, seat: int, path: tuple[Hex, ...], exit_: Side | None = None) -> None:
    ready(game, seat)
    game.apply(BuildTrack(seat=seat, path=path, exit=exit_))
