"""Scenario helpers for the North America rule tests.

Set-up edits the state directly (whose action it is, cash, a card in hand, links placed for
scoring); the rule under test always runs through ``Game.apply``/``Game.plan`` or, for Rail
Barons, through the baron's effect object, as the engine calls it at the end.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

import pytest

import support
from railways.core.actions import Action
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link

MAP = "north-america"
H = Hex.from_offset


def start(players: int = 4, seed: int = 1) -> Game:
    """A North America game at round 1 of turn 1, barons chosen and the auction passed."""
    return support.start(players=players, seed=seed, map_id=MAP)


def snapshot(game: Game) -> dict[str, Any]:
    state = game.state
    skip = {"rng", "tile_counts"}  # the generator is compared by its position; a cache is not
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


def ready(game: Game, seat: int, cash: int = 50) -> None:
    """Make it ``seat``'s action with ``cash`` in hand."""
    support.make_turn(game, seat)
    game.state.players[seat].cash = cash


def give_card(game: Game, seat: int, card_id: str) -> None:
    """Move a card from the display or the deck to the seat's hand (scenario set-up)."""
    state = game.state
    for pile in (state.ops_display, state.ops_deck):
        if card_id in pile:
            pile.remove(card_id)
    state.players[seat].hand.append(card_id)


def put_link(game: Game, seat: int, a: str, b: str, tiles: int = 1) -> int:
    """A complete link a-b owned by ``seat``, written into the state (scoring positions)."""
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    state.links[link_id] = Link(link_id, seat, a, [(Hex(0, 0), Side.E, Side.W)] * tiles, b)
    return link_id
