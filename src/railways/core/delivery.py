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
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from railways.core.actions import DeliverGoods
from railways.core.board import Color
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


@dataclass(frozen=True, slots=True)
class Walk:
    """A cube on its way: who moves it, its colour, the cities and links so far."""

    seat: int
    color: Color
    cities: tuple[str, ...]
    links: tuple[int, ...]


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


class DeliveryRules:
    """The route rules for one seat's deliveries now, with the hooks in force."""

    def __init__(self, game: Game, seat: int, hooks: Sequence[DeliveryHook] = ()) -> None:
        self.game = game
        self.seat = seat
        self.hooks = tuple(h for h in hooks if h.in_force(game, seat))
        # The cities the hooks let a cube pass, when passing is all they change (routes).
        self.passable: frozenset[str] | None = frozenset()
        for hook in self.hooks:
            cities = hook.passable(game, seat)
            self.passable = (
                None if cities is None or self.passable is None else (self.passable | cities)
            )
        # RW-p5-26, and the links a card played on the delivery adds
        self.max_links = game.engine_level(seat) + sum(h.extra_links for h in self.hooks)
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

    # -- listing every route ---------------------------------------------------------------------
    def routes(
        self, graph: dict[str, list[Edge]], start: str, wanted: Sequence[Color]
    ) -> dict[Color, list[Route]]:
        """Every legal route from ``start`` for a cube of each colour in ``wanted``.

        One depth-first walk serves all the colours: it carries the colours still
        travelling; a colour stops where ``must_stop`` says so.
        """
        found: dict[Color, list[Route]] = {c: [] for c in wanted}
        if self.passable is not None:  # no hook, or hooks that only let cubes pass cities
            self._base_routes(graph, start, frozenset(wanted), found, self.passable)
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
        passable: frozenset[str] = frozenset(),
    ) -> None:
        """``routes`` when no hook is in force: the same predicates, written into the loop.

        This is the hot loop of every listing. ``base_step``'s two tests appear inline, and
        with no hook a colour is delivered exactly where it must stop: at the first city of
        its colour (``must_stop`` and ``_arrives`` agree), so the walk carries the colours
        still travelling and drops one where it arrives, unless the city is ``passable``
        (hooks that only let a cube go on past some cities): there it also goes on. The
        property test compares this with ``check`` route by route.
        """
        walker = _Walker(graph, self.colors, self.seat, self.shared, passable, found)
        walker.walk(start, [start], [], [], wanted, self.max_links)

    # -- drawing one at random -----------------------------------------------------------------
    def random_route(
        self, graph: dict[str, list[Edge]], sources: Sequence[tuple[str, Color]], rng: Rng
    ) -> DeliverGoods | None:
        """A random walk from a random (city, colour) until the cube may be delivered.

        Gives up after :data:`WALK_TRIES` walks that end nowhere (None).
        """
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


class _Walker:
    """The depth-first walk of ``DeliveryRules._base_routes``, on lists grown and shrunk
    in place: a route's tuples are made only where a cube arrives, not at every step.

    At each city it first notes every arrival over its links, in the links' order, then
    walks on along them in the reverse order: the order of a stack of partial routes,
    which is the order the listing has always had."""

    def __init__(
        self,
        graph: dict[str, list[Edge]],
        colors: dict[str, Color],
        seat: int,
        shared: frozenset[int],
        passable: frozenset[str],
        found: dict[Color, list[Route]],
    ) -> None:
        self.graph = graph
        self.colors = colors
        self.seat = seat
        self.shared = shared
        self.passable = passable
        self.found = found

    def walk(
        self,
        here: str,
        cities: list[str],
        links: list[int],
        owners: list[int],
        alive: frozenset[Color],
        left: int,
    ) -> None:
        """Routes on from ``here`` (reached along ``links``) with ``left`` links to go."""
        if left <= 0:
            return
        onward: list[tuple[int, str, int, frozenset[Color]]] = []
        first = not links
        for link_id, to, owner in self.graph.get(here, ()):
            if (first and owner != self.seat and link_id not in self.shared) or to in cities:
                continue  # base_step: RW-p5-32, RW-p5-27
            color = self.colors[to]
            if color in alive:
                # Delivered here, and it stops here (RW-p5-22, RW-p5-28) ...
                self.found[color].append(((*links, link_id), to, (*owners, owner)))
                if to in self.passable:  # ... or it may go on past (RW-p7-15)
                    onward.append((link_id, to, owner, alive))
                elif len(alive) > 1:
                    onward.append((link_id, to, owner, alive - {color}))
            else:
                onward.append((link_id, to, owner, alive))
        if left <= 1:
            return
        for link_id, to, owner, going in reversed(onward):
            cities.append(to)
            links.append(link_id)
            owners.append(owner)
            self.walk(to, cities, links, owners, going, left - 1)
            cities.pop()
            links.pop()
            owners.pop()


copied_by_fields(RouteLink, Refusal, Walk)  # copy and pickle work compiled too (hexgrid)
