"""Legal actions, structured for large spaces.

Track building is offered as candidate *links* (from a city or an incomplete
link to a city, with the cheapest route of tiles and its cost) and step by
step (:func:`next_hexes`); deliveries as (city, colour) -> legal routes with
the points each owner gets. This is what UIs highlight and bots choose from.
"""

from __future__ import annotations

import heapq
import itertools
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
from railways.core.rng import Rng
from railways.core.state import Phase, Piece
from railways.core.track import crosses, tiles_after, tiles_in_use

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
    legal.simple.extend(_upgrades(game, seat))
    legal.simple.extend(_urbanizations(game, seat))


def _upgrades(game: Game, seat: int) -> list[Action]:
    out: list[Action] = []
    upgrade = UpgradeEngine(seat=seat)
    if _ok(game, upgrade):
        out.append(upgrade)
        for card_id in game.state.players[seat].hand:
            with_card = UpgradeEngine(seat=seat, cards=(card_id,))
            if _ok(game, with_card):
                out.append(with_card)
    return out


def _urbanizations(game: Game, seat: int) -> list[Action]:
    state = game.state
    colors = [
        c for c, n in sorted(state.new_city_tiles.items(), key=lambda kv: kv[0].value) if n > 0
    ]
    out: list[Action] = []
    for city in sorted(game.board.cities):
        if state.city_colors[city] is Color.GRAY:
            for color in colors:
                out.append(Urbanize(seat=seat, city=city, color=color.value))
    return out


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
    by_city = link_graph(game)
    out: dict[tuple[str, str], list[DeliveryOption]] = {}
    colors_of = state.city_colors
    for city, cubes in state.cubes.items():
        if not cubes or city not in by_city:
            continue
        if not any(owner == seat for _l, _c, owner in by_city[city]):
            continue
        colors = sorted(set(cubes), key=lambda c: c.value)
        walks = _walks(by_city, colors_of, city, colors, seat, engine)
        for color in colors:
            routes: list[DeliveryOption] = []
            for links, dest, owners in walks[color]:
                points: dict[int, int] = {}
                for owner in owners:
                    points[owner] = points.get(owner, 0) + 1
                action = DeliverGoods(seat=seat, city=city, color=color.value, links=links)
                routes.append(DeliveryOption(action, dest, points))
            if routes:
                out[(city, color.value)] = routes
    return out


def link_graph(game: Game) -> dict[str, list[tuple[int, str, int]]]:
    """City -> (link id, city at the other end, owner) for every complete link.

    Kept per game until the track changes (the token of :func:`build_options`):
    links are only made, finished and removed by laying or lifting track.
    Do not modify the answer.
    """
    state = game.state
    token = tiles_in_use(state)
    hit = game.__dict__.get("_link_graph_cache")
    if hit is not None and hit[0] is token and hit[1] is state:
        graph: dict[str, list[tuple[int, str, int]]] = hit[2]
        return graph
    graph = {}
    for link in state.links.values():
        if link.end is None:
            continue
        graph.setdefault(link.start, []).append((link.id, link.end, link.owner))
        graph.setdefault(link.end, []).append((link.id, link.start, link.owner))
    game.__dict__["_link_graph_cache"] = (token, state, graph)
    return graph


def _walks(
    by_city: dict[str, list[tuple[int, str, int]]],
    colors: dict[str, Color],
    start: str,
    wanted: list[Color],
    seat: int,
    engine: int,
) -> dict[Color, list[tuple[tuple[int, ...], str, tuple[int, ...]]]]:
    """Every legal route from ``start`` for a cube of each colour in ``wanted``.

    One depth-first walk serves all the colours: it carries the colours still
    travelling, and a colour stops at the first city of its colour (RW-p5-28).
    Each colour's routes come out in the order a walk for that colour alone gives.
    A route never enters a city twice (RW-p5-27), so it never reuses a link either.
    """
    found: dict[Color, list[tuple[tuple[int, ...], str, tuple[int, ...]]]] = {c: [] for c in wanted}
    stack: list[tuple[str, tuple[int, ...], tuple[str, ...], tuple[int, ...], frozenset[Color]]]
    stack = [(start, (), (start,), (), frozenset(wanted))]
    while stack:
        here, links, seen, owners, alive = stack.pop()
        if len(links) >= engine:
            continue
        for link_id, nxt, owner in by_city.get(here, ()):
            if not links and owner != seat:
                continue
            if nxt in seen:
                continue
            new_links, new_owners = links + (link_id,), owners + (owner,)
            color = colors[nxt]
            if color in alive:
                found[color].append((new_links, nxt, new_owners))  # it stops here (RW-p5-28)
                if len(alive) > 1:
                    rest = alive - {color}
                    stack.append((nxt, new_links, (*seen, nxt), new_owners, rest))
            else:
                stack.append((nxt, new_links, (*seen, nxt), new_owners, alive))
    return found


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
    if fast:
        options = _slot_options(game, seat, max_tiles, cards)
    else:
        occupied = set(track)
        exact = not game.build_rules(BuildTrack(seat=seat, cards=cards)).free_open and not any(
            game.build_restrictions(seat)
        )
        options = []
        for (_origin, dest), group in static_routes(board, max_tiles).items():
            option = _group_choice(game, seat, cards, dest, group, plenty, fast, occupied, exact)
            if option is not None:
                options.append(option)
        options.extend(_first_legs(game, seat, max_tiles, cards, plenty, occupied, exact))
    options.extend(_extensions(game, seat, max_tiles, cards))
    return options


# -- candidate links kept up to date as the track changes ----------------------------------
# With tiles to spare and no card that changes costs (the "fast" case above), which route
# of an (origin, destination) group is the cheapest legal one, and whether a first leg's
# route is free, depend only on the track on the hexes those routes use. So the choice for
# every group and leg (a "slot") is kept per game, and when the track changes only the
# slots that use a changed hex are worked out again.


@dataclass(slots=True)
class _SlotIndex:
    """Per board and tile limit: the slots, and which slots use each hex."""

    dests: list[str | None]
    groups: list[list[StaticRoute]]  # slots 0..len(groups)-1
    legs: list[FirstLeg]  # the slots after them
    by_hex: dict[Hex, list[int]]


_SLOT_INDEX: dict[tuple[int, int], _SlotIndex] = {}


def _slot_index(board: Board, max_tiles: int) -> _SlotIndex:
    key = (id(board), max_tiles)
    index = _SLOT_INDEX.get(key)
    if index is None:
        dests: list[str | None] = []
        groups: list[list[StaticRoute]] = []
        by_hex: dict[Hex, list[int]] = {}
        for (_origin, dest), group in static_routes(board, max_tiles).items():
            hexes = set().union(*(r.inner for r in group))
            for h in hexes:
                by_hex.setdefault(h, []).append(len(groups))
            dests.append(dest)
            groups.append(group)
        legs = long_routes(board, max_tiles)
        for i, leg in enumerate(legs):
            dests.append(None)
            for h in leg.inner:
                by_hex.setdefault(h, []).append(len(groups) + i)
        index = _SlotIndex(dests, groups, legs, by_hex)
        _SLOT_INDEX[key] = index
    return index


@dataclass(slots=True)
class _Slots:
    """Per game and tile limit: the route each slot offers now, and when it last changed."""

    state: object
    token: object
    track: dict[Hex, tuple[tuple[Side, Side], ...]]
    routes: list[StaticRoute | FirstLeg | None]
    changed: list[int]
    version: int
    seats: dict[tuple[int, tuple[str, ...]], tuple[int, list[BuildOption | None]]]


def _slot_route(
    index: _SlotIndex, i: int, track: dict[Hex, list[Piece]], occupied: set[Hex]
) -> StaticRoute | FirstLeg | None:
    if i < len(index.groups):
        for route in index.groups[i]:  # what _group_choice picks in the fast case
            if route.inner.isdisjoint(occupied) or _crossable(track, occupied, route.laid):
                return route
        return None
    leg = index.legs[i - len(index.groups)]
    return leg if leg.inner.isdisjoint(occupied) else None  # as _leg_choice, fast case


def _synced_slots(game: Game, max_tiles: int) -> _Slots:
    state = game.state
    token = tiles_in_use(state)
    every: dict[int, _Slots] = game.__dict__.setdefault("_link_slots", {})
    slots = every.get(max_tiles)
    if slots is not None and slots.state is state and slots.token is token:
        return slots
    index = _slot_index(game.board, max_tiles)
    track = state.track
    occupied = set(track)
    now = {h: tuple((p.a, p.b) for p in pieces) for h, pieces in track.items()}
    if slots is None or slots.state is not state:
        count = len(index.groups) + len(index.legs)
        routes = [_slot_route(index, i, track, occupied) for i in range(count)]
        slots = _Slots(state, token, now, routes, [0] * count, 0, {})
        every[max_tiles] = slots
        return slots
    before = slots.track
    dirty: set[int] = set()
    for h in now.keys() | before.keys():
        if now.get(h) != before.get(h):
            dirty.update(index.by_hex.get(h, ()))
    slots.version += 1
    for i in dirty:
        route = _slot_route(index, i, track, occupied)
        if route is not slots.routes[i]:
            slots.routes[i] = route
            slots.changed[i] = slots.version
    slots.token, slots.track = token, now
    return slots


def _slot_options(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...]
) -> list[BuildOption]:
    """The options of every group and first leg, in order, for the fast case."""
    slots = _synced_slots(game, max_tiles)
    index = _slot_index(game.board, max_tiles)
    seen, options = slots.seats.get((seat, cards), (-1, [None] * len(slots.routes)))
    if seen < slots.version:
        changed, routes, dests = slots.changed, slots.routes, index.dests
        for i, route in enumerate(routes):
            if changed[i] > seen:
                options[i] = None if route is None else _option(seat, cards, route, dests[i])
        slots.seats[(seat, cards)] = (slots.version, options)
    return [o for o in options if o is not None]


def _group_choice(
    game: Game,
    seat: int,
    cards: tuple[str, ...],
    dest: str,
    group: list[StaticRoute],
    plenty: bool,
    fast: bool,
    occupied: set[Hex],
    exact: bool = False,
) -> BuildOption | None:
    """The cheapest legal route of one (origin, destination) group, if any.

    ``exact``: no card changes costs and no plug-in closes hexes, so once a route
    meets track only as overpasses, the tile supply is all that is left to check.
    """
    track = game.state.track
    for route in group:
        if route.inner.isdisjoint(occupied):
            if plenty:
                return _option(seat, cards, route, dest)
        elif not _crossable(track, occupied, route.laid):
            continue
        elif fast:
            return _option(seat, cards, route, dest)
        if exact:
            if _supply_ok(game, route.laid):
                return _option(seat, cards, route, dest)
            continue
        option = _try(game, BuildTrack(seat=seat, path=route.path, cards=cards), route.path, dest)
        if option is not None:
            return option
    return None


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


def _supply_ok(game: Game, tiles: tuple[tuple[Hex, Side, Side], ...]) -> bool:
    """Whether the supply has the tiles, exactly as ``track._check_supply`` counts them."""
    used = tiles_after(game.state, tiles)
    supply = game.board.tables.tile_supply
    return all(count <= supply.get(kind, 0) for kind, count in used.items())


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
    exact: bool = False,
) -> list[BuildOption]:
    """For cities too far for one action: the first tiles of the cheapest route."""
    out: list[BuildOption] = []
    for leg in long_routes(game.board, max_tiles):
        option = _leg_choice(game, seat, cards, leg, plenty, occupied, exact)
        if option is not None:
            out.append(option)
    return out


def _leg_choice(
    game: Game,
    seat: int,
    cards: tuple[str, ...],
    leg: FirstLeg,
    plenty: bool,
    occupied: set[Hex],
    exact: bool = False,
) -> BuildOption | None:
    if not leg.inner.isdisjoint(occupied):
        return None  # the planned route is blocked; the step-by-step builder still works
    if plenty:
        return _option(seat, cards, leg, None)
    if exact:  # its tiles meet no track and its loose end points along the free route
        return _option(seat, cards, leg, None) if _supply_ok(game, leg.laid) else None
    action = BuildTrack(seat=seat, path=leg.path, exit=leg.exit, cards=cards)
    return _try(game, action, leg.route, None)


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
    laid: tuple[tuple[Hex, Side, Side], ...] = ()  # the leg's tiles: hex, side in, side out


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
            laid = _tiles_of((*leg, route[max_tiles + 1]))
            out.append(
                FirstLeg(city.id, target, route, leg, exit_, cost, frozenset(route[1:-1]), laid)
            )
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


# -- sampling one random action without listing them all ------------------------------------
SAMPLE_TRIES = 64  # candidate links drawn before falling back to the full list
WALK_TRIES = 16  # random delivery walks tried before falling back to the full list


def sample_action(game: Game, seat: int, rng: Rng) -> Action:
    """One random legal action for ``seat``, drawn without listing every legal action.

    The random bot's policy, for fast playouts: a kind of action (pass, build,
    deliver, upgrade, urbanize, take a card, a plug-in's action) uniformly among
    the kinds the seat may take now, then one action of that kind. Only the kind
    drawn is looked at. A candidate link is drawn by rejection (a random origin and
    destination group, first leg or extension, kept if it has a legal route), which
    is uniform over the links :func:`build_options` lists. A delivery is a random
    walk: a random cube the seat can move, then random links (the first its own)
    until the cube reaches a city of its colour; it is not uniform over the routes.
    Other kinds are uniform over what :func:`legal_actions` lists. In the auction
    it bids now and then, like the random bot.
    """
    state = game.state
    step = game.turns.step_actions(game, seat)
    if step is not None:
        choices = [a for a in step if _ok(game, a)]
        return choices[rng.below(len(choices))]
    if state.phase is Phase.CHOOSE_BARON:
        return ChooseBaron(seat=seat, baron=rng.choice(state.players[seat].barons_dealt))
    if state.phase is Phase.AUCTION:
        assert state.auction is not None
        low = state.auction.high_bid + 1
        if rng.below(3) == 0 and low <= 3:
            return Bid(seat=seat, amount=low + rng.below(2))
        return PassBid(seat=seat)
    kinds: list[str] = ["pass", "build", "deliver", "upgrade", "urbanize", "card", "plugin"]
    while kinds:
        kind = kinds.pop(rng.below(len(kinds)))
        action = _sample_kind(game, seat, rng, kind)
        if action is not None:
            return action
    return Pass(seat=seat)


def _sample_kind(game: Game, seat: int, rng: Rng, kind: str) -> Action | None:
    """A random action of one kind, or None when the seat has none of that kind."""
    if kind == "pass":
        return Pass(seat=seat)
    if kind == "build":
        return _sample_build(game, seat, rng)
    if kind == "deliver":
        return _sample_delivery(game, seat, rng)
    if kind == "upgrade":
        choices = _upgrades(game, seat)
    elif kind == "urbanize":
        choices = _urbanizations(game, seat)
    elif kind == "card":
        return _sample_card(game, seat, rng)
    else:
        choices = [a for plugin in game.ruleset.plugins for a in plugin.legal_actions(game, seat)]
        choices = [a for a in choices if _ok(game, a)]
    if not choices:
        return None
    # Kinds apart from these group under their own names in the random bot; here all
    # plug-in actions count as one kind (the Eastern U.S. has only the Western Link).
    return choices[rng.below(len(choices))]


def _sample_card(game: Game, seat: int, rng: Rng) -> Action | None:
    """A random way to take an Operations card: drawn first, then checked."""
    options: list[Action] = []
    for card_id in game.state.ops_display:
        card = game.card(card_id)
        if card.icon is not Icon.GOAL:
            options.extend(game.ruleset.card_effects[card.effect].take_options(game, seat, card))
    while options:
        i = rng.below(len(options))
        if _ok(game, options[i]):
            return options[i]
        options[i] = options[-1]
        options.pop()
    return None


_BY_VALUE = sorted(Color, key=lambda c: c.value)


def _sample_delivery(game: Game, seat: int, rng: Rng) -> DeliverGoods | None:
    """A random walk from a random cube the seat can start moving, until it is delivered."""
    state = game.state
    graph = link_graph(game)
    engine = game.engine_level(seat)
    sources: list[tuple[str, Color]] = []
    for city, edges in graph.items():
        cubes = state.cubes[city]
        if cubes and any(owner == seat for _l, _c, owner in edges):
            sources.extend((city, c) for c in _BY_VALUE if c in cubes)
    if not sources:
        return None
    colors = state.city_colors
    for _ in range(WALK_TRIES):
        start, color = sources[rng.below(len(sources))]
        here, seen, links = start, [start], list[int]()
        while len(links) < engine:
            steps = [
                (link_id, nxt)
                for link_id, nxt, owner in graph.get(here, ())
                if nxt not in seen and (links or owner == seat)
            ]
            if not steps:
                break
            link_id, here = steps[rng.below(len(steps))]
            links.append(link_id)
            seen.append(here)
            if colors[here] is color:  # the cube stops at the first city of its colour
                return DeliverGoods(seat=seat, city=start, color=color.value, links=tuple(links))
    deliveries = [o.action for v in delivery_options(game, seat).values() for o in v]
    return deliveries[rng.below(len(deliveries))] if deliveries else None


_GROUP_LISTS: dict[tuple[int, int], list[tuple[str, list[StaticRoute]]]] = {}


def _sample_build(game: Game, seat: int, rng: Rng) -> BuildTrack | None:
    board, state = game.board, game.state
    max_tiles, cards = _max_tiles(game, seat)
    closed = frozenset().union(*(r.hexes for r in game.build_restrictions(seat)))
    in_use = tiles_in_use(state)
    supply = board.tables.tile_supply
    plenty = all(supply.get(k, 0) - in_use[k] >= max_tiles for k in in_use)
    exact = not closed and not game.build_rules(BuildTrack(seat=seat, cards=cards)).free_open
    fast = plenty and exact
    occupied = set(state.track)
    key = (id(board), max_tiles)
    groups = _GROUP_LISTS.get(key)
    if groups is None:
        groups = [(dest, g) for (_o, dest), g in static_routes(board, max_tiles).items()]
        _GROUP_LISTS[key] = groups
    legs = long_routes(board, max_tiles)
    own_open = any(lk.owner == seat and lk.end is None for lk in state.links.values())
    extensions = _extensions(game, seat, max_tiles, cards) if own_open else []
    total = len(groups) + len(legs) + len(extensions)
    for _ in range(SAMPLE_TRIES):
        i = rng.below(total)
        option: BuildOption | None
        if i < len(groups):
            dest, group = groups[i]
            option = _group_choice(game, seat, cards, dest, group, plenty, fast, occupied, exact)
        elif i < len(groups) + len(legs):
            leg = legs[i - len(groups)]
            option = _leg_choice(game, seat, cards, leg, plenty, occupied, exact)
        else:
            option = extensions[i - len(groups) - len(legs)]
        if option is not None and (not closed or closed.isdisjoint(option.action.path)):
            return option.action
    options = build_options(game, seat)  # few candidates are legal: draw from the full list
    return options[rng.below(len(options))].action if options else None
