"""Track building: checking a Build Track action and laying its tiles (RW-p4, RW-p5)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from railways.core.board import Board, City, Terrain, TerrainCosts
from railways.core.errors import IllegalAction
from railways.core.hexgrid import SIDES, Hex, Side, TrackShape, copied_by_fields, track_shape
from railways.core.state import GameState, Link, Piece


# Hot classes write their own ``__init__`` (``init=False``): mypyc compiles a hand-written
# one, while the ``__init__`` that @dataclass generates runs as interpreted Python, about
# ten times the instructions per object made (docs/performance.md, fifth round).
@dataclass(frozen=True, slots=True, init=False)
class BuildOrigin:
    """A hex of a seat's own track from which the seat may start a new link.

    The base game starts links only at cities and at the end of an own incomplete link;
    a plug-in offers more places through ``CostRules.origins`` (a Switch Track on a piece
    of own track, RW-p7-27). The new link counts as starting from the city ``start``; its
    first tile must leave the hex by one of ``sides``; starting there costs ``cost`` more
    and uses ``constructions`` of the build's tile allowance. ``kind`` names it in messages.
    An origin with a ``refusal`` is shown but closed now (both switches placed): a build
    from it is refused with that message and ``clause``; listings leave it out.
    """

    at: Hex
    seat: int
    start: str
    sides: frozenset[Side]
    cost: int
    constructions: int
    kind: str
    clause: str | None
    refusal: str | None

    def __init__(
        self,
        at: Hex,
        seat: int,
        start: str,
        sides: frozenset[Side],
        cost: int = 0,
        constructions: int = 1,
        kind: str = "junction",
        clause: str | None = None,
        refusal: str | None = None,
    ) -> None:
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "constructions", constructions)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "clause", clause)
        object.__setattr__(self, "refusal", refusal)


@dataclass(slots=True, init=False)
class BuildPlan:
    """A checked build, ready to lay. Produced by :func:`plan_build`.

    ``origin`` is set when the build starts a new link at a plug-in's origin (not a city);
    ``extras`` counts what the build uses of the tile allowance besides tiles (a switch, a
    town built on the way: plug-ins add to it), ``extra_cost`` what those cost (in ``cost``).
    """

    seat: int
    start_city: str | None
    extends: int | None
    redirect: Hex | None
    redirect_side: Side | None
    tiles: list[tuple[Hex, Side, Side]]
    end_city: str | None
    joins: int | None
    cost: int
    tile_costs: list[int]
    ridges: int
    origin: BuildOrigin | None
    extras: int
    extra_cost: int

    def __init__(
        self,
        seat: int,
        start_city: str | None,
        extends: int | None,
        redirect: Hex | None,
        redirect_side: Side | None,
        tiles: list[tuple[Hex, Side, Side]],
        end_city: str | None,
        joins: int | None,
        cost: int,
        tile_costs: list[int] | None = None,
        ridges: int = 0,
        origin: BuildOrigin | None = None,
        extras: int = 0,
        extra_cost: int = 0,
    ) -> None:
        self.seat = seat
        self.start_city = start_city
        self.extends = extends
        self.redirect = redirect
        self.redirect_side = redirect_side
        self.tiles = tiles
        self.end_city = end_city
        self.joins = joins
        self.cost = cost
        self.tile_costs = [] if tile_costs is None else tile_costs
        self.ridges = ridges
        self.origin = origin
        self.extras = extras
        self.extra_cost = extra_cost

    @property
    def completes(self) -> bool:
        return self.end_city is not None or self.joins is not None

    @property
    def tiles_laid(self) -> int:
        return len(self.tiles) + (1 if self.redirect is not None else 0)

    @property
    def constructions(self) -> int:
        """What the build uses of the allowance of tiles per action (RW-p4-43)."""
        return self.tiles_laid + self.extras

    @property
    def link_start(self) -> str | None:
        """The city a new link counts from (None when the build extends a link)."""
        if self.start_city is not None:
            return self.start_city
        return self.origin.start if self.origin is not None else None


@dataclass(frozen=True, slots=True, init=False)
class CostRules:
    """How a build is charged: card effects adjust these (free open terrain, more tiles).

    ``edge_costs`` adds what plug-ins charge for crossing an edge (a toll border).
    ``origins`` are the places besides cities and own open ends where the seat may start
    a new link now (:class:`BuildOrigin`). ``permits`` names plug-in rules a card lifts or
    grants for this build (a plug-in reads them; the core gives them no meaning).
    ``special_tiles`` are kinds of special hex the build may lay tiles on (no special hex
    takes track otherwise: a Ferry Line card opens the ferry hexes, RW-p21-24); what such a
    tile costs is the plug-in's to say (``Plugin.judge_build``).
    """

    free_open: bool
    max_tiles: int
    edge_costs: Callable[[Board, Hex, Hex], int] | None
    terrain: TerrainCosts | None  # a card's own prices for tiles and ridges
    origins: tuple[BuildOrigin, ...]
    permits: frozenset[str]
    special_tiles: frozenset[str]

    def __init__(
        self,
        free_open: bool = False,
        max_tiles: int = 4,
        edge_costs: Callable[[Board, Hex, Hex], int] | None = None,
        terrain: TerrainCosts | None = None,
        origins: tuple[BuildOrigin, ...] = (),
        permits: frozenset[str] = frozenset(),
        special_tiles: frozenset[str] = frozenset(),
    ) -> None:
        object.__setattr__(self, "free_open", free_open)
        object.__setattr__(self, "max_tiles", max_tiles)
        object.__setattr__(self, "edge_costs", edge_costs)
        object.__setattr__(self, "terrain", terrain)
        object.__setattr__(self, "origins", origins)
        object.__setattr__(self, "permits", permits)
        object.__setattr__(self, "special_tiles", special_tiles)

    @property
    def repriced(self) -> bool:
        """Whether a card changed what tiles cost (so precomputed route costs do not hold)."""
        return self.free_open or self.terrain is not None


def _shape_kind(a: Side, b: Side) -> str:
    return "straight" if track_shape(a, b) is TrackShape.STRAIGHT else "gentle"


def _kind_table() -> tuple[str | None, ...]:
    kinds: list[str | None] = []
    for a in Side:
        for b in Side:
            kinds.append(None if a == b else _shape_kind(a, b))
    return tuple(kinds)


_KINDS = _kind_table()  # shape_kind by a * 6 + b, looked up rather than worked out


def shape_kind(a: Side, b: Side) -> str:
    kind = _KINDS[a * 6 + b]
    if kind is None:
        raise ValueError("a track cannot enter and leave by the same side")
    return kind


def crosses(a1: Side, b1: Side, a2: Side, b2: Side) -> bool:
    """Two tracks through one hex cross (an overpass) rather than touch."""
    if len({a1, b1, a2, b2}) != 4:
        return False
    lo, hi = sorted((a1, b1))
    inside = [lo < s < hi for s in (a2, b2)]
    return inside[0] != inside[1]


def tiles_in_use(state: GameState) -> dict[str, int]:
    """Tiles on the board by kind (cached until the track changes; do not modify)."""
    if state.tile_counts is None:
        state.tile_counts = count_tiles(state)
    return state.tile_counts


def track_changed(state: GameState, hexes: Iterable[Hex] | None = None) -> None:
    """Record that the track is about to change: counts go stale, the version moves on.

    ``hexes``: every hex whose track (pieces, their sides or crossing tiles) the change
    touches, when the caller can say (None: it cannot, or something else changed that work
    kept by track version depends on); ``changed_hexes`` reads them back."""
    state.tile_counts = None
    state.track_version += 1
    log = state.track_log
    log.append((state.track_version, None if hexes is None else tuple(hexes)))
    if len(log) > TRACK_LOG:
        del log[0]


TRACK_LOG = 64  # track versions whose changed hexes are kept


def changed_hexes(state: GameState, since: int) -> set[Hex] | None:
    """The hexes whose track changed after version ``since``; None when that cannot be
    said (a change that did not say, or one older than the log)."""
    out: set[Hex] = set()
    if since == state.track_version:
        return out
    log = state.track_log
    if since > state.track_version or not log or log[0][0] > since + 1:
        return None
    for version, hexes in reversed(log):
        if version <= since:
            break
        if hexes is None:
            return None
        out.update(hexes)
    return out


def count_tiles(state: GameState) -> dict[str, int]:
    """Tiles on the board by kind, counted hex by hex (``tiles_in_use`` keeps this count up
    to date as tiles are laid and lifted; the invariants compare the two)."""
    used = {"straight": 0, "gentle": 0, "crossing": 0}
    for pieces in state.track.values():
        kind = _tile_kind(pieces)
        if kind is not None:
            used[kind] += 1
    return used


def _tile_kind(pieces: Sequence[Piece] | None) -> str | None:
    """The kind of tile a hex holding ``pieces`` has (None: no tile)."""
    if not pieces:
        return None
    if len(pieces) == 2 or pieces[0].on_crossing:
        return "crossing"
    return shape_kind(pieces[0].a, pieces[0].b)


def _kinds_at(state: GameState, hexes: Sequence[Hex]) -> list[str | None]:
    track = state.track
    return [_tile_kind(track.get(h)) for h in hexes]


def _recounted(
    counts: Mapping[str, int], before: Sequence[str | None], after: Sequence[str | None]
) -> dict[str, int]:
    """``counts`` once the tiles of some hexes went from ``before`` to ``after``: counting
    only the hexes a change touched, not the whole track (long in a Transcontinental game)."""
    used = dict(counts)
    for kind in before:
        if kind is not None:
            used[kind] -= 1
    for kind in after:
        if kind is not None:
            used[kind] += 1
    return used


def open_end_hexes(state: GameState, seat: int) -> list[Hex]:
    """The hexes of the last tiles of ``seat``'s incomplete links: where a build may go on
    with one of them (RW-p4-46), in the links' order."""
    return [
        link.tiles[-1][0]
        for link in state.links.values()
        if link.owner == seat and not link.complete and link.tiles
    ]


def own_open_end(state: GameState, seat: int, hex_: Hex, exclude: int | None = None) -> Link | None:
    """The seat's incomplete link whose last tile is on ``hex_``, if any."""
    for piece in state.track.get(hex_, ()):
        link = state.links[piece.link]
        if (
            link.owner == seat
            and not link.complete
            and link.id != exclude
            and link.tiles[-1][0] == hex_
        ):
            return link
    return None


def _opened(board: Board, hex_: Hex, kinds: frozenset[str]) -> bool:
    """Whether ``hex_`` is a special hex of one of ``kinds`` (``CostRules.special_tiles``)."""
    special = board.special_at(hex_) if kinds else None
    return special is not None and special.kind in kinds


def _check_tile(
    board: Board,
    state: GameState,
    hex_: Hex,
    a: Side,
    b: Side,
    ignore_link: int | None = None,
    opened: frozenset[str] = frozenset(),
) -> None:
    if hex_ not in board.hexes:
        raise IllegalAction(f"hex {hex_} is not a playable hex of the board", "RW-p5-12")
    if not board.is_buildable(hex_) and not _opened(board, hex_, opened):
        special = board.special_at(hex_)
        if special is not None:  # its data may name the clause that keeps track off it
            clause = special.params.get("clause")
            raise IllegalAction(
                f"track cannot be laid on hex {hex_}: it is a {special.label} hex",
                clause if isinstance(clause, str) else "RW-p5-07",
            )
        raise IllegalAction(
            f"track cannot be laid on hex {hex_}: it is a city or special hex", "RW-p5-07"
        )
    if a == b:
        raise IllegalAction(f"the track at {hex_} would leave by the side it enters", "RW-p4-45")
    if track_shape(a, b) is TrackShape.SHARP:
        raise IllegalAction(
            f"the track at {hex_} would need a sharp curve, and there is no such tile", "RW-p2-13"
        )
    others = [p for p in state.track.get(hex_, ()) if p.link != ignore_link]
    if len(others) >= 2:
        raise IllegalAction(f"hex {hex_} already holds a crossover", "RW-p5-06")
    if others:
        other = others[0]
        if not crosses(other.a, other.b, a, b):
            raise IllegalAction(
                f"hex {hex_} already has track; a second track may only cross it as an "
                "overpass, never join it or turn it",
                "RW-p5-05",
            )


def _impassable(board: Board, a: Hex, b: Hex, what: str) -> tuple[str, str]:
    """The message and clause for track across an impassable edge: a map's border on that
    edge may name its own rule (``params.clause``: an estuary a map forbids crossing)."""
    for border in board.borders_between(a, b):
        clause = border.params.get("clause")
        if isinstance(clause, str) and clause:
            return f"{what} {border.label or border.kind} (between {a} and {b})", clause
    return f"{what} the edge between {a} and {b}", "RW-p5-12"


@dataclass(frozen=True, slots=True, init=False)
class _Start:
    """Where a checked build starts (:func:`_build_start`): a ``city`` the new link leaves,
    an own incomplete link it ``extends`` or a plug-in's ``junction``; ``link_start`` is the
    city the link counts from. ``redirect_side`` is the end tile's new side when the build
    redirects it (on the path's first hex), ``redirect_cost`` what that tile costs."""

    city: City | None
    extends: Link | None
    junction: BuildOrigin | None
    link_start: str
    redirect_side: Side | None
    redirect_cost: int

    def __init__(
        self,
        city: City | None,
        extends: Link | None,
        junction: BuildOrigin | None,
        link_start: str,
        redirect_side: Side | None = None,
        redirect_cost: int = 0,
    ) -> None:
        object.__setattr__(self, "city", city)
        object.__setattr__(self, "extends", extends)
        object.__setattr__(self, "junction", junction)
        object.__setattr__(self, "link_start", link_start)
        object.__setattr__(self, "redirect_side", redirect_side)
        object.__setattr__(self, "redirect_cost", redirect_cost)


@dataclass(frozen=True, slots=True, init=False)
class _End:
    """Where a checked build ends (:func:`_build_end`): in a ``city``, by joining an own
    incomplete link (``joins``), or neither (a loose end). The body's tiles are laid on
    ``path[1:body_to]``."""

    city: City | None
    joins: Link | None
    body_to: int

    def __init__(
        self,
        city: City | None,
        joins: Link | None,
        body_to: int,
    ) -> None:
        object.__setattr__(self, "city", city)
        object.__setattr__(self, "joins", joins)
        object.__setattr__(self, "body_to", body_to)


# The side of a hex towards each neighbour, by the neighbour's offset (dq + 1) * 3 + dr + 1:
# ``Hex.side_towards`` is a method of a NamedTuple, called through Python even compiled
# (about 1,500 instructions a call; a build checks two sides per tile).
_SIDE_BY_OFFSET: tuple[Side | None, ...] = tuple(
    next((s for s in SIDES if Hex(0, 0).neighbour(s) == (dq, dr)), None)
    for dq in (-1, 0, 1)
    for dr in (-1, 0, 1)
)


def _side_towards(x: Hex, y: Hex) -> Side | None:
    """``x.side_towards(y)``: the side shared with an adjacent hex, or None."""
    dq = y[0] - x[0]
    dr = y[1] - x[1]
    if -1 <= dq <= 1 and -1 <= dr <= 1:
        return _SIDE_BY_OFFSET[(dq + 1) * 3 + dr + 1]
    return None


_NOT_THE_END_TILE = "only the end tile of your own incomplete link can be redirected"


def _check_path(board: Board, path: tuple[Hex, ...]) -> None:
    """The path's shape: not empty, no hex twice, each step to a neighbour over a passable edge."""
    if not path:
        raise IllegalAction("a build needs a starting city or incomplete link", "RW-p4-46")
    if len(set(path)) != len(path):
        raise IllegalAction("a build may not pass through the same hex twice", "RW-p4-45")
    for x, y in itertools.pairwise(path):
        if _side_towards(x, y) is None:
            raise IllegalAction(
                f"hexes {x} and {y} are not adjacent: track must be continuous", "RW-p4-45"
            )
        if board.is_impassable(x, y):
            raise IllegalAction(*_impassable(board, x, y, "track may not cross"))


def _terrain_cost(board: Board, rules: CostRules, h: Hex) -> int:
    """What a tile on ``h`` costs (a card may make open terrain free or reprice terrain)."""
    terrain = board.hexes[h]
    if rules.free_open and terrain is Terrain.OPEN:
        return 0
    return (rules.terrain or board.tables.terrain_costs).of(terrain)


def _first_side(path: tuple[Hex, ...]) -> Side:
    side = _side_towards(path[0], path[1])
    assert side is not None
    return side


def _build_start(
    board: Board,
    state: GameState,
    seat: int,
    path: tuple[Hex, ...],
    exit_: Side | None,
    redirect: bool,
    rules: CostRules,
) -> _Start:
    """Where the build starts: a city, the end of an own incomplete link or a plug-in's
    origin (``CostRules.origins``), checked in that order."""
    origin = path[0]
    city = board.city_at(origin)
    if city is not None:
        return _start_at_city(city, path, redirect)
    extends = own_open_end(state, seat, origin)
    if extends is not None:
        return _start_at_open_end(board, state, extends, path, exit_, redirect, rules)
    junction = next((o for o in rules.origins if o.at == origin and o.seat == seat), None)
    if junction is None:
        owner_note = ""
        for piece in state.track.get(origin, ()):
            if piece.owner != seat:
                owner_note = "; another player's track can never be extended or redirected"
        raise IllegalAction(
            f"a build must start at a city or at the end of your own incomplete link "
            f"(hex {origin} is neither{owner_note})",
            "RW-p4-46",
        )
    return _start_at_junction(junction, path, redirect)


def _start_at_city(city: City, path: tuple[Hex, ...], redirect: bool) -> _Start:
    if redirect:
        raise IllegalAction(_NOT_THE_END_TILE, "RW-p5-04")
    if len(path) < 2:
        raise IllegalAction("a build from a city must lay at least one tile", "RW-p4-43")
    side = _first_side(path)
    if side not in city.spokes:
        raise IllegalAction(f"{city.name} has no track spoke on its {side.name} side", "RW-p5-07")
    return _Start(city, None, None, city.id)


def _start_at_junction(junction: BuildOrigin, path: tuple[Hex, ...], redirect: bool) -> _Start:
    """A plug-in's origin on own track (a switch): a new link leaves it by a free side."""
    if junction.refusal is not None:
        raise IllegalAction(junction.refusal, junction.clause)
    if redirect:
        raise IllegalAction(_NOT_THE_END_TILE, "RW-p5-04")
    if len(path) < 2:
        raise IllegalAction(f"a build from a {junction.kind} must lay at least one tile")
    if _first_side(path) not in junction.sides:
        raise IllegalAction(
            f"new track can leave the {junction.kind} at {path[0]} only by a side its own "
            f"track does not use ({', '.join(s.name for s in sorted(junction.sides))})",
            junction.clause,
        )
    return _Start(None, None, junction, junction.start)


def _start_at_open_end(
    board: Board,
    state: GameState,
    link: Link,
    path: tuple[Hex, ...],
    exit_: Side | None,
    redirect: bool,
    rules: CostRules,
) -> _Start:
    """From the end of an own incomplete link: redirect its end tile, or go on the way it
    points."""
    origin = path[0]
    _end_hex, end_side = link.open_end
    if not redirect:
        if len(path) < 2:
            raise IllegalAction("the build lays no tiles", "RW-p4-43")
        if _side_towards(origin, path[1]) != end_side:
            raise IllegalAction(
                f"the next tile must continue where your incomplete link points "
                f"({end_side.name} of {origin})",
                "RW-p4-45",
            )
        return _Start(None, link, None, link.start)
    _h, a_side, _b = link.tiles[-1]
    new_b = _side_towards(origin, path[1]) if len(path) >= 2 else exit_
    if new_b is None:
        raise IllegalAction("a redirect needs a new direction for the end tile", "RW-p5-04")
    if new_b == end_side:
        raise IllegalAction("a redirect must turn the end tile to a new direction", "RW-p5-04")
    _check_tile(board, state, origin, a_side, new_b, link.id, rules.special_tiles)
    return _Start(None, link, None, link.start, new_b, _terrain_cost(board, rules, origin))


def _build_end(
    board: Board,
    state: GameState,
    seat: int,
    path: tuple[Hex, ...],
    exit_: Side | None,
    start: _Start,
) -> _End:
    """Where the build ends: the final hex may be a city (the link is complete) or the
    open end of another own link (the two join); otherwise the build leaves a loose end."""
    last = path[-1]
    city = board.city_at(last) if len(path) > 1 else None
    if city is not None:
        _check_end_city(city, path, exit_, start)
        return _End(city, None, len(path) - 1)
    if len(path) >= 2:
        joins = _joined_link(state, seat, path, exit_, start)
        if joins is not None:
            return _End(None, joins, len(path) - 1)
    return _End(None, None, len(path))


def _check_end_city(city: City, path: tuple[Hex, ...], exit_: Side | None, start: _Start) -> None:
    # From an incomplete link, the (redirected) end tile may be the last one before the city.
    if len(path) - 1 <= 1 and start.city is not None:
        raise IllegalAction("a link needs at least one tile between two cities", "RW-p4-44")
    side_in = _side_towards(path[-1], path[-2])
    assert side_in is not None
    if side_in not in city.spokes:
        raise IllegalAction(
            f"{city.name} has no track spoke on its {side_in.name} side", "RW-p5-07"
        )
    if city.id == start.link_start:
        raise IllegalAction("a link must join two different cities", "RW-p4-44")
    if exit_ is not None:
        raise IllegalAction("a build that ends in a city has no loose end to point", "RW-p4-47")


def _joined_link(
    state: GameState, seat: int, path: tuple[Hex, ...], exit_: Side | None, start: _Start
) -> Link | None:
    """The own incomplete link whose open end the build's last step enters, if any."""
    last = path[-1]
    extends = start.extends
    candidate = own_open_end(state, seat, last, exclude=extends.id if extends else None)
    if candidate is None or candidate.open_end[1] != _side_towards(last, path[-2]):
        return None
    if candidate.start == start.link_start:
        raise IllegalAction("a link must join two different cities", "RW-p4-44")
    if exit_ is not None:
        raise IllegalAction(
            "a build that joins another incomplete link has no loose end", "RW-p5-03"
        )
    return candidate


def _body_tiles(
    board: Board,
    state: GameState,
    path: tuple[Hex, ...],
    body_to: int,
    exit_: Side | None,
    rules: CostRules,
    tile_costs: list[int],
) -> list[tuple[Hex, Side, Side]]:
    """The new tiles on ``path[1:body_to]``, each checked; their costs go to ``tile_costs``."""
    tiles: list[tuple[Hex, Side, Side]] = []
    for i in range(1, body_to):
        h = path[i]
        a = _side_towards(h, path[i - 1])
        assert a is not None
        if i + 1 < len(path):
            b = _side_towards(h, path[i + 1])
            assert b is not None
        else:
            if exit_ is None:
                raise IllegalAction(f"say which way the last tile at {h} points", "RW-p4-45")
            b = exit_
        passed = board.city_at(h)
        if passed is not None:
            raise IllegalAction(f"building must stop on reaching {passed.name}", "RW-p4-47")
        _check_tile(board, state, h, a, b, opened=rules.special_tiles)
        tiles.append((h, a, b))
        tile_costs.append(_terrain_cost(board, rules, h))
    return tiles


def _check_loose_end(
    board: Board, state: GameState, seat: int, tip_hex: Hex, tip_side: Side, rules: CostRules
) -> None:
    """A loose end must point somewhere track could go on."""
    beyond = tip_hex.neighbour(tip_side)
    city = board.city_at(beyond)
    if city is not None and tip_side.opposite in city.spokes:
        raise IllegalAction(
            f"the last tile points into {city.name}: end the build in the city", "RW-p4-47"
        )
    if board.is_impassable(tip_hex, beyond):
        raise IllegalAction(
            *_impassable(board, tip_hex, beyond, f"the last tile at {tip_hex} points across")
        )
    if not board.is_buildable(beyond) and not _opened(board, beyond, rules.special_tiles):
        raise IllegalAction(
            f"the last tile at {tip_hex} points to {beyond}, where track cannot continue",
            "RW-p5-12",
        )
    # A loose end touching track already there would join it (or be stuck against it).
    for piece in state.track.get(beyond, ()):
        if tip_side.opposite not in (piece.a, piece.b):
            continue
        facing = state.links[piece.link]
        if (
            piece.owner == seat
            and not facing.complete
            and facing.open_end == (beyond, tip_side.opposite)
        ):
            raise IllegalAction(
                f"the last tile meets the end of your incomplete link at {beyond}: "
                "end the build on that hex to join the two",
                "RW-p5-03",
            )
        raise IllegalAction(
            f"the last tile at {tip_hex} would run into the track at {beyond}",
            "RW-p5-05",
        )


def _check_tile_count(laid: int, junction: BuildOrigin | None, rules: CostRules) -> int:
    """At least one tile and no more than the allowance (a junction uses some of it);
    the constructions besides tiles (``BuildPlan.extras``)."""
    if laid == 0:
        raise IllegalAction("the build lays no tiles", "RW-p4-43")
    extras = junction.constructions if junction is not None else 0
    if laid + extras > rules.max_tiles:
        counted = f" (the {junction.kind} counts as one)" if junction is not None else ""
        raise IllegalAction(
            f"at most {rules.max_tiles} tiles may be laid in one build action{counted}",
            "RW-p4-43",
        )
    return extras


def _price(
    board: Board, path: tuple[Hex, ...], tile_costs: list[int], extra_cost: int, rules: CostRules
) -> tuple[int, int]:
    """The build's cost and the ridges it crosses: tiles, ridges, extras and edge costs."""
    ridges = 0
    for x, y in itertools.pairwise(path):
        if board.crosses_ridge(x, y):
            ridges += 1
    tc = rules.terrain or board.tables.terrain_costs
    cost = sum(tile_costs) + ridges * tc.ridge + extra_cost
    if rules.edge_costs:
        cost += sum(rules.edge_costs(board, x, y) for x, y in itertools.pairwise(path))
    return cost, ridges


def plan_build(
    board: Board,
    state: GameState,
    seat: int,
    path: tuple[Hex, ...],
    exit_: Side | None,
    redirect: bool,
    rules: CostRules,
) -> BuildPlan:
    """Check a build completely without changing anything; raise IllegalAction if illegal.

    The steps, in the order their refusals are given: the path's shape, where it starts,
    where it ends, the body's tiles, the loose end, the tile count, then the supply."""
    _check_path(board, path)
    start = _build_start(board, state, seat, path, exit_, redirect, rules)
    redirect_hex = path[0] if start.redirect_side is not None else None
    tile_costs = [start.redirect_cost] if redirect_hex is not None else []
    end = _build_end(board, state, seat, path, exit_, start)
    tiles = _body_tiles(board, state, path, end.body_to, exit_, rules, tile_costs)
    if end.city is None and end.joins is None:
        if tiles:
            tip_hex, _a, tip_side = tiles[-1]
        else:
            assert start.redirect_side is not None
            tip_hex, tip_side = path[0], start.redirect_side
        _check_loose_end(board, state, seat, tip_hex, tip_side, rules)
    junction = start.junction
    extras = _check_tile_count(len(tiles) + (1 if redirect_hex is not None else 0), junction, rules)
    extra_cost = junction.cost if junction is not None else 0
    cost, ridges = _price(board, path, tile_costs, extra_cost, rules)
    _check_supply(board, state, tiles, redirect_hex, start.redirect_side, start.extends)
    return BuildPlan(
        seat=seat,
        start_city=start.city.id if start.city is not None else None,
        extends=start.extends.id if start.extends is not None else None,
        redirect=redirect_hex,
        redirect_side=start.redirect_side,
        tiles=tiles,
        end_city=end.city.id if end.city is not None else None,
        joins=end.joins.id if end.joins is not None else None,
        cost=cost,
        tile_costs=tile_costs,
        ridges=ridges,
        origin=junction,
        extras=extras,
        extra_cost=extra_cost,
    )


def tiles_after(state: GameState, tiles: Sequence[tuple[Hex, Side, Side]]) -> dict[str, int]:
    """Tiles in use by kind once ``tiles`` are laid (a crossover swaps a plain tile out)."""
    used = dict(tiles_in_use(state))
    for h, a, b in tiles:
        pieces = state.track.get(h)
        if pieces:
            if not pieces[0].on_crossing:  # the plain tile there makes way for a crossing
                used["crossing"] += 1
                used[shape_kind(pieces[0].a, pieces[0].b)] -= 1
        else:
            used[shape_kind(a, b)] += 1
    return used


def _check_supply(
    board: Board,
    state: GameState,
    tiles: list[tuple[Hex, Side, Side]],
    redirect_hex: Hex | None,
    redirect_side: Side | None,
    extends: Link | None,
) -> None:
    used = tiles_after(state, tiles)
    if redirect_hex is not None and redirect_side is not None and extends is not None:
        pieces = state.track[redirect_hex]
        if len(pieces) == 1 and not pieces[0].on_crossing:
            _h, a, b = extends.tiles[-1]
            used[shape_kind(a, b)] -= 1
            used[shape_kind(a, redirect_side)] += 1
    supply = board.tables.tile_supply
    for kind, count in used.items():
        if count > supply.get(kind, 0):
            raise IllegalAction(f"no {kind} track tiles are left in the supply", "RW-p3-20")


def lay(state: GameState, plan: BuildPlan, turn: int) -> Link:
    """Lay a checked plan's tiles. Returns the link built or extended."""
    # The tile count follows the hexes that get track and a redirected tile (joining two
    # links turns tiles round, which changes no tile's kind).
    touched = [h for h, _a, _b in plan.tiles]
    if plan.extends is not None and plan.redirect_side is not None:
        touched.append(state.links[plan.extends].tiles[-1][0])
    hexes = list(dict.fromkeys(touched))
    counts, before = tiles_in_use(state), _kinds_at(state, hexes)
    joined = [] if plan.joins is None else [h for h, _a, _b in state.links[plan.joins].tiles]
    track_changed(state, hexes + joined)  # a joined link's pieces turn round
    # (the links and pieces changed in place are this state's own first: a copy of the
    # state may share them, GameState.own_link and own_pieces)
    if plan.extends is not None:
        link = state.own_link(plan.extends)
        if plan.redirect_side is not None:
            redirect_only(state, link, plan.redirect_side)
    else:
        start = plan.link_start
        assert start is not None
        link = Link(id=state.next_link_id, owner=plan.seat, start=start, tiles=[], built_turn=turn)
        state.add_link(link)
        state.next_link_id += 1
    for h, a, b in plan.tiles:
        link.tiles.append((h, a, b))
        pieces = state.own_pieces(h)
        for under in pieces:
            under.on_crossing = False  # two tracks: the hex's crossing tile is counted as such
        pieces.append(Piece(link.id, plan.seat, a, b))
    if plan.end_city is not None:
        link.end = plan.end_city
    elif plan.joins is not None:
        other = state.links.pop(plan.joins)
        for h, a, b in reversed(other.tiles):
            link.tiles.append((h, b, a))
            for piece in state.own_pieces(h):
                if piece.link == other.id:
                    piece.link, piece.a, piece.b = link.id, b, a
        link.end = other.start
    state.tile_counts = _recounted(counts, before, _kinds_at(state, hexes))
    return link


def redirect_only(state: GameState, link: Link, new_b: Side) -> None:
    """Turn the last tile of ``link`` (this state's own: ``GameState.own_link``) to ``new_b``."""
    h, a, _b = link.tiles[-1]
    counts, before = tiles_in_use(state), _kinds_at(state, [h])
    track_changed(state, (h,))
    link.tiles[-1] = (h, a, new_b)
    for piece in state.own_pieces(h):
        if piece.link == link.id:
            piece.b = new_b
    state.tile_counts = _recounted(counts, before, _kinds_at(state, [h]))


def remove_incomplete(state: GameState, supply: Mapping[str, int]) -> list[Link]:
    """Take every incomplete link off the board (end of the turn, RW-p4-49, RW-p6-05).

    Where a removed track crossed another, the crossing tile gives way to a
    plain tile of the remaining track's shape if the supply has one; if not,
    the crossing tile stays under the remaining track, so tiles are never
    conjured out of an empty supply.
    """
    removed = [link for link in state.links.values() if not link.complete]
    hexes = list(dict.fromkeys(h for link in removed for h, _a, _b in link.tiles))
    counts, kinds = tiles_in_use(state), _kinds_at(state, hexes)
    track_changed(state, hexes)
    uncrossed: list[Piece] = []
    for link in removed:
        for h, _a, _b in link.tiles:
            before = state.track.get(h, [])
            pieces = [p for p in before if p.link != link.id]
            if pieces and len(before) == 2:
                # (a new piece, not the one left: that may be a copy's too)
                kept = pieces[0]
                pieces[0] = Piece(kept.link, kept.owner, kept.a, kept.b, True)
                uncrossed.append(pieces[0])
            state.set_pieces(h, pieces)
        del state.links[link.id]
    used = _recounted(counts, kinds, _kinds_at(state, hexes))
    for piece in uncrossed:
        kind = shape_kind(piece.a, piece.b)
        if piece.on_crossing and used[kind] < supply.get(kind, 0):
            piece.on_crossing = False
            used[kind] += 1
            used["crossing"] -= 1
    state.tile_counts = used
    return removed


# copy and pickle work compiled too (hexgrid)
copied_by_fields(BuildOrigin, CostRules, BuildPlan, _Start, _End)
