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
from railways.core.build_listing import build_options as build_options
from railways.core.build_listing import hand_card_options as hand_card_options
from railways.core.build_listing import link_options as link_options
from railways.core.build_listing import next_hexes as next_hexes
from railways.core.build_listing import sample_build as sample_build
from railways.core.build_option import BuildOption as BuildOption
from railways.core.build_option import _closed as _closed  # (fuel depots' sampler)
from railways.core.build_option import _max_tiles as _max_tiles  # (fuel depots' sampler)
from railways.core.delivery import DeliveryRules, Edge
from railways.core.errors import IllegalAction
from railways.core.game import DERIVED_FORKS, Game
from railways.core.kinds import ActionKind, draw_legal
from railways.core.rng import Rng
from railways.core.routes import LONG_LINK_TILES as LONG_LINK_TILES
from railways.core.routes import NO_EDGE_COSTS as NO_EDGE_COSTS
from railways.core.routes import FirstLeg as FirstLeg
from railways.core.routes import StaticRoute as StaticRoute
from railways.core.routes import _cheapest_from as _cheapest_from  # (the solo bot's tests)
from railways.core.routes import long_routes as long_routes
from railways.core.routes import static_routes as static_routes
from railways.core.state import Phase


@final
class DeliveryOption:
    """A legal delivery: its action, the city it ends at and each owner's points.
    Immutable like :class:`BuildOption` (and, like it, not a frozen dataclass: many are
    made per listing). Do not change ``points``: options are kept and shared."""

    __slots__ = ("action", "destination", "points")

    def __init__(self, action: DeliverGoods, destination: str, points: dict[int, int]) -> None:
        self.action: Final = action
        self.destination: Final = destination
        self.points: Final = points

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
                found = _city_deliveries(
                    seat, cards, city, colors, rules, by_city, partners, _made_deliveries(game)
                )
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
    made: dict[_MadeKey, DeliveryOption],
) -> _CityDeliveries:
    """Every legal delivery of a cube of each of ``colors`` from ``city``, colour by colour.

    An option already made for the same route (``made``) is taken again: when the link
    graph changes, most of a city's routes are the routes it had, and making an option
    (its action, its points) costs far more than finding it."""
    walks = rules.routes(by_city, city, colors)
    out: _CityDeliveries = []
    for color in colors:
        routes: list[DeliveryOption] = []
        value = color.value
        for links, dest, owners in walks[color]:
            if partners:  # co-owners' points can change: made afresh each time
                routes.append(
                    _delivery_option(seat, cards, city, value, links, dest, owners, partners)
                )
                continue
            key = (seat, cards, city, value, links, dest, owners)
            option = made.get(key)
            if option is None:
                option = made[key] = _delivery_option(
                    seat, cards, city, value, links, dest, owners, partners
                )
            routes.append(option)
        if routes:
            out.append((value, routes))
    return out


# What an option of a delivery is made of: the seat, its cards, the city and colour, the
# links in order, where it ends and who owns each link. Nothing else goes into the option,
# so one made for a key serves every game on the board.
_MadeKey = tuple[int, tuple[str, ...], str, str, tuple[int, ...], str, tuple[int, ...]]
MADE_KEPT = 100_000  # options of deliveries kept per board before starting afresh


def _made_deliveries(game: Game) -> dict[_MadeKey, DeliveryOption]:
    made: dict[_MadeKey, DeliveryOption] = game.board.derived("delivery_options_made", dict)
    if len(made) > MADE_KEPT:
        made.clear()
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
    action = DeliverGoods(seat=seat, city=city, color=color, links=links, cards=cards)
    return DeliveryOption(action, dest, points)


def _kept_deliveries(
    game: Game, seat: int, cards: tuple[str, ...], rules: DeliveryRules, graph_epoch: int
) -> dict[tuple[str, tuple[Color, ...]], _CityDeliveries] | None:
    """The deliveries already worked out for the seat, by (city, colours of its cubes), while
    nothing they depend on changed; None when they cannot be kept.

    With no hook in force, or hooks that only let cubes pass some cities (``passable``),
    a city's routes depend only on the complete links within the engine's reach of it and
    who owns them, those cities' colours, the seat, its engine, the links it shares and the
    passable cities: the last four are in the key, and when the link graph or a colour
    changes only the cities within reach of a change are worked out again.
    """
    if rules.passable is None:
        return None
    state = game.state
    every: dict[tuple[object, ...], _KeptDeliveries] = game.derived.setdefault(
        "delivery_options", {}
    )
    key = (seat, cards, rules.max_links, rules.shared, rules.passable)
    _version, graph, _epoch, partners = _graph_entry(game)
    colors = tuple(state.city_colors.values())
    hit = every.get(key)
    if hit is not None and hit[0] == graph_epoch and hit[1] == colors:
        return hit[4]
    if hit is None or hit[3] != partners or len(hit[1]) != len(colors):
        if len(every) > 64:  # seats, cards and engines seen: a few; drop old epochs
            every.clear()
        kept: dict[tuple[str, tuple[Color, ...]], _CityDeliveries] = {}
    else:
        kept = _still_kept(hit, graph, colors, tuple(state.city_colors), rules.max_links)
    every[key] = (graph_epoch, colors, graph, partners, kept)
    return kept


# (graph epoch, city colours, link graph, co-owners, deliveries by city and colours)
_KeptDeliveries = tuple[
    int,
    tuple[Color, ...],
    dict[str, list[Edge]],
    dict[int, list[int]],
    dict[tuple[str, tuple[Color, ...]], _CityDeliveries],
]


def _still_kept(
    hit: _KeptDeliveries,
    graph: dict[str, list[Edge]],
    colors: tuple[Color, ...],
    cities: tuple[str, ...],
    reach: int,
) -> dict[tuple[str, tuple[Color, ...]], _CityDeliveries]:
    """The kept deliveries of the cities that no change of the link graph or of a colour
    can reach within ``reach`` links (in the old graph or the new one)."""
    _epoch, before_colors, before, _partners, kept = hit
    changed = {c for c in before.keys() | graph.keys() if before.get(c) != graph.get(c)}
    changed.update(c for c, a, b in zip(cities, before_colors, colors, strict=True) if a != b)
    if not changed:
        return kept
    near = set(changed)
    frontier = list(changed)
    for _step in range(reach):
        ahead: list[str] = []
        for city in frontier:
            for edges in (before.get(city, ()), graph.get(city, ())):
                for _link, other, _owner in edges:
                    if other not in near:
                        near.add(other)
                        ahead.append(other)
        frontier = ahead
    return {k: v for k, v in kept.items() if k[0] not in near}


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


# How a copy of the game takes this cache over (Game.copy): the link graph is replaced,
# never changed (the build listing's caches register in build_listing and build_slots).
DERIVED_FORKS.update(link_graph=lambda entry: entry)


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
