"""Whole-board checks that go beyond what the map loader checks.

The loader (``railways.content.maps``) makes sure each file is well formed and
that every reference points at something real. These checks look at the board
as a whole, the way a player would: can track join every city to every other,
can every spoke actually be built on, can every Major Line be completed, and
are there enough goods for the cubes printed on the cities. What a map's special
hexes and borders need is checked by the plug-in that gives them meaning
(``Plugin.check_board``; ``railways.rules.check_map`` runs both).

Track is modelled the way the tiles allow it: a tile joins two sides of a hex
that are opposite (straight) or two apart (gentle curve), never neighbouring
sides (a sharp curve has no tile). Track enters and leaves a city or town hex
only through its spokes, never crosses an impassable edge, and may cross a
ridge (which only costs more). Special hexes are not built through, except those of the
kinds a plug-in lets track onto with a card (``Plugin.track_specials``, the ferries of North
America): ``open_kinds`` names them.

``check_board`` returns a list of problems in plain words; an empty list means
the board passed. ``railways map check`` prints them after the loader's own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence

from railways.core.board import GOODS_COLORS, Board
from railways.core.hexgrid import Hex, Side, TrackShape, track_shape

# Each goods colour needs at least this many cities to deliver to.
MIN_CITIES_PER_COLOR = 2

# A search state: track has entered ``hex`` through its side ``entry``.
_State = tuple[Hex, Side]


def check_board(
    board: Board,
    joins: Sequence[tuple[str, str]] = (),
    open_kinds: frozenset[str] = frozenset(),
) -> list[str]:
    """Everything wrong with ``board`` as a place to play, in plain words.

    ``joins`` are pairs of cities that the board's rules join without track (Through Time's
    time gates): track need not join what they join. ``open_kinds`` are kinds of special
    hex that track may be laid on (with a card: North America's ferries)."""
    problems: list[str] = []
    problems += _check_spokes(board)
    problems += _check_connected(board, joins, open_kinds)
    problems += _check_major_lines(board, open_kinds)
    problems += _check_goods(board)
    return problems


# -- track model ------------------------------------------------------------------------------
def _stop_name(board: Board, hex_: Hex) -> str | None:
    """The id of the city or town on ``hex_``, if any."""
    city = board.city_at(hex_)
    if city is not None:
        return city.id
    town = board.town_at(hex_)
    return town.id if town is not None else None


def _spokes(board: Board, hex_: Hex) -> frozenset[Side]:
    city = board.city_at(hex_)
    if city is not None:
        return city.spokes
    town = board.town_at(hex_)
    return town.spokes if town is not None else frozenset()


def _may_cross(board: Board, a: Hex, b: Hex) -> bool:
    return b in board.hexes and not board.is_impassable(a, b)


def _enterable(board: Board, hex_: Hex, open_kinds: frozenset[str]) -> bool:
    if board.is_buildable(hex_):
        return True
    special = board.special_at(hex_) if open_kinds else None
    return special is not None and special.kind in open_kinds


def _step(
    board: Board, here: Hex, side: Side, open_kinds: frozenset[str] = frozenset()
) -> Iterator[_State | str]:
    """Where track leaving ``here`` through ``side`` can go next.

    Yields the next search state for a plain hex, or the id of the city or town
    that the track enters through one of its spokes.
    """
    there = here.neighbour(side)
    if not _may_cross(board, here, there):
        return
    if _enterable(board, there, open_kinds):
        yield (there, side.opposite)
        return
    stop = _stop_name(board, there)
    if stop is not None and side.opposite in _spokes(board, there):
        yield stop


def _exits(entry: Side) -> Iterator[Side]:
    """Sides a track tile can leave by after entering through ``entry``."""
    for side in Side:
        if side != entry and track_shape(entry, side) is not TrackShape.SHARP:
            yield side


def _stop_hexes(board: Board) -> dict[str, Hex]:
    stops = {city.id: city.at for city in board.cities.values()}
    stops.update({town.id: town.at for town in board.towns.values()})
    return stops


def _reachable(board: Board, start: str, open_kinds: frozenset[str] = frozenset()) -> set[str]:
    """The cities and towns that track can join, directly or through others, to ``start``."""
    stops = _stop_hexes(board)
    found = {start}
    queue_stops: deque[str] = deque([start])
    seen: set[_State] = set()
    while queue_stops:
        stop = queue_stops.popleft()
        hex_ = stops[stop]
        states: deque[_State] = deque()
        for side in sorted(_spokes(board, hex_)):
            for nxt in _step(board, hex_, side, open_kinds):
                if isinstance(nxt, str):
                    continue  # cities are never adjacent to each other's spokes; ignore
                if nxt not in seen:
                    seen.add(nxt)
                    states.append(nxt)
        while states:
            here, entry = states.popleft()
            for side in _exits(entry):
                for nxt in _step(board, here, side, open_kinds):
                    if isinstance(nxt, str):
                        if nxt not in found:
                            found.add(nxt)
                            queue_stops.append(nxt)
                    elif nxt not in seen:
                        seen.add(nxt)
                        states.append(nxt)
    return found


def _components(board: Board, open_kinds: frozenset[str] = frozenset()) -> list[set[str]]:
    """Groups of cities and towns that track can join to one another."""
    left = set(_stop_hexes(board))
    groups: list[set[str]] = []
    while left:
        start = min(left)
        group = _reachable(board, start, open_kinds)
        groups.append(group)
        left -= group
    groups.sort(key=len, reverse=True)
    return groups


def _joined(groups: list[set[str]], joins: Sequence[tuple[str, str]]) -> list[set[str]]:
    """``groups`` with those that ``joins`` link merged, largest first."""
    for a, b in joins:
        ga = next((g for g in groups if a in g), None)
        gb = next((g for g in groups if b in g), None)
        if ga is not None and gb is not None and ga is not gb:
            ga |= gb
            groups = [g for g in groups if g is not gb]
    return sorted(groups, key=len, reverse=True)


# -- the checks --------------------------------------------------------------------------------
def _check_spokes(board: Board) -> list[str]:
    problems: list[str] = []
    for city in sorted(board.cities.values(), key=lambda c: c.id):
        for side in sorted(city.spokes):
            beyond = city.at.neighbour(side)
            where = f"spoke {side.name} of {city.name} ({city.at})"
            special = board.special_at(beyond)
            if special is not None and special.city == city.id:
                continue
            if not board.is_buildable(beyond):
                problems.append(f"{where} faces {beyond}, which is not a buildable hex")
                continue
            if board.is_impassable(city.at, beyond):
                problems.append(f"{where} crosses an impassable edge")
                continue
            onward = [
                nxt
                for exit_ in _exits(side.opposite)
                for nxt in _step(board, beyond, exit_)
                if nxt != city.id
            ]
            if not onward:
                problems.append(
                    f"{where}: track from it cannot leave {beyond} without a sharp curve or "
                    "crossing the board's edge"
                )
    return problems


def _check_connected(
    board: Board,
    joins: Sequence[tuple[str, str]] = (),
    open_kinds: frozenset[str] = frozenset(),
) -> list[str]:
    groups = _joined(_components(board, open_kinds), joins)
    if len(groups) <= 1:
        return []
    names = {c.id: c.name for c in board.cities.values()}
    names.update({t.id: t.name for t in board.towns.values()})
    main = groups[0]
    problems = []
    for group in groups[1:]:
        cut_off = ", ".join(sorted(names[s] for s in group))
        problems.append(
            f"track cannot join {cut_off} to the rest of the board "
            f"({len(main)} cities and towns, for example {names[min(main)]})"
        )
    return problems


def _check_major_lines(board: Board, open_kinds: frozenset[str] = frozenset()) -> list[str]:
    problems: list[str] = []
    group_of: dict[str, int] = {}
    for i, group in enumerate(_components(board, open_kinds)):
        for stop in group:
            group_of[stop] = i
    for line in sorted(board.major_lines.values(), key=lambda m: m.id):
        ends = [e for e in line.endpoints if e in board.cities]
        if len({group_of.get(e) for e in ends}) > 1:
            problems.append(f"Major Line {line.id}: track cannot join {', '.join(ends)}")
    return problems


def joined_groups(board: Board, open_kinds: frozenset[str] = frozenset()) -> dict[str, int]:
    """City or town id -> the number of the group of stops that track can join it to."""
    group_of: dict[str, int] = {}
    for i, group in enumerate(_components(board, open_kinds)):
        for stop in group:
            group_of[stop] = i
    return group_of


def _check_goods(board: Board) -> list[str]:
    problems: list[str] = []
    total = sum(city.cubes for city in board.cities.values())
    supply = len(GOODS_COLORS) * board.tables.goods_per_color
    if total > supply:
        problems.append(
            f"the cities start with {total} goods cubes, more than the {supply} in the game "
            f"({len(GOODS_COLORS)} colours x {board.tables.goods_per_color})"
        )
    for color in GOODS_COLORS:
        count = sum(1 for city in board.cities.values() if city.color is color)
        if count < MIN_CITIES_PER_COLOR:
            problems.append(
                f"only {count} {color.value} cities: each goods colour needs at least "
                f"{MIN_CITIES_PER_COLOR} cities to deliver to"
            )
    return problems
