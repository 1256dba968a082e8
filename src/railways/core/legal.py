"""Legal actions, structured for large spaces: the public entry of the listings.

Track building is offered as candidate *links* (from a city or an incomplete
link to a city, with the cheapest route of tiles and its cost) and step by
step (:func:`next_hexes`); deliveries as (city, colour) -> legal routes with
the points each owner gets. This is what UIs highlight and bots choose from.

The build listing lives in its own modules and is re-exported here, so callers import
from this module only: the board's static routes (:mod:`railways.core.routes`), whether
a route fits the track and supply now (:mod:`railways.core.route_fit`), a candidate
build (:mod:`railways.core.build_option`), the kept slots and needs
(:mod:`railways.core.build_slots`) and the listing and its sampler
(:mod:`railways.core.build_listing`). Deliveries and the sampler of every kind are here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final, final

from railways.core.actions import Action, Bid, DeliverGoods
from railways.core.board import Color
from railways.core.build_listing import SAMPLE_TRIES as SAMPLE_TRIES
from railways.core.build_listing import SHORT_TRIES as SHORT_TRIES
from railways.core.build_listing import BuildList as BuildList
from railways.core.build_listing import build_options as build_options
from railways.core.build_listing import hand_card_options as hand_card_options
from railways.core.build_listing import link_options as link_options
from railways.core.build_listing import listed_builds as listed_builds
from railways.core.build_listing import next_hexes as next_hexes
from railways.core.build_listing import sample_build as sample_build
from railways.core.build_option import BuildOption as BuildOption
from railways.core.build_option import _closed as _closed  # (fuel depots' sampler)
from railways.core.build_option import _max_tiles as _max_tiles  # (fuel depots' sampler)
from railways.core.build_option import bare_build
from railways.core.city_colors import CityColors
from railways.core.delivery import (
    COLORS,
    DeliveryRules,
    Edge,
    IntGraph,
    IntWalker,
    city_index,
    int_graph,
)
from railways.core.delivery import cube_bits as bits_of
from railways.core.errors import IllegalAction
from railways.core.game import DERIVED_FORKS, Game
from railways.core.hexgrid import copied_by_fields
from railways.core.kinds import ActionKind, draw_legal
from railways.core.rng import Rng
from railways.core.routes import LONG_LINK_TILES as LONG_LINK_TILES
from railways.core.routes import NO_EDGE_COSTS as NO_EDGE_COSTS
from railways.core.routes import FirstLeg as FirstLeg
from railways.core.routes import StaticRoute as StaticRoute
from railways.core.routes import _cheapest_from as _cheapest_from  # (the solo bot's tests)
from railways.core.routes import long_routes as long_routes
from railways.core.routes import static_routes as static_routes
from railways.core.state import Link, Phase
from railways.core.track import open_end_hexes

_OptionRoute = tuple[int, tuple[str, ...], str, str, tuple[int, ...]]


@final
class DeliveryOption:
    """A legal delivery: its action, the city it ends at and each owner's points.
    Immutable like :class:`BuildOption` (and, like it, not a frozen dataclass: many are
    made per listing). Do not change ``points``: options are kept and shared.

    The listing makes an option from its route, and its action only when first asked
    for: a bot takes one option of the hundreds listed, and an action is a frozen
    dataclass, slow to make."""

    __slots__ = ("_action", "_route", "destination", "points")

    def __init__(
        self,
        action: DeliverGoods | None,
        destination: str,
        points: dict[int, int],
        route: _OptionRoute | None = None,
    ) -> None:
        self._action = action
        self._route = route  # (seat, cards, city, colour, links) while the action is not made
        self.destination: Final = destination
        self.points: Final = points

    @property
    def action(self) -> DeliverGoods:
        action = self._action
        if action is None:
            assert self._route is not None
            seat, cards, city, color, links = self._route
            action = DeliverGoods(seat, city, color, links, cards)  # (positional: cheaper)
            self._action, self._route = action, None
        return action

    def _fields(self) -> tuple[DeliverGoods, str, dict[int, int]]:
        return (self.action, self.destination, self.points)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeliveryOption):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (
            f"DeliveryOption(action={self.action!r}, destination={self.destination!r}, "
            f"points={self.points!r})"
        )

    def __reduce__(self) -> tuple[type[DeliveryOption], tuple[Any, ...]]:
        return DeliveryOption, self._fields()  # copy and pickle remake it by its constructor


@dataclass(slots=True, init=False)
class LegalActions:
    """What a seat may do now. ``all()`` flattens it into concrete actions."""

    seat: int
    phase: Phase
    simple: list[Action] = field(default_factory=list)
    min_bid: int | None = None
    # The build options, in order: a lazy ``BuildList`` (listed when first read) or a list.
    builds: list[BuildOption] | BuildList = field(default_factory=list)
    deliveries: dict[tuple[str, str], list[DeliveryOption]] = field(default_factory=dict)

    # Written out, the dataclass's own arguments and defaults: compiled, not interpreted
    # (one is made per listing).
    def __init__(
        self,
        seat: int,
        phase: Phase,
        simple: list[Action] | None = None,
        min_bid: int | None = None,
        builds: list[BuildOption] | BuildList | None = None,
        deliveries: dict[tuple[str, str], list[DeliveryOption]] | None = None,
    ) -> None:
        self.seat = seat
        self.phase = phase
        self.simple = [] if simple is None else simple
        self.min_bid = min_bid
        self.builds = [] if builds is None else builds
        self.deliveries = {} if deliveries is None else deliveries

    def all(self) -> list[Action]:
        """Every option as a concrete action: simple ones, the lowest bid, builds, deliveries."""
        out = list(self.simple)
        if self.min_bid is not None:
            out.append(Bid(seat=self.seat, amount=self.min_bid))
        builds = self.builds
        if builds:
            # Over the list itself, into a list made at its length (a generator's items are
            # appended one by one): a reader of every option calls this at every listing.
            made = builds if isinstance(builds, list) else builds.options()
            out.extend([b.action for b in made])
        for options in self.deliveries.values():
            out.extend([o.action for o in options])
        return out

    def to_dict(self, game: Game | None = None) -> dict[str, Any]:
        """A JSON-ready form for front ends: every option with its action's dict form.

        Given the game, each simple action also carries how its kind describes it
        (label, cost, hexes and cities to mark, help clause: ``ActionKind.describe``)
        and ``kinds`` says how to present each kind offered (``KindInfo``); in the
        actions phase, ``origins`` lists the hexes of the seat's own track a plug-in
        opens for a new link now (a Switch Track: ``hex``, ``kind``, ``cost``,
        ``clause``) and ``open_ends`` the hexes where its unfinished links end
        (``[row, col]``), so a front end asks the engine rather than repeating the rules.
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
        out: dict[str, Any] = {
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
        if game is not None and self.phase is Phase.ACTIONS and (self.simple or self.builds):
            out["origins"] = open_origins(game, self.seat)
            out["open_ends"] = [[h.row, h.col] for h in open_end_hexes(game.state, self.seat)]
        return out

    def __bool__(self) -> bool:
        return bool(self.simple or self.min_bid is not None or self.builds or self.deliveries)


copied_by_fields(LegalActions)  # copy and pickle work compiled too (hexgrid)


def open_origins(game: Game, seat: int) -> list[dict[str, Any]]:
    """The places on ``seat``'s own track where a plug-in lets a new link start now
    (``CostRules.origins`` of a build with no cards, less those closed with a refusal):
    what the listing builds from, for a front end to mark."""
    rules = game.build_rules(bare_build(seat))
    return [
        {"hex": [o.at.row, o.at.col], "kind": o.kind, "cost": o.cost, "clause": o.clause}
        for o in rules.origins
        if o.seat == seat and o.refusal is None
    ]


def legal_actions(game: Game, seat: int) -> LegalActions:
    """Every legal action of ``seat`` now, kind by kind in the registry's order."""
    state = game.state
    legal = LegalActions(seat=seat, phase=state.phase)
    if state.to_act != seat:
        return legal
    step = _step_actions(game, seat)
    if step is not None:  # a step with its own choices (railways.core.turns)
        legal.simple = [a for a in step if game.allows(a)]
        return legal
    allowed = game.allowed_kinds(seat)
    for kind in game.kinds.open_in(state.phase):
        if allowed is None or kind.kind in allowed:
            kind.list_into(game, seat, legal)
    return legal


def _step_actions(game: Game, seat: int) -> list[Action] | None:
    """``TurnStructure.step_actions``, not asked of a turn whose steps offer nothing."""
    turns = game.turns
    if getattr(turns, "offers_nothing", False):
        return None
    return turns.step_actions(game, seat)


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
    links = _graph_entry(game)
    graph, partners = links.graph, links.partners
    kept = _kept_deliveries(game, seat, cards, rules, graph, partners)
    if kept is None:  # hooks that change more than passing: worked out afresh
        return _hooked_deliveries(game, seat, cards, rules, graph, partners)
    # Only the cities the seat may start a cube from can have deliveries (RW-p5-32): the
    # others' cubes are not even looked at.
    starts = _kept_starts(game, kept, rules.shared)
    cubes = state.cubes
    cube_bits = [bits_of(cubes[city]) for city, _at in starts]  # their cubes' colours, as bits
    if kept.out is not None and kept.cube_bits == cube_bits:
        return dict(kept.out)  # (a copy: delivery_options adds the cards' routes to it)
    made = _made_deliveries(game)
    out: dict[tuple[str, str], list[DeliveryOption]] = {}
    for n in range(len(starts)):
        bits = cube_bits[n]
        if not bits:
            continue
        city, at = starts[n]
        entry = kept.by_city.get(at)
        if entry is None:
            entry = kept.by_city[at] = _CityEntry()
        if entry.shown != bits:
            missing = bits & ~entry.done
            if missing:
                _walk_city(seat, cards, city, at, missing, rules, kept, entry, partners, made)
            entry.shown = bits
            entry.items = [
                ((city, _VALUES[c]), entry.routes[c])
                for c in _VALUE_ORDER
                if (bits >> c) & 1 and entry.routes[c]
            ]
        for key, routes in entry.items:
            out[key] = routes
    kept.out = out
    kept.cube_bits = cube_bits
    return dict(out)


def _kept_starts(game: Game, kept: _Kept, shared: frozenset[int]) -> list[tuple[str, int]]:
    """The cities of ``state.cubes``, in its order, where the seat may start a cube (a link
    it owns or shares leaves them: ``IntGraph.start_bits``), with their numbers; kept with
    the seat's deliveries while their graph and the cities numbered are the same."""
    names, ats = cube_cities(game)
    if kept.starts_ints is not kept.ints or kept.starts_of != len(ats) + (len(names) << 32):
        start_bits = kept.ints.start_bits(kept.seat, shared)
        kept.starts = [
            (names[n], at) for n, at in enumerate(ats) if at >= 0 and (start_bits >> at) & 1
        ]
        kept.starts_ints, kept.starts_of = kept.ints, len(ats) + (len(names) << 32)
        kept.out = None  # (its cube bits were of other cities)
    return kept.starts


def cube_cities(game: Game) -> tuple[list[str], list[int]]:
    """The cities of ``state.cubes`` in its order, and each one's number on the board
    (``CityIndex``; -1: not numbered yet, no link has reached it). Kept while no city was
    added to ``state.cubes`` (cities are only added, at set-up) and no city numbered."""
    cubes = game.state.cubes
    numbers = city_index(game.board)
    hit: tuple[int, int, list[str], list[int]] | None = game.derived.get("cube_cities")
    if hit is None or hit[0] != len(cubes) or hit[1] != len(numbers.names):
        names = list(cubes)
        index = numbers.index
        hit = (len(cubes), len(numbers.names), names, [index.get(name, -1) for name in names])
        game.derived["cube_cities"] = hit
    return hit[2], hit[3]


_VALUES = [c.value for c in COLORS]  # a colour index's value
_VALUE_ORDER = sorted(range(len(COLORS)), key=_VALUES.__getitem__)  # indices by value


@final
class _CityEntry:
    """A city's deliveries worked out for one seat: by colour index, for the colours of
    ``done`` (an empty list: none); the cities whose links the walks looked at
    (``IntWalker.expanded``); and what the listing shows for the cubes of ``shown``."""

    def __init__(self) -> None:
        # (one shared empty list per colour until walked: _walk_city puts a new one there)
        self.routes: list[list[DeliveryOption]] = [_NO_OPTIONS] * len(COLORS)
        self.done = 0
        self.expanded = 0
        self.shown = -1
        self.items: list[tuple[tuple[str, str], list[DeliveryOption]]] = _NO_ITEMS


_NO_OPTIONS: Final[list[DeliveryOption]] = []  # never changed (_CityEntry)
_NO_ITEMS: Final[list[tuple[tuple[str, str], list[DeliveryOption]]]] = []  # nor this


@final
class _Kept:
    """A seat's deliveries kept for one key (``_kept_deliveries``): the link graph and the
    city colours they were worked out for (and those as numbers, with the passable cities),
    each city's entry, and the last listing with the cubes it was made for."""

    def __init__(
        self,
        seat: int,
        graph: dict[str, list[Edge]],
        ints: IntGraph,
        partners: dict[int, list[int]],
    ) -> None:
        self.graph = graph
        self.ints = ints
        self.partners = partners
        self.colors: dict[str, Color] = {}
        self.colors_stamp = 0  # their stamp (``CityColors``; 0: none)
        self.color_of: list[int] = []
        self.passable = 0
        self.by_city: dict[int, _CityEntry] = {}
        self.out: dict[tuple[str, str], list[DeliveryOption]] | None = None
        self.cube_bits: list[int] = []
        self.walker: IntWalker | None = None  # made for the graph and colours kept
        self.seat = seat
        # The cities the seat may start from (``_kept_starts``), for which graph and count
        # of cities.
        self.starts: list[tuple[str, int]] = []
        self.starts_ints: IntGraph | None = None
        self.starts_of = -1


def _walk_city(
    seat: int,
    cards: tuple[str, ...],
    city: str,
    at: int,
    wanted: int,
    rules: DeliveryRules,
    kept: _Kept,
    entry: _CityEntry,
    partners: dict[int, list[int]],
    made: _Made,
) -> None:
    """Every legal delivery of a cube of each colour of ``wanted`` (bits) from ``city``,
    into ``entry``, colour by colour: one walk serves them all, and a colour's routes
    come out in the order a walk for it alone gives.

    An option already made for the same route (``made``) is taken again: when the link
    graph changes, most of a city's routes are the routes it had, and making an option
    (its action, its points) costs far more than finding it."""
    walker = kept.walker
    if walker is None:
        walker = kept.walker = IntWalker(
            kept.ints,
            kept.color_of,
            seat,
            rules.shared,
            kept.passable,
            rules.max_links,
            rules.min_links,
        )
    walker.walk_from(at, wanted)
    entry.expanded |= walker.expanded
    entry.done |= wanted
    for color_at in range(len(COLORS)):
        if not (wanted >> color_at) & 1:
            continue
        routes: list[DeliveryOption] = []
        value = _VALUES[color_at]
        found = walker.found[color_at]
        if partners:  # co-owners' points can change: made afresh each time
            for links, dest, owners in found:
                routes.append(
                    _delivery_option(seat, cards, city, value, links, dest, owners, partners)
                )
        elif found:
            source = (seat, cards, city, value)
            by_links = made.by_source.get(source)
            if by_links is None:
                by_links = made.by_source[source] = {}
            for links, dest, owners in found:
                hit = by_links.get(links)
                if hit is None or hit[0] != owners or hit[1].destination != dest:
                    option = _delivery_option(
                        seat, cards, city, value, links, dest, owners, partners
                    )
                    hit = by_links[links] = (owners, option)
                    made.count += 1
                routes.append(hit[1])
        entry.routes[color_at] = routes


def _hooked_deliveries(
    game: Game,
    seat: int,
    cards: tuple[str, ...],
    rules: DeliveryRules,
    graph: dict[str, list[Edge]],
    partners: dict[int, list[int]],
) -> dict[tuple[str, str], list[DeliveryOption]]:
    """The deliveries when a hook changes more than which cities a cube may pass: every
    city's routes by the rules' general walk, nothing kept."""
    out: dict[tuple[str, str], list[DeliveryOption]] = {}
    for city, cubes in game.state.cubes.items():
        if not cubes or city not in graph:
            continue
        if not any(owner == seat or lk in rules.shared for lk, _c, owner in graph[city]):
            continue
        colors = [c for c in _BY_VALUE if c in cubes]
        walks = rules.routes(graph, city, colors)
        for color in colors:
            value = color.value
            routes = [
                _delivery_option(seat, cards, city, value, links, dest, owners, partners)
                for links, dest, owners in walks[color]
            ]
            if routes:
                out[(city, value)] = routes
    return out


# What an option of a delivery is made of: the seat, its cards, the city and colour (the
# key), the links in order (the key within), where it ends and who owns each link (kept
# with the option and compared). Nothing else goes into the option, so one made for a
# route serves every game on the board.
_MadeKey = tuple[int, tuple[str, ...], str, str]
MADE_KEPT = 100_000  # options of deliveries kept per board before starting afresh


@final
class _Made:
    """The options made on a board: by source, then by links, with the owners they were
    made for; ``count`` of them in all."""

    def __init__(self) -> None:
        self.by_source: dict[
            _MadeKey, dict[tuple[int, ...], tuple[tuple[int, ...], DeliveryOption]]
        ]
        self.by_source = {}
        self.count = 0


def _made_deliveries(game: Game) -> _Made:
    made: _Made = game.board.derived("delivery_options_made", _Made)
    if made.count > MADE_KEPT:
        made.by_source.clear()
        made.count = 0
    return made


def _delivery_option(
    seat: int,
    cards: tuple[str, ...],
    city: str,
    color: str,
    links: tuple[int, ...],
    dest: str,
    owners: tuple[int, ...],
    partners: dict[int, list[int]],
) -> DeliveryOption:
    points: dict[int, int] = {}
    for owner in owners:
        points[owner] = points.get(owner, 0) + 1
    if partners:  # co-owners score for their links too (AU-036)
        for link_id in links:
            for partner in partners.get(link_id, ()):
                points[partner] = points.get(partner, 0) + 1
    return DeliveryOption(None, dest, points, (seat, cards, city, color, links))


def _kept_deliveries(
    game: Game,
    seat: int,
    cards: tuple[str, ...],
    rules: DeliveryRules,
    graph: dict[str, list[Edge]],
    partners: dict[int, list[int]],
) -> _Kept | None:
    """The deliveries already worked out for the seat while nothing they depend on changed;
    None when they cannot be kept.

    With no hook in force, or simple ones (``DeliveryRules.simple``: they only let cubes
    pass some cities, make some take every colour, or ask for a longer delivery), a city's
    routes for a colour depend only on the complete links of the cities its walk looked at
    and who owns them, the colours of the cities next to those, the seat, its engine, the
    links it shares and what the hooks say: the last four are in the key, and when the
    link graph or a colour changes only the cities whose walks looked at a changed city
    (or next to a recoloured one) are worked out again (``_still_kept``).
    """
    if not rules.simple:
        return None
    state = game.state
    every: dict[tuple[object, ...], _Kept] = game.derived.setdefault("delivery_kept", {})
    key = (
        seat,
        cards,
        rules.max_links,
        rules.min_links,
        rules.shared,
        rules.pass_cities,
        rules.wild,
        rules.also,
    )
    hit = every.get(key)
    colors = state.city_colors
    stamp = colors.stamp if isinstance(colors, CityColors) else 0
    if (
        hit is not None
        and hit.graph is graph
        and (hit.colors_stamp == stamp if stamp else hit.colors == colors)
    ):
        return hit
    ints = int_graph(game, graph)
    if hit is None or hit.partners != partners:
        if len(every) > 64:  # seats, cards and engines seen: a few; drop old ones
            every.clear()
        hit = every[key] = _Kept(seat, graph, ints, partners)
    else:
        _still_kept(hit, ints, state.city_colors)
    hit.graph, hit.ints, hit.out, hit.walker = graph, ints, None, None
    hit.colors = dict(state.city_colors)
    hit.colors_stamp = stamp
    hit.color_of = ints.colors_of(state.city_colors, rules.wild, rules.also)
    hit.passable = ints.city_bits(rules.pass_cities)
    return hit


def _still_kept(hit: _Kept, ints: IntGraph, colors: dict[str, Color]) -> None:
    """Keep the cities' entries that no change of the link graph or of a colour can reach:
    whose walks looked at the links of no city whose links changed, nor of a city next to
    one whose colour changed (in the old graph or the new one)."""
    before, after = hit.ints.adj, ints.adj
    known = ints.changed_since(hit.ints)  # (an extended graph says what it changed)
    dirty = 0 if known is None else known
    if known is None:
        for at in range(max(len(before), len(after))):
            if (before[at] if at < len(before) else []) != (after[at] if at < len(after) else []):
                dirty |= 1 << at
    if hit.colors != colors:
        index = ints.cities.index
        for city in colors.keys() | hit.colors.keys():
            if hit.colors.get(city) is colors.get(city):
                continue
            at = index.get(city, -1)
            for adj in (before, after):
                if 0 <= at < len(adj):
                    edges = adj[at]
                    for i in range(1, len(edges), 3):
                        dirty |= 1 << edges[i]
    if dirty:  # (the few entries dropped, not the dict made again)
        by_city = hit.by_city
        for at in [at for at, e in by_city.items() if e.expanded & dirty]:
            del by_city[at]


def link_graph(game: Game) -> dict[str, list[Edge]]:
    """City -> (link id, city at the other end, owner) for every complete link.

    Kept with the state until the track changes (``state.track_version``): links
    are only made, finished and removed by laying or lifting track. Do not modify
    the answer.
    """
    return _graph_entry(game).graph


@final
class _GraphEntry:
    """The link graph kept for one version of the track: the graph, its epoch (it goes up
    only when the graph or who co-owns a link changes, not with every change of the track:
    an incomplete link), the co-owners by link, and the complete links it was made from,
    in order (their ids, ends and owners: ``_extended`` compares the track with them).
    Never changed once made: copies of a game share it."""

    def __init__(
        self,
        version: int,
        graph: dict[str, list[Edge]],
        epoch: int,
        partners: dict[int, list[int]],
        links: list[Link],
        ways: bool,
    ) -> None:
        self.version = version
        self.graph = graph
        self.epoch = epoch
        self.partners = partners
        self.ids = [lk.id for lk in links]
        self.starts = [lk.start for lk in links]
        self.ends = [lk.end for lk in links]
        self.owners = [lk.owner for lk in links]
        self.ways = ways  # whether a plug-in's ways (route_links) are in the graph


def _graph_entry(game: Game) -> _GraphEntry:
    state = game.state
    hit: _GraphEntry | None = game.derived.get("link_graph")
    if hit is not None and hit.version == state.track_version:
        return hit
    ways = game.route_links()
    if hit is not None and not ways and not hit.ways:
        entry = _extended(game, hit)
        if entry is not None:
            game.derived["link_graph"] = entry
            return entry
    graph: dict[str, list[Edge]] = {}
    partners: dict[int, list[int]] = {}
    complete: list[Link] = []
    for link in state.links.values():
        if link.end is None:
            continue
        complete.append(link)
        graph.setdefault(link.start, []).append((link.id, link.end, link.owner))
        graph.setdefault(link.end, []).append((link.id, link.start, link.owner))
        if link.partners:
            partners[link.id] = list(link.partners)
    for way in ways.values():  # a plug-in's ways that count as links (switches)
        graph.setdefault(way.start, []).append((way.id, way.end, way.owner))
        graph.setdefault(way.end, []).append((way.id, way.start, way.owner))
    version, found = state.track_version, bool(ways)
    if hit is not None and hit.graph == graph and hit.partners == partners:
        entry = _GraphEntry(version, hit.graph, hit.epoch, hit.partners, complete, found)
    else:
        epoch = 0 if hit is None else hit.epoch + 1
        entry = _GraphEntry(version, graph, epoch, partners, complete, found)
    game.derived["link_graph"] = entry
    return entry


def _extended(game: Game, hit: _GraphEntry) -> _GraphEntry | None:
    """The link graph after a change of the track, from the one kept, when the complete
    links it was made from are still complete, the same and first in order, and no link
    completed since has co-owners (None otherwise: it is made afresh). The track only
    adds links at the end and completes them as it goes, so this is the usual case: the
    graph is the one kept (an incomplete link changed), or that graph with the edges of
    the links completed since appended, as the whole graph would list them. The integer
    graph kept for the old graph is extended with them too (``IntGraph.extended``)."""
    state = game.state
    ids, starts, ends, owners = hit.ids, hit.starts, hit.ends, hit.owners
    kept, n, partnered = 0, len(ids), 0
    added: list[Link] = []
    for link in state.links.values():
        end = link.end
        if end is None:
            continue
        if link.partners:
            if hit.partners.get(link.id) != link.partners:
                return None
            partnered += 1
        if kept < n:
            if (
                ids[kept] != link.id
                or ends[kept] != end
                or owners[kept] != link.owner
                or starts[kept] != link.start
            ):
                return None
            kept += 1
        else:
            added.append(link)
    if kept < n or partnered != len(hit.partners):
        return None
    version = state.track_version
    if not added:
        entry = _GraphEntry(version, hit.graph, hit.epoch, hit.partners, [], False)
        entry.ids, entry.starts, entry.ends, entry.owners = ids, starts, ends, owners
        return entry
    graph = dict(hit.graph)
    for link in added:
        end = link.end
        assert end is not None
        graph[link.start] = [*graph.get(link.start, ()), (link.id, end, link.owner)]
        graph[end] = [*graph.get(end, ()), (link.id, link.start, link.owner)]
    entry = _GraphEntry(version, graph, hit.epoch + 1, hit.partners, added, False)
    entry.ids, entry.starts = ids + entry.ids, starts + entry.starts
    entry.ends, entry.owners = ends + entry.ends, owners + entry.owners
    ints: IntGraph | None = game.derived.get("delivery_int_graph")
    if ints is not None and ints.graph is hit.graph:
        game.derived["delivery_int_graph"] = ints.extended(graph, added)
    return entry


def co_owners(game: Game) -> dict[int, list[int]]:
    """The co-owners of each complete link that has any (AU-036), by link id, kept with the
    link graph (``link_graph``). Do not modify the answer."""
    return _graph_entry(game).partners


# How a copy of the game takes this cache over (Game.copy): the link graph is replaced,
# never changed (the build listing's caches register in build_listing and build_slots).
DERIVED_FORKS.update(
    link_graph=lambda entry: entry,
    delivery_int_graph=lambda entry: entry,
    cube_cities=lambda entry: entry,  # (a copy has the same cities)
)


# -- sampling one random action without listing them all ------------------------------------
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
    step = _step_actions(game, seat)
    if step is not None:
        chosen = draw_legal(game, list(step), rng)  # drawn, then checked (ActionKind.sample)
        if chosen is None:
            raise IllegalAction(f"{game.seats[seat]} has no legal action")
        return chosen
    allowed = game.allowed_kinds(seat)
    if allowed is None:
        groups = list(game.kinds.group_list(state.phase))
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
    rules = game.delivery_rules(seat)
    sources: list[tuple[str, Color]] = []
    for city in _starts(game, graph, seat, rules.shared):
        cubes = state.cubes[city]
        if cubes:
            bits = bits_of(cubes)
            for c in _VALUE_ORDER:  # the colours in _BY_VALUE's order
                if (bits >> c) & 1:
                    sources.append((city, COLORS[c]))
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
    action = rules.random_route(graph, sources, rng)
    if action is not None:
        return action
    deliveries = [o.action for v in delivery_options(game, seat).values() for o in v]
    return deliveries[rng.below(len(deliveries))] if deliveries else None


_BY_VALUE = sorted(Color, key=lambda c: c.value)


def _starts(
    game: Game, graph: dict[str, list[Edge]], seat: int, shared: frozenset[int]
) -> list[str]:
    """The cities, in the graph's order, where the seat may start a cube: a link it owns
    (or shares, AU-036) leaves them (RW-p5-32). Kept while the link graph is the same."""
    hit: tuple[dict[str, list[Edge]], dict[tuple[int, frozenset[int]], list[str]]] | None
    hit = game.derived.get("delivery_starts")
    if hit is None or hit[0] is not graph:
        every: dict[tuple[int, frozenset[int]], list[str]] = {}
        hit = game.derived["delivery_starts"] = (graph, every)
    found = hit[1].get((seat, shared))
    if found is None:
        found = hit[1][(seat, shared)] = [
            city
            for city, edges in graph.items()
            if any(owner == seat or lk in shared for lk, _c, owner in edges)
        ]
    return found
