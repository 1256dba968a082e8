"""Whether a precomputed route fits the track and the tile supply now (RW-p3-20, RW-p5-05).

Counted exactly as :func:`railways.core.track.plan_build` counts them, without planning the
build: which tiles a route takes from the supply, whether it meets track only as overpasses,
and whether the supply is short.
"""

from __future__ import annotations

from typing import Final

from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.routes import FirstLeg, StaticRoute
from railways.core.state import Piece
from railways.core.track import crosses, shape_kind, tiles_in_use


def _crossing_need(
    track: dict[Hex, list[Piece]], laid: tuple[tuple[Hex, Side, Side], ...]
) -> tuple[int, int, int] | None:
    """``_need`` of a route that meets track, or None when it may not (``_crossable``): both
    in one walk of its tiles."""
    return _tiles_walk(track, laid, True)


def _crosses_table() -> tuple[bool, ...]:
    return tuple(
        crosses(Side(a1), Side(b1), Side(a2), Side(b2))
        for a1 in range(6)
        for b1 in range(6)
        for a2 in range(6)
        for b2 in range(6)
    )


_CROSSES: Final = _crosses_table()  # Final: compiled, read without a look-up by name


def _crossable(track: dict[Hex, list[Piece]], tiles: tuple[tuple[Hex, Side, Side], ...]) -> bool:
    """Every tile of the route meets at most one track, and crosses it as an overpass."""
    for h, a, b in tiles:
        pieces = track.get(h)
        if pieces:
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
