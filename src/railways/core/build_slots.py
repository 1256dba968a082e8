"""Candidate links kept per game as the track changes: slots and needs (RW-p4, RW-p5).

A slot holds the chosen route of one (origin, destination) group of the board's static
routes, or whether a first leg's route is free; only the slots whose hexes the track
changed on are worked out again. The needs keep, per slot, the tiles each route takes, for
a short supply. Part of the build listing (:mod:`railways.core.build_listing`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from railways.core.actions import BuildTrack
from railways.core.board import Board
from railways.core.build_option import BuildOption, _new_option, _option, _try
from railways.core.game import DERIVED_FORKS, Game
from railways.core.hexgrid import Hex, Side
from railways.core.plugins import EdgeCosts
from railways.core.route_fit import _CROSSES, _crossable, _crossing_need, _supply_ok
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
    """Per board and tile limit: the slots, and which slots use each hex.

    The hexes routes use are numbered (``bits``), and each route's hexes are one int with
    those bits set (``masks``, per slot in the group's order; a first leg's, its whole
    route's), so a route meets track when its mask meets the track's (``_Slots.occ``).
    The routes of every slot are numbered one after another (slot ``i``'s from
    ``first[i]``): options made from them are kept per seat and cards by that number
    (``made``), a list look-up rather than a hash of the route."""

    dests: list[str | None]
    groups: list[list[StaticRoute]]  # slots 0..len(groups)-1
    legs: list[FirstLeg]  # the slots after them
    by_hex: dict[Hex, list[int]]
    bits: dict[Hex, int]
    masks: list[list[int]]
    first: list[int]
    made: dict[tuple[int, tuple[str, ...]], list[BuildOption | None]]
    # Per group slot, per route: each tile's hex (its bit) and its sides as a number
    # (a * 6 + b), for ``_slot_position`` (plain ints: arithmetic on the sides, an IntEnum, is a
    # generic call each, and a hex is hashed as a tuple).
    codes: list[list[tuple[tuple[int, int], ...]]]
    # Per slot, the city its routes start from (a verdict on a slot's link reads its ends).
    origins: list[str] = field(default_factory=list)
    # Per route number, the bits of the hexes it lays tiles on (ints hash as themselves; a
    # hex is hashed as a tuple).
    route_bits: list[frozenset[int]] = field(default_factory=list)
    # Per hex, the numbers of the routes laying tiles on it (``_Needs.known``).
    route_hexes: dict[Hex, list[int]] = field(default_factory=dict)


def _slot_index(board: Board, max_tiles: int, edge_costs: EdgeCosts) -> _SlotIndex:
    # Looked up several times a listing: by the pricing object itself first (a game keeps
    # one), as ``EdgeCosts.key`` is an interpreted property making a tuple at each call.
    by_object: dict[tuple[int, int], tuple[EdgeCosts, _SlotIndex]]
    by_object = board.derived("slot_index_by_object", dict)
    hit = by_object.get((max_tiles, id(edge_costs)))
    if hit is not None and hit[0] is edge_costs:
        return hit[1]
    index = board.derived(
        ("slot_index", max_tiles, edge_costs.key),
        lambda: _make_slot_index(board, max_tiles, edge_costs),
    )
    if len(by_object) > INDEX_OBJECTS_KEPT:
        by_object.clear()
    by_object[(max_tiles, id(edge_costs))] = (edge_costs, index)
    return index


INDEX_OBJECTS_KEPT = 64  # pricing objects (one per game) kept before starting afresh


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
    bits = {h: n for n, h in enumerate(sorted(by_hex))}
    masks = [[_mask(bits, r.inner) for r in group] for group in groups]
    masks.extend([_mask(bits, leg.inner)] for leg in legs)
    first: list[int] = []
    count = 0
    for routes in masks:
        first.append(count)
        count += len(routes)
    codes = [[_codes(bits, r.laid) for r in group] for group in groups]
    origins = [_city_id(board, group[0].path[0]) for group in groups]
    origins.extend(leg.origin for leg in legs)
    route_bits = [frozenset(bits[h] for h in r.inner) for group in groups for r in group]
    route_bits.extend(frozenset(bits[h] for h in leg.inner) for leg in legs)
    route_hexes: dict[Hex, list[int]] = {}
    inners = [r.inner for group in groups for r in group] + [leg.inner for leg in legs]
    for n, inner in enumerate(inners):
        for h in inner:
            route_hexes.setdefault(h, []).append(n)
    return _SlotIndex(
        dests, groups, legs, by_hex, bits, masks, first, {}, codes, origins, route_bits, route_hexes
    )


def _city_id(board: Board, at: Hex) -> str:
    city = board.city_at(at)
    assert city is not None  # (every slot's route starts at a city)
    return city.id


def _codes(
    bits: dict[Hex, int], laid: tuple[tuple[Hex, Side, Side], ...]
) -> tuple[tuple[int, int], ...]:
    return tuple((bits[h], int(a) * 6 + int(b)) for h, a, b in laid)


def _mask(bits: dict[Hex, int], hexes: frozenset[Hex]) -> int:
    found = 0
    for h in hexes:
        found |= 1 << bits[h]
    return found


def _made_options(index: _SlotIndex, seat: int, cards: tuple[str, ...]) -> list[BuildOption | None]:
    """The options made so far for the seat and cards, by route number (None: not yet)."""
    key = (seat, cards)
    made = index.made.get(key)
    if made is None:
        count = index.first[-1] + len(index.masks[-1]) if index.first else 0
        made = index.made[key] = [None] * count
    return made


@dataclass(slots=True)
class _Slots:
    """Per state and tile limit: the route each slot offers now, and when it last changed."""

    track_version: int
    track: dict[Hex, tuple[tuple[Side, Side], ...]]
    routes: list[StaticRoute | FirstLeg | None]
    changed: list[int]
    version: int
    # Per seat, cards and closed hexes: the version seen, each slot's option (None: none),
    # the options listed (None: not made yet, ``_slot_choices`` makes them) and how many.
    seats: dict[
        tuple[int, tuple[str, ...], frozenset[Hex], frozenset[Hex]],
        tuple[int, list[BuildOption | None], list[BuildOption] | None, int],
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
    # Where each slot's route stands in its group (-1: none), and the hexes with track as
    # bits of the index (``_SlotIndex.bits``).
    pos: list[int] = field(default_factory=list)
    occ: int = 0
    # The track on each hex of the index (by its bit), as ``_slot_position`` reads it: the sides of
    # its one track as a number ((a * 6 + b) * 36), TWO_TRACKS, or NO_TRACK.
    crossing: list[int] = field(default_factory=list)
    # Whether the dicts and lists above may be another game's too (``fork``): then they are
    # copied (``own``) before any is changed.
    shared: bool = False

    def fork(self) -> _Slots:
        """A copy for a copy of the game, sharing the dicts and lists changed in place
        until either changes them (``own``): most copies (a search's playouts) never list
        builds, and copying the slots then freeing them was about 7% of a search."""
        self.shared = True
        return _Slots(
            self.track_version,
            self.track,
            self.routes,
            self.changed,
            self.version,
            self.seats,
            self.log,
            self.touched,
            self.hex_touched,
            self.pos,
            self.occ,
            self.crossing,
            True,
        )

    def own(self) -> None:
        """Copy what is changed in place, if another game may share it (``fork``)."""
        if not self.shared:
            return
        self.seats = {key: (v, list(o), li, n) for key, (v, o, li, n) in self.seats.items()}
        self.track = dict(self.track)
        self.routes = list(self.routes)
        self.changed = list(self.changed)
        self.log = dict(self.log)
        self.touched = list(self.touched)
        self.hex_touched = dict(self.hex_touched)
        self.pos = list(self.pos)
        self.crossing = list(self.crossing)
        self.shared = False

    def changed_since(self, seen: int) -> list[int] | None:
        """The slots whose route changed after version ``seen``; None when the log does not
        reach back that far (then every slot is looked at)."""
        if seen < 0 or (seen + 1 not in self.log and seen + 1 <= self.version):
            return None
        out: list[int] = []
        for v in range(seen + 1, self.version + 1):
            out.extend(self.log.get(v, ()))
        return out


@dataclass(slots=True)
class _HexChanges:
    """Per game: the hexes whose track changed at each of the last looks (``log[v]``: at
    look ``v``), so that work kept over many hexes asks which hexes changed since it was
    done, not whether each of its hexes did. A change of the track that names no hexes (a
    town built, a switch placed) is found hex by hex, against the sides kept in ``track``."""

    track_version: int
    track: dict[Hex, tuple[tuple[Side, Side], ...]]
    version: int = 0
    log: dict[int, list[Hex]] = field(default_factory=dict)

    def fork(self) -> _HexChanges:
        """A copy for a copy of the game (the log's lists are never changed)."""
        return _HexChanges(self.track_version, dict(self.track), self.version, dict(self.log))


def _synced_changes(game: Game) -> _HexChanges:
    """The game's ``_HexChanges``, brought up to the track now."""
    state = game.state
    kept: _HexChanges | None = game.derived.get("hex_changes")
    if kept is None:
        now = {h: tuple((p.a, p.b) for p in ps) for h, ps in state.track.items() if ps}
        kept = game.derived["hex_changes"] = _HexChanges(state.track_version, now)
        return kept
    if kept.track_version != state.track_version:
        version = kept.version + 1
        changes = _track_changes(state, kept.track_version, kept.track)
        kept.log[version] = [h for h, _was, _is in changes]
        kept.log.pop(version - SLOT_LOG, None)
        kept.version, kept.track_version = version, state.track_version
    return kept


def _hexes_changed_since(changes: _HexChanges, seen: int) -> list[Hex] | None:
    """The hexes whose track changed after look ``seen`` (a hex may come more than once);
    None when the log does not reach back that far."""
    version = changes.version
    if seen == version:
        return []
    if seen > version:
        return None
    log = changes.log
    out: list[Hex] = []
    for v in range(seen + 1, version + 1):
        hexes = log.get(v)
        if hexes is None:
            return None
        out.extend(hexes)
    return out


def _untouched_since(slots: _Slots, seen: int, hexes: tuple[Hex, ...]) -> bool:
    """Whether the track has stayed the same on ``hexes`` since version ``seen``."""
    touched = slots.hex_touched
    return all(touched.get(h, -1) <= seen for h in hexes)


def _fork_slots(every: dict[int, _Slots]) -> dict[int, _Slots]:
    return {tiles: slots.fork() for tiles, slots in every.items()}


# How a copy of the game takes this cache over (Game.copy): the slots change inside, so each
# is forked (the other caches register in railways.core.legal and build_listing).
DERIVED_FORKS.update(link_slots=_fork_slots, hex_changes=_HexChanges.fork)


def _slot_position(index: _SlotIndex, i: int, start: int, crossing: list[int], occ: int) -> int:
    """Where the route slot ``i`` offers stands in its group, looking from ``start`` on
    (-1: none): what ``_group_choice`` and ``_leg_choice`` pick in the fast case."""
    if i < len(index.groups):
        # ``route_fit._crossable`` of each route's tiles, read from ``crossing``: every tile
        # meets at most one track and crosses it as an overpass. A route whose hexes hold no
        # track passes at once (NO_TRACK on each), without testing its mask against ``occ``
        # (an AND of two long ints makes a third).
        routes = index.codes[i]
        for k in range(start, len(routes)):
            for bit, code in routes[k]:
                track = crossing[bit]
                if track != NO_TRACK and (track == TWO_TRACKS or not _CROSSES[track + code]):
                    break
            else:
                return k
        return -1
    return 0 if not index.masks[i][0] & occ else -1  # a first leg meets no track at all


# Final: compiled, a constant, not a look-up in the module's dict at each use.
NO_TRACK: Final = -1
TWO_TRACKS: Final = -2  # nothing crosses there


def _crossing_code(sides: tuple[tuple[Side, Side], ...]) -> int:
    """``_Slots.crossing`` of a hex whose tracks have these sides."""
    if not sides:
        return NO_TRACK
    if len(sides) > 1:
        return TWO_TRACKS
    a, b = sides[0]
    return (int(a) * 6 + int(b)) * 36


def _occupancy(index: _SlotIndex, track: dict[Hex, list[Piece]]) -> int:
    """The hexes with track, as bits of the index."""
    bits = index.bits
    occ = 0
    for h, pieces in track.items():
        bit = bits.get(h)
        if bit is not None and pieces:
            occ |= 1 << bit
    return occ


def _route_at(index: _SlotIndex, i: int, pos: int) -> StaticRoute | FirstLeg | None:
    if pos < 0:
        return None
    if i < len(index.groups):
        return index.groups[i][pos]
    return index.legs[i - len(index.groups)]


def _synced_slots(game: Game, max_tiles: int) -> _Slots:
    state = game.state
    every: dict[int, _Slots] = game.derived.setdefault("link_slots", {})
    slots = every.get(max_tiles)
    if slots is not None and slots.track_version == state.track_version:
        return slots
    index = _slot_index(game.board, max_tiles, game.edge_costs)
    track = state.track
    if slots is None:
        now = {h: tuple((p.a, p.b) for p in pieces) for h, pieces in track.items() if pieces}
        crossing = [NO_TRACK] * len(index.bits)
        for h, sides in now.items():
            bit = index.bits.get(h)
            if bit is not None:
                crossing[bit] = _crossing_code(sides)
        count = len(index.masks)
        occ = _occupancy(index, track)
        pos = [_slot_position(index, i, 0, crossing, occ) for i in range(count)]
        routes = [_route_at(index, i, pos[i]) for i in range(count)]
        slots = _Slots(
            state.track_version,
            now,
            routes,
            [0] * count,
            0,
            {},
            {},
            [0] * count,
            {},
            pos,
            occ,
            crossing,
        )
        every[max_tiles] = slots
        return slots
    slots.own()  # (before anything is changed in place)
    # Slots to look at again from their first route, and those to look at from the route
    # they offer now (track only added on one of its hexes: the routes before it, refused,
    # stay refused: the tracks they met are all still there).
    again: set[int] = set()
    onward: set[int] = set()
    touched, version, pos = slots.touched, slots.version + 1, slots.pos
    bits, occ, routes, crossing = index.bits, slots.occ, slots.routes, slots.crossing
    for h, was, is_ in _track_changes(state, slots.track_version, slots.track):
        slots.hex_touched[h] = version
        bit = bits.get(h)
        if bit is None:
            continue  # no route of any slot uses it
        crossing[bit] = _crossing_code(is_)
        occ = occ | (1 << bit) if is_ else occ & ~(1 << bit)
        ids = index.by_hex[h]
        for i in ids:
            touched[i] = version
        if len(is_) > len(was) and is_[: len(was)] == was:
            # Only a slot whose chosen route uses the hex can change. Other changes (track
            # lifted, turned or joined) may free any route. (The route's bits as a set of
            # ints, not its mask: a test of one bit of a long int makes a long int.)
            route_bits, first = index.route_bits, index.first
            for i in ids:
                k = pos[i]
                if k >= 0 and bit in route_bits[first[i] + k]:
                    onward.add(i)
        else:
            again.update(ids)
    slots.version, slots.occ = version, occ
    moved: list[int] = []
    for i in again | onward:
        k = _slot_position(index, i, 0 if i in again else pos[i], crossing, occ)
        if k != pos[i]:
            pos[i] = k
            routes[i] = _route_at(index, i, k)
            slots.changed[i] = version
            moved.append(i)
    slots.log[version] = moved
    slots.log.pop(version - SLOT_LOG, None)
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
    slots, options, count = _slot_count(game, seat, max_tiles, cards, closed, starts)
    key = (seat, cards, closed, starts)
    version, _options, listed, _count = slots.seats[key]
    if listed is None:
        # (Written without ``own``: a game sharing the dict shares this version's options,
        # so the list is its listing too.)
        # Made at its length (the count is kept) and filled in order: appending each of a
        # few hundred options to a growing list was most of this at every listing read.
        listed = _present(options, count)
        slots.seats[key] = (version, options, listed, count)
    return slots, options, listed


def _present(options: list[BuildOption | None], count: int) -> list[BuildOption]:
    """The ``count`` options of ``options`` that are not None, in order."""
    if not count:
        return []
    first = next(o for o in options if o is not None)
    listed = [first] * count
    k = 0
    for option in options:
        if option is not None:
            listed[k] = option
            k += 1
    assert k == count  # (the count kept with the options: _slot_count)
    return listed


def _slot_count(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    closed: frozenset[Hex] = frozenset(),
    starts: frozenset[Hex] = frozenset(),
) -> tuple[_Slots, list[BuildOption | None], int]:
    """The synced slots, each slot's option (None: none) and how many slots offer one: what
    ``_slot_choices`` lists, without the list (a lazy listing asks only whether there is
    any). The count is kept with the options, changed by the slots that changed."""
    slots = _synced_slots(game, max_tiles)
    key = (seat, cards, closed, starts)
    hit = slots.seats.get(key)
    if hit is not None and hit[0] == slots.version:
        return slots, hit[1], hit[3]
    slots.own()  # (before its options or seats are changed in place)
    hit = slots.seats.get(key)
    options: list[BuildOption | None]
    if hit is None:
        seen, options, count = -1, [None] * len(slots.routes), 0
    else:
        seen, options, count = hit[0], hit[1], hit[3]
    index = _slot_index(game.board, max_tiles, game.edge_costs)
    routes, dests, pos, first = slots.routes, index.dests, slots.pos, index.first
    made = _made_options(index, seat, cards)
    todo = slots.changed_since(seen)
    if todo is None:
        changed = slots.changed
        todo = [i for i in range(len(routes)) if changed[i] > seen]
    limited = bool(closed) or bool(starts)
    for i in todo:
        if options[i] is not None:
            count -= 1
        route = routes[i]
        if route is None or (
            limited and not (closed.isdisjoint(route.path) and route.path[0] not in starts)
        ):
            options[i] = None
            continue
        n = first[i] + pos[i]
        option = made[n]
        if option is None:
            option = made[n] = _new_option(seat, cards, route, dests[i], n)
        options[i] = option
        count += 1
    slots.seats[key] = (slots.version, options, None, count)
    return slots, options, count


# -- the tiles each candidate takes, kept up to date for a short supply ---------------------------
# When the supply runs short, which route of a group (or whether a first leg) can be built
# depends on the tiles left, which change with every build anywhere; but which routes meet
# track only as overpasses, and what tiles each takes, depend only on the track on the
# hexes the routes use. So that is kept per slot and per route, and thrown away where the
# track changed, and the choice under the tiles left is a few comparisons.
_Entry = tuple[int, int, int, "StaticRoute | FirstLeg", int]  # needs, route, its number


@dataclass(slots=True)
class _Needs:
    """Per state and tile limit: for each slot worked out (by its number; None: not), its
    routes that meet track only as overpasses (in order) with the tiles each takes, and the
    least of each kind. The same per route (by its number, ``_SlotIndex.first``): its entry
    (None: it meets track otherwise), where ``known`` (a slot's entries are made again from
    its routes' when the track changes on a hex of one of them: most of its routes keep
    theirs).

    ``hopeful``: the slots that may offer a route with the tiles ``room`` or fewer (the
    others offer none with those tiles or fewer, until their track changes); None: all of
    them. A slot found to offer nothing with fewer tiles than ``room`` may leave it, with
    ``room`` lowered to those tiles, so that what is said of the others still holds."""

    track_version: int
    track: dict[Hex, tuple[Side, Side, Side, Side]]
    slots: list[tuple[tuple[int, int, int], list[_Entry]] | None]
    routes: list[_Entry | None]
    known: list[bool]
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
    index = _slot_index(game.board, max_tiles, game.edge_costs)
    if table is None:
        now = {h: (ps[0].a, ps[0].b, ps[-1].a, ps[-1].b) for h, ps in track.items() if ps}
        routes = len(index.route_bits)
        table = every[max_tiles] = _Needs(
            state.track_version, now, [None] * len(index.dests), [None] * routes, [False] * routes
        )
        return table
    by_hex, route_hexes = index.by_hex, index.route_hexes
    before, slots, hopeful, known = table.track, table.slots, table.hopeful, table.known
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
            slots[i] = None
            if hopeful is not None:
                hopeful.add(i)
        for n in route_hexes.get(h, ()):
            known[n] = False
    table.track_version = state.track_version
    return table


def _slot_entries(
    game: Game, table: _Needs, index: _SlotIndex, i: int
) -> tuple[tuple[int, int, int], list[_Entry]]:
    hit = table.slots[i]
    if hit is not None:
        return hit
    track = game.state.track
    routes, known = table.routes, table.known
    entries: list[_Entry] = []
    low_s = low_g = low_c = _NEVER
    first = index.first[i]
    if i < len(index.groups):
        group = index.groups[i]
        for k in range(len(group)):  # as _group_choice looks at them
            n = first + k
            if known[n]:
                entry = routes[n]
            else:
                entry = routes[n] = _route_entry(track, group[k], n)
                known[n] = True
            if entry is not None:
                entries.append(entry)
                low_s, low_g = min(low_s, entry[0]), min(low_g, entry[1])
                low_c = min(low_c, entry[2])
    else:
        leg = index.legs[i - len(index.groups)]
        if not _meets(track, leg.inner):  # as _leg_choice
            low_s, low_g = leg.plain
            low_c = 0
            entries.append((low_s, low_g, 0, leg, first))
    least = (low_s, low_g, low_c)
    table.slots[i] = (least, entries)
    return least, entries


def _route_entry(track: dict[Hex, list[Piece]], route: StaticRoute, n: int) -> _Entry | None:
    """Route ``n``'s entry: the tiles it takes, or None where it meets track otherwise than
    as overpasses (``_crossable``)."""
    if not _meets(track, route.inner):
        need_s, need_g = route.plain
        return (need_s, need_g, 0, route, n)
    need = _crossing_need(track, route.laid)
    if need is None:
        return None
    return (need[0], need[1], need[2], route, n)


def _meets(track: dict[Hex, list[Piece]], hexes: frozenset[Hex]) -> bool:
    """Whether any of ``hexes`` is a key of ``track`` (``not hexes.isdisjoint(set(track))``,
    without the set of the track's hexes: a listing with a short supply made it anew after
    every change of the track, for this alone)."""
    return any(h in track for h in hexes)


_NEVER = 1 << 30  # more tiles than any supply holds


def _short_choice(
    game: Game,
    table: _Needs,
    index: _SlotIndex,
    i: int,
    room: tuple[int, int, int],
) -> StaticRoute | FirstLeg | None:
    """The route slot ``i`` offers with the tiles left, exactly as ``_group_choice`` and
    ``_leg_choice`` choose it when no card changes prices and no plug-in judges builds: the
    first route meeting track only as overpasses whose tiles the supply has."""
    entry = _short_entry(game, table, index, i, room)
    return None if entry is None else entry[3]


def _short_entry(
    game: Game,
    table: _Needs,
    index: _SlotIndex,
    i: int,
    room: tuple[int, int, int],
) -> _Entry | None:
    """The entry of the route ``_short_choice`` picks (with its number), or None."""
    straight, gentle, crossing = room
    least, entries = _slot_entries(game, table, index, i)
    if least[0] > straight or least[1] > gentle or least[2] > crossing:
        return None
    for entry in entries:
        if entry[0] <= straight and entry[1] <= gentle and entry[2] <= crossing:
            return entry
    return None


def _slot_option(
    board: Board, index: _SlotIndex, seat: int, cards: tuple[str, ...], i: int, entry: _Entry
) -> BuildOption:
    """The option of slot ``i``'s route in ``entry``, made once per seat and cards."""
    made = _made_options(index, seat, cards)
    option = made[entry[4]]
    if option is None:
        option = made[entry[4]] = _new_option(seat, cards, entry[3], index.dests[i], entry[4])
    return option


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
        elif not _crossable(track, route.laid):
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
