"""Portugal: the maritime lanes to the Açores and Madeira (house rules of our board).

The islands are insets in the Atlantic, each at the end of a lane of water hexes from its
mainland port (Lisboa - Açores, Sagres - Madeira); map.toml names each lane with a
``[[border]]`` of kind ``maritime`` whose edges run from the port through the lane to the
island. A maritime link is built like any other link, tile by tile, but only along its lane:
a tile on a lane hex may join only the lane's other hexes, its port and its island (so a lane
is not a short cut to anywhere else), and each costs ``MARITIME_TILE`` ($4,000: a ship and a
quay, dearer than a river). The Rail Barons solo book builds these "maritime connections" for
the Railbot and prices them for its paths (RB-083, RB-085, RB-088: ``solo.py`` here, and the
generic ``rules/solo``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from railways.core.actions import BuildTrack
from railways.core.board import Board, Border
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.plugins import Marker, Plugin
from railways.core.track import BuildPlan, CostRules
from railways.rules.registry import register_plugin

MARITIME = "maritime"  # the borders' kind
MARITIME_TILE = 4  # $4,000 a lane hex (house)


@dataclass(frozen=True)
class Lane:
    id: str
    port: str
    island: str
    hexes: frozenset[Hex]  # the lane's water hexes (not the two cities)
    label: str


def lanes(board: Board) -> dict[Hex, Lane]:
    """Every lane hex of the board and its lane (worked out once per board)."""

    def make() -> dict[Hex, Lane]:
        out: dict[Hex, Lane] = {}
        for border in sorted(board.borders.values(), key=lambda b: b.id):
            if border.kind != MARITIME:
                continue
            port, island = _ends(border)
            cells = {h for e in border.edges for h in (e.a, e.b) if board.city_at(h) is None}
            lane = Lane(border.id, port, island, frozenset(cells), border.label)
            out.update((h, lane) for h in cells)
        return out

    return board.derived(("portugal-lanes",), make)


def _ends(border: Border) -> tuple[str, str]:
    return str(border.params.get("port", "")), str(border.params.get("island", ""))


def step_allowed(board: Board, a: Hex, b: Hex) -> bool:
    """Whether track may join neighbouring hexes ``a`` and ``b``: a lane hex only to its own
    lane's hexes, its port and its island."""
    sea = lanes(board)
    for here, there in ((a, b), (b, a)):
        lane = sea.get(here)
        if lane is None:
            continue
        if there in lane.hexes:
            continue
        city = board.city_at(there)
        if city is None or city.id not in (lane.port, lane.island):
            return False
    return True


@register_plugin
class Portugal(Plugin):
    id = "portugal"
    # The Railbot's maritime card (RB-088), beside the board.
    solo_hook = "railways.rules.boards.portugal.solo:PortugalSolo"
    feature_kinds = frozenset({MARITIME})
    prices_edges = True
    judges_routes = True

    def edge_cost(self, board: Board, a: Hex, b: Hex) -> int:
        # The surcharge of the tile laid on ``b`` (each tile of a build is stepped onto once):
        # a lane hex is water and pays the rest of its price here.
        if b in lanes(board):
            return MARITIME_TILE - board.tables.terrain_costs.of(board.hexes[b])
        return 0

    def route_allowed(self, board: Board, path: Sequence[Hex]) -> bool:
        return all(step_allowed(board, a, b) for a, b in itertools.pairwise(path))

    def judge_build(
        self, game: Game, action: BuildTrack, plan: BuildPlan, rules: CostRules
    ) -> BuildPlan:
        board, state = game.board, game.state
        hexes: list[Hex] = []
        if plan.start_city is not None:
            hexes.append(board.cities[plan.start_city].at)
        elif plan.extends is not None:  # from the open end of the link it extends
            hexes.append(state.links[plan.extends].tiles[-1][0])
        hexes.extend(h for h, _a, _b in plan.tiles)
        if plan.end_city is not None:
            hexes.append(board.cities[plan.end_city].at)
        if not self.route_allowed(board, hexes):
            raise IllegalAction(
                "track on a maritime lane joins only its port and its island "
                "(Lisboa - Açores, Sagres - Madeira)"
            )
        return plan

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        seen: dict[str, Lane] = {lane.id: lane for lane in lanes(game.board).values()}
        return [
            Marker(
                kind=MARITIME,
                label=(
                    f"{lane.label}: track on it joins only {game.city_name(lane.port)} and "
                    f"{game.city_name(lane.island)}, ${MARITIME_TILE},000 a hex"
                ),
                symbol="~",
            )
            for _id, lane in sorted(seen.items())
        ]

    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        borders = [b for b in board.borders.values() if b.kind == MARITIME]
        if not borders:
            problems.append(f"the board has no border of kind {MARITIME!r} (its maritime lanes)")
        for border in sorted(borders, key=lambda b: b.id):
            port, island = _ends(border)
            missing = [c for c in (port, island) if c not in board.cities]
            if missing:
                problems.append(f"maritime lane {border.id} names {missing}, not cities")
                continue
            cells = {h for e in border.edges for h in (e.a, e.b) if board.city_at(h) is None}
            for cell in sorted(cells):
                if not board.is_buildable(cell):
                    problems.append(f"maritime lane {border.id}: {cell} takes no track")
            # The edges must chain from the port to the island.
            todo, seen = [board.cities[port].at], {board.cities[port].at}
            pairs = {(e.a, e.b) for e in border.edges} | {(e.b, e.a) for e in border.edges}
            while todo:
                here = todo.pop()
                for a, b in pairs:
                    if a == here and b not in seen:
                        seen.add(b)
                        todo.append(b)
            if board.cities[island].at not in seen:
                problems.append(f"maritime lane {border.id} does not reach {island}")
        return problems
