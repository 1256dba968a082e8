"""The board's static route tables for track building (RW-p4-43 to RW-p4-47).

Routes over empty hexes, worked out once per board and kept on it: links between two cities
short enough for one action (:class:`StaticRoute`), first legs of links too long for one
(:class:`FirstLeg`), the cheapest way from a hex to each city, and the routes on from a
link's open end. What the track on the board now allows is checked elsewhere
(:mod:`railways.core.route_fit`, :mod:`railways.core.build_listing`).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from railways.core.board import Board, Terrain
from railways.core.hexgrid import SIDES, Hex, Side, TrackShape, copied_by_fields, track_shape
from railways.core.plugins import EdgeCosts
from railways.core.state import Link
from railways.core.track import shape_kind

LONG_LINK_TILES = 8  # candidates for links too long for one action are offered up to this
NO_EDGE_COSTS = EdgeCosts()


@dataclass(frozen=True, slots=True, eq=False)  # compared and hashed as itself: many are kept
class StaticRoute:
    """A route of tiles from a city to another on the empty board, with its base cost."""

    path: tuple[Hex, ...]
    cost: int
    open_tiles: int
    inner: frozenset[Hex] = frozenset()  # the hexes that get tiles
    laid: tuple[tuple[Hex, Side, Side], ...] = ()  # each tile: hex, side in, side out
    plain: tuple[int, int] = (0, 0)  # straight and gentle tiles it lays on an empty board

    @property
    def tiles(self) -> int:
        return len(self.path) - 2


def _plain(laid: tuple[tuple[Hex, Side, Side], ...]) -> tuple[int, int]:
    """How many straight and how many gentle tiles ``laid`` takes from an empty board."""
    straights = sum(1 for _h, a, b in laid if shape_kind(a, b) == "straight")
    return straights, len(laid) - straights


def _tiles_of(path: tuple[Hex, ...]) -> tuple[tuple[Hex, Side, Side], ...]:
    out = []
    for i in range(1, len(path) - 1):
        a = path[i].side_towards(path[i - 1])
        b = path[i].side_towards(path[i + 1])
        assert a is not None and b is not None
        out.append((path[i], a, b))
    return tuple(out)


def _can_enter(board: Board, hex_: Hex) -> bool:
    return board.is_buildable(hex_)


def static_routes(
    board: Board, max_tiles: int, edge_costs: EdgeCosts = NO_EDGE_COSTS
) -> dict[tuple[str, str], list[StaticRoute]]:
    """Every route of at most ``max_tiles`` tiles between two cities, on an empty board.

    Computed once per board, tile limit and edge pricing, grouped by (origin,
    destination) and sorted by cost; at play time each is checked against the track.
    """
    return board.derived(
        ("static_routes", max_tiles, edge_costs.key),
        lambda: _static_routes(board, max_tiles, edge_costs),
    )


def _route_cost(board: Board, path: Sequence[Hex], edge_costs: EdgeCosts) -> int:
    """What laying a tile on every hex of ``path`` but the first costs on an empty board."""
    tc = board.tables.terrain_costs
    cost = sum(tc.of(board.hexes[h]) for h in path[1:] if board.city_at(h) is None)
    cost += tc.ridge * sum(1 for x, y in itertools.pairwise(path) if board.crosses_ridge(x, y))
    if edge_costs.plugins:  # (not ``if edge_costs``: its __bool__ is a Python call)
        cost += sum(edge_costs(board, x, y) for x, y in itertools.pairwise(path))
    return cost


def _static_routes(
    board: Board, max_tiles: int, edge_costs: EdgeCosts
) -> dict[tuple[str, str], list[StaticRoute]]:
    out: dict[tuple[str, str], list[StaticRoute]] = {}
    for city in board.cities.values():
        routes: list[tuple[Hex, ...]] = []
        for side in sorted(city.spokes):
            first = city.at.neighbour(side)
            if not _can_enter(board, first) or board.is_impassable(city.at, first):
                continue
            _extend(board, (city.at, first), side.opposite, max_tiles, routes, city.id)
        for path in routes:
            if edge_costs.judges and not edge_costs.allowed(board, path):
                continue  # a plug-in rules it out without a card (a region border)
            dest = board.city_at(path[-1])
            assert dest is not None
            tiles = path[1:-1]
            cost = _route_cost(board, path, edge_costs)
            opens = sum(1 for h in tiles if board.hexes[h] is Terrain.OPEN)
            laid = _tiles_of(path)
            out.setdefault((city.id, dest.id), []).append(
                StaticRoute(path, cost, opens, frozenset(tiles), laid, _plain(laid))
            )
    for group in out.values():
        group.sort(key=lambda r: (r.cost, r.tiles, r.path))
    return out


def _extend(
    board: Board,
    path: tuple[Hex, ...],
    entry: Side,
    max_tiles: int,
    routes: list[tuple[Hex, ...]],
    origin: str,
    steps: _StepTable | None = None,
) -> None:
    if steps is None:
        steps = _step_table(board)
    here = path[-1]
    deeper = len(path) - 1 < max_tiles
    for nxt, city, side in _steps_from(board, steps, here, entry):
        if nxt in path:
            continue
        if city is not None:
            if city != origin:
                routes.append(path + (nxt,))
        elif deeper:
            _extend(board, path + (nxt,), side, max_tiles, routes, origin, steps)


# Where a route entering a hex by a side may go next, in the sides' order: the next hex,
# the city there (its id; entered by one of its spokes) or None (a hex a tile may be laid
# on), and the side it is entered by. Per board, by hex and entry side (a list index: a
# side, an IntEnum, hashes by a Python call). Sharp turns and impassable edges left out.
_Step = tuple[Hex, "str | None", Side]
_StepTable = dict[Hex, list["list[_Step] | None"]]


def _step_table(board: Board) -> _StepTable:
    found: _StepTable = board.derived("route_steps", dict)
    return found


def _steps_from(board: Board, table: _StepTable, here: Hex, entry: Side) -> list[_Step]:
    """The steps of ``_extend`` from ``here`` entered by ``entry``, worked out once."""
    by_entry = table.get(here)
    if by_entry is None:
        by_entry = table[here] = [None] * 6
    found = by_entry[entry]
    if found is not None:
        return found
    found = []
    for exit_ in SIDES:
        if exit_ == entry or track_shape(entry, exit_) is TrackShape.SHARP:
            continue
        nxt = here.neighbour(exit_)
        if board.is_impassable(here, nxt):
            continue
        city = board.city_at(nxt)
        if city is not None:
            if exit_.opposite in city.spokes:
                found.append((nxt, city.id, exit_.opposite))
        elif _can_enter(board, nxt):
            found.append((nxt, None, exit_.opposite))
    by_entry[entry] = found
    return found


@dataclass(frozen=True, slots=True, eq=False)  # compared and hashed as itself, like StaticRoute
class FirstLeg:
    """The first action's tiles of a route too long for one action."""

    origin: str
    target: str
    route: tuple[Hex, ...]
    path: tuple[Hex, ...]
    exit: Side
    cost: int
    inner: frozenset[Hex] = frozenset()  # the hexes of the whole route that get tiles
    laid: tuple[tuple[Hex, Side, Side], ...] = ()  # the leg's tiles: hex, side in, side out
    plain: tuple[int, int] = (0, 0)  # straight and gentle tiles the leg lays on an empty board


def long_routes(
    board: Board, max_tiles: int, edge_costs: EdgeCosts = NO_EDGE_COSTS
) -> list[FirstLeg]:
    """Cheapest empty-board routes between cities that need more than one action."""
    return board.derived(
        ("long_routes", max_tiles, edge_costs.key),
        lambda: _long_routes(board, max_tiles, edge_costs),
    )


def _long_routes(board: Board, max_tiles: int, edge_costs: EdgeCosts) -> list[FirstLeg]:
    out: list[FirstLeg] = []
    for city in sorted(board.cities.values(), key=lambda c: c.id):
        for target, route in _cheapest_from(board, city.id, LONG_LINK_TILES, edge_costs).items():
            if len(route) - 2 <= max_tiles:
                continue
            leg = route[: max_tiles + 1]
            exit_ = leg[-1].side_towards(route[max_tiles + 1])
            assert exit_ is not None
            cost = _route_cost(board, leg, edge_costs)
            laid = _tiles_of((*leg, route[max_tiles + 1]))
            inner = frozenset(route[1:-1])
            out.append(
                FirstLeg(city.id, target, route, leg, exit_, cost, inner, laid, _plain(laid))
            )
    return out


def _cheapest_from(
    board: Board, origin: str, limit: int, edge_costs: EdgeCosts = NO_EDGE_COSTS
) -> dict[str, tuple[Hex, ...]]:
    city = board.cities[origin]
    tc = board.tables.terrain_costs

    def edge(a: Hex, b: Hex) -> int:
        extra = edge_costs(board, a, b) if edge_costs else 0
        return extra + (tc.ridge if board.crosses_ridge(a, b) else 0)

    heap: list[tuple[int, int, tuple[Hex, ...], Side]] = []
    for side in sorted(city.spokes):
        first = city.at.neighbour(side)
        if _can_enter(board, first) and not board.is_impassable(city.at, first):
            cost = tc.of(board.hexes[first]) + edge(city.at, first)
            heapq.heappush(heap, (cost, 1, (city.at, first), side.opposite))
    best: dict[str, tuple[Hex, ...]] = {}
    done: set[tuple[Hex, Side]] = set()
    while heap:
        cost, tiles, path, entry = heapq.heappop(heap)
        here = path[-1]
        if (here, entry) in done:
            continue
        done.add((here, entry))
        for exit_ in SIDES:
            if exit_ == entry or track_shape(entry, exit_) is TrackShape.SHARP:
                continue
            nxt = here.neighbour(exit_)
            if nxt in path or board.is_impassable(here, nxt):
                continue
            if edge_costs.judges and not edge_costs.allowed(board, path + (nxt,)):
                continue
            ridge = edge(here, nxt)
            target = board.city_at(nxt)
            if target is not None:
                if (
                    exit_.opposite in target.spokes
                    and target.id != origin
                    and target.id not in best
                ):
                    best[target.id] = path + (nxt,)
                continue
            if tiles >= limit or not _can_enter(board, nxt):
                continue
            heapq.heappush(
                heap,
                (cost + tc.of(board.hexes[nxt]) + ridge, tiles + 1, path + (nxt,), exit_.opposite),
            )
    return best


def _end_routes(board: Board, link: Link, max_tiles: int) -> tuple[list[tuple[Hex, ...]], int]:
    """The routes on the empty board from an incomplete link's open end to a city (at most
    ``max_tiles`` tiles), and how many cities they reach: worked out once per board and
    place. ``_extensions`` keeps the best legal route to each of those cities."""
    end_hex, end_side = link.open_end

    def make() -> tuple[list[tuple[Hex, ...]], int]:
        routes: list[tuple[Hex, ...]] = []
        nxt = end_hex.neighbour(end_side)
        if board.city_at(nxt) is None and _can_enter(board, nxt):
            _extend(board, (end_hex, nxt), end_side.opposite, max_tiles, routes, link.start)
        return routes, len({r[-1] for r in routes})

    return board.derived(("end_routes", end_hex, end_side, max_tiles, link.start), make)


def _cities_near(board: Board, at: Hex, max_tiles: int) -> int:
    """How many cities lie within ``max_tiles`` + 1 hexes of ``at``: a link's open end there
    can be finished to no other (each tile is one hex further), so no more extensions."""
    return board.derived(
        ("cities_near", at, max_tiles),
        lambda: sum(1 for c in board.cities.values() if at.distance(c.at) <= max_tiles + 1),
    )


copied_by_fields(StaticRoute, FirstLeg)  # copy and pickle work compiled too (hexgrid)
