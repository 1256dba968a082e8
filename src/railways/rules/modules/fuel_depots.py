"""Fuel Depots: four tokens a player places on cities to pass them or to break a long
delivery in two (RW-p7-12..25; the Western U.S. plays with them, RW-p12-11..14).

Placing (RW-p7-12, RW-p7-13): as an add-on to a Build Track action, for $5,000, up to two of
the player's depots go on one city that one of their own complete links reaches and that has
no depot of anyone's. Here the add-on is a free action (``place_fuel_depot``) taken at the
start of the Build Track action: once it is placed, the player's action must be that build
(any other action is refused until the track is built), and it is offered only when a build
is possible. Depots are taken back to the supply when used and may be placed again.

Using them (each use takes one of the player's depots in that city back to the supply,
RW-p7-20, RW-p7-21):

- passing (RW-p7-15): an ordinary delivery may go on through a city of the cube's colour
  where the player has a depot; a depot there is spent when the delivery is made;
- stopping (RW-p7-16..19): ``stop_at_fuel_depot`` moves a cube along the player's route to a
  city with the player's depot and ends the action there, the cube held in front of the
  player and nothing scored yet. If that city takes the cube's colour, one depot there is
  spent to ignore it (RW-p7-23), and another must stay for going on. On the player's next
  action ``continue_delivery`` spends a depot there and moves the cube on, up to the engine's
  links again, to a city that takes it (or to another depot: chaining, RW-p7-20). Each owner
  then scores every link of the whole journey (RW-p7-25). If the next action is anything
  else the held cube is discarded to the bag (RW-p7-19).

Our readings (docs/rules-interpretations.md): the first link of a continued delivery need
not be the player's own (the first-link rule, RW-p5-32, is about where the cube starts); a
cube never enters a city twice or uses a link twice in the whole journey (RW-p5-27); a depot
in a city passed is spent whenever the cube goes through that city although the city takes
its colour, even if a card would also have let it pass.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from railways.core.actions import Action, BuildTrack, register
from railways.core.board import Color
from railways.core.delivery import DeliveryHook, DeliveryRules, Walk
from railways.core.errors import IllegalAction
from railways.core.kinds import ActionInfo, ActionKind, KindInfo
from railways.core.plugins import Marker
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.delivery import Edge
    from railways.core.game import Delivery, Game

MODULE_ID = "fuel-depots"
DEPOTS_PER_PLAYER = 4  # RW-p7-12
DEPOT_COST = 5  # $5,000 (RW-p7-13)
MOST_AT_ONCE = 2  # RW-p7-13
WALK_TRIES = 8  # random walks a sampled stop at a depot tries before listing every stop


@register
@dataclass(frozen=True, slots=True)
class PlaceFuelDepot(Action):
    city: str = ""
    amount: int = 1  # how many depots (1 or 2)
    kind: ClassVar[str] = "place_fuel_depot"

    def __str__(self) -> str:
        return f"P{self.seat + 1} places {self.amount} Fuel Depot(s) at {self.city}"


@register
@dataclass(frozen=True, slots=True)
class StopAtFuelDepot(Action):
    """Move a cube from ``city`` along ``links`` to a depot of the player's and hold it."""

    city: str = ""
    color: str = ""
    links: tuple[int, ...] = ()
    kind: ClassVar[str] = "stop_at_fuel_depot"

    def __str__(self) -> str:
        return f"P{self.seat + 1} takes a {self.color} cube from {self.city} to a Fuel Depot"


@register
@dataclass(frozen=True, slots=True)
class ContinueDelivery(Action):
    """Move the held cube on along ``links`` to a city that takes it, and deliver it."""

    links: tuple[int, ...] = ()
    kind: ClassVar[str] = "continue_delivery"
    stop: ClassVar[bool] = False

    def __str__(self) -> str:
        return f"P{self.seat + 1} carries a cube on from a Fuel Depot and delivers it"


@register
@dataclass(frozen=True, slots=True)
class ContinueToFuelDepot(ContinueDelivery):
    """Move the held cube on along ``links`` to another depot and hold it again (RW-p7-20)."""

    kind: ClassVar[str] = "continue_to_fuel_depot"
    stop: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"P{self.seat + 1} carries a cube on from one Fuel Depot to another"


# -- state --------------------------------------------------------------------------------------
def data(game: Game) -> dict[str, Any]:
    """``placed``: city -> [seat, depots]; ``pending``: the seat whose Build Track action
    must follow its depot placement (or None); ``held``: seat (as text) -> the held cube."""
    found: dict[str, Any] | None = game.state.plugin_data.get("fuel_depots")
    if found is None:  # asked many times an action: no new default made each time
        found = game.state.plugin_data.setdefault(
            "fuel_depots", {"placed": {}, "pending": None, "held": {}}
        )
    return found


def depots_at(game: Game, seat: int, city: str) -> int:
    here = data(game)["placed"].get(city)
    if here is None or here[0] != seat:
        return 0
    count: int = here[1]
    return count


def in_supply(game: Game, seat: int) -> int:
    placed: int = sum(n for s, n in data(game)["placed"].values() if s == seat)
    return DEPOTS_PER_PLAYER - placed


def spend(game: Game, seat: int, city: str, why: str) -> None:
    """One of the seat's depots in ``city`` goes back to its supply (RW-p7-15, RW-p7-18)."""
    placed = data(game)["placed"]
    entry = placed[city]
    assert entry[0] == seat and entry[1] > 0
    entry[1] -= 1
    if entry[1] == 0:
        del placed[city]
    game.log(f"{game.seats[seat]} uses a Fuel Depot at {game.city_name(city)} ({why})")


@dataclass(frozen=True, slots=True)
class Held:
    """A cube on its way, waiting at a depot: its colour and its journey so far."""

    color: Color
    cities: tuple[str, ...]
    links: tuple[int, ...]

    def to_data(self) -> dict[str, Any]:
        return {"color": self.color.value, "cities": list(self.cities), "links": list(self.links)}

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> Held:
        return cls(Color(raw["color"]), tuple(raw["cities"]), tuple(raw["links"]))


def held(game: Game, seat: int) -> Held | None:
    raw = data(game)["held"].get(str(seat))
    return None if raw is None else Held.from_data(raw)


def discard_held(game: Game, seat: int, why: str) -> None:
    """The held cube goes back to the bag (RW-p7-19)."""
    cube = held(game, seat)
    if cube is None:
        return
    del data(game)["held"][str(seat)]
    game.state.bag[cube.color] += 1
    game.log(
        f"{game.seats[seat]}'s {cube.color.value} cube waiting at a Fuel Depot is lost ({why})"
    )


# -- routes -------------------------------------------------------------------------------------
def _rules(game: Game, seat: int) -> DeliveryRules:
    return game.delivery_rules(seat)


def _takes(rules: DeliveryRules, seat: int, color: Color, cities: tuple[str, ...]) -> bool:
    return rules.takes(Walk(seat, color, cities, ()))


def stop_needs(rules: DeliveryRules, seat: int, color: Color, cities: tuple[str, ...]) -> int:
    """Depots a stop at ``cities[-1]`` needs: one to go on, one more to ignore a city that
    takes the cube's colour (RW-p7-21, RW-p7-23)."""
    return 2 if _takes(rules, seat, color, cities) else 1


def follow(
    game: Game,
    rules: DeliveryRules,
    walk: Walk,
    links: tuple[int, ...],
    leg_start: int,
) -> Walk:
    """Check the steps of ``links`` from where ``walk`` ends (``walk.links[leg_start:]`` is
    this leg so far); return the walk extended. Raises IllegalAction naming the rule."""
    state = game.state
    if not links:
        raise IllegalAction("the cube must move along at least one link", "RW-p5-29")
    if len(links) > rules.max_links:
        raise IllegalAction(
            f"your engine moves a cube at most {rules.max_links} link(s) in one action",
            "RW-p7-16",
        )
    for link_id in links:
        if link_id in walk.links:
            raise IllegalAction("a cube may not travel the same link twice", "RW-p5-27")
        link = state.links.get(link_id)
        if link is None or link.end is None:
            raise IllegalAction(f"there is no complete link {link_id}", "RW-p5-25")
        here = walk.cities[-1]
        if here not in (link.start, link.end):
            raise IllegalAction(f"link {link_id} does not touch {game.city_name(here)}", "RW-p5-25")
        if len(walk.links) > leg_start and rules.must_stop(walk):
            raise IllegalAction(
                f"the cube must stop at {game.city_name(here)}, a city that takes "
                f"{walk.color.value}, unless you have a Fuel Depot there",
                "RW-p7-15",
            )
        to = link.other_city(here)
        refusal = rules.step_refusal(walk, link_id, to, link.owner)
        if refusal is not None:
            raise IllegalAction(refusal.message, refusal.clause)
        walk = Walk(walk.seat, walk.color, (*walk.cities, to), (*walk.links, link_id))
    return walk


def extensions(
    rules: DeliveryRules,
    graph: Mapping[str, list[Edge]],
    walk: Walk,
    leg_start: int,
    near: Mapping[str, int] | None = None,
) -> Iterator[Walk]:
    """Every walk that goes on from ``walk`` by 1 to ``max_links`` links of this leg.

    With ``near`` (city -> fewest links to a target city, from ``_links_to``), only the
    walks that can still end at a target within the leg's links, in the same order."""
    stack = [walk]
    while stack:
        for nxt in _steps(rules, graph, stack.pop(), leg_start, near):
            yield nxt
            stack.append(nxt)


def _steps(
    rules: DeliveryRules,
    graph: Mapping[str, list[Edge]],
    here: Walk,
    leg_start: int,
    near: Mapping[str, int] | None = None,
) -> Iterator[Walk]:
    """The walks one link longer than ``here`` (see ``extensions``)."""
    if len(here.links) - leg_start >= rules.max_links:
        return
    if len(here.links) > leg_start and rules.must_stop(here):
        return
    left = rules.max_links - (len(here.links) - leg_start) - 1  # links after the next one
    for link_id, to, owner in graph.get(here.cities[-1], ()):
        if link_id in here.links or link_id < 0:
            continue
        if near is not None and near.get(to, left + 1) > left:
            continue  # no target within reach from there
        if rules.step_refusal(here, link_id, to, owner) is not None:
            continue
        yield Walk(here.seat, here.color, (*here.cities, to), (*here.links, link_id))


def _depot_walks(
    rules: DeliveryRules,
    graph: Mapping[str, list[Edge]],
    color: Color,
    start: str,
    near: Mapping[str, int],
) -> Iterator[tuple[tuple[str, ...], tuple[int, ...]]]:
    """``extensions`` of a new cube (cities and links of each walk, in the same order) when
    the hooks only let cubes pass cities or make cities take one more colour (``_quick``):
    the base step rules written into the loop, as ``DeliveryRules._base_routes`` does."""
    stack: list[tuple[tuple[str, ...], tuple[int, ...]]] = [((start,), ())]
    while stack:
        cities, links = stack.pop()
        for walk in _depot_steps(rules, graph, color, cities, links, near):
            yield walk
            stack.append(walk)


def _depot_steps(
    rules: DeliveryRules,
    graph: Mapping[str, list[Edge]],
    color: Color,
    cities: tuple[str, ...],
    links: tuple[int, ...],
    near: Mapping[str, int],
) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """The walks one link longer than (``cities``, ``links``), for ``_depot_walks`` and the
    random walk of a sampled stop: ``_steps`` with the base step rules written out."""
    most = rules.max_links
    if len(links) >= most:
        return []
    here = cities[-1]
    if links and _takes_quick(rules, here, color) and here not in rules.pass_cities:
        return []  # the cube stops at the first city taking it (RW-p5-28, RW-p7-05, RW-p7-15)
    seat, shared = rules.seat, rules.shared
    left = most - len(links) - 1
    out = []
    for link_id, to, owner in graph.get(here, ()):
        if link_id in links or link_id < 0 or near.get(to, left + 1) > left:
            continue
        if (not links and owner != seat and link_id not in shared) or to in cities:
            continue  # RW-p5-32, RW-p5-27
        out.append(((*cities, to), (*links, link_id)))
    return out


def _quick(rules: DeliveryRules) -> bool:
    """Whether ``_depot_steps`` walks as ``_steps`` does: every hook in force only lets
    cubes pass cities (a depot, ``passable``) or makes cities take one more colour (a City
    Rotor showing one, ``also_takes``); none refuses a step, a shorter delivery or makes a
    city take every colour."""
    return rules.simple and not rules.wild and rules.min_links == 1


def _takes_quick(rules: DeliveryRules, city: str, color: Color) -> bool:
    """``DeliveryRules.takes`` of a cube of ``color`` at ``city`` when ``_quick``: the
    city's colour, or one more that a hook gives it."""
    if rules.colors[city] is color:
        return True
    also = rules.also
    return bool(also) and (city, color) in also


def _near(game: Game, graph: Mapping[str, list[Edge]], mine: set[str], most: int) -> dict[str, int]:
    """``_links_to`` the seat's depot cities, kept until the link graph (a new object when
    it changes, which most changes of the track leave alone) or the depots change (a fast
    playout asks it at every draw of the delivery group). Do not modify the answer."""
    return _kept_near(game, graph, mine, most)[0]


def _near_cities(
    game: Game, graph: Mapping[str, list[Edge]], mine: set[str], most: int
) -> list[str]:
    """The cities of ``_near``, sorted (kept with it). Do not modify the answer."""
    return _kept_near(game, graph, mine, most)[1]


def _kept_near(
    game: Game, graph: Mapping[str, list[Edge]], mine: set[str], most: int
) -> tuple[dict[str, int], list[str]]:
    # Kept per set of depot cities (each seat's own: seats listed in turn do not push each
    # other's out), while the link graph is the same object, or a new one whose changed
    # cities are all ``most`` links or more from the targets: a path through a changed link
    # is then longer than ``most`` (after its last changed link it takes at least ``most``
    # more), so no city within ``most`` is nearer or farther.
    key = (frozenset(mine), most)
    every: dict[tuple[frozenset[str], int], tuple[Mapping[str, list[Edge]], Any]]
    every = game.derived.setdefault("depot_near", {})
    hit = every.get(key)
    if hit is not None:
        found: tuple[dict[str, int], list[str]] = hit[1]
        if hit[0] is graph:
            return found
        changed = _changed_between(game, hit[0], graph)
        near_now = found[0]
        if changed is not None and all(near_now.get(c, most) >= most for c in changed):
            every[key] = (graph, found)
            return found
    if len(every) > NEAR_KEPT:
        every.clear()
    near = _links_to(graph, mine, most)
    found = (near, sorted(near))
    every[key] = (graph, found)
    return found


_NO_CITIES: frozenset[str] = frozenset()

NEAR_KEPT = 16  # sets of depot cities whose nearby cities are kept


def _links_to(graph: Mapping[str, list[Edge]], targets: set[str], most: int) -> dict[str, int]:
    """Fewest links from each city to one of ``targets``, up to ``most`` (a walk's rules only
    lengthen a route, so no walk reaches a target sooner than this)."""
    near = dict.fromkeys(targets, 0)
    frontier = sorted(targets)
    for steps in range(1, most + 1):
        nxt: list[str] = []
        for city in frontier:
            for link_id, to, _owner in graph.get(city, ()):
                if link_id >= 0 and to not in near:
                    near[to] = steps
                    nxt.append(to)
        frontier = nxt
    return near


def passed_with_depots(rules: DeliveryRules, walk: Walk, first: int) -> list[str]:
    """Cities of ``walk`` (from index ``first``, its end left out) that take the cube's
    colour: the cube went through each on a depot (RW-p7-15)."""
    return [
        city
        for i, city in enumerate(walk.cities[:-1])
        if i >= first and _takes(rules, walk.seat, walk.color, walk.cities[: i + 1])
    ]


def _graph(game: Game) -> Mapping[str, list[Edge]]:
    from railways.core.legal import link_graph

    return link_graph(game)


# -- the hook: passing a depot city -------------------------------------------------------------
class DepotHook(DeliveryHook):
    """A cube may go on through a city of its colour where its mover has a depot (RW-p7-15).

    Made for the depots as they are placed (``placed``: city -> [seat, depots]); each seat's
    answers are worked out here once (route rules are made for every delivery listed, drawn
    or checked, and ``FuelDepots.delivery_hooks`` keeps the hook until the depots change)."""

    def __init__(self, placed: Mapping[str, Sequence[int]]) -> None:
        self.seats = frozenset([s for s, _n in placed.values()])
        by_seat: dict[int, set[str]] = {}
        for city, (seat, count) in placed.items():
            if count > 0:
                by_seat.setdefault(seat, set()).add(city)
        self.cities = {seat: frozenset(cities) for seat, cities in by_seat.items()}

    def in_force(self, game: Game, seat: int) -> bool:
        return seat in self.seats  # no depot, no change

    def passable(self, game: Game, seat: int) -> frozenset[str] | None:
        return self.cities.get(seat, _NO_CITIES)

    def may_pass(self, game: Game, walk: Walk, city: str) -> bool:
        return depots_at(game, walk.seat, city) > 0


# -- placing ------------------------------------------------------------------------------------
def _connected(game: Game, seat: int) -> set[str]:
    reached: set[str] = set()
    for link in game.own_links(seat):
        assert link.end is not None
        reached.update((link.start, link.end))
    return reached


def _can_build(game: Game, seat: int, listing: bool = False) -> bool:
    # The links alone: a hand card only adds the same links again with the card. When the
    # seat's links were just listed (a full listing lists builds first) the list is kept and
    # asked again; otherwise the sampler is asked, which finds one at once when there are
    # many and lists them all before it says there is none, so both answers are exact.
    # The answer is kept under the listing's own key (the tiles a build may lay, the cards
    # for that, the hexes closed to the seat) until the track changes.
    from railways.core.legal import _closed, _max_tiles, link_options, listed_builds, sample_build

    version = game.state.track_version
    key = (seat, *_max_tiles(game, seat), *_closed(game, seat))
    known: dict[tuple[object, ...], tuple[int, bool]] = game.derived.setdefault("can_build", {})
    hit = known.get(key)
    if hit is not None and hit[0] == version:
        return hit[1]
    # ``listing``: asked by the full listing, which lists the seat's builds next (in the
    # registry's order): the builds as it lists them (a lazy ``BuildList`` says from the kept
    # slots whether there is any), worked out once for both.
    listed = game.derived.get("build_options", {})
    if listing:
        found = bool(listed_builds(game, seat))
    elif any(k[0] == seat and seen == version for k, (seen, _o) in listed.items()):
        found = bool(link_options(game, seat))
    else:
        found = sample_build(game, seat, Rng(seat)) is not None
    known[key] = (version, found)
    return found


class PlaceFuelDepotKind(ActionKind):
    """An add-on at the start of a Build Track action: it does not use up the action."""

    action_type = PlaceFuelDepot
    advances_turn = False
    info = KindInfo(
        "Build a Fuel Depot",
        f"with a Build Track action, ${DEPOT_COST},000: up to {MOST_AT_ONCE} depots on a city "
        "you reach",
        "RW-p7-13",
        "f",
    )

    def check(self, game: Game, action: PlaceFuelDepot) -> object:
        state = data(game)
        if state["pending"] is not None:
            raise IllegalAction(
                "a Fuel Depot was already placed with this Build Track action", "RW-p7-13"
            )
        left = in_supply(game, action.seat)
        if left <= 0:
            raise IllegalAction("all your Fuel Depots are on the board", "RW-p7-12")
        if not 1 <= action.amount <= MOST_AT_ONCE:
            raise IllegalAction(f"place 1 or {MOST_AT_ONCE} Fuel Depots at once", "RW-p7-13")
        if action.amount > left:
            raise IllegalAction(f"you have only {left} Fuel Depot(s) left", "RW-p7-12")
        if action.city not in game.board.cities:
            raise IllegalAction(f"there is no city {action.city!r}")
        if action.city in state["placed"]:
            raise IllegalAction(
                f"{game.city_name(action.city)} already has a Fuel Depot", "RW-p7-13"
            )
        if action.city not in _connected(game, action.seat):
            raise IllegalAction(
                f"a Fuel Depot goes on a city one of your links reaches, not "
                f"{game.city_name(action.city)}",
                "RW-p7-13",
            )
        if not _can_build(game, action.seat):
            raise IllegalAction(
                "a Fuel Depot comes with a Build Track action, and you can build no track now",
                "RW-p7-12",
            )
        return None

    def perform(self, game: Game, action: PlaceFuelDepot, checked: object) -> None:
        game.pay(action.seat, DEPOT_COST, "fuel depot")  # RW-p7-13
        state = data(game)
        state["placed"][action.city] = [action.seat, action.amount]
        state["pending"] = action.seat  # the Build Track action follows (RW-p7-12)
        game.log(
            f"{game.seats[action.seat]} builds {action.amount} Fuel Depot(s) at "
            f"{game.city_name(action.city)}"
        )

    def options(self, game: Game, seat: int, listing: bool = False) -> list[Action]:
        """``listing``: asked by the full listing (``_can_build``)."""
        state = data(game)
        left = in_supply(game, seat)
        if state["pending"] is not None or left <= 0:
            return []
        cities = sorted(c for c in _connected(game, seat) if c not in state["placed"])
        if not cities or not _can_build(game, seat, listing):
            return []
        counts = range(1, min(MOST_AT_ONCE, left) + 1)
        return [PlaceFuelDepot(seat=seat, city=c, amount=n) for c in cities for n in counts]

    def list_into(self, game: Game, seat: int, legal: Any) -> None:
        legal.simple.extend(self.options(game, seat, True))  # legal by construction

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        choices = self.options(game, seat)
        return choices[rng.below(len(choices))] if choices else None

    def describe(self, game: Game, action: PlaceFuelDepot) -> ActionInfo:
        city = game.board.cities.get(action.city)
        return ActionInfo(
            f"Build {action.amount} Fuel Depot(s) at {game.city_name(action.city)}"
            if city is not None
            else str(action),
            DEPOT_COST,
            hexes=(city.at,) if city is not None else (),
            cities=(action.city,),
            help="RW-p7-13",
        )


# -- stopping at a depot ------------------------------------------------------------------------
def _color_value(color: Color) -> str:
    return color.value


# Every colour, by name: the order ``stops`` takes a city's cubes in.
_BY_NAME: tuple[Color, ...] = tuple(sorted(Color, key=_color_value))


def _sorted_colors(cubes: list[Color]) -> list[Color]:
    """The colours of ``cubes``, each once, by name (``sorted(set(cubes), key=...)``
    without a Python call per cube)."""
    return [color for color in _BY_NAME if color in cubes]


def _kept_stops(
    game: Game, seat: int, rules: DeliveryRules, graph: Mapping[str, list[Edge]]
) -> dict[tuple[str, Color], list[Action]]:
    """The seat's stops from each city with a cube of each colour, as ``stops`` lists them
    when the hooks are those of ``_quick`` (its quick walk), kept while the engine and the
    links the seat shares stay the same. A stop's walk reads only the cities within the
    engine's reach of its start: their links, colours, the more colours they take, whether
    they may be passed and the seat's depots there; when some of these change, only the
    stops from cities that near to a changed one are dropped (``_drop_near``). A full
    listing asks for every stop at every action; the cubes change more often than these,
    and a rotor turns or a depot is spent far from most of them."""
    depots = {c: n for c, (s, n) in data(game)["placed"].items() if s == seat}
    every: dict[int, tuple[tuple[object, ...], dict[str, Color], _Looks, Any]]
    every = game.derived.setdefault("depot_stops", {})
    key = (graph, rules.max_links, rules.shared)
    looks = (rules.pass_cities, rules.also, depots)
    hit = every.get(seat)
    if hit is not None:
        were = hit[0]
        if were[1:] == key[1:]:
            found: dict[tuple[str, Color], list[Action]] = hit[3]
            if were[0] is not graph:
                changed = _changed_between(game, were[0], graph)  # type: ignore[arg-type]
                if changed is None:
                    found.clear()
                else:
                    _drop_near(found, changed, graph, rules.max_links)
            colors = hit[1]
            if colors != rules.colors or hit[2] != looks:
                _drop_near(found, _cities_changed(hit, rules.colors, looks), graph, rules.max_links)
                colors = dict(rules.colors)
            every[seat] = (key, colors, looks, found)
            return found
    found = {}
    every[seat] = (key, dict(rules.colors), looks, found)
    return found


# What a seat's stop walks read of each city besides its links: the cities it may pass, the
# (city, colour) pairs taken besides the cities' own, its depots by city.
_Looks = tuple[frozenset[str], frozenset[tuple[str, Color]], dict[str, int]]


def _cities_changed(
    were: tuple[object, dict[str, Color], _Looks, object],
    colors: Mapping[str, Color],
    looks: _Looks,
) -> list[str]:
    """The cities whose colour, second colours, passing or depots differ from ``were``."""
    old_colors, (passed, also, depots) = were[1], were[2]
    out = [c for c, color in colors.items() if old_colors.get(c) is not color]
    out.extend(passed ^ looks[0])
    out.extend(c for c, _color in also ^ looks[1])
    new_depots = looks[2]
    out.extend(c for c in depots.keys() | new_depots.keys() if depots.get(c) != new_depots.get(c))
    return out


def _changed_between(
    game: Game, before: Mapping[str, list[Edge]], after: Mapping[str, list[Edge]]
) -> list[str] | None:
    """``_links_changed``, the last answer kept (each seat's kept stops and nearby cities
    ask it of the same two graphs in turn). Do not modify the answer."""
    hit = game.derived.get("depot_graph_changes")
    if hit is not None and hit[0] is before and hit[1] is after:
        found: list[str] | None = hit[2]
        return found
    found = _links_changed(before, after)
    game.derived["depot_graph_changes"] = (before, after, found)
    return found


def _links_changed(
    before: Mapping[str, list[Edge]], after: Mapping[str, list[Edge]]
) -> list[str] | None:
    """The cities whose links in ``after`` differ from ``before``'s; None when every city's
    do (a graph made afresh has new lists for every city; one extended from another keeps
    the same list objects for the cities it leaves alone, ``legal._extended``)."""
    changed = [c for c, edges in after.items() if before.get(c) is not edges]
    changed.extend(c for c in before if c not in after)
    if changed and len(changed) == len(after):
        return None
    return changed


def _drop_near(
    found: dict[tuple[str, Color], list[Action]],
    changed: list[str],
    graph: Mapping[str, list[Edge]],
    most: int,
) -> None:
    """Drop the kept stops from every city within ``most`` links (in ``graph``) of a city in
    ``changed``. A stop's walk from its start reads the links of the cities it passes and
    the colours, passing and depots of those it reaches, all within ``most`` links of the
    start; nothing else (how near a depot a city is, ``_near``, only spares walks that end
    at none, and so changes no list)."""
    if not changed or not found:
        return
    reached = set(changed)
    frontier = changed
    for _ in range(most):
        nxt: list[str] = []
        for city in frontier:
            for _link, to, _owner in graph.get(city, ()):
                if to not in reached:
                    reached.add(to)
                    nxt.append(to)
        frontier = nxt
    for stop in [k for k in found if k[0] in reached]:
        del found[stop]


def _cube_color(game: Game, city: str, color: str) -> Color:
    if city not in game.board.cities:
        raise IllegalAction(f"there is no city {city!r}")
    try:
        found = Color(color)
    except ValueError:
        raise IllegalAction(f"{color!r} is not a goods colour", "RW-p5-22") from None
    if found not in game.state.cubes[city]:
        raise IllegalAction(f"{game.city_name(city)} has no {found.value} cube", "RW-p5-24")
    return found


class StopAtFuelDepotKind(ActionKind):
    action_type = StopAtFuelDepot
    sample_group = "deliver"
    info = KindInfo(
        "Deliver to a Fuel Depot",
        "take a cube to one of your depots and hold it; carry it on with your next action",
        "RW-p7-17",
        "o",
    )

    def check(self, game: Game, action: StopAtFuelDepot) -> object:
        color = _cube_color(game, action.city, action.color)
        rules = _rules(game, action.seat)
        walk = follow(game, rules, Walk(action.seat, color, (action.city,), ()), action.links, 0)
        end = walk.cities[-1]
        needs = stop_needs(rules, action.seat, color, walk.cities)
        have = depots_at(game, action.seat, end)
        if have < needs:
            raise IllegalAction(
                f"stopping at {game.city_name(end)} needs {needs} of your Fuel Depots there "
                f"(you have {have}): one to carry the cube on"
                + (", one to ignore the city's colour" if needs == 2 else ""),
                "RW-p7-21",
            )
        return walk

    def perform(self, game: Game, action: StopAtFuelDepot, checked: object) -> None:
        assert isinstance(checked, Walk)
        walk, seat = checked, action.seat
        rules = _rules(game, seat)
        discard_held(game, seat, "a new cube is taken to a depot")
        for city in passed_with_depots(rules, walk, 1):
            spend(game, seat, city, "to pass it")
        end = walk.cities[-1]
        if _takes(rules, seat, walk.color, walk.cities):
            spend(game, seat, end, "to ignore its colour")  # RW-p7-23
        game.take_cube(action.city, walk.color)  # off the map (an emptied city: its marker)
        game.draw_cube_of(walk.color, 1)  # ... and held in front of the player, not in the bag
        data(game)["held"][str(seat)] = Held(walk.color, walk.cities, walk.links).to_data()
        game.log(
            f"{game.seats[seat]} takes a {walk.color.value} cube from "
            f"{game.city_name(action.city)} to a Fuel Depot at {game.city_name(end)}"
        )

    # No ``options``: like a delivery, a stop joins the random draw of the delivery group as
    # one action drawn by ``sample`` (listing every stop there cost most of a fast playout on
    # a big board); ``stops`` lists them all for the full listing.
    def stops(self, game: Game, seat: int) -> list[Action]:
        """Every stop at one of the seat's depots it may make now (RW-p7-17)."""
        mine = {c for c, (s, n) in data(game)["placed"].items() if s == seat and n > 0}
        if not mine:
            return []
        graph = _graph(game)
        rules = _rules(game, seat)
        near = _near(game, graph, mine, rules.max_links)
        kept = _kept_stops(game, seat, rules, graph) if _quick(rules) else None
        out: list[Action] = []
        every_cube = game.state.cubes
        # Only cities with a depot of the seat's within the engine's reach: those of ``near``.
        for city in _near_cities(game, graph, mine, rules.max_links):
            cubes = every_cube.get(city)
            if not cubes:
                continue
            for color in _sorted_colors(cubes):
                if kept is not None:  # depots and rotors only: a quick walk, kept
                    found = kept.get((city, color))
                    if found is None:
                        found = kept[(city, color)] = [
                            StopAtFuelDepot(seat, city, color.value, links)
                            for cities, links in _depot_walks(rules, graph, color, city, near)
                            if cities[-1] in mine
                            and depots_at(game, seat, cities[-1])
                            >= (2 if _takes_quick(rules, cities[-1], color) else 1)
                        ]
                    out.extend(found)
                    continue
                start = Walk(seat, color, (city,), ())
                for walk in extensions(rules, graph, start, 0, near):
                    end = walk.cities[-1]
                    if end in mine and depots_at(game, seat, end) >= stop_needs(
                        rules, seat, color, walk.cities
                    ):
                        out.append(
                            StopAtFuelDepot(
                                seat=seat, city=city, color=color.value, links=walk.links
                            )
                        )
        return out

    def list_into(self, game: Game, seat: int, legal: Any) -> None:
        legal.simple.extend(self.stops(game, seat))

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        """A random walk from a random cube within reach of a depot of the seat's, stopping
        at the first depot it may stop at; after ``WALK_TRIES`` walks that end nowhere, one
        of every stop (None when there is none)."""
        mine = {c for c, (s, n) in data(game)["placed"].items() if s == seat and n > 0}
        if not mine:
            return None
        graph = _graph(game)
        rules = _rules(game, seat)
        near = _near(game, graph, mine, rules.max_links)
        cubes = game.state.cubes
        sources = [  # cubes the seat can start moving (its own first link, RW-p5-32)
            (city, color)
            for city in _near_cities(game, graph, mine, rules.max_links)
            if cubes[city]
            and any(owner == seat or lk in rules.shared for lk, _c, owner in graph.get(city, ()))
            for color in _sorted_colors(cubes[city])
        ]
        if not sources:
            return None  # every stop starts on a link of the seat's: there is none
        for _ in range(WALK_TRIES):
            city, color = sources[rng.below(len(sources))]
            end = self._walk_to_depot(game, rules, graph, near, mine, city, color, rng)
            if end is not None:
                return StopAtFuelDepot(seat, city, color.value, end)
        choices = self.stops(game, seat)
        return choices[rng.below(len(choices))] if choices else None

    @staticmethod
    def _walk_to_depot(
        game: Game,
        rules: DeliveryRules,
        graph: Mapping[str, list[Edge]],
        near: Mapping[str, int],
        mine: set[str],
        city: str,
        color: Color,
        rng: Rng,
    ) -> tuple[int, ...] | None:
        """A random walk of a cube from ``city`` until it reaches a depot of the seat's where
        it may stop (its links), or cannot go on (None)."""
        seat = rules.seat
        if _quick(rules):  # depots and rotors only: the quick steps
            cities: tuple[str, ...] = (city,)
            links: tuple[int, ...] = ()
            while True:
                steps = _depot_steps(rules, graph, color, cities, links, near)
                if not steps:
                    return None
                cities, links = steps[rng.below(len(steps))]
                end = cities[-1]
                if end in mine and depots_at(game, seat, end) >= (
                    2 if _takes_quick(rules, end, color) else 1
                ):
                    return links
        walk = Walk(seat, color, (city,), ())
        while True:
            found = list(_steps(rules, graph, walk, 0, near))
            if not found:
                return None
            walk = found[rng.below(len(found))]
            end = walk.cities[-1]
            if end in mine and depots_at(game, seat, end) >= stop_needs(
                rules, seat, color, walk.cities
            ):
                return walk.links

    def describe(self, game: Game, action: StopAtFuelDepot) -> ActionInfo:
        try:
            cities = self.check(game, action)
            assert isinstance(cities, Walk)
            path = cities.cities
        except IllegalAction:
            path = (action.city,)
        names = " - ".join(game.city_name(c) for c in path if c in game.board.cities)
        return ActionInfo(
            f"Take {action.color} {names} to your Fuel Depot", cities=path, help="RW-p7-17"
        )


# -- going on -----------------------------------------------------------------------------------
class ContinueDeliveryKind(ActionKind):
    action_type = ContinueDelivery
    sample_group = "deliver"
    info = KindInfo(
        "Continue a delivery",
        "carry the cube held at your Fuel Depot on (one depot there is used)",
        "RW-p7-18",
        "c",
    )

    def check(self, game: Game, action: ContinueDelivery) -> object:
        cube = held(game, action.seat)
        if cube is None:
            raise IllegalAction("you hold no cube at a Fuel Depot", "RW-p7-18")
        at = cube.cities[-1]
        if depots_at(game, action.seat, at) < 1:
            raise IllegalAction(
                f"you have no Fuel Depot left at {game.city_name(at)} to carry the cube on",
                "RW-p7-18",
            )
        rules = _rules(game, action.seat)
        walk = Walk(action.seat, cube.color, cube.cities, cube.links)
        walk = follow(game, rules, walk, action.links, len(cube.links))
        end = walk.cities[-1]
        if action.stop:
            needs = stop_needs(rules, action.seat, cube.color, walk.cities)
            have = depots_at(game, action.seat, end)
            if have < needs:
                raise IllegalAction(
                    f"stopping at {game.city_name(end)} needs {needs} of your Fuel Depots "
                    f"there (you have {have})",
                    "RW-p7-20",
                )
        else:
            refusal = rules.arrival_refusal(walk)
            if refusal is not None:
                raise IllegalAction(refusal.message, refusal.clause)
        return walk

    def perform(self, game: Game, action: ContinueDelivery, checked: object) -> None:
        assert isinstance(checked, Walk)
        walk, seat = checked, action.seat
        cube = held(game, seat)
        assert cube is not None
        rules = _rules(game, seat)
        spend(game, seat, cube.cities[-1], "to carry the cube on")  # RW-p7-18
        for city in passed_with_depots(rules, walk, len(cube.cities)):
            spend(game, seat, city, "to pass it")
        del data(game)["held"][str(seat)]
        if action.stop:  # chaining: held again at the next depot (RW-p7-20)
            end = walk.cities[-1]
            if _takes(rules, seat, walk.color, walk.cities):
                spend(game, seat, end, "to ignore its colour")
            data(game)["held"][str(seat)] = Held(walk.color, walk.cities, walk.links).to_data()
            game.log(f"{game.seats[seat]} carries the cube on to a Fuel Depot at {end}")
            return
        state = data(game)
        state["completing"] = True  # the depots of this journey are spent already
        try:
            game.complete_delivery(seat, walk.color, walk.cities, walk.links)  # RW-p7-25
        finally:
            state.pop("completing", None)

    def _walks(self, game: Game, seat: int) -> Iterator[Walk]:
        cube = held(game, seat)
        if cube is None or depots_at(game, seat, cube.cities[-1]) < 1:
            return
        rules = _rules(game, seat)
        graph = _graph(game)
        start = Walk(seat, cube.color, cube.cities, cube.links)
        near = None
        if self.action_type.stop:  # only walks that can still reach a depot (as for stops)
            mine = {c for c, (s, n) in data(game)["placed"].items() if s == seat and n > 0}
            near = _near(game, graph, mine, rules.max_links)
        for walk in extensions(rules, graph, start, len(cube.links), near):
            if self.action_type.stop:
                end = walk.cities[-1]
                if depots_at(game, seat, end) >= stop_needs(rules, seat, walk.color, walk.cities):
                    yield walk
            elif rules.arrival_refusal(walk) is None:
                yield walk

    def options(self, game: Game, seat: int) -> list[Action]:
        cube = held(game, seat)
        if cube is None:
            return []
        done = len(cube.links)
        return [self.action_type(seat=seat, links=w.links[done:]) for w in self._walks(game, seat)]

    def list_into(self, game: Game, seat: int, legal: Any) -> None:
        legal.simple.extend(self.options(game, seat))

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        choices = self.options(game, seat)
        return choices[rng.below(len(choices))] if choices else None

    def describe(self, game: Game, action: ContinueDelivery) -> ActionInfo:
        try:
            walk = self.check(game, action)
            assert isinstance(walk, Walk)
            path = walk.cities
        except IllegalAction:
            cube = held(game, action.seat)
            path = cube.cities if cube is not None else ()
        names = " - ".join(game.city_name(c) for c in path if c in game.board.cities)
        where = "to another Fuel Depot" if action.stop else "and deliver it"
        return ActionInfo(f"Carry the cube on {where}: {names}", cities=path, help="RW-p7-18")


class ContinueToFuelDepotKind(ContinueDeliveryKind):
    action_type = ContinueToFuelDepot
    info = KindInfo(
        "Carry a cube on to another depot",
        "carry the held cube on to another of your Fuel Depots and hold it there again",
        "RW-p7-20",
        "g",
    )


@register_plugin
class FuelDepots(Module):
    id = MODULE_ID
    title = "Fuel Depots"
    summary = "four depots each: pass a city of the cube's colour, or stop and carry on later"
    clauses = tuple(f"RW-p7-{n}" for n in range(12, 26))

    def setup(self, game: Game) -> None:
        data(game)

    def action_kinds(self) -> Sequence[ActionKind]:
        return (
            PlaceFuelDepotKind(),
            StopAtFuelDepotKind(),
            ContinueDeliveryKind(),
            ContinueToFuelDepotKind(),
        )

    def delivery_hooks(self, game: Game) -> Sequence[DeliveryHook]:
        placed = data(game)["placed"]
        if not placed:
            return ()
        # The hook kept while the depots are as they were (compared, not versioned: the
        # depots are plain data, changed in place).
        hit = game.derived.get("depot_hooks")
        if hit is not None and hit[0] == placed:
            hooks: tuple[DeliveryHook, ...] = hit[1]
            return hooks
        hooks = (DepotHook(placed),)
        game.derived["depot_hooks"] = ({c: list(v) for c, v in placed.items()}, hooks)
        return hooks

    def cubes_held(self, game: Game) -> Mapping[Color, int]:
        out: dict[Color, int] = {}
        for raw in data(game)["held"].values():
            color = Color(raw["color"])
            out[color] = out.get(color, 0) + 1
        return out

    def allowed_kinds(self, game: Game, seat: int) -> frozenset[str] | None:
        if data(game)["pending"] == seat:
            return frozenset({BuildTrack.kind})
        return None

    def check_action(self, game: Game, action: Action) -> None:
        # Asked of every action checked (thousands a game): the state read without a call
        # of ``data``, and nothing more while no depot placement waits for its build.
        found = game.state.plugin_data.get("fuel_depots")
        pending = data(game)["pending"] if found is None else found["pending"]
        if pending is None:
            return
        if pending == action.seat and not isinstance(action, BuildTrack):
            raise IllegalAction(
                "you placed a Fuel Depot with a Build Track action: build your track now",
                "RW-p7-12",
            )

    def after_action(self, game: Game, action: Action) -> None:
        state = data(game)
        if isinstance(action, BuildTrack) and state["pending"] == action.seat:
            state["pending"] = None
        kind = game.kinds.get(action)
        taken = kind.advances_turn and Phase.ACTIONS in kind.phases
        if taken and not isinstance(action, (StopAtFuelDepot, ContinueDelivery)):
            discard_held(game, action.seat, "not carried on with the next action")

    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        if not data(game)["placed"] or data(game).get("completing"):
            return
        rules = _rules(game, delivery.seat)
        walk = Walk(delivery.seat, delivery.color, delivery.cities, delivery.links)
        for city in passed_with_depots(rules, walk, 1):
            if depots_at(game, delivery.seat, city) > 0:
                spend(game, delivery.seat, city, "to pass it")

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        state = data(game)
        return {
            **super().view(game, seat),
            "fuel_depots": {
                "placed": {c: {"seat": s, "depots": n} for c, (s, n) in state["placed"].items()},
                "supply": {str(p.seat): in_supply(game, p.seat) for p in game.state.players},
                "held": dict(state["held"]),
                # Per seat, every seat always there (a fixed layout for learners): a city
                # once for each depot there, and the city where a cube waits (or None).
                "cities_by_seat": {
                    str(p.seat): sorted(
                        c for c, (s, n) in state["placed"].items() if s == p.seat for _ in range(n)
                    )
                    for p in game.state.players
                },
                "held_at": {
                    str(p.seat): (cube.cities[-1] if (cube := held(game, p.seat)) else None)
                    for p in game.state.players
                },
            },
        }

    def own_markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        out: list[Marker] = []
        for city, (owner, count) in sorted(data(game)["placed"].items()):
            out.append(
                Marker(
                    kind="fuel-depot",
                    label=f"{game.seats[owner]}'s Fuel Depots at {game.city_name(city)}: {count}",
                    symbol=f"F{count}",
                    city=city,
                    owner=owner,
                    help="RW-p7-14",
                )
            )
        for key, raw in sorted(data(game)["held"].items()):
            cube = Held.from_data(raw)
            owner = int(key)
            out.append(
                Marker(
                    kind="held-cube",
                    label=f"{game.seats[owner]} holds a {cube.color.value} cube at "
                    f"{game.city_name(cube.cities[-1])}, to carry on next action",
                    symbol=cube.color.letter,
                    city=cube.cities[-1],
                    owner=owner,
                    help="RW-p7-17",
                )
            )
        return out
