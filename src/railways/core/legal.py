"""Legal actions, structured for large spaces.

Track building is offered as candidate *links* (from a city or an incomplete
link to a city, with the cheapest route of tiles and its cost) and step by
step (:func:`next_hexes`); deliveries as (city, colour) -> legal routes with
the points each owner gets. This is what UIs highlight and bots choose from.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from railways.core.actions import Action, Bid, BuildTrack, DeliverGoods
from railways.core.board import Board, Color, Terrain
from railways.core.cards import CardEffect
from railways.core.delivery import DeliveryRules, Edge
from railways.core.errors import IllegalAction
from railways.core.game import DERIVED_FORKS, Game
from railways.core.hexgrid import SIDES, Hex, Side, TrackShape, track_shape
from railways.core.kinds import ActionKind, draw_legal
from railways.core.plugins import EdgeCosts
from railways.core.rng import Rng
from railways.core.state import Link, Phase, Piece
from railways.core.track import CostRules, crosses, shape_kind, tiles_in_use

LONG_LINK_TILES = 8  # candidates for links too long for one action are offered up to this
NO_EDGE_COSTS = EdgeCosts()


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

    def to_dict(self, game: Game | None = None) -> dict[str, Any]:
        """A JSON-ready form for front ends: every option with its action's dict form.

        Given the game, each simple action also carries how its kind describes it
        (label, cost, hexes and cities to mark, help clause: ``ActionKind.describe``)
        and ``kinds`` says how to present each kind offered (``KindInfo``).
        """
        simple: list[dict[str, Any]] = []
        kinds: dict[str, Any] = {}
        for a in self.simple:
            entry: dict[str, Any] = {"action": a.to_dict(), "label": str(a)}
            if game is not None:
                kind = game.kinds.kinds.get(a.kind)
                if kind is not None:
                    entry.update(kind.describe(game, a).to_dict())
                    if kind.info is not None:
                        kinds[a.kind] = kind.info.to_dict()
            simple.append(entry)
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "simple": simple,
            "kinds": kinds,
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
    """Every legal action of ``seat`` now, kind by kind in the registry's order."""
    state = game.state
    legal = LegalActions(seat=seat, phase=state.phase)
    if state.to_act != seat:
        return legal
    step = game.turns.step_actions(game, seat)
    if step is not None:  # a step with its own choices (railways.core.turns)
        legal.simple = [a for a in step if game.allows(a)]
        return legal
    allowed = game.allowed_kinds(seat)
    for kind in game.kinds.in_phase(state.phase):
        if allowed is None or kind.kind in allowed:
            kind.list_into(game, seat, legal)
    return legal


# -- deliveries ----------------------------------------------------------------------
def delivery_options(game: Game, seat: int) -> dict[tuple[str, str], list[DeliveryOption]]:
    """Every legal delivery of the seat, by (source city, colour), with each owner's points.

    Deliveries with a card the seat may play on them (``Game.delivery_cards``: Express)
    are listed too, each naming the card.
    """
    out = _delivery_options(game, seat, ())
    for card in game.delivery_cards(seat):
        for key, options in _delivery_options(game, seat, (card,)).items():
            # A new list: the lists listed are kept for later listings (_kept_deliveries).
            out[key] = [*out[key], *options] if key in out else options
    return out


def _delivery_options(
    game: Game, seat: int, cards: tuple[str, ...]
) -> dict[tuple[str, str], list[DeliveryOption]]:
    state = game.state
    rules = game.delivery_rules(seat, cards)
    _version, by_city, epoch, partners = _graph_entry(game)
    kept = _kept_deliveries(game, seat, cards, rules, epoch)
    out: dict[tuple[str, str], list[DeliveryOption]] = {}
    for city, cubes in state.cubes.items():
        if not cubes or city not in by_city:
            continue
        colors = sorted(set(cubes), key=_COLOR_VALUE.__getitem__)
        key = (city, tuple(colors))
        found = kept.get(key) if kept is not None else None
        if found is None:
            if not any(owner == seat or lk in rules.shared for lk, _c, owner in by_city[city]):
                found = []
            else:
                found = _city_deliveries(seat, cards, city, colors, rules, by_city, partners)
            if kept is not None:
                kept[key] = found
        for color_key, routes in found:
            out[(city, color_key)] = routes
    return out


_CityDeliveries = list[tuple[str, list[DeliveryOption]]]
_COLOR_VALUE = {c: c.value for c in Color}  # (an enum's .value is a Python-level look-up)


def _city_deliveries(
    seat: int,
    cards: tuple[str, ...],
    city: str,
    colors: list[Color],
    rules: DeliveryRules,
    by_city: dict[str, list[Edge]],
    partners: dict[int, list[int]],
) -> _CityDeliveries:
    """Every legal delivery of a cube of each of ``colors`` from ``city``, colour by colour."""
    walks = rules.routes(by_city, city, colors)
    out: _CityDeliveries = []
    for color in colors:
        routes: list[DeliveryOption] = []
        for links, dest, owners in walks[color]:
            points: dict[int, int] = {}
            for owner in owners:
                points[owner] = points.get(owner, 0) + 1
            if partners:  # co-owners score for their links too (AU-036)
                for link_id in links:
                    for partner in partners.get(link_id, ()):
                        points[partner] = points.get(partner, 0) + 1
            action = DeliverGoods(seat=seat, city=city, color=color.value, links=links, cards=cards)
            routes.append(DeliveryOption(action, dest, points))
        if routes:
            out.append((color.value, routes))
    return out


def _kept_deliveries(
    game: Game, seat: int, cards: tuple[str, ...], rules: DeliveryRules, graph_epoch: int
) -> dict[tuple[str, tuple[Color, ...]], _CityDeliveries] | None:
    """The deliveries already worked out for the seat, by (city, colours of its cubes), while
    nothing they depend on changed; None when they cannot be kept.

    With no hook in force, or hooks that only let cubes pass some cities (``passable``),
    a city's routes depend only on the complete links and who owns them (the link graph's
    epoch), the cities' colours,
    the seat, its engine, the links it shares and the passable cities: all in the key.
    Other hooks may ask anything of the state, so their routes are worked out every time.
    """
    if rules.passable is None:
        return None
    state = game.state
    every: dict[tuple[object, ...], tuple[object, dict[tuple[str, tuple[Color, ...]], Any]]]
    every = game.derived.setdefault("delivery_options", {})
    key = (seat, cards, rules.max_links, rules.shared, rules.passable)
    epoch = (graph_epoch, tuple(state.city_colors.values()))
    hit = every.get(key)
    if hit is None or hit[0] != epoch:
        if len(every) > 64:  # seats, cards and engines seen: a few; drop old epochs
            every.clear()
        hit = every[key] = (epoch, {})
    return hit[1]


def link_graph(game: Game) -> dict[str, list[Edge]]:
    """City -> (link id, city at the other end, owner) for every complete link.

    Kept with the state until the track changes (``state.track_version``): links
    are only made, finished and removed by laying or lifting track. Do not modify
    the answer.
    """
    return _graph_entry(game)[1]


# (track version, graph, epoch, co-owners by link): the epoch goes up only when the graph or
# who co-owns a link changes, not with every change of the track (an incomplete link).
_GraphEntry = tuple[int, dict[str, list[Edge]], int, dict[int, list[int]]]


def _graph_entry(game: Game) -> _GraphEntry:
    state = game.state
    hit: _GraphEntry | None = game.derived.get("link_graph")
    if hit is not None and hit[0] == state.track_version:
        return hit
    graph: dict[str, list[Edge]] = {}
    partners: dict[int, list[int]] = {}
    for link in state.links.values():
        if link.end is None:
            continue
        graph.setdefault(link.start, []).append((link.id, link.end, link.owner))
        graph.setdefault(link.end, []).append((link.id, link.start, link.owner))
        if link.partners:
            partners[link.id] = list(link.partners)
    for way in game.route_links().values():  # a plug-in's ways that count as links (switches)
        graph.setdefault(way.start, []).append((way.id, way.end, way.owner))
        graph.setdefault(way.end, []).append((way.id, way.start, way.owner))
    if hit is not None and hit[1] == graph and hit[3] == partners:
        entry = (state.track_version, hit[1], hit[2], hit[3])  # the same graph, kept as it was
    else:
        entry = (state.track_version, graph, 0 if hit is None else hit[2] + 1, partners)
    game.derived["link_graph"] = entry
    return entry


# -- track building -----------------------------------------------------------------------
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
) -> None:
    here = path[-1]
    for exit_ in SIDES:
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
    """Candidate links (:func:`link_options`), and the same links again with each hand card
    that helps there (:func:`hand_card_options`)."""
    options = link_options(game, seat)
    hand = game.state.players[seat].hand
    if not hand or not options:
        return options
    # The same links with each hand card: kept with the state until the track, the seat's
    # hand or the turn changes (prices a plug-in sets can change from turn to turn).
    state = game.state
    cache: dict[tuple[object, ...], tuple[int, list[BuildOption]]]
    cache = game.derived.setdefault("hand_card_options", {})
    key = (seat, tuple(hand), _max_tiles(game, seat), _closed(game, seat), state.turn)
    hit = cache.get(key)
    if hit is None or hit[0] != state.track_version:
        hit = cache[key] = (state.track_version, hand_card_options(game, seat, options))
    return options + hit[1]


def hand_card_options(game: Game, seat: int, options: Sequence[BuildOption]) -> list[BuildOption]:
    """``options`` again with one of the seat's hand cards, where the card lowers the price
    or scores (``CardEffect.build_bonus``): one card of each kind, named with the cards the
    option already uses (RW-p5-35, RW-p5-40).

    A card played on a build changes the prices of tiles and ridges (``CostRules.terrain``,
    ``free_open``) or acts afterwards; it never makes a legal build illegal. So no build is
    planned again: an option's price with the card is its price plus what the card changes
    on the option's tiles and ridges.
    """
    hand = game.state.players[seat].hand
    if not hand or not options:
        return []
    board = game.board
    shapes: dict[tuple[Hex, ...], _Shape] = board.derived("laid_shapes", dict)
    named = {option.action.cards for option in options}  # the cards options already name
    out: list[BuildOption] = []
    kinds: set[tuple[str, tuple[tuple[str, str | int], ...]]] = set()
    for card_id in hand:
        card = game.card(card_id)
        kind = (card.effect, tuple(sorted(card.params.items())))
        if kind in kinds:
            continue  # a second copy would only repeat the first one's options
        kinds.add(kind)
        effect = game.card_effect(card)
        scores = type(effect).build_bonus is not CardEffect.build_bonus
        helps = {
            cards: _helping_change(game, seat, cards, card_id, scores)
            for cards in named
            if card_id not in cards
        }
        if not any(helps.values()):
            continue  # it helps no option: none is looked at
        for option in options:
            action = option.action
            if action.redirect or card_id in action.cards:
                continue
            cards = action.cards
            change = helps[cards]
            if change is None:
                continue  # not for builds, or it lowers no price and scores nothing here
            per_tile, per_ridge = change
            shape = shapes.get(action.path)
            if shape is None:
                shape = shapes[action.path] = _Shape.of(board, action.path)
            diff = shape.ridges * per_ridge
            for terrain, count in shape.terrain:
                diff += per_tile[terrain] * count
            if diff < 0 or (scores and effect.build_bonus(game, seat, card, shape.hexes) > 0):
                # Made directly, not with dataclasses.replace: thousands are made per listing.
                with_card = BuildTrack(
                    seat=action.seat,
                    path=action.path,
                    exit=action.exit,
                    redirect=action.redirect,
                    cards=(*cards, card_id),
                )
                out.append(
                    BuildOption(
                        with_card, option.cost + diff, option.tiles, option.to_city, option.route
                    )
                )
    return out


def _helping_change(
    game: Game, seat: int, cards: tuple[str, ...], card_id: str, scores: bool
) -> tuple[dict[Terrain, int], int] | None:
    """``_price_change`` of the card on builds naming ``cards``, or None where it cannot help
    any of them: not playable on a build, or (for a card that scores nothing) lowering no
    price. Worked out once per hand card and cards named, not once per option."""
    change = _price_change(game, seat, cards, card_id)
    if change is None:
        return None
    per_tile, per_ridge = change
    if not scores and per_ridge >= 0 and min(per_tile.values()) >= 0:
        return None  # it lowers no price here (a Ferry Line card on a plain link)
    return change


@dataclass(frozen=True, slots=True)
class _Shape:
    """What a build along a path lays: its tiles' hexes, how many of each terrain, ridges."""

    hexes: tuple[Hex, ...]
    terrain: tuple[tuple[Terrain, int], ...]
    ridges: int

    @classmethod
    def of(cls, board: Board, path: tuple[Hex, ...]) -> _Shape:
        hexes = tuple(h for h in path[1:] if board.city_at(h) is None)
        kinds = [board.hexes[h] for h in hexes]
        terrain = tuple((t, kinds.count(t)) for t in Terrain if t in kinds)
        ridges = sum(1 for a, b in itertools.pairwise(path) if board.crosses_ridge(a, b))
        return cls(hexes, terrain, ridges)


def _price_change(
    game: Game, seat: int, cards: tuple[str, ...], card_id: str
) -> tuple[dict[Terrain, int], int] | None:
    """How much ``card_id`` changes the price of a tile of each terrain and of a ridge on a
    build naming ``cards``; None when the card may not be played on a build."""
    try:
        before = game.build_rules(BuildTrack(seat=seat, cards=cards))
        after = game.build_rules(BuildTrack(seat=seat, cards=(*cards, card_id)))
    except IllegalAction:
        return None
    table = game.board.tables.terrain_costs

    def price(rules: CostRules, terrain: Terrain) -> int:  # as track.plan_build prices a tile
        if rules.free_open and terrain is Terrain.OPEN:
            return 0
        return (rules.terrain or table).of(terrain)

    per_tile = {t: price(after, t) - price(before, t) for t in Terrain}
    per_ridge = (after.terrain or table).ridge - (before.terrain or table).ridge
    return per_tile, per_ridge


def link_options(game: Game, seat: int) -> list[BuildOption]:
    """Candidate links: the cheapest legal route from each city to each city in reach.

    Routes over empty hexes are legal exactly as precomputed; a route that
    meets track is checked in full (it may still cross as an overpass).

    The answer depends only on the track (and so the tile supply) and the cards
    used, so it is kept with the state until the track changes
    (``state.track_version``).
    """
    state = game.state
    max_tiles, cards = _max_tiles(game, seat)
    in_use = tiles_in_use(state)
    cache: dict[
        tuple[int, int, tuple[str, ...], frozenset[Hex], frozenset[Hex]],
        tuple[int, list[BuildOption]],
    ]
    cache = game.derived.setdefault("build_options", {})
    closed, starts = _closed(game, seat)
    key = (seat, max_tiles, cards, closed, starts)
    hit = cache.get(key)
    if hit is not None and hit[0] == state.track_version:
        return list(hit[1])
    # Hexes a plug-in closes to this seat now (Plugin.build_restriction) are left out there.
    options = _build_options(game, seat, max_tiles, cards, in_use, starts, closed)
    cache[key] = (state.track_version, options)
    return list(options)


def _option(
    board: Board,
    seat: int,
    cards: tuple[str, ...],
    route: StaticRoute | FirstLeg,
    dest: str | None,
) -> BuildOption:
    """The option of a route over empty hexes: made once per board, seat and cards."""
    made: dict[tuple[int, tuple[str, ...], StaticRoute | FirstLeg], BuildOption]
    made = board.derived("build_options", dict)
    key = (seat, cards, route)
    option = made.get(key)
    if option is None:
        if isinstance(route, FirstLeg):
            action = BuildTrack(seat=seat, path=route.path, exit=route.exit, cards=cards)
            option = BuildOption(action, route.cost, len(route.path) - 1, None, route.route)
        else:
            action = BuildTrack(seat=seat, path=route.path, cards=cards)
            option = BuildOption(action, route.cost, route.tiles, dest, route.path)
        made[key] = option
    return option


def _closed(game: Game, seat: int) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """Hexes closed to the seat's builds now, and hexes closed only as a build's start."""
    restrictions = game.build_restrictions(seat)
    return _union([r.hexes for r in restrictions if not r.starts_only]), _union(
        [r.hexes for r in restrictions if r.starts_only]
    )


def _union(sets: list[frozenset[Hex]]) -> frozenset[Hex]:
    # One set is kept as it is: the same object each time hashes once (frozensets keep their
    # hash), and these key the listing caches (a closed Western board is 679 hexes).
    return sets[0] if len(sets) == 1 else frozenset().union(*sets)


def _judged(game: Game) -> bool:
    """Whether a plug-in judges every build (``Plugin.judges_builds``): each candidate is
    then checked in full, as no precomputed route can know the plug-in's verdict."""
    return any(p.judges_builds for p in game.ruleset.plugins)


def _build_options(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    in_use: dict[str, int],
    starts: frozenset[Hex] = frozenset(),
    closed: frozenset[Hex] = frozenset(),
) -> list[BuildOption]:
    """Every candidate link, none over ``closed`` or starting in ``starts``."""
    board, track = game.board, game.state.track
    supply = board.tables.tile_supply
    plenty = all(supply.get(k, 0) - in_use[k] >= max_tiles for k in in_use)
    judged = _judged(game)
    if judged:  # no route is legal as precomputed: each is planned (and judged) in full
        plenty = False
    # With tiles to spare and no card that changes costs, a route that only crosses
    # track as overpasses is legal at its precomputed cost: plan_build would check
    # nothing else that is not already true of every static route.
    rules = game.build_rules(BuildTrack(seat=seat, cards=cards))
    fast = plenty and not rules.repriced and not judged
    special = _judged_cities(game)
    if fast and not special:
        # The slots' options are kept already without the closed hexes (a closed Western
        # board, RW-p9-05, is most of the list): only the few others are looked at here.
        options = _slot_options(game, seat, max_tiles, cards, closed, starts)
        more = _extensions(game, seat, max_tiles, cards)
        more.extend(_origin_options(game, seat, max_tiles, cards))
        return options + _open(more, closed, starts)
    if fast:
        options = _slot_options(game, seat, max_tiles, cards)
    elif _starved(game, _room(game)):
        options = []  # no route between cities can get its tiles (see _starved)
    else:
        occupied = set(track)
        exact = not rules.repriced and not any(game.build_restrictions(seat)) and not judged
        options = []
        for (_origin, dest), group in static_routes(board, max_tiles, game.edge_costs).items():
            if group[0].path[0] in starts:
                continue  # no build may start there now (an unbuilt town)
            option = _group_choice(game, seat, cards, dest, group, plenty, fast, occupied, exact)
            if option is not None:
                options.append(option)
        options.extend(
            o
            for o in _first_legs(game, seat, max_tiles, cards, plenty, occupied, exact)
            if o.action.path[0] not in starts
        )
    if special:  # links to or from these are planned in full (a town not built yet)
        options = _rejudged(game, seat, max_tiles, cards, options, special, starts)
    options.extend(_extensions(game, seat, max_tiles, cards))
    options.extend(_origin_options(game, seat, max_tiles, cards))
    return _open(options, closed, starts)


def _open(
    options: list[BuildOption], closed: frozenset[Hex], starts: frozenset[Hex]
) -> list[BuildOption]:
    """``options`` without those over a closed hex or starting where no build may start."""
    if not closed and not starts:
        return options
    return [
        o for o in options if closed.isdisjoint(o.action.path) and o.action.path[0] not in starts
    ]


def _judged_cities(game: Game) -> frozenset[str]:
    """The cities whose links a plug-in judges in full now (``Plugin.judged_cities``)."""
    found: frozenset[str] = frozenset()
    for plugin in game.ruleset.plugins:
        found |= plugin.judged_cities(game)
    return found


REJUDGE_TRIES = 12  # routes tried, cheapest first, for a link to a city a plug-in judges


def _rejudged(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    options: list[BuildOption],
    special: frozenset[str],
    starts: frozenset[Hex] = frozenset(),
) -> list[BuildOption]:
    """``options`` with every link to or from a city in ``special`` planned in full: at the
    price the plug-in asks, or, when it refuses the cheapest route, the next legal one."""
    board = game.board
    groups = static_routes(board, max_tiles, game.edge_costs)
    out: list[BuildOption] = []
    for option in options:
        path = option.action.path
        origin = board.city_at(path[0])
        if path[0] in starts:
            continue
        if option.to_city not in special and (origin is None or origin.id not in special):
            out.append(option)
            continue
        if option.to_city is None or origin is None:  # a first leg: only its tiles are judged
            checked = _try(game, option.action, option.route, None)
            if checked is not None:
                out.append(checked)
            continue
        for route in groups.get((origin.id, option.to_city), ())[:REJUDGE_TRIES]:
            action = BuildTrack(seat=seat, path=route.path, cards=cards)
            checked = _try(game, action, route.path, option.to_city)
            if checked is not None:
                out.append(checked)
                break
    return out


ORIGIN_TRIES = 4  # routes tried per destination from a plug-in's origins (cheapest first)


def _origin_routes(
    board: Board, at: Hex, side: Side, tiles: int, start: str, edge_costs: EdgeCosts
) -> list[tuple[int, str, tuple[Hex, ...], tuple[tuple[Hex, Side, Side], ...]]]:
    """Routes on the empty board from ``at`` out by ``side`` to a city within ``tiles``
    tiles: (cost, city, path, tiles laid). Worked out once per board and place."""

    def make() -> list[tuple[int, str, tuple[Hex, ...], tuple[tuple[Hex, Side, Side], ...]]]:
        nxt = at.neighbour(side)
        routes: list[tuple[Hex, ...]] = []
        if _can_enter(board, nxt) and not board.is_impassable(at, nxt):
            _extend(board, (at, nxt), side.opposite, tiles, routes, start)
        out = []
        for path in routes:
            if edge_costs.judges and not edge_costs.allowed(board, path):
                continue
            city = board.city_at(path[-1])
            assert city is not None
            out.append((_route_cost(board, path, edge_costs), city.id, path, _tiles_of(path)))
        return sorted(out)

    return board.derived(("origin_routes", at, side, tiles, start, edge_costs.key), make)


def _origin_options(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...]
) -> list[BuildOption]:
    """New links from the places a plug-in opens on the seat's own track (a switch,
    ``CostRules.origins``): the cheapest legal one to each city a build can reach.

    Kept with the state until the track changes, like the other candidate links.
    """
    key = (seat, max_tiles, cards)
    every: dict[tuple[int, int, tuple[str, ...]], tuple[int, list[BuildOption]]]
    every = game.derived.setdefault("origin_options", {})
    hit = every.get(key)
    if hit is not None and hit[0] == game.state.track_version:
        return hit[1]
    rules = game.build_rules(BuildTrack(seat=seat, cards=cards))
    board, track = game.board, game.state.track
    occupied = set(track)
    by_dest: dict[str, list[tuple[int, tuple[Hex, ...]]]] = {}
    for origin in rules.origins:
        tiles = max_tiles - origin.constructions
        if origin.seat != seat or tiles < 1 or origin.refusal is not None:
            continue
        for side in sorted(origin.sides):
            for cost, dest, path, laid in _origin_routes(
                board, origin.at, side, tiles, origin.start, game.edge_costs
            ):
                if _crossable(track, occupied, laid):  # meets track only as overpasses
                    by_dest.setdefault(dest, []).append((cost + origin.cost, path))
    options: list[BuildOption] = []
    for dest, found in sorted(by_dest.items()):
        found.sort()
        for _cost, route in found[:ORIGIN_TRIES]:
            option = _try(game, BuildTrack(seat=seat, path=route, cards=cards), route, dest)
            if option is not None:
                options.append(option)
                break
    every[key] = (game.state.track_version, options)
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


def _slot_index(board: Board, max_tiles: int, edge_costs: EdgeCosts) -> _SlotIndex:
    return board.derived(
        ("slot_index", max_tiles, edge_costs.key),
        lambda: _make_slot_index(board, max_tiles, edge_costs),
    )


def _make_slot_index(board: Board, max_tiles: int, edge_costs: EdgeCosts) -> _SlotIndex:
    dests: list[str | None] = []
    groups: list[list[StaticRoute]] = []
    by_hex: dict[Hex, list[int]] = {}
    for (_origin, dest), group in static_routes(board, max_tiles, edge_costs).items():
        hexes = set().union(*(r.inner for r in group))
        for h in hexes:
            by_hex.setdefault(h, []).append(len(groups))
        dests.append(dest)
        groups.append(group)
    legs = long_routes(board, max_tiles, edge_costs)
    for i, leg in enumerate(legs):
        dests.append(None)
        for h in leg.inner:
            by_hex.setdefault(h, []).append(len(groups) + i)
    return _SlotIndex(dests, groups, legs, by_hex)


@dataclass(slots=True)
class _Slots:
    """Per state and tile limit: the route each slot offers now, and when it last changed."""

    track_version: int
    track: dict[Hex, tuple[tuple[Side, Side], ...]]
    routes: list[StaticRoute | FirstLeg | None]
    changed: list[int]
    version: int
    seats: dict[
        tuple[int, tuple[str, ...], frozenset[Hex], frozenset[Hex]],
        tuple[int, list[BuildOption | None], list[BuildOption]],
    ]
    # The slots whose route changed at each of the last versions (log[v]: at version v), so
    # a seat's options catch up by looking at those slots only, not at every slot.
    log: dict[int, list[int]] = field(default_factory=dict)

    def fork(self) -> _Slots:
        """A copy for a copy of the game: the lists changed in place are copied."""
        seats = {key: (seen, list(o), listed) for key, (seen, o, listed) in self.seats.items()}
        return _Slots(
            self.track_version,
            dict(self.track),
            list(self.routes),
            list(self.changed),
            self.version,
            seats,
            dict(self.log),
        )

    def changed_since(self, seen: int) -> list[int] | None:
        """The slots whose route changed after version ``seen``; None when the log does not
        reach back that far (then every slot is looked at)."""
        if seen < 0 or (seen + 1 not in self.log and seen + 1 <= self.version):
            return None
        out: list[int] = []
        for v in range(seen + 1, self.version + 1):
            out.extend(self.log.get(v, ()))
        return out


def _fork_slots(every: dict[int, _Slots]) -> dict[int, _Slots]:
    return {tiles: slots.fork() for tiles, slots in every.items()}


# How a copy of the game takes these caches over (Game.copy): the link graph is replaced,
# never changed; build_options' lists are never changed, only its dict; slots change inside.
DERIVED_FORKS.update(
    link_graph=lambda entry: entry,
    build_options=dict,
    hand_card_options=dict,
    link_slots=_fork_slots,
)


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
    every: dict[int, _Slots] = game.derived.setdefault("link_slots", {})
    slots = every.get(max_tiles)
    if slots is not None and slots.track_version == state.track_version:
        return slots
    index = _slot_index(game.board, max_tiles, game.edge_costs)
    track = state.track
    occupied = set(track)
    now = {h: tuple((p.a, p.b) for p in pieces) for h, pieces in track.items()}
    if slots is None:
        count = len(index.groups) + len(index.legs)
        routes = [_slot_route(index, i, track, occupied) for i in range(count)]
        slots = _Slots(state.track_version, now, routes, [0] * count, 0, {})
        every[max_tiles] = slots
        return slots
    before = slots.track
    dirty: set[int] = set()
    routes_now = slots.routes
    for h in now.keys() | before.keys():
        was, is_ = before.get(h, ()), now.get(h, ())
        if is_ == was:
            continue
        if len(is_) > len(was) and is_[: len(was)] == was:
            # Track only added here: a route that was refused stays refused (the tracks it
            # met are all still there), so only a slot whose chosen route uses the hex can
            # change. Other changes (track lifted, turned or joined) may free any route.
            for i in index.by_hex.get(h, ()):
                route = routes_now[i]
                if route is not None and h in route.inner:
                    dirty.add(i)
        else:
            dirty.update(index.by_hex.get(h, ()))
    slots.version += 1
    moved: list[int] = []
    for i in dirty:
        route = _slot_route(index, i, track, occupied)
        if route is not slots.routes[i]:
            slots.routes[i] = route
            slots.changed[i] = slots.version
            moved.append(i)
    slots.log[slots.version] = moved
    slots.log.pop(slots.version - SLOT_LOG, None)
    slots.track_version, slots.track = state.track_version, now
    return slots


SLOT_LOG = 32  # versions of slot changes kept (seats further behind look at every slot)


def _slot_options(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    closed: frozenset[Hex] = frozenset(),
    starts: frozenset[Hex] = frozenset(),
) -> list[BuildOption]:
    """The options of every group and first leg, in order, for the fast case; none over a
    ``closed`` hex or from a hex of ``starts`` (kept so, slot by slot, as the track changes)."""
    slots = _synced_slots(game, max_tiles)
    board = game.board
    index = _slot_index(board, max_tiles, game.edge_costs)
    key = (seat, cards, closed, starts)
    hit = slots.seats.get(key)
    if hit is not None and hit[0] == slots.version:
        return list(hit[2])
    options: list[BuildOption | None]
    if hit is None:
        seen, options = -1, [None] * len(slots.routes)
    else:
        seen, options = hit[0], hit[1]
    routes, dests = slots.routes, index.dests
    todo = slots.changed_since(seen)
    if todo is None:
        changed = slots.changed
        todo = [i for i in range(len(routes)) if changed[i] > seen]
    for i in todo:
        route = routes[i]
        if route is None or not (closed.isdisjoint(route.path) and route.path[0] not in starts):
            options[i] = None
        else:
            options[i] = _option(board, seat, cards, route, dests[i])
    listed = [o for o in options if o is not None]
    slots.seats[key] = (slots.version, options, listed)
    return list(listed)


# -- the tiles each candidate takes, kept up to date for a short supply ---------------------------
# When the supply runs short, which route of a group (or whether a first leg) can be built
# depends on the tiles left, which change with every build anywhere; but which routes meet
# track only as overpasses, and what tiles each takes, depend only on the track on the
# hexes the routes use. So that is kept per slot and thrown away where the track changed,
# and the choice under the tiles left is a few comparisons.
_Entry = tuple[int, int, int, "StaticRoute | FirstLeg"]


@dataclass(slots=True)
class _Needs:
    """Per state and tile limit: for each slot worked out, its routes that meet track only
    as overpasses (in order) with the tiles each takes, and the least of each kind.

    ``hopeful``: the slots that may offer a route with the tiles ``room`` or fewer (the
    others offer none with those tiles or fewer, until their track changes); None: all of
    them. A slot found to offer nothing with fewer tiles than ``room`` may leave it, with
    ``room`` lowered to those tiles, so that what is said of the others still holds."""

    track_version: int
    track: dict[Hex, tuple[Side, Side, Side, Side]]
    slots: dict[int, tuple[tuple[int, int, int], list[_Entry]]]
    hopeful: set[int] | None = None
    room: tuple[int, int, int] = (0, 0, 0)


def _synced_needs(game: Game, max_tiles: int) -> _Needs:
    state = game.state
    every: dict[int, _Needs] = game.derived.setdefault("slot_needs", {})
    table = every.get(max_tiles)
    if table is not None and table.track_version == state.track_version:
        return table
    # A hex holds one or two tracks: the sides of the first and the last tell every change
    # of its tracks. A crossing tile left behind (Piece.on_crossing) comes and goes only with
    # a change of the tracks on its hex, so it needs no look of its own.
    now = {h: (ps[0].a, ps[0].b, ps[-1].a, ps[-1].b) for h, ps in state.track.items() if ps}
    if table is None:
        table = every[max_tiles] = _Needs(state.track_version, now, {})
        return table
    by_hex = _slot_index(game.board, max_tiles, game.edge_costs).by_hex
    before, slots, hopeful = table.track, table.slots, table.hopeful
    for h in now.keys() | before.keys():
        if now.get(h) != before.get(h):
            for i in by_hex.get(h, ()):
                slots.pop(i, None)
                if hopeful is not None:
                    hopeful.add(i)
    table.track_version, table.track = state.track_version, now
    return table


def _slot_entries(
    game: Game, table: _Needs, index: _SlotIndex, i: int, occupied: set[Hex]
) -> tuple[tuple[int, int, int], list[_Entry]]:
    hit = table.slots.get(i)
    if hit is not None:
        return hit
    track = game.state.track
    entries: list[_Entry] = []
    low_s = low_g = low_c = _NEVER
    if i < len(index.groups):
        for route in index.groups[i]:  # as _group_choice looks at them
            if route.inner.isdisjoint(occupied):
                need_s, need_g = route.plain
                need_c = 0
            else:
                need = _crossing_need(track, route.laid)
                if need is None:
                    continue
                need_s, need_g, need_c = need
            entries.append((need_s, need_g, need_c, route))
            low_s, low_g, low_c = min(low_s, need_s), min(low_g, need_g), min(low_c, need_c)
    else:
        leg = index.legs[i - len(index.groups)]
        if leg.inner.isdisjoint(occupied):  # as _leg_choice
            low_s, low_g = leg.plain
            low_c = 0
            entries.append((low_s, low_g, 0, leg))
    least = (low_s, low_g, low_c)
    table.slots[i] = (least, entries)
    return least, entries


_NEVER = 1 << 30  # more tiles than any supply holds


def _crossing_need(
    track: dict[Hex, list[Piece]], laid: tuple[tuple[Hex, Side, Side], ...]
) -> tuple[int, int, int] | None:
    """``_need`` of a route that meets track, or None when it may not (``_crossable``): both
    in one walk of its tiles."""
    return _tiles_walk(track, laid, True)


def _short_choice(
    game: Game,
    table: _Needs,
    index: _SlotIndex,
    i: int,
    occupied: set[Hex],
    room: tuple[int, int, int],
) -> StaticRoute | FirstLeg | None:
    """The route slot ``i`` offers with the tiles left, exactly as ``_group_choice`` and
    ``_leg_choice`` choose it when no card changes prices and no plug-in judges builds: the
    first route meeting track only as overpasses whose tiles the supply has."""
    straight, gentle, crossing = room
    least, entries = _slot_entries(game, table, index, i, occupied)
    if least[0] > straight or least[1] > gentle or least[2] > crossing:
        return None
    for need_s, need_g, need_c, route in entries:
        if need_s <= straight and need_g <= gentle and need_c <= crossing:
            return route
    return None


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
                return _option(game.board, seat, cards, route, dest)
        elif not _crossable(track, occupied, route.laid):
            continue
        elif fast:
            return _option(game.board, seat, cards, route, dest)
        if exact:
            if _supply_ok(game, route, occupied):
                return _option(game.board, seat, cards, route, dest)
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


def _room(game: Game) -> tuple[int, int, int]:
    """Straight, gentle and crossing tiles left in the supply."""
    used = tiles_in_use(game.state)
    supply = game.board.tables.tile_supply
    return (
        supply.get("straight", 0) - used["straight"],
        supply.get("gentle", 0) - used["gentle"],
        supply.get("crossing", 0) - used["crossing"],
    )


def _supply_ok(game: Game, route: StaticRoute | FirstLeg, occupied: set[Hex]) -> bool:
    """Whether the supply has the tiles of ``route.laid``, counted exactly as
    ``track._check_supply`` counts them (``track.tiles_after``): a tile on an empty hex takes
    a plain tile of its shape; one over a plain tile takes a crossing and gives that plain
    tile back; one over a crossing tile left from a lifted track takes nothing."""
    straight, gentle, crossing = _room(game)
    if route.inner.isdisjoint(occupied):  # the common case: the route's own count holds
        return route.plain[0] <= straight and route.plain[1] <= gentle and crossing >= 0
    need = _need(game.state.track, route.laid)
    return need[0] <= straight and need[1] <= gentle and need[2] <= crossing


def _need(
    track: dict[Hex, list[Piece]], laid: tuple[tuple[Hex, Side, Side], ...]
) -> tuple[int, int, int]:
    """The straight, gentle and crossing tiles laying ``laid`` takes from the supply (a
    negative count: tiles it gives back), as ``track.tiles_after`` counts them."""
    need = _tiles_walk(track, laid, False)
    assert need is not None  # only a walk that checks the crossings gives up
    return need


def _tiles_walk(
    track: dict[Hex, list[Piece]], laid: tuple[tuple[Hex, Side, Side], ...], crossings: bool
) -> tuple[int, int, int] | None:
    """The tile counts of ``_need``; with ``crossings``, None as soon as a tile meets more
    than one track or meets one other than as an overpass (``_crossable``)."""
    straight = gentle = crossing = 0
    for h, a, b in laid:
        pieces = track.get(h)
        if pieces:
            under = pieces[0]
            if crossings and (
                len(pieces) > 1 or not _CROSSES[under.a * 216 + under.b * 36 + a * 6 + b]
            ):
                return None
            if not under.on_crossing:
                crossing += 1
                if _STRAIGHT[under.a * 6 + under.b]:
                    straight -= 1
                else:
                    gentle -= 1
        elif _STRAIGHT[a * 6 + b]:
            straight += 1
        else:
            gentle += 1
    return straight, gentle, crossing


_STRAIGHT = tuple(
    a != b and shape_kind(Side(a), Side(b)) == "straight" for a in range(6) for b in range(6)
)


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
    for leg in long_routes(game.board, max_tiles, game.edge_costs):
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
        return _option(game.board, seat, cards, leg, None)
    if exact:  # its tiles meet no track and its loose end points along the free route
        return (
            _option(game.board, seat, cards, leg, None) if _supply_ok(game, leg, occupied) else None
        )
    action = BuildTrack(seat=seat, path=leg.path, exit=leg.exit, cards=cards)
    return _try(game, action, leg.route, None)


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


def _extensions(game: Game, seat: int, max_tiles: int, cards: tuple[str, ...]) -> list[BuildOption]:
    """Ways to finish the seat's own incomplete links."""
    out: list[BuildOption] = []
    board = game.board
    for link in game.state.links.values():
        if link.owner != seat or link.complete:
            continue
        routes, _dests = _end_routes(board, link, max_tiles)
        best: dict[str, BuildOption] = {}
        for route in routes:
            dest = board.city_at(route[-1])
            assert dest is not None
            option = _try(game, BuildTrack(seat=seat, path=route, cards=cards), route, dest.id)
            if option is not None and (dest.id not in best or option.cost < best[dest.id].cost):
                best[dest.id] = option
        out.extend(best.values())
    return out


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
SHORT_TRIES = 400  # the same with a short supply, before any slot is set aside (_Needs)


def sample_action(game: Game, seat: int, rng: Rng) -> Action:
    """One random legal action for ``seat``, drawn without listing every legal action.

    The random bot's policy, for fast playouts: a group of kinds (pass, build,
    deliver, upgrade, urbanize, take a card, the plug-ins' kinds, ...; see
    ``ActionKind.sample_group``) uniformly among the groups open in this phase,
    then one action of that group, drawn by its kind's ``sample``. Only the group
    drawn is looked at. A candidate link is drawn by rejection (a random origin and
    destination group, first leg or extension, kept if it has a legal route), which
    is uniform over the links :func:`link_options` lists (the hand-card variants that
    :func:`build_options` adds are not drawn). A delivery is a random
    walk (``DeliveryRules.random_route``); it is not uniform over the routes. A group
    of several kinds draws one of its kinds with a legal action, each as likely as the
    others, then one action of that kind. In the auction it bids now and then, like the
    random bot.
    """
    state = game.state
    step = game.turns.step_actions(game, seat)
    if step is not None:
        chosen = draw_legal(game, list(step), rng)  # drawn, then checked (ActionKind.sample)
        if chosen is None:
            raise IllegalAction(f"{game.seats[seat]} has no legal action")
        return chosen
    allowed = game.allowed_kinds(seat)
    if allowed is None:
        groups = list(game.kinds.groups(state.phase).values())
    else:  # the groups cut down to the kinds allowed, kept per phase and set of kinds
        every: dict[tuple[Phase, frozenset[str]], list[list[ActionKind]]]
        every = game.derived.setdefault("sample_groups", {})
        cut = every.get((state.phase, allowed))
        if cut is None:
            whole = game.kinds.groups(state.phase).values()
            cut = [g for g in ([k for k in grp if k.kind in allowed] for grp in whole) if g]
            every[(state.phase, allowed)] = cut
        groups = list(cut)
    while groups:
        group = groups.pop(rng.below(len(groups)))
        action = _sample_group(game, seat, rng, group)
        if action is not None:
            return action
    raise IllegalAction(f"{game.seats[seat]} has no legal action")


def _sample_group(game: Game, seat: int, rng: Rng, group: list[ActionKind]) -> Action | None:
    """A random action of one group of kinds, or None when the seat has none of them.

    The kinds are tried in a random order and the first with a legal action gives one
    (its own ``sample``): only the kinds tried are looked at, so a delivery group with Fuel
    Depots (RW-p7-17) no longer walks a delivery, walks to a depot and lists the held
    cube's ways on at every draw."""
    if len(group) == 1:
        return group[0].sample(game, seat, rng)
    kinds = list(group)
    while kinds:
        drawn = kinds.pop(rng.below(len(kinds))).sample(game, seat, rng)
        if drawn is not None:
            return drawn
    return None


def sample_delivery(game: Game, seat: int, rng: Rng) -> DeliverGoods | None:
    """A random walk from a random cube the seat can start moving, until it is delivered."""
    state = game.state
    graph = link_graph(game)
    shared = game.delivery_rules(seat).shared
    sources: list[tuple[str, Color]] = []
    for city, edges in graph.items():
        cubes = state.cubes[city]
        if cubes and any(owner == seat or lk in shared for lk, _c, owner in edges):
            sources.extend((city, c) for c in _BY_VALUE if c in cubes)
    if not sources:
        return None
    cards = game.delivery_cards(seat)
    if cards:  # now and then with a card the seat may play on it (Express)
        pick = rng.below(len(cards) + 1)
        if pick < len(cards):
            played = (cards[pick],)
            drawn = game.delivery_rules(seat, played).random_route(graph, sources, rng)
            if drawn is not None:
                return replace(drawn, cards=played)
    action = game.delivery_rules(seat).random_route(graph, sources, rng)
    if action is not None:
        return action
    deliveries = [o.action for v in delivery_options(game, seat).values() for o in v]
    return deliveries[rng.below(len(deliveries))] if deliveries else None


_BY_VALUE = sorted(Color, key=lambda c: c.value)


def sample_build(game: Game, seat: int, rng: Rng) -> BuildTrack | None:
    """A random candidate link, drawn by rejection (see :func:`sample_action`)."""
    board = game.board
    max_tiles, cards = _max_tiles(game, seat)
    closed, starts = _closed(game, seat)
    room = _room(game)
    judged = _judged(game)
    plenty = min(room) >= max_tiles and not judged  # a judged route is planned in full
    # Closed hexes do not make a price inexact: a candidate crossing them is dropped below,
    # as build_options drops it (a closed Western board, RW-p9-05, stays fast).
    exact = (
        not starts
        and not judged
        and not game.build_rules(BuildTrack(seat=seat, cards=cards)).repriced
    )
    fast = plenty and exact
    origins = _origin_options(game, seat, max_tiles, cards)
    if _starved(game, room):  # no route between cities can get its tiles: only these are left
        left = _own_extensions(game, seat, max_tiles, cards, closed, starts) + origins
        return left[rng.below(len(left))].action if left else None
    occupied = _occupied(game)
    edge_costs = game.edge_costs
    groups = board.derived(
        ("route_groups", max_tiles, edge_costs.key),
        lambda: [(d, g) for (_o, d), g in static_routes(board, max_tiles, edge_costs).items()],
    )
    legs = long_routes(board, max_tiles, edge_costs)
    short = not plenty and exact  # the tiles left decide: see _Needs
    slots: list[int] | None = None  # the slots drawn from, when not all of them
    static = len(groups) + len(legs)
    if short:
        table = _synced_needs(game, max_tiles)
        index = _slot_index(board, max_tiles, edge_costs)
        hopeful = table.hopeful
        if hopeful is not None and all(r <= was for r, was in zip(room, table.room, strict=True)):
            # The other slots offer nothing with these tiles: draw among these only (each
            # candidate is still as likely as any other; see _Needs.hopeful).
            slots = sorted(hopeful)
            static = len(slots)
        else:
            hopeful = None
    # The seat's extensions are worked out only when the draw falls among them: they get as
    # many places as there are cities near enough to their open ends (at least as many as
    # there are extensions), and a place beyond the last one is drawn again, like an illegal
    # link, so every candidate stays as likely as any other.
    places = sum(_cities_near(board, lk.open_end[0], max_tiles) for lk in _open_links(game, seat))
    extensions: list[BuildOption] | None = None
    first_ext = static
    total = first_ext + places + len(origins)
    # With a short supply and no slot set aside yet, few candidates are legal, but a draw
    # costs a few comparisons once a slot is worked out, less than the full list (every
    # slot): more draws first.
    tries = SHORT_TRIES if short and slots is None else SAMPLE_TRIES
    for _ in range(tries if total else 0):  # none: every slot set aside, no extension
        i = rng.below(total)
        option: BuildOption | None
        if short and i < first_ext:
            slot = i if slots is None else slots[i]
            route = _short_choice(game, table, index, slot, occupied, room)
            if route is None:
                option = None
                if hopeful is not None:  # none with these tiles, so none with fewer
                    hopeful.discard(slot)
                    table.room = room
            else:
                option = _option(board, seat, cards, route, index.dests[slot])
        elif i < len(groups):
            dest, group = groups[i]
            option = _group_choice(game, seat, cards, dest, group, plenty, fast, occupied, exact)
        elif i < first_ext:
            leg = legs[i - len(groups)]
            option = _leg_choice(game, seat, cards, leg, plenty, occupied, exact)
        elif i < first_ext + places:
            if extensions is None:
                extensions = _own_extensions(game, seat, max_tiles, cards, closed, starts)
            j = i - first_ext
            option = extensions[j] if j < len(extensions) else None
        else:
            option = origins[i - first_ext - places]
        if (
            option is not None
            and (not closed or closed.isdisjoint(option.action.path))
            and option.action.path[0] not in starts
        ):
            special = _judged_cities(game)
            if special:
                found = _rejudged(game, seat, max_tiles, cards, [option], special, starts)
                if not found:
                    continue
                option = found[0]
            return option.action
    # Few candidates are legal: draw from the full list of links (the hand-card variants of
    # build_options left out, as the draws above leave them out).
    if short and not closed and not _judged_cities(game):
        options = _short_options(game, seat, max_tiles, cards, room)  # the same list, quicker
    else:
        options = link_options(game, seat)
    return options[rng.below(len(options))].action if options else None


def _short_options(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...], room: tuple[int, int, int]
) -> list[BuildOption]:
    """``link_options`` when the supply is short, no card changes prices, no plug-in judges
    builds and no hex is closed to the seat, worked out from the kept tiles of each slot."""
    board = game.board
    table = _synced_needs(game, max_tiles)
    index = _slot_index(board, max_tiles, game.edge_costs)
    occupied = _occupied(game)
    if table.hopeful is None or any(r > was for r, was in zip(room, table.room, strict=True)):
        table.hopeful = set(range(len(index.dests)))  # more tiles than before: any slot may
    table.room = room
    hopeful = table.hopeful
    options: list[BuildOption] = []
    for i in sorted(hopeful):
        route = _short_choice(game, table, index, i, occupied, room)
        if route is None:
            hopeful.discard(i)  # none of its routes with these tiles, so none with fewer
        else:
            options.append(_option(board, seat, cards, route, index.dests[i]))
    options.extend(_own_extensions(game, seat, max_tiles, cards, frozenset(), frozenset()))
    options.extend(_origin_options(game, seat, max_tiles, cards))
    return options


def _own_extensions(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    closed: frozenset[Hex],
    starts: frozenset[Hex],
) -> list[BuildOption]:
    """The ways to finish the seat's own incomplete links, as the full listing has them;
    kept with the state until the track changes, under the full listing's key
    (``link_options``). Do not modify the answer."""
    state = game.state
    every: dict[tuple[object, ...], tuple[int, list[BuildOption]]]
    every = game.derived.setdefault("own_extensions", {})
    key = (seat, max_tiles, cards, closed, starts)
    hit = every.get(key)
    if hit is not None and hit[0] == state.track_version:
        return hit[1]
    found = _extensions(game, seat, max_tiles, cards) if _open_links(game, seat) else []
    every[key] = (state.track_version, found)
    return found


def _open_links(game: Game, seat: int) -> list[Link]:
    """The seat's incomplete links (kept until the track changes; do not modify)."""
    state = game.state
    hit = game.derived.get("open_links")
    if hit is None or hit[0] != state.track_version:
        by_seat: dict[int, list[Link]] = {}
        for link in state.links.values():
            if link.end is None:
                by_seat.setdefault(link.owner, []).append(link)
        hit = game.derived["open_links"] = (state.track_version, by_seat)
    found: list[Link] = hit[1].get(seat, [])
    return found


def _occupied(game: Game) -> set[Hex]:
    """The hexes with track (kept until the track changes; do not modify)."""
    state = game.state
    hit = game.derived.get("occupied")
    if hit is not None and hit[0] == state.track_version:
        found: set[Hex] = hit[1]
        return found
    found = set(state.track)
    game.derived["occupied"] = (state.track_version, found)
    return found


def _starved(game: Game, room: tuple[int, int, int]) -> bool:
    """Whether no route between cities (nor a first leg) can get its tiles from the supply.

    With no straight, gentle or crossing tile left, a tile on an empty hex and a tile
    crossing a plain one both need one; only a tile over a crossing left behind by a lifted
    track (``Piece.on_crossing``) needs none. So with none of those on the board, no route
    is possible (late in a long game with many players the supply does run out)."""
    if max(room) > 0:
        return False
    state = game.state
    hit = game.derived.get("leftover_crossings")
    if hit is None or hit[0] != state.track_version:
        left = any(len(p) == 1 and p[0].on_crossing for p in state.track.values())
        hit = game.derived["leftover_crossings"] = (state.track_version, left)
    return not hit[1]
