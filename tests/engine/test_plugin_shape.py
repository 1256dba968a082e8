"""The shape that lets a board be a content folder plus one rules module.

Action kinds are registered, not dispatched by type; caches belong to their owner
(the board, the game's state) and never to an object's ``id()``; plug-ins are found
by id; what a plug-in adds reaches the views and the legal-action listing.
"""

from __future__ import annotations

import dataclasses
import gc
import json
from typing import ClassVar

import pytest

from railways.content.maps import load_map
from railways.core.actions import Action, BuildTrack, Pass
from railways.core.board import Board, Terrain
from railways.core.errors import IllegalAction
from railways.core.hexgrid import Hex
from railways.core.kinds import ActionKind, KindRegistry
from railways.core.legal import build_options, legal_actions, link_graph, static_routes
from railways.core.state import Phase
from railways.rules import new_game
from railways.rules.registry import plugin_class
from support import build_link, make_turn, start


def _cost_of(board: Board, origin: str, dest: str, path: tuple[Hex, ...]) -> int:
    return {r.path: r.cost for r in static_routes(board, 4)[(origin, dest)]}[path]


def test_a_new_board_never_sees_a_freed_boards_routes() -> None:
    """Work derived from a board lives with it: a new board at a reused address gets its own."""
    eastern = load_map("eastern-us")
    (origin, dest), route = next(
        (key, r)
        for key, group in sorted(static_routes(eastern, 4).items())
        for r in group
        if any(eastern.hexes[h] is Terrain.OPEN for h in r.inner)
    )
    plain = route.cost
    # The same board with every hex of that route turned to mountain: the route costs more.
    mountains = dict(eastern.hexes)
    for h in route.inner:
        mountains[h] = Terrain.MOUNTAIN
    # Boards alternate between the two; each is asked until one sits where a freed board
    # of the other kind sat, where a cache keyed by id() would give the other's answer.
    held: dict[int, bool] = {}  # address -> whether the board last there had the mountains
    revealing = False
    for i in range(200):  # enough tries to meet a reused address; the first few do
        steep = i % 2 == 0
        board = dataclasses.replace(eastern, hexes=mountains if steep else dict(eastern.hexes))
        revealing = held.get(id(board), steep) != steep
        held[id(board)] = steep
        cost = _cost_of(board, origin, dest, route.path)
        assert cost > plain if steep else cost == plain
        del board
        gc.collect()
        if revealing:  # the board that matters was asked: more would ask the same again
            break
    # CPython gives a freed object's address to the next one of its size: the loop met a
    # reused address, where a cache keyed by id() would have given the old board's answer.
    assert revealing
    assert _cost_of(eastern, origin, dest, route.path) == plain


def test_track_version_moves_with_every_change_of_the_track() -> None:
    game = new_game("eastern-us", players=3, seed=5)
    while game.state.phase is not Phase.ACTIONS:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        game.apply(legal.simple[0])
    before = game.state.track_version
    graph = link_graph(game)
    seat = game.to_act
    assert seat is not None
    option = min(build_options(game, seat), key=lambda o: (o.to_city is None, o.cost))
    game.apply(option.action)
    assert game.state.track_version == before + 1
    assert link_graph(game) is not graph  # worked out again for the new track


def test_a_replaced_state_starts_its_caches_afresh() -> None:
    """Undo replaces the state: candidate links come from the new state, not the old one."""
    game = new_game("eastern-us", players=3, seed=5)
    while game.state.phase is not Phase.ACTIONS:
        seat = game.to_act
        assert seat is not None
        game.apply(legal_actions(game, seat).simple[0])
    seat = game.to_act
    assert seat is not None
    before = [o.action for o in build_options(game, seat)]
    option = min(build_options(game, seat), key=lambda o: (o.to_city is None, o.cost))
    game.apply(option.action)
    from railways.core.actions import Undo

    game.apply(Undo(seat=seat))
    assert game.state.track_version == 0
    assert [o.action for o in build_options(game, seat)] == before


class _PassAgain(ActionKind):
    action_type = Pass


def test_two_rules_cannot_define_one_action_kind() -> None:
    registry = KindRegistry.of([_PassAgain()])
    with pytest.raises(ValueError, match=r"'pass'"):
        registry.add(_PassAgain())


def test_an_action_of_a_kind_the_game_does_not_know_is_refused() -> None:
    game = new_game("eastern-us", players=2, seed=1)
    seat = game.to_act
    assert seat is not None

    @dataclasses.dataclass(frozen=True, slots=True)
    class Teleport(Action):
        kind: ClassVar[str] = "teleport"

    with pytest.raises(IllegalAction, match="unknown action 'teleport'"):
        game.check(Teleport(seat=seat))


@pytest.mark.rules("RW-p4-28")
def test_a_kind_is_refused_outside_its_phases() -> None:
    """Build Track belongs to the action rounds: refused while Rail Barons are chosen."""
    game = new_game("eastern-us", players=2, seed=1)
    assert game.state.phase is Phase.CHOOSE_BARON
    seat = game.to_act
    assert seat is not None
    with pytest.raises(IllegalAction) as info:
        game.check(BuildTrack(seat=seat))
    assert info.value.clause == "RW-p4-28"


def test_an_unknown_plugin_names_where_plugins_come_from() -> None:
    with pytest.raises(ValueError, match="RAILWAYS_PLUGINS"):
        plugin_class("no-such-rules")


def test_a_plugin_module_that_cannot_be_imported_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RAILWAYS_PLUGINS", "tests.fixtures.no_such_module")
    with pytest.raises(ValueError, match=r"tests\.fixtures\.no_such_module"):
        plugin_class("western_link")


def test_plugin_actions_carry_what_a_person_needs_to_choose_them() -> None:
    """The Western Link's action reaches the listing with a label, its cost and hexes."""
    game = start(2)
    game.state.round = 1
    build_link(game, 0, "st-louis", "kansas-city")
    game.state.round = 1
    make_turn(game, 0)
    game.state.players[0].cash = 50
    listing = legal_actions(game, 0).to_dict(game)
    json.dumps(listing)  # JSON-ready
    western = [e for e in listing["simple"] if e["action"]["kind"] == "build_western_link"]
    assert western, "the Western Link is offered once the seat links to Kansas City"
    entry = western[0]
    assert entry["cost"] == 30  # $30,000 (RW-p10-11), from the map's data
    assert entry["hexes"] == [[11, 2]]  # the Western Link hex of map.toml
    assert entry["help"] == "RW-p10-10"
    assert listing["kinds"]["build_western_link"]["title"]
