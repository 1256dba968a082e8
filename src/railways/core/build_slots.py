"""Candidate links kept per game as the track changes: slots and needs (RW-p4, RW-p5).

A slot holds the chosen route of one (origin, destination) group of the board's static
routes, or whether a first leg's route is free; only the slots whose hexes the track
changed on are worked out again. The needs keep, per slot, the tiles each route takes, for
a short supply. Part of the build listing (:mod:`railways.core.build_listing`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from railways.core.actions import BuildTrack
from railways.core.board import Board
from railways.core.build_option import BuildOption, _option, _try
from railways.core.game import DERIVED_FORKS, Game
from railways.core.hexgrid import Hex, Side
from railways.core.plugins import EdgeCosts
from railways.core.route_fit import _crossable, _crossing_need, _occupied, _supply_ok
from railways.core.routes import FirstLeg, StaticRoute, long_routes, static_routes
from railways.core.state import GameState, Piece
from railways.core.track import changed_hexes

# -- candidate links kept up to date as the track changes ----------------------------------
# With tiles to spare and no card that changes costs (the "fast" case of
# ``build_listing._build_options``), which route of an (origin, destination) group is the
# cheapest legal one, and whether a first leg's route is free, depend only on the track on
# the hexes those routes use. So the choice for every group and leg (a "slot") is kept per
# game, and when the track changes only the slots that use a changed hex are worked out
# again.


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
    # The version at which the track last changed on a hex of any route of each slot (what a
    # plug-in's verdict on those routes may depend on; build_listing keeps verdicts by it).
    touched: list[int] = field(default_factory=list)
    # The version at which the track last changed on each hex (absent: not since the slots
    # were made), for verdicts on routes that are no slot's (a plug-in's origins).
    hex_touched: dict[Hex, int] = field(default_factory=dict)

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
            list(self.touched),
            dict(self.hex_touched),
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


def _untouched_since(slots: _Slots, seen: int, hexes: tuple[Hex, ...]) -> bool:
    """Whether the track has stayed the same on ``hexes`` since version ``seen``."""
    touched = slots.hex_touched
    return all(touched.get(h, -1) <= seen for h in hexes)


def _fork_slots(every: dict[int, _Slots]) -> dict[int, _Slots]:
    return {tiles: slots.fork() for tiles, slots in every.items()}


# How a copy of the game takes this cache over (Game.copy): the slots change inside, so each
# is forked (the other caches register in railways.core.legal and build_listing).
DERIVED_FORKS.update(link_slots=_fork_slots)


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
    occupied = _occupied(game)
    if slots is None:
        now = {h: tuple((p.a, p.b) for p in pieces) for h, pieces in track.items()}
        count = len(index.groups) + len(index.legs)
        routes = [_slot_route(index, i, track, occupied) for i in range(count)]
        slots = _Slots(state.track_version, now, routes, [0] * count, 0, {}, {}, [0] * count)
        every[max_tiles] = slots
        return slots
    dirty: set[int] = set()
    routes_now = slots.routes
    touched, version = slots.touched, slots.version + 1
    for h, was, is_ in _track_changes(state, slots.track_version, slots.track):
        slots.hex_touched[h] = version
        for i in index.by_hex.get(h, ()):
            touched[i] = version
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
    slots.version = version
    moved: list[int] = []
    for i in dirty:
        route = _slot_route(index, i, track, occupied)
        if route is not slots.routes[i]:
            slots.routes[i] = route
            slots.changed[i] = slots.version
            moved.append(i)
    slots.log[slots.version] = moved
    slots.log.pop(slots.version - SLOT_LOG, None)
    slots.track_version = state.track_version
    return slots


_Sides = tuple[tuple[Side, Side], ...]


def _track_changes(
    state: GameState, seen: int, sides: dict[Hex, _Sides]
) -> list[tuple[Hex, _Sides, _Sides]]:
    """Each hex whose track changed after version ``seen``, with the sides of its pieces
    then and now; ``sides`` (the sides at ``seen``) is brought up to date in place. Only the
    hexes the track's log names are looked at, or every hex where it cannot say."""
    track = state.track
    hexes = changed_hexes(state, seen)
    out: list[tuple[Hex, _Sides, _Sides]] = []
    for h in sides.keys() | track.keys() if hexes is None else hexes:
        was = sides.get(h, ())
        is_ = tuple((p.a, p.b) for p in track.get(h, ()))
        if is_ != was:
            out.append((h, was, is_))
    for h, _was, is_ in out:
        if is_:
            sides[h] = is_
        else:
            del sides[h]
    return out


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
    return list(_slot_choices(game, seat, max_tiles, cards, closed, starts)[2])


def _slot_choices(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    closed: frozenset[Hex] = frozenset(),
    starts: frozenset[Hex] = frozenset(),
) -> tuple[_Slots, list[BuildOption | None], list[BuildOption]]:
    """The synced slots, each slot's option (None: none), and the options listed; the lists
    are kept for the next call: do not modify them."""
    slots = _synced_slots(game, max_tiles)
    board = game.board
    index = _slot_index(board, max_tiles, game.edge_costs)
    key = (seat, cards, closed, starts)
    hit = slots.seats.get(key)
    if hit is not None and hit[0] == slots.version:
        return slots, hit[1], hit[2]
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
    return slots, options, listed


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
    track = state.track
    if table is None:
        now = {h: (ps[0].a, ps[0].b, ps[-1].a, ps[-1].b) for h, ps in track.items() if ps}
        table = every[max_tiles] = _Needs(state.track_version, now, {})
        return table
    by_hex = _slot_index(game.board, max_tiles, game.edge_costs).by_hex
    before, slots, hopeful = table.track, table.slots, table.hopeful
    hexes = changed_hexes(state, table.track_version)
    for h in before.keys() | track.keys() if hexes is None else hexes:
        ps = track.get(h)
        is_ = (ps[0].a, ps[0].b, ps[-1].a, ps[-1].b) if ps else None
        if is_ == before.get(h):
            continue
        if is_ is None:
            del before[h]
        else:
            before[h] = is_
        for i in by_hex.get(h, ()):
            slots.pop(i, None)
            if hopeful is not None:
                hopeful.add(i)
    table.track_version = state.track_version
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
    closed: frozenset[Hex] = frozenset(),
) -> BuildOption | None:
    """The cheapest legal route of one (origin, destination) group, if any.

    ``exact``: no card changes costs and no plug-in judges builds, so once a route meets
    track only as overpasses and no hex of ``closed`` (refused, as planning would refuse
    it), the tile supply is all that is left to check.
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
            if closed and not closed.isdisjoint(route.path):
                continue
            if _supply_ok(game, route, occupied):
                return _option(game.board, seat, cards, route, dest)
            continue
        option = _try(game, BuildTrack(seat=seat, path=route.path, cards=cards), route.path, dest)
        if option is not None:
            return option
    return None


def _first_legs(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    plenty: bool,
    occupied: set[Hex],
    exact: bool = False,
    closed: frozenset[Hex] = frozenset(),
) -> list[BuildOption]:
    """For cities too far for one action: the first tiles of the cheapest route."""
    out: list[BuildOption] = []
    for leg in long_routes(game.board, max_tiles, game.edge_costs):
        option = _leg_choice(game, seat, cards, leg, plenty, occupied, exact, closed)
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
    closed: frozenset[Hex] = frozenset(),
) -> BuildOption | None:
    if not leg.inner.isdisjoint(occupied):
        return None  # the planned route is blocked; the step-by-step builder still works
    if plenty:
        return _option(game.board, seat, cards, leg, None)
    if exact:  # its tiles meet no track and its loose end points along the free route
        if closed and not closed.isdisjoint(leg.path):
            return None  # planning refuses a closed hex
        return (
            _option(game.board, seat, cards, leg, None) if _supply_ok(game, leg, occupied) else None
        )
    action = BuildTrack(seat=seat, path=leg.path, exit=leg.exit, cards=cards)
    return _try(game, action, leg.route, None)
