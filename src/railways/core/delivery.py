"""The delivery rules (RW-p5-22..33), written once for checking, listing and sampling.

A delivery moves one cube from a city along complete links, one city after another,
and ends in a city of the cube's colour. :class:`DeliveryRules` holds the route rules
as three small predicates, and everything that needs them goes through it:

- ``check`` walks the links a player named and says which rule a wrong route breaks
  (``Game.check`` uses it);
- ``routes`` lists every legal route from a city (``legal.delivery_options``);
- ``random_route`` draws one by a random walk (``legal.sample_action``).

Plug-ins and cards change the rules through :class:`DeliveryHook` objects: a map where
cubes may not re-enter a region refuses a step, a card that lets a cube pass a city of
its colour says so in ``may_pass``, a city that refuses a colour refuses the arrival.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, final

from mypy_extensions import mypyc_attr

from railways.core.actions import DeliverGoods
from railways.core.board import Board, Color
from railways.core.city_colors import CityColors
from railways.core.errors import IllegalAction
from railways.core.hexgrid import copied_by_fields
from railways.core.state import Link

if TYPE_CHECKING:
    from railways.core.game import Game
    from railways.core.rng import Rng

# One complete link seen from a city: (link id, the city at its other end, its owner).
Edge = tuple[int, str, int]
# A legal route: the links in order, the destination, and the owner of each link.
Route = tuple[tuple[int, ...], str, tuple[int, ...]]

WALK_TRIES = 16  # random walks tried before the sampler falls back to the full list
FIRST_LINK = "first-link"  # the first link is another's (RW-p5-32)
TWICE = "twice"  # the cube would enter a city twice (RW-p5-27)


@dataclass(frozen=True, slots=True)
class RouteLink:
    """A way over existing track that counts as one link for deliveries though no link of
    the state holds it (``Plugin.route_links``): a switch's branch seen from the far end of
    the track it leaves (RW-p7-30). Its ``id`` is below 0, so it never names a link; ``of``
    is the link whose tiles it shares."""

    id: int
    start: str
    end: str
    owner: int
    of: int

    def other_city(self, city: str) -> str:
        return self.end if city == self.start else self.start


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a step or an arrival is not allowed, with the clause that forbids it."""

    message: str
    clause: str | None = None


@dataclass(frozen=True, slots=True, init=False)
class Walk:
    """A cube on its way: who moves it, its colour, the cities and links so far."""

    seat: int
    color: Color
    cities: tuple[str, ...]
    links: tuple[int, ...]

    # Hand-written: mypyc compiles it (the one @dataclass writes runs interpreted, some ten
    # times the instructions; ``check`` makes one per link of every delivery).
    def __init__(
        self, seat: int, color: Color, cities: tuple[str, ...], links: tuple[int, ...]
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "cities", cities)
        object.__setattr__(self, "links", links)


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-ins subclass it (the mypyc build)
class DeliveryHook:
    """A change to the route rules. Every method has a do-nothing default.

    ``extra_links`` lets the cube go that many links further than the engine level (a card
    played on the delivery: Australia's Tenders and Mechanical Stoker, AU-038, AU-043).
    """

    extra_links: int = 0

    def in_force(self, game: Game, seat: int) -> bool:
        """Whether the hook can change anything for the seat now (False: it is left out, and
        the seat's routes are listed by the base rules' own, faster, loop)."""
        return True

    def passable(self, game: Game, seat: int) -> frozenset[str] | None:
        """The cities whose colour the seat's cubes may go on past, when that is all this hook
        changes and it depends on the city alone (a Fuel Depot, RW-p7-15): routes are then
        listed by the base rules' loop. None: the hook changes more, or asks more."""
        return None

    def wildcards(self, game: Game, seat: int) -> frozenset[str] | None:
        """The cities that take the seat's cubes of every colour (``accepts``: the cube stops
        there), when that is all this hook changes and it depends on the city alone (the
        Federation's capital, AU-037): routes are then listed by the integer walk, as for
        ``passable``. None: the hook changes more, or asks more (or says it in
        ``passable``)."""
        return None

    def also_takes(self, game: Game, seat: int) -> frozenset[tuple[str, Color]] | None:
        """The cities that take the seat's cubes of one more colour each, as (city, colour)
        pairs (``accepts``: the cube stops there), when that is all this hook changes and it
        depends on the city alone (a City Rotor showing a second colour, RW-p7-04): routes
        are then listed by the integer walk, as for ``wildcards``. None: the hook changes
        more, or asks more."""
        return None

    def shortest(self, game: Game, seat: int) -> int | None:
        """The fewest links a delivery may take, when that (and ``extra_links``) is all this
        hook changes: a card for a delivery longer than the engine reaches (AU-038,
        AU-043) refuses a shorter arrival, and the cube still stops there. Routes are then
        listed by the integer walk. None: the hook changes more, or asks more."""
        return None

    def refuse_step(self, game: Game, walk: Walk, link: int, to: str, owner: int) -> Refusal | None:
        """Refuse moving the cube along ``link`` to the city ``to`` (None: allowed)."""
        return None

    def may_pass(self, game: Game, walk: Walk, city: str) -> bool:
        """Whether the cube may go on past ``city``, the last of ``walk``, a city of its colour."""
        return False

    def refuse_arrival(self, game: Game, walk: Walk) -> Refusal | None:
        """Refuse delivering the cube at the last city of ``walk`` (None: allowed)."""
        return None

    def accepts(self, game: Game, walk: Walk) -> bool:
        """Whether the last city of ``walk`` takes the cube although it is of another colour
        (a City Rotor showing a second colour, RW-p7-04). Such a city is then one of the
        cube's colour for every rule: the cube must stop there (RW-p7-05)."""
        return False


def _shared(game: Game, seat: int) -> frozenset[int]:
    """The links the seat owns with their owner (AU-036), kept until the track or who owns
    it changes (a Company Merger marks the track changed): the route rules are made for
    every delivery drawn or checked, and this would otherwise walk every link each time."""
    state = game.state
    hit = game.derived.get("shared_links")
    if hit is None or hit[0] != game.links_seen():
        by_seat: dict[int, set[int]] = {}
        for lk in state.links.values():
            for partner in lk.partners:
                by_seat.setdefault(partner, set()).add(lk.id)
        hit = game.derived["shared_links"] = (
            game.links_seen(),
            {s: frozenset(ids) for s, ids in by_seat.items()},
        )
    found: frozenset[int] = hit[1].get(seat, _NONE_SHARED)
    return found


_NONE_SHARED: frozenset[int] = frozenset()
_NO_CITIES: frozenset[str] = frozenset()
_NO_PAIRS: frozenset[tuple[str, Color]] = frozenset()
_COLOR_OF: dict[str, Color] = {c.value: c for c in Color}  # a colour by its value
_VALUE_OF: dict[Color, str] = {c: c.value for c in Color}  # (an Enum's .value runs Python)


class DeliveryRules:
    """The route rules for one seat's deliveries now, with the hooks in force."""

    def __init__(self, game: Game, seat: int, hooks: Sequence[DeliveryHook] = ()) -> None:
        self.game = game
        self.seat = seat
        # (no generator when there is no hook: rules are made for every delivery checked)
        self.hooks = tuple([h for h in hooks if h.in_force(game, seat)]) if hooks else ()
        # The cities the hooks let a cube pass, when passing is all they change (routes).
        self.passable: frozenset[str] | None = _NO_CITIES
        # What the integer walk needs when every hook only lets cubes pass some cities or
        # makes some cities take every colour (``simple``): those two sets of cities.
        self.simple = True
        self.pass_cities: frozenset[str] = _NO_CITIES
        self.wild: frozenset[str] = _NO_CITIES
        self.also: frozenset[tuple[str, Color]] = _NO_PAIRS  # (``DeliveryHook.also_takes``)
        self.min_links = 1
        for hook in self.hooks:
            cities = hook.passable(game, seat)
            self.passable = (
                None if cities is None or self.passable is None else (self.passable | cities)
            )
            if cities is not None:
                self.pass_cities |= cities
                continue
            wild = hook.wildcards(game, seat)
            if wild is not None:
                self.wild |= wild
                continue
            also = hook.also_takes(game, seat)
            if also is not None:
                self.also |= also
                continue
            shortest = hook.shortest(game, seat)
            if shortest is not None:
                self.min_links = max(self.min_links, shortest)
            else:
                self.simple = False
        # RW-p5-26, and the links a card played on the delivery adds
        extra = 0
        for hook in self.hooks:
            extra += hook.extra_links
        self.max_links = game.engine_level(seat) + extra
        self.colors = game.state.city_colors
        # Links the seat owns together with their owner (AU-036): it may start on them too.
        self.shared = _shared(game, seat)

    # -- the rules, once -------------------------------------------------------------------
    # Each rule is one predicate. Listing and sampling ask the predicates for a yes or no
    # many thousand times, so they return a short reason code; only ``check`` turns a
    # code into a sentence for the player (``explain``).
    def base_step(
        self, first: bool, cities: tuple[str, ...], to: str, owner: int, link: int = 0
    ) -> str | None:
        """The base game's verdict on a step: None, or why it may not be taken."""
        if first and owner != self.seat and link not in self.shared:
            return FIRST_LINK  # RW-p5-32
        if to in cities:
            return TWICE  # RW-p5-27
        return None

    def hook_step(self, walk: Walk, link: int, to: str, owner: int) -> Refusal | None:
        """The hooks' verdict on a step the base rules allow."""
        for hook in self.hooks:
            refusal = hook.refuse_step(self.game, walk, link, to, owner)
            if refusal is not None:
                return refusal
        return None

    def must_stop(self, walk: Walk) -> bool:
        """A cube stops at the first city of its colour it reaches (RW-p5-28)."""
        city = walk.cities[-1]
        if len(walk.cities) < 2 or not self.takes(walk):
            return False
        return not any(hook.may_pass(self.game, walk, city) for hook in self.hooks)

    def takes(self, walk: Walk) -> bool:
        """Whether the last city of ``walk`` takes the cube: its colour, or a hook's say-so."""
        if self.colors[walk.cities[-1]] is walk.color:
            return True
        return any(hook.accepts(self.game, walk) for hook in self.hooks)

    def arrival_refusal(self, walk: Walk) -> Refusal | None:
        """Whether the cube may be delivered where ``walk`` ends."""
        city = walk.cities[-1]
        if not self.takes(walk):
            return Refusal(
                f"{self.game.city_name(city)} does not take {walk.color.value} goods", "RW-p5-22"
            )
        for hook in self.hooks:
            refusal = hook.refuse_arrival(self.game, walk)
            if refusal is not None:
                return refusal
        return None

    def _arrives(self, walk: Walk) -> bool:
        """``arrival_refusal(walk) is None``, without wording a refusal."""
        if not self.hooks:
            return self.colors[walk.cities[-1]] is walk.color
        return self.arrival_refusal(walk) is None

    def explain(self, code: str, to: str) -> Refusal:
        if code == FIRST_LINK:
            return Refusal("you must own the first link the cube moves along", "RW-p5-32")
        return Refusal(f"the cube would enter {self.game.city_name(to)} twice", "RW-p5-27")

    def step_refusal(self, walk: Walk, link: int, to: str, owner: int) -> Refusal | None:
        """Whether the cube may move along ``link`` to ``to`` next, and if not why."""
        code = self.base_step(not walk.links, walk.cities, to, owner, link)
        if code is not None:
            return self.explain(code, to)
        return self.hook_step(walk, link, to, owner) if self.hooks else None

    # -- checking one route -------------------------------------------------------------------
    def check(self, action: DeliverGoods) -> tuple[Color, tuple[str, ...]]:
        """Check a delivery; return the cube colour and the cities it passes."""
        game, state = self.game, self.game.state
        if action.city not in game.board.cities:
            raise IllegalAction(f"there is no city {action.city!r}")
        # (a dict for the usual case: calling the Enum costs some 4,000 instructions)
        color = _COLOR_OF.get(action.color) if isinstance(action.color, str) else None
        if color is None:
            try:
                color = Color(action.color)
            except ValueError:
                raise IllegalAction(f"{action.color!r} is not a goods colour", "RW-p5-22") from None
        if color not in state.cubes[action.city]:
            raise IllegalAction(
                f"{game.city_name(action.city)} has no {color.value} cube", "RW-p5-24"
            )
        if not action.links:
            raise IllegalAction("a delivery moves the cube along at least one link", "RW-p5-29")
        if len(action.links) > self.max_links:
            raise IllegalAction(
                f"your engine moves a cube at most {self.max_links} link(s)", "RW-p5-26"
            )
        if len(set(action.links)) != len(action.links):
            raise IllegalAction("a cube may not travel the same link twice", "RW-p5-27")
        if not self.hooks and action.seat == self.seat:
            cities = self._plain_route(action.city, color, action.links)
            if cities is not None:
                return color, cities
        walk = Walk(action.seat, color, (action.city,), ())
        extra = game.route_links()
        for link_id in action.links:
            link = state.links.get(link_id) if link_id >= 0 else extra.get(link_id)
            if link is None:
                raise IllegalAction(f"there is no link {link_id}", "RW-p5-25")
            if isinstance(link, Link) and not link.complete:
                raise IllegalAction(
                    f"link {link_id} is incomplete; cubes move only along complete links",
                    "RW-p5-25",
                )
            here = walk.cities[-1]
            if here not in (link.start, link.end):
                raise IllegalAction(
                    f"link {link_id} does not touch {game.city_name(here)}", "RW-p5-25"
                )
            if walk.links and self.must_stop(walk):
                raise IllegalAction(
                    f"the cube must stop at {game.city_name(here)}, the first "
                    f"{color.value} city it reaches",
                    "RW-p5-28",
                )
            to = link.other_city(here)
            refusal = self.step_refusal(walk, link_id, to, link.owner)
            if refusal is not None:
                raise IllegalAction(refusal.message, refusal.clause)
            walk = Walk(walk.seat, color, (*walk.cities, to), (*walk.links, link_id))
        refusal = self.arrival_refusal(walk)
        if refusal is not None:
            raise IllegalAction(refusal.message, refusal.clause)
        return color, walk.cities

    def _plain_route(
        self, city: str, color: Color, links: tuple[int, ...]
    ) -> tuple[str, ...] | None:
        """The cities of a route along complete links of the state that breaks no rule of
        the base game (no hook in force): what ``check``'s walk gives it, without a
        ``Walk`` per link. None for any other route: ``check`` walks that one and says
        which rule it breaks (this only spares the walk of a legal delivery)."""
        state_links, colors, seat = self.game.state.links, self.colors, self.seat
        cities = [city]
        here = city
        for link_id in links:
            link = state_links.get(link_id) if link_id >= 0 else None
            if link is None or link.end is None:
                return None  # no such link, incomplete, or a plug-in's way
            if len(cities) > 1 and colors.get(here) is color:
                return None  # it must stop here (RW-p5-28)
            if here == link.start:
                to = link.end
            elif here == link.end:
                to = link.start
            else:
                return None  # the link does not touch the city (RW-p5-25)
            if len(cities) == 1 and link.owner != seat and link_id not in self.shared:
                return None  # RW-p5-32
            if to in cities:
                return None  # RW-p5-27
            cities.append(to)
            here = to
        if colors.get(here) is not color:
            return None  # not delivered here (RW-p5-22)
        return tuple(cities)

    # -- listing every route ---------------------------------------------------------------------
    def routes(
        self, graph: dict[str, list[Edge]], start: str, wanted: Sequence[Color]
    ) -> dict[Color, list[Route]]:
        """Every legal route from ``start`` for a cube of each colour in ``wanted``.

        One depth-first walk serves all the colours: it carries the colours still
        travelling; a colour stops where ``must_stop`` says so.
        """
        found: dict[Color, list[Route]] = {c: [] for c in wanted}
        if self.simple:  # no hook, or hooks that only let cubes pass or take at some cities
            self._base_routes(graph, start, frozenset(wanted), found)
            return found
        seat = self.seat
        stack: list[tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[Color, ...]]]
        stack = [((start,), (), (), tuple(wanted))]
        while stack:
            cities, links, owners, alive = stack.pop()
            if len(links) >= self.max_links:
                continue
            first = not links
            for link_id, to, owner in graph.get(cities[-1], ()):
                if self.base_step(first, cities, to, owner, link_id) is not None:
                    continue
                going = tuple(
                    c
                    for c in alive
                    if self.hook_step(Walk(seat, c, cities, links), link_id, to, owner) is None
                )
                if not going:
                    continue
                new_cities, new_links = (*cities, to), (*links, link_id)
                new_owners = (*owners, owner)
                onward: list[Color] = []
                for color in going:
                    walk = Walk(seat, color, new_cities, new_links)
                    if self._arrives(walk):
                        found[color].append((new_links, to, new_owners))
                    if not self.must_stop(walk):
                        onward.append(color)
                if onward:
                    stack.append((new_cities, new_links, new_owners, tuple(onward)))
        return found

    def _base_routes(
        self,
        graph: dict[str, list[Edge]],
        start: str,
        wanted: frozenset[Color],
        found: dict[Color, list[Route]],
    ) -> None:
        """``routes`` when no hook is in force: the same predicates, written into the loop.

        This is the hot loop of every listing. ``base_step``'s two tests appear inline, and
        with no hook a colour is delivered exactly where it must stop: at the first city of
        its colour (``must_stop`` and ``_arrives`` agree), so the walk carries the colours
        still travelling and drops one where it arrives, unless the city is passable
        (hooks that only let a cube go on past some cities): there it also goes on. A
        wildcard city (``DeliveryHook.wildcards``) is a city of every colour. The property
        test compares this with ``check`` route by route.
        """
        ints = int_graph(self.game, graph)
        start_at = ints.cities.index.get(start)
        if start_at is None or start_at >= len(ints.adj):
            return  # no complete link touches it
        walker = IntWalker(
            ints,
            ints.colors_of(self.colors, self.wild, self.also),
            self.seat,
            self.shared,
            ints.city_bits(self.pass_cities),
            self.max_links,
            self.min_links,
        )
        walker.walk_from(start_at, color_bits(wanted))
        for color in wanted:
            found[color].extend(walker.found[COLOR_INDEX[color]])

    # -- drawing one at random -----------------------------------------------------------------
    def random_route(
        self, graph: dict[str, list[Edge]], sources: Sequence[tuple[str, Color]], rng: Rng
    ) -> DeliverGoods | None:
        """A random walk from a random (city, colour) until the cube may be delivered.

        Gives up after :data:`WALK_TRIES` walks that end nowhere (None).
        """
        if self.simple:
            return self._random_base_route(int_graph(self.game, graph), sources, rng)
        for _ in range(WALK_TRIES):
            start, color = sources[rng.below(len(sources))]
            walk = Walk(self.seat, color, (start,), ())
            while len(walk.links) < self.max_links:
                first = not walk.links
                steps = [
                    (link_id, to)
                    for link_id, to, owner in graph.get(walk.cities[-1], ())
                    if self.base_step(first, walk.cities, to, owner, link_id) is None
                    and (not self.hooks or self.hook_step(walk, link_id, to, owner) is None)
                ]
                if not steps:
                    break
                link_id, to = steps[rng.below(len(steps))]
                walk = Walk(self.seat, color, (*walk.cities, to), (*walk.links, link_id))
                if self._arrives(walk):
                    return DeliverGoods(
                        seat=self.seat, city=start, color=color.value, links=walk.links
                    )
                if self.must_stop(walk):
                    break
        return None

    def _random_base_route(
        self, ints: IntGraph, sources: Sequence[tuple[str, Color]], rng: Rng
    ) -> DeliverGoods | None:
        """``random_route`` with no hook in force (or ``simple`` ones), over the integer
        graph: the same draws from ``rng`` (a source, then one of the steps allowed, counted
        in the links' order), and no object made per step. The walk ends at the first city
        that takes the cube (a city of its colour, or a wildcard): it is delivered there."""
        index, adj = ints.cities.index, ints.adj
        colors = ints.colors_of(self.colors, self.wild, self.also)
        seat, shared, longest = self.seat, self.shared, self.max_links
        passable = ints.city_bits(self.pass_cities) if self.pass_cities else 0
        links: list[int] = []
        for _ in range(WALK_TRIES):
            start, color = sources[rng.below(len(sources))]
            here = index.get(start, -1)
            if here < 0 or here >= len(adj):
                continue  # no link to take
            want = 1 << COLOR_INDEX[color]
            seen = 1 << here
            links.clear()
            while len(links) < longest:
                edges = adj[here]
                first = not links
                count = 0
                for i in range(0, len(edges), 3):
                    if not (seen >> edges[i + 1]) & 1 and (
                        not first or edges[i + 2] == seat or edges[i] in shared
                    ):
                        count += 1
                if count == 0:
                    break
                pick = rng.below(count)
                for i in range(0, len(edges), 3):
                    if not (seen >> edges[i + 1]) & 1 and (
                        not first or edges[i + 2] == seat or edges[i] in shared
                    ):
                        if pick == 0:
                            links.append(edges[i])
                            here = edges[i + 1]
                            break
                        pick -= 1
                seen |= 1 << here
                if colors[here] & want:
                    if len(links) >= self.min_links:
                        # (positional: a keyword call is dearer; a dict for the value)
                        return DeliverGoods(seat, start, _VALUE_OF[color], tuple(links))
                    if not (passable >> here) & 1:
                        break  # it stops here, too soon for a card's longer delivery
        return None


# -- the link graph over dense integers ------------------------------------------------------
COLORS: Final = tuple(Color)
COLOR_INDEX: Final = {c: i for i, c in enumerate(COLORS)}  # a colour as a bit position
ALL_COLORS: Final = (1 << len(COLORS)) - 1  # the colour bits of a wildcard city


def cube_bits(cubes: list[Color]) -> int:
    """The colours of a city's cubes as a bitset of their indices (``color_bits``), each
    found by identity: a dict look-up per cube costs several times as much, and every
    listing turns every city's cubes into bits."""
    bits = 0
    for cube in cubes:
        if cube is _COLOR_0:
            bits |= 1
        elif cube is _COLOR_1:
            bits |= 2
        elif cube is _COLOR_2:
            bits |= 4
        elif cube is _COLOR_3:
            bits |= 8
        elif cube is _COLOR_4:
            bits |= 16
        else:
            bits |= 1 << COLOR_INDEX[cube]
    return bits


# (the first five colours, compared by identity in ``cube_bits``)
_COLOR_0: Final = COLORS[0]
_COLOR_1: Final = COLORS[1]
_COLOR_2: Final = COLORS[2]
_COLOR_3: Final = COLORS[3]
_COLOR_4: Final = COLORS[4]


def color_bits(colors: Sequence[Color] | frozenset[Color]) -> int:
    """The colours as a bitset of their indices."""
    bits = 0
    for color in colors:
        bits |= 1 << COLOR_INDEX[color]
    return bits


@final
class CityIndex:
    """A board's cities as dense integers, kept on the board (``city_index``): a city gets
    the next number the first time a link graph names it, and keeps it, so bitsets of
    cities made for one graph mean the same in the next."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.made = 0  # integer graphs made with these numbers (``IntGraph.serial``)

    def of(self, name: str) -> int:
        found = self.index.get(name)
        if found is None:
            found = self.index[name] = len(self.names)
            self.names.append(name)
        return found


def city_index(board: Board) -> CityIndex:
    return board.derived("delivery_city_index", CityIndex)


@final
class IntGraph:
    """A link graph (``legal.link_graph``) over the board's city numbers: ``adj[city]`` is
    a flat list (link id, city at the other end, owner, ...) in the graph's order. Never
    changed once made (copies of a game share it), but for the city colours it last turned
    into numbers (``colors_of``).

    One made from an earlier one and the links the track completed since (``extended``)
    shares the lists of the cities those links do not touch, and says which cities it
    changed since each of its last few ancestors (``changed_since``): the kept deliveries
    then know what to work out again without comparing every city's links."""

    def __init__(
        self,
        graph: dict[str, list[Edge]],
        cities: CityIndex,
        adj: list[list[int]] | None = None,
    ) -> None:
        self.graph = graph
        self.cities = cities
        cities.made += 1
        self.serial = cities.made  # (names this graph in a later one's ``since``)
        self.since: dict[int, int] = {}
        self._starts: dict[tuple[int, frozenset[int]], int] = {}  # (``start_bits``)
        # (``extended``: its parent's start bits, and the links added since, for start_bits)
        self._parent_starts: dict[tuple[int, frozenset[int]], int] | None = None
        self._added: list[tuple[int, int, int, int]] = []  # (id, one end, other end, owner)
        self._stamp = 0  # the stamp of the colours last turned into bits (0: none)
        self._colors: dict[str, Color] = {}  # those colours, when they had no stamp
        self._wild: frozenset[str] = frozenset()
        self._also: frozenset[tuple[str, Color]] = frozenset()
        self._color_list: list[int] = []
        self.adj: list[list[int]] = []
        if adj is not None:  # (``extended``)
            self.adj = adj
            return
        for name, edges in graph.items():
            cities.of(name)
            for _link, to, _owner in edges:
                cities.of(to)
        self.adj = [[] for _ in range(len(cities.names))]
        index = cities.index
        for name, edges in graph.items():
            flat = self.adj[index[name]]
            for link, to, owner in edges:
                flat.append(link)
                flat.append(index[to])
                flat.append(owner)

    def extended(self, graph: dict[str, list[Edge]], added: Sequence[Link]) -> IntGraph:
        """This graph with the complete ``added`` links after its own: ``graph`` over
        integers, when ``graph`` is this one's graph with those links' edges appended."""
        cities = self.cities
        adj = list(self.adj)
        changed = 0
        ends: list[tuple[int, int, int, int]] = []
        for link in added:
            assert link.end is not None
            a, b = cities.of(link.start), cities.of(link.end)
            while len(adj) <= max(a, b):
                adj.append([])
            adj[a] = [*adj[a], link.id, b, link.owner]
            adj[b] = [*adj[b], link.id, a, link.owner]
            changed |= (1 << a) | (1 << b)
            ends.append((link.id, a, b, link.owner))
        made = IntGraph(graph, cities, adj)
        made._parent_starts, made._added = self._starts, ends
        since = made.since
        since[self.serial] = changed
        for serial, bits in self.since.items():
            if len(since) >= KEPT_ANCESTORS:
                break
            since[serial] = bits | changed
        made._colors, made._wild, made._color_list = self._colors, self._wild, self._color_list
        made._also = self._also
        made._stamp = self._stamp
        return made

    def start_bits(self, seat: int, shared: frozenset[int]) -> int:
        """The cities a link of the seat (or one it shares, ``shared``) leaves, as bits:
        where it may start a cube (RW-p5-32). Kept with the graph."""
        key = (seat, shared)
        bits = self._starts.get(key)
        parent = self._parent_starts
        if bits is None and parent is not None and key in parent:
            # An extended graph: its parent's, and the ends of the seat's links added since.
            bits = parent[key]
            for link, a, b, owner in self._added:
                if owner == seat or link in shared:
                    bits |= (1 << a) | (1 << b)
            self._starts[key] = bits
        if bits is None:
            bits = 0
            for at, edges in enumerate(self.adj):
                for i in range(0, len(edges), 3):
                    if edges[i + 2] == seat or edges[i] in shared:
                        bits |= 1 << at
                        break
            self._starts[key] = bits
        return bits

    def changed_since(self, earlier: IntGraph) -> int | None:
        """The cities whose links differ from ``earlier``'s, as bits, when this graph was
        extended from it in the last few steps (None: not known)."""
        if earlier is self:
            return 0
        return self.since.get(earlier.serial)

    def colors_of(
        self,
        colors: dict[str, Color],
        wild: frozenset[str],
        also: frozenset[tuple[str, Color]] = _NO_PAIRS,
    ) -> list[int]:
        """The colours each city takes, as bits: its own (none for a city without one), or
        all for a ``wild`` one, and the one more colour ``also`` gives it (city, colour).
        Kept while ``wild`` and ``also`` are equal and ``colors`` has the same stamp
        (``CityColors``), or for colours without one, while they are equal."""
        stamp = colors.stamp if isinstance(colors, CityColors) else 0
        if (
            len(self._color_list) < len(self.adj)
            or (self._stamp != stamp if stamp else self._colors != colors)
            or self._wild != wild
            or self._also != also
        ):
            made = [
                ALL_COLORS
                if name in wild
                else (1 << COLOR_INDEX[c] if (c := colors.get(name)) is not None else 0)
                for name in self.cities.names[: len(self.adj)]
            ]
            index = self.cities.index
            for name, color in also:
                at = index.get(name, -1)
                if 0 <= at < len(made):
                    made[at] |= 1 << COLOR_INDEX[color]
            self._color_list = made  # (a new list: extended graphs share the old one)
            self._stamp = stamp
            self._colors = {} if stamp else dict(colors)
            self._wild, self._also = wild, also
        return self._color_list

    def city_bits(self, names: frozenset[str]) -> int:
        """The cities of ``names`` that the board numbers, as bits."""
        bits = 0
        for name in names:
            at = self.cities.index.get(name)
            if at is not None:
                bits |= 1 << at
        return bits


KEPT_ANCESTORS = 8  # earlier graphs an extended graph remembers its changes since


def int_graph(game: Game, graph: dict[str, list[Edge]]) -> IntGraph:
    """``graph`` over integers, kept while the link graph is the same object."""
    hit: IntGraph | None = game.derived.get("delivery_int_graph")
    if hit is not None and hit.graph is graph:
        return hit
    made = IntGraph(graph, city_index(game.board))
    game.derived["delivery_int_graph"] = made
    return made


@final
class IntWalker:
    """The depth-first walk of ``DeliveryRules._base_routes`` over the integer graph, for
    the base rules and hooks that only let cubes pass some cities.

    At each city it first notes every arrival over its links, in the links' order, then
    walks on along them in the reverse order: the order of a stack of partial routes, which
    is the order the listing has always had. Cities are bits of ``seen``, the colours still
    travelling bits of ``alive``; tuples are made only where a cube arrives. ``expanded``
    gathers the cities whose links the walk looked at: a change of the graph elsewhere (or
    of the colour of a city no such city leads to) cannot change what it found."""

    def __init__(
        self,
        ints: IntGraph,
        color_of: list[int],
        seat: int,
        shared: frozenset[int],
        passable: int,
        max_links: int,
        min_links: int = 1,
    ) -> None:
        self.adj = ints.adj
        self.names = ints.cities.names
        self.color_of = color_of  # the colours each city takes, as bits (IntGraph.colors_of)
        self.seat = seat
        self.shared = shared
        self.passable = passable  # the cities a cube may go on past, as bits
        self.max_links = max_links
        self.min_links = min_links  # (DeliveryHook.shortest)
        self.links: list[int] = [0] * max(max_links, 1)
        self.owners: list[int] = [0] * max(max_links, 1)
        self.found: list[list[Route]] = [[] for _ in COLORS]
        self.expanded = 0

    def walk_from(self, start: int, alive: int) -> None:
        """Every route from the city ``start`` for the colours of ``alive``, into ``found``
        (emptied first: a walker serves one walk after another)."""
        for found in self.found:
            found.clear()
        self.expanded = 0
        if self.max_links > 0 and start < len(self.adj):
            self.walk(start, 1 << start, 0, alive, self.max_links)

    def walk(self, here: int, seen: int, depth: int, alive: int, left: int) -> None:
        """Routes on from ``here``, reached with ``depth`` links, ``left`` links to go."""
        self.expanded |= 1 << here
        edges = self.adj[here]
        color_of = self.color_of
        first = depth == 0
        seat = self.seat
        n = len(edges)
        for i in range(0, n, 3):
            to = edges[i + 1]
            if (seen >> to) & 1:
                continue  # RW-p5-27
            if first and edges[i + 2] != seat and edges[i] not in self.shared:
                continue  # RW-p5-32
            taken = alive & color_of[to]
            if taken and depth >= self.min_links - 1:  # delivered here (RW-p5-22)
                self.links[depth] = edges[i]
                self.owners[depth] = edges[i + 2]
                route = (
                    tuple(self.links[: depth + 1]),
                    self.names[to],
                    tuple(self.owners[: depth + 1]),
                )
                color = 0
                while taken:
                    if taken & 1:
                        self.found[color].append(route)
                    taken >>= 1
                    color += 1
        if left <= 1:
            return
        i = n - 3
        while i >= 0:
            link, to, owner = edges[i], edges[i + 1], edges[i + 2]
            i -= 3
            if (seen >> to) & 1 or (first and owner != seat and link not in self.shared):
                continue
            going = alive
            taken = alive & color_of[to]
            if taken and not (self.passable >> to) & 1:
                going = alive & ~taken  # it stops here (RW-p5-28) ...
                if not going:
                    continue
            self.links[depth] = link  # ... unless it may go on past (RW-p7-15)
            self.owners[depth] = owner
            self.walk(to, seen | (1 << to), depth + 1, going, left - 1)


copied_by_fields(RouteLink, Refusal, Walk)  # copy and pickle work compiled too (hexgrid)
