"""Scenario helpers for the Railways of Australia rule tests (the shared ones are board_helpers).

Hexes are written "row,col" as on the board (docs/maps.md). The scenes use the board of a
2-player game (the three eastern regions) unless a test says otherwise.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

import pytest

import support
from railways.core.actions import Action, BuildTrack
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.rules import new_game

from ..board_helpers import act_as, baron_score, end_now, put_link

__all__ = [
    "MAP",
    "act_as",
    "baron_score",
    "build",
    "cubes",
    "end_now",
    "give",
    "h",
    "on_top",
    "path",
    "put_link",
    "refused",
    "show",
    "side",
    "snapshot",
    "start",
    "town_data",
]

MAP = "australia"


def h(text: str) -> Hex:
    row, col = text.split(",")
    return Hex.from_offset(int(row), int(col))


def path(*hexes: str) -> tuple[Hex, ...]:
    return tuple(h(x) for x in hexes)


def side(a: str, b: str) -> Side:
    """The side of hex ``a`` that faces the neighbouring hex ``b``."""
    found = h(a).side_towards(h(b))
    assert found is not None
    return found


def snapshot(game: Game) -> dict[str, Any]:
    """Everything in the state but caches (the tile count is worked out when first asked)."""
    state = game.state
    out = {
        f.name: copy.deepcopy(getattr(state, f.name))
        for f in fields(state)
        if f.name not in ("rng", "tile_counts")
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


def start(players: int = 2, seed: int = 1, modules: tuple[str, ...] = ()) -> Game:
    """A game past the Rail Baron choice and the first auction, no goal on the display (so
    the points a test counts are the rule's alone)."""
    options = {"modules": list(modules)} if modules else None
    game = new_game(MAP, players=players, seed=seed, options=options)
    support.choose_barons(game)
    support.pass_auction(game)
    goals = ("passenger", "speed", "railroad-era", "service-bounty")
    state = game.state
    state.ops_discard += [c for c in state.ops_display if c.startswith(goals)]
    state.ops_display = [c for c in state.ops_display if not c.startswith(goals)]
    return game


def build(
    game: Game, seat: int, hexes: tuple[Hex, ...], exit_: Side | None = None, cards=()
) -> None:
    act_as(game, seat, cash=100)
    game.apply(BuildTrack(seat=seat, path=hexes, exit=exit_, cards=tuple(cards)))


def town_data(game: Game) -> dict[str, object]:
    found: dict[str, object] = game.state.plugin_data["australia"]
    return found


def cubes(game: Game, city: str) -> list[Color]:
    return list(game.state.cubes[city])


def give(game: Game, seat: int, card: str, kept: bool = False) -> None:
    """Put ``card`` in the seat's hand (or its kept cards), from wherever it is (set-up)."""
    state = game.state
    for pile in (state.ops_deck, state.ops_display, state.ops_discard):
        if card in pile:
            pile.remove(card)
    (state.players[seat].kept if kept else state.players[seat].hand).append(card)


def on_top(game: Game, card: str) -> None:
    """Make ``card`` the next card turned up from the Operations deck (set-up)."""
    state = game.state
    for pile in (state.ops_deck, state.ops_display, state.ops_discard):
        if card in pile:
            pile.remove(card)
    state.ops_deck.append(card)


def show(game: Game, card: str) -> None:
    """Put ``card`` on the Operations display, from wherever it is (set-up)."""
    state = game.state
    for pile in (state.ops_deck, state.ops_display, state.ops_discard):
        if card in pile:
            pile.remove(card)
    state.ops_display.append(card)
