"""With a short tile supply the build listing takes a route's precomputed price unless a card
reprices tiles or a plug-in judges every build; closed hexes and hexes closed only as a start
are passed over without planning. These tests compare that listing with one where every
route is planned in full (a plug-in that judges every build forces it), at positions where
the supply really is short (each board's supply cut to a third)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from railways.core.board import Board
from railways.core.build_listing import _build_options, _plenty
from railways.core.build_option import _closed, _max_tiles
from railways.core.game import Game
from railways.core.legal import sample_action
from railways.core.plugins import BuildRestriction, Plugin
from railways.core.rng import Rng
from railways.rules import new_game

SHARE = 3  # the supply is cut to a third of the board's


class _JudgesEverything(Plugin):
    """Changes nothing, but says it judges every build: listings then plan each route."""

    id = "test-judges-everything"
    judges_builds = True


class _ClosesAColumn(Plugin):
    """Closes every other hex of one column of the board to every build: many groups then
    have a cheapest route over a closed hex and a dearer one around it."""

    id = "test-closes-a-column"

    def __init__(self, board: Board, column: int) -> None:
        self.hexes = frozenset(
            h for h in board.hexes if h.offset[1] == column and h.offset[0] % 2 == 0
        )

    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        return BuildRestriction(self.hexes, "closed for this test")


def _fresh(game: Game, *, planned: bool) -> Game:
    twin = copy.copy(game)
    twin.state = copy.deepcopy(game.state)
    twin.derived = {}
    if planned:
        plugins = (*game.ruleset.plugins, _JudgesEverything())
        twin.ruleset = dataclasses.replace(game.ruleset, plugins=plugins)
    return twin


def _listing(game: Game, seat: int, *, planned: bool) -> list[tuple[object, int]]:
    twin = _fresh(game, planned=planned)
    max_tiles, cards = _max_tiles(twin, seat)
    closed, starts = _closed(twin, seat)
    options = _build_options(twin, seat, max_tiles, cards, starts, closed)
    return [(o.action, o.cost) for o in options]


@pytest.fixture
def short_supply() -> Iterator[Any]:
    cut: list[tuple[dict[str, int], dict[str, int]]] = []

    def cut_supply(game: Game) -> Game:
        supply = game.board.tables.tile_supply
        cut.append((supply, dict(supply)))
        for kind in supply:
            supply[kind] //= SHARE
        return game

    yield cut_supply
    for supply, before in cut:  # the board is shared with other tests in this process
        supply.clear()
        supply.update(before)


@pytest.mark.parametrize(
    ("board", "players", "options", "column"),
    [
        ("australia", 6, {}, None),  # unbuilt towns: closed as a start; switches: closed
        ("eastern-us", 4, {"modules": ["cut-throat", "switch-tracks"]}, None),
        ("transcontinental", 6, {}, None),
        ("eastern-us", 4, {}, 12),
        ("australia", 6, {}, 14),
    ],
)
def test_a_short_supply_lists_what_planning_every_route_lists(
    short_supply: Any, board: str, players: int, options: dict[str, Any], column: int | None
) -> None:
    game = short_supply(new_game(board, players=players, seed=5, options=options or None))
    if column is not None:
        plugins = (*game.ruleset.plugins, _ClosesAColumn(game.board, column))
        game.ruleset = dataclasses.replace(game.ruleset, plugins=plugins)
    rng = Rng(5)
    compared = 0
    for step in range(900):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        max_tiles, _cards = _max_tiles(game, seat)
        if step % 4 == 0 and not _plenty(game, max_tiles):
            assert _listing(game, seat, planned=False) == _listing(game, seat, planned=True)
            compared += 1
        game.apply(sample_action(game, seat, rng))
    assert compared >= 20, f"only {compared} positions with a short supply were compared"
