"""Legal actions, structured for large spaces.

Track building is offered as candidate *links* (from a city or an incomplete
link to a city, with the cheapest route of tiles and its cost) and step by
step (:func:`next_hexes`); deliveries as (city, colour) -> legal routes with
the points each owner gets. This is what UIs highlight and bots choose from.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    ChooseBaron,
    DeliverGoods,
    Pass,
    PassBid,
    UpgradeEngine,
    Urbanize,
)
from railways.core.board import Board, Color, Terrain
from railways.core.cards import Icon
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side, TrackShape, track_shape
from railways.core.state import Phase, Piece
from railways.core.track import crosses, tiles_in_use

LONG_LINK_TILES = 8  # candidates for links too long for one action are offered up to this


@dataclass(frozen=True, slots=True)
class BuildOption:
    """A candidate Build Track action and what it does."""

    action: BuildTrack
    cost: int
    tiles: int
    to_city: str | None
    route: tuple[Hex, ...]  # the whole planned route, for links that need more than one action


@dataclass(frozen=True, slots=True)
class DeliveryOption:
    action: DeliverGoods
    destination: str
    points: dict[int, int]


@dataclass(slots=True)
class LegalActions:
    """What a seat may do now. ``all()`` flattens it into concrete actions."""

    seat: int
    phase: Phase
    simple: list[Action] = field(default_factory=list)
    min_bid: int | None = None
    builds: list[BuildOption] = field(default_factory=list)
    deliveries: dict[tuple[str, str], list[DeliveryOption]] = field(default_factory=dict)

    def all(self) -> list[Action]:
        out = list(self.simple)
        if self.min_bid is not None:
            out.append(Bid(seat=self.seat, amount=self.min_bid))
        out.extend(b.action for b in self.builds)
        for options in self.deliveries.values():
            out.extend(o.action for o in options)
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form for front ends: every option with its action's dict form."""
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "simple": [{"action": a.to_dict(), "label": str(a)} for a in self.simple],
            "min_bid": self.min_bid,
            "builds": [
                {
                    "action": b.action.to_dict(),
                    "cost": b.cost,
                    "tiles": b.tiles,
                    "to_city": b.to_city,
                    "route": [[h.row, h.col] for h in b.route],
                }
                for b in self.builds
            ],
            "deliveries": [
                {
                    "city": city,
                    "color": color,
                    "routes": [
                        {
                            "action": o.action.to_dict(),
                            "destination": o.destination,
                            "points": {str(k): v for k, v in o.points.items()},
                        }
                        for o in options
                    ],
                }
                for (city, color), options in self.deliveries.items()
            ],
        }

    def __bool__(self) -> bool:
        return bool(self.simple or self.min_bid is not None or self.builds or self.deliveries)


def legal_actions(game: Game, seat: int) -> LegalActions:
    state = game.state
    legal = LegalActions(seat=seat, phase=state.phase)
    if state.to_act != seat:
        return legal
    step = game.turns.step_actions(game, seat)
    if step is not None:  # a step with its own choices (railways.core.turns)
        legal.simple = [a for a in step if _ok(game, a)]
        return legal
    if state.phase is Phase.CHOOSE_BARON:
        legal.simple = [ChooseBaron(seat=seat, baron=b) for b in state.players[seat].barons_dealt]
        return legal
    if state.phase is Phase.AUCTION:
        assert state.auction is not None
        legal.simple = [PassBid(seat=seat)]
        legal.min_bid = state.auction.high_bid + 1
        return legal
    if state.phase is not Phase.ACTIONS:
        return legal
    legal.simple.append(Pass(seat=seat))
    _engine_and_cities(game, seat, legal)
    _cards(game, seat, legal)
    for plugin in game.ruleset.plugins:
        for action in plugin.legal_actions(game, seat):
            if _ok(game, action):
                legal.simple.append(action)
    legal.builds = build_options(game, seat)
    legal.deliveries = delivery_options(game, seat)
    return legal


def _ok(game: Game, action: Action) -> bool:
    try:
        game.check(action)
    except IllegalAction:
        return False
    return True


def _engine_and_cities(game: Game, seat: int, legal: LegalActions) -> None:
    state = game.state
    upgrade = UpgradeEngine(seat=seat)
    if _ok(game, upgrade):
        legal.simple.append(upgrade)
        for card_id in state.players[seat].hand:
            with_card = UpgradeEngine(seat=seat, cards=(card_id,))
            if _ok(game, with_card):
                legal.simple.append(with_card)
    colors = [
        c for c, n in sorted(state.new_city_tiles.items(), key=lambda kv: kv[0].value) if n > 0
    ]
    for city in sorted(game.board.cities):
        if state.city_colors[city] is Color.GRAY:
            for color in colors:
                legal.simple.append(Urbanize(seat=seat, city=city, color=color.value))


def _cards(game: Game, seat: int, legal: LegalActions) -> None:
    for card_id in game.state.ops_display:
        card = game.card(card_id)
        if card.icon is Icon.GOAL:
            continue
        for option in game.ruleset.card_effects[card.effect].take_options(game, seat, card):
            if _ok(game, option):
                legal.simple.append(option)


# -- deliveries ----------------------------------------------------------------------
def delivery_options(game: Game, seat: int) -> dict[tuple[str, str], list[DeliveryOption]]:
    state = game.state
    engine = game.engine_level(seat)
    by_city: dict[str, list[tuple[int, str, int]]] = {}
    for link in state.links.values():
        if link.end is None:
            continue
        by_city.setdefault(link.start, []).append((link.id, link.end, link.owner))
        by_city.setdefault(link.end, []).append((link.id, link.start, link.owner))
    out: dict[tuple[str, str], list[DeliveryOption]] = {}
    colors_of = state.city_colors
    for city, cubes in state.cubes.items():
        if not cubes or city not in by_city:
            continue
        if not any(owner == seat for _l, _c, owner in by_city[city]):
            continue
        for color in sorted(set(cubes), key=lambda c: c.value):
            routes: list[DeliveryOption] = []
            for links, dest, owners in _walks(by_city, colors_of, city, color, seat, engine):
                points: dict[int, int] = {}
                for owner in owners:
                    points[owner] = points.get(owner, 0) + 1
                action = DeliverGoods(seat=seat, city=city, color=color.value, links=links)
                routes.append(DeliveryOption(action, dest, points))
            if routes:
                out[(city, color.value)] = routes
    return out


def _walks(
    by_city: dict[str, list[tuple[int, str, int]]],
    colors: dict[str, Color],
    start: str,
    color: Color,
    seat: int,
    engine: int,
) -> Iterator[tuple[tuple[int, ...], str, tuple[int, ...]]]:
    stack: list[tuple[str, tuple[int, ...], frozenset[str], tuple[int, ...]]] = [
        (start, (), frozenset((start,)), ())
    ]
    while stack:
        here, links, seen, owners = stack.pop()
        if len(links) >= engine:
            continue
        for link_id, nxt, owner in by_city.get(here, ()):
            if not links and owner != seat:
                continue
            if nxt in seen or link_id in links:
                continue
            new_links, new_owners = links + (link_id,), owners + (owner,)
            if colors[nxt] is color:
                yield new_links, nxt, new_owners  # the cube stops here (RW-p5-28)
            else:
                stack.append((nxt, new_links, seen | {nxt}, new_owners))


# -- track building -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StaticRoute:
    """A route of tiles from a city to another on the empty board, with its base cost."""

    path: tuple[Hex, ...]
    cost: int
    open_tiles: int
    inner: frozenset[Hex] = frozenset()  # the hexes that get tiles
    laid: tuple[tuple[Hex, Side, Side], ...] = ()  # each tile: hex, side in, side out

    @property
    def tiles(self) -> int:
        return len(self.path) - 2


def _tiles_of(path: tuple[Hex, ...]) -> tuple[tuple[Hex, Side, Side], ...]:
    out = []
    for i in range(1, len(path) - 1):
        a = path[i].side_towards(path[i - 1])
        b = path[i].side_towards(path[i + 1])
        assert a is not None and b is not None
        out.append((path[i], a, b))
    return tuple(out)


_ROUTE_CACHE: dict[tuple[int, int], dict[tuple[str, str], list[StaticRoute]]] = {}


def _can_enter(board: Board, hex_: Hex) -> bool:
    return board.is_buildable(hex_)


def static_routes(board: Board, max_tiles: int) -> dict[tuple[str, str], list[StaticRoute]]:
    """Every route of at most ``max_tiles`` tiles between two cities, on an empty board.

    Computed once per board and tile limit, grouped by (origin, destination)
    and sorted by cost; at play time each is checked against the track laid.
    """
    key = (id(board), max_tiles)
    cached = _ROUTE_CACHE.get(key)
    if cached is not None:
        return cached
    tc = board.tables.terrain_costs
    out: dict[tuple[str, str], list[StaticRoute]] = {}
    for city in board.cities.values():
        routes: list[tuple[Hex, ...]] = []
        for side in sorted(city.spokes):
            first = city.at.neighbour(side)
            if not _can_enter(board, first) or board.is_impassable(city.at, first):
                continue
            _extend(board, (city.at, first), side.opposite, max_tiles, routes, city.id)
        for path in routes:
            dest = board.city_at(path[-1])
            assert dest is not None
            tiles = path[1:-1]
            cost = sum(tc.of(board.hexes[h]) for h in tiles)
            cost += tc.ridge * sum(
                1 for x, y in itertools.pairwise(path) if board.crosses_ridge(x, y)
            )
            opens = sum(1 for h in tiles if board.hexes[h] is Terrain.OPEN)
            out.setdefault((city.id, dest.id), []).append(
                StaticRoute(path, cost, opens, frozenset(tiles), _tiles_of(path))
            )
    for group in out.values():
        group.sort(key=lambda r: (r.cost, r.tiles, r.path))
    _ROUTE_CACHE[key] = out
    return out


def _extend(
    board: Board,
    path: tuple[Hex, ...],
    entry: Side,
    max_tiles: int,
    routes: list[tuple[Hex, ...]],
    origin: str,
) -> None:
    here = path[-1]
    for exit_ in Side:
        if exit_ == entry or track_shape(entry, exit_) is TrackShape.SHARP:
            continue
        nxt = here.neighbour(exit_)
        if nxt in path or board.is_impassable(here, nxt):
            continue
        city = board.city_at(nxt)
        if city is not None:
            if exit_.opposite in city.spokes and city.id != origin:
                routes.append(path + (nxt,))
            continue
        if len(path) - 1 >= max_tiles or not _can_enter(board, nxt):
            continue
        _extend(board, path + (nxt,), exit_.opposite, max_tiles, routes, origin)


def _max_tiles(game: Game, seat: int) -> tuple[int, tuple[str, ...]]:
    """The most tiles the seat can lay now, and the cards that allow it."""
    base = BuildTrack(seat=seat)
    best = game.build_rules(base).max_tiles
    cards: tuple[str, ...] = ()
    player = game.state.players[seat]
    for card_id in player.kept:
        try:
            rules = game.build_rules(BuildTrack(seat=seat, cards=(card_id,)))
        except IllegalAction:
            continue
        if rules.max_tiles > best:
            best, cards = rules.max_tiles, (card_id,)
    return best, cards


def build_options(game: Game, seat: int) -> list[BuildOption]:
    """Candidate links: the cheapest legal route from each city to each city in reach.

    Routes over empty hexes are legal exactly as precomputed; a route that
    meets track is checked in full (it may still cross as an overpass).

    The answer depends only on the track, the tile supply and the cards used,
    so it is kept per game until the track changes: every change of the track
    drops ``state.tile_counts`` (see ``track.tiles_in_use``), whose identity is
    the cache's token.
    """
    state = game.state
    max_tiles, cards = _max_tiles(game, seat)
    in_use = tiles_in_use(state)
    cache: dict[
        tuple[int, int, tuple[str, ...], frozenset[Hex]], tuple[object, object, list[BuildOption]]
    ]
    cache = game.__dict__.setdefault("_build_options_cache", {})
    closed = frozenset().union(*(r.hexes for r in game.build_restrictions(seat)))
    key = (seat, max_tiles, cards, closed)
    hit = cache.get(key)
    if hit is not None and hit[0] is in_use and hit[1] is state:
        return list(hit[2])
    options = _build_options(game, seat, max_tiles, cards, in_use)
    if closed:  # hexes a plug-in closes to this seat now (Plugin.build_restriction)
        options = [o for o in options if closed.isdisjoint(o.action.path)]
    cache[key] = (in_use, state, options)
    return list(options)


# Frozen options for routes over empty hexes, made once: (seat, cards, id(route)) -> option.
_OPTIONS: dict[tuple[int, tuple[str, ...], int], BuildOption] = {}


def _option(
    seat: int, cards: tuple[str, ...], route: StaticRoute | FirstLeg, dest: str | None
) -> BuildOption:
    key = (seat, cards, id(route))
    option = _OPTIONS.get(key)
    if option is None:
        if isinstance(route, FirstLeg):
            action = BuildTrack(seat=seat, path=route.path, exit=route.exit, cards=cards)
            option = BuildOption(action, route.cost, len(route.path) - 1, None, route.route)
        else:
            action = BuildTrack(seat=seat, path=route.path, cards=cards)
            option = BuildOption(action, route.cost, route.tiles, dest, route.path)
        _OPTIONS[key] = option
    return option


def _build_options(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...], in_use: dict[str, int]
) -> list[BuildOption]:
    board, track = game.board, game.state.track
    supply = board.tables.tile_supply
    plenty = all(supply.get(k, 0) - in_use[k] >= max_tiles for k in in_use)
    # With tiles to spare and no card that changes costs, a route that only crosses
    # track as overpasses is legal at its precomputed cost: plan_build would check
    # nothing else that is not already true of every static route.
    fast = plenty and not game.build_rules(BuildTrack(seat=seat, cards=cards)).free_open
    occupied = set(track)
    options: list[BuildOption] = []
    for (_origin, dest), group in static_routes(board, max_tiles).items():
        for route in group:
            if route.inner.isdisjoint(occupied):
                if plenty:
                    options.append(_option(seat, cards, route, dest))
                    break
            elif not _crossable(track, occupied, route.laid):
                continue
            elif fast:
                options.append(_option(seat, cards, route, dest))
                break
            option = _try(
                game, BuildTrack(seat=seat, path=route.path, cards=cards), route.path, dest
            )
            if option is not None:
                options.append(option)
                break
    options.extend(_first_legs(game, seat, max_tiles, cards, plenty, occupied))
    options.extend(_extensions(game, seat, max_tiles, cards))
    return options


def _crosses_table() -> tuple[bool, ...]:
    return tuple(
        crosses(Side(a1), Side(b1), Side(a2), Side(b2))
        for a1 in range(6)
        for b1 in range(6)
        for a2 in range(6)
        for b2 in range(6)
    )


_CROSSES = _crosses_table()


def _crossable(
    track: dict[Hex, list[Piece]],
    occupied: set[Hex],
    tiles: tuple[tuple[Hex, Side, Side], ...],
) -> bool:
    """Every tile of the route meets at most one track, and crosses it as an overpass."""
    for h, a, b in tiles:
        if h in occupied:
            pieces = track[h]
            if not pieces:
                continue
            if len(pieces) > 1:
                return False
            p = pieces[0]
            if not _CROSSES[p.a * 216 + p.b * 36 + a * 6 + b]:
                return False
    return True


def _try(
    game: Game, action: BuildTrack, route: tuple[Hex, ...], dest: str | None
) -> BuildOption | None:
    try:
        plan = game.plan(action)
    except IllegalAction:
        return None
    return BuildOption(action, plan.cost, plan.tiles_laid, dest, route)


def _first_legs(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    plenty: bool,
    occupied: set[Hex],
) -> list[BuildOption]:
    """For cities too far for one action: the first tiles of the cheapest route."""
    out: list[BuildOption] = []
    for leg in long_routes(game.board, max_tiles):
        if not leg.inner.isdisjoint(occupied):
            continue  # the planned route is blocked; the step-by-step builder still works
        if plenty:
            out.append(_option(seat, cards, leg, None))
            continue
        action = BuildTrack(seat=seat, path=leg.path, exit=leg.exit, cards=cards)
        option = _try(game, action, leg.route, None)
        if option is not None:
            out.append(option)
    return out


@dataclass(frozen=True, slots=True)
class FirstLeg:
    """The first action's tiles of a route too long for one action."""

    origin: str
    target: str
    route: tuple[Hex, ...]
    path: tuple[Hex, ...]
    exit: Side
    cost: int
    inner: frozenset[Hex] = frozenset()  # the hexes of the whole route that get tiles


_LONG_CACHE: dict[tuple[int, int], list[FirstLeg]] = {}


def long_routes(board: Board, max_tiles: int) -> list[FirstLeg]:
    """Cheapest empty-board routes between cities that need more than one action."""
    key = (id(board), max_tiles)
    if key in _LONG_CACHE:
        return _LONG_CACHE[key]
    tc = board.tables.terrain_costs
    out: list[FirstLeg] = []
    for city in sorted(board.cities.values(), key=lambda c: c.id):
        for target, route in _cheapest_from(board, city.id, LONG_LINK_TILES).items():
            if len(route) - 2 <= max_tiles:
                continue
            leg = route[: max_tiles + 1]
            exit_ = leg[-1].side_towards(route[max_tiles + 1])
            assert exit_ is not None
            cost = sum(tc.of(board.hexes[h]) for h in leg[1:])
            cost += tc.ridge * sum(
                1 for x, y in itertools.pairwise(leg) if board.crosses_ridge(x, y)
            )
            out.append(FirstLeg(city.id, target, route, leg, exit_, cost, frozenset(route[1:-1])))
    _LONG_CACHE[key] = out
    return out


def _cheapest_from(board: Board, origin: str, limit: int) -> dict[str, tuple[Hex, ...]]:
    city = board.cities[origin]
    tc = board.tables.terrain_costs
    heap: list[tuple[int, int, tuple[Hex, ...], Side]] = []
    for side in sorted(city.spokes):
        first = city.at.neighbour(side)
        if _can_enter(board, first) and not board.is_impassable(city.at, first):
            cost = tc.of(board.hexes[first]) + (
                tc.ridge if board.crosses_ridge(city.at, first) else 0
            )
            heapq.heappush(heap, (cost, 1, (city.at, first), side.opposite))
    best: dict[str, tuple[Hex, ...]] = {}
    done: set[tuple[Hex, Side]] = set()
    while heap:
        cost, tiles, path, entry = heapq.heappop(heap)
        here = path[-1]
        if (here, entry) in done:
            continue
        done.add((here, entry))
        for exit_ in Side:
            if exit_ == entry or track_shape(entry, exit_) is TrackShape.SHARP:
                continue
            nxt = here.neighbour(exit_)
            if nxt in path or board.is_impassable(here, nxt):
                continue
            ridge = tc.ridge if board.crosses_ridge(here, nxt) else 0
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


def _extensions(game: Game, seat: int, max_tiles: int, cards: tuple[str, ...]) -> list[BuildOption]:
    """Ways to finish the seat's own incomplete links."""
    out: list[BuildOption] = []
    board = game.board
    for link in game.state.links.values():
        if link.owner != seat or link.complete:
            continue
        end_hex, end_side = link.open_end
        routes: list[tuple[Hex, ...]] = []
        nxt = end_hex.neighbour(end_side)
        city = board.city_at(nxt)
        if city is not None:
            continue
        if _can_enter(board, nxt):
            _extend(board, (end_hex, nxt), end_side.opposite, max_tiles, routes, link.start)
        best: dict[str, BuildOption] = {}
        for route in routes:
            dest = board.city_at(route[-1])
            assert dest is not None
            option = _try(game, BuildTrack(seat=seat, path=route, cards=cards), route, dest.id)
            if option is not None and (dest.id not in best or option.cost < best[dest.id].cost):
                best[dest.id] = option
        out.extend(best.values())
    return out


def next_hexes(
    game: Game, seat: int, path: tuple[Hex, ...], cards: tuple[str, ...] = ()
) -> list[tuple[Hex, int, bool]]:
    """Hexes a build in progress may go to next: (hex, cost so far, completes a link)."""
    board = game.board
    if not path:
        return []
    out: list[tuple[Hex, int, bool]] = []
    for _side, nxt in path[-1].neighbours():
        if nxt in path or nxt not in board.hexes:
            continue
        candidate = path + (nxt,)
        completes = board.city_at(nxt) is not None
        exits = [None] if completes else list(Side)
        for exit_ in exits:
            try:
                plan = game.plan(BuildTrack(seat=seat, path=candidate, exit=exit_, cards=cards))
            except IllegalAction:
                continue
            out.append((nxt, plan.cost, plan.completes))
            break
    return out
