"""The era boards of Railways Through Time and how a game's board is put together.

The map folder ``content/maps/through-time`` holds all eight era boards side by side as one
board (``map.toml``, generated from ``eras/*.toml`` by ``tools/through_time_map.py``): each
era is a ``[[region]]`` and its time gates are cities flagged ``time-gate``. A game plays on
the eras its players chose (``options["eras"]``, TT-004): :func:`game_board` cuts those eras
out of the whole board and lays them side by side again, so the game's board holds nothing
else. Both the tool and the plug-in place eras with :func:`slot_origin`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from railways.core.board import Board, City, Color, MajorLine
from railways.core.hexgrid import Edge, Hex

GATE_FLAG = "time-gate"  # the flag of a city that is a time gate (TT-001)
TIME_LINE = "time-line"  # the requirement the plug-in judges on its Time Lines (TT-022)
ERAS_PER_ROW = 4  # up to four eras side by side; more go in two rows
ROW_GAP = 1  # empty rows between two rows of eras (keeps the row shift even)
COL_GAP = 1  # empty columns between two eras side by side


def slot_origin(index: int, count: int, width: int, height: int) -> tuple[int, int]:
    """Offset (row, col) of the ``index``-th of ``count`` eras, each ``width`` x ``height``.

    Up to four eras lie in one row; five to eight in two rows of about equal length. The row
    step is kept even so that an era moved by it keeps its shape on the odd-r grid.
    """
    per_row = count if count <= ERAS_PER_ROW else (count + 1) // 2
    step = height + ROW_GAP
    step += step % 2
    return (index // per_row) * step, (index % per_row) * (width + COL_GAP)


def is_gate(city: City) -> bool:
    return GATE_FLAG in city.flags


@dataclass(frozen=True)
class Era:
    """One era board: its region, cities (time gates apart) and time gates."""

    id: str
    name: str
    hexes: frozenset[Hex]
    cities: tuple[str, ...]
    gates: tuple[str, ...]


@dataclass(frozen=True)
class Eras:
    """The eras of a board, in board order, and which era every hex and city lies in."""

    order: tuple[str, ...]
    by_id: Mapping[str, Era]
    era_of_hex: Mapping[Hex, str]
    era_of_city: Mapping[str, str]
    red: frozenset[str]  # eras with a red city (TT-004)

    def of_city(self, city: str) -> str | None:
        return self.era_of_city.get(city)


def _min_origin(hexes: frozenset[Hex]) -> tuple[int, int]:
    return min(h.row for h in hexes), min(h.col for h in hexes)


def eras_of(board: Board) -> Eras:
    """The board's eras, worked out once per board (its regions, left to right, top down)."""
    return board.derived("through-time-eras", lambda: _eras_of(board))


def _eras_of(board: Board) -> Eras:
    regions = sorted(board.regions.values(), key=lambda r: _min_origin(r.hexes))
    era_of_hex = {h: r.id for r in regions for h in r.hexes}
    by_id: dict[str, Era] = {}
    era_of_city: dict[str, str] = {}
    red: set[str] = set()
    for region in regions:
        cities = sorted(c.id for c in board.cities.values() if c.at in region.hexes)
        gates = tuple(c for c in cities if is_gate(board.cities[c]))
        plain = tuple(c for c in cities if c not in gates)
        by_id[region.id] = Era(region.id, region.name, region.hexes, plain, gates)
        for cid in cities:
            era_of_city[cid] = region.id
        if any(board.cities[c].color is Color.RED for c in plain):
            red.add(region.id)
    return Eras(tuple(r.id for r in regions), by_id, era_of_hex, era_of_city, frozenset(red))


def game_board(full: Board, chosen: Sequence[str]) -> Board:
    """The board of a game on the eras ``chosen`` (ids of ``full``'s eras, in board order).

    Made once per choice and kept with the whole board (``Board.derived``), so the routes
    worked out for one game's board serve every later game on the same eras.
    """
    key = ("through-time-board", tuple(chosen))
    return full.derived(key, lambda: _assemble(full, tuple(chosen)))


def _assemble(full: Board, chosen: tuple[str, ...]) -> Board:
    eras = eras_of(full)
    width = max(_span(e.hexes)[1] for e in eras.by_id.values())
    height = max(_span(e.hexes)[0] for e in eras.by_id.values())
    shift: dict[str, tuple[int, int]] = {}
    for index, era_id in enumerate(chosen):
        row0, col0 = _min_origin(eras.by_id[era_id].hexes)
        row1, col1 = slot_origin(index, len(chosen), width, height)
        # An even row shift keeps an era's shape on the odd-r grid (odd rows sit half a hex
        # to the right), so an era that starts on an odd row moves with the row above it.
        shift[era_id] = (row1 - (row0 - row0 % 2), col1 - col0)

    def moved(h: Hex) -> Hex:
        dr, dc = shift[eras.era_of_hex[h]]
        return Hex.from_offset(h.row + dr, h.col + dc)

    keep = {h for era_id in chosen for h in eras.by_id[era_id].hexes}
    cities = {
        cid: replace(city, at=moved(city.at))
        for cid, city in full.cities.items()
        if city.at in keep
    }
    lines = {
        lid: line
        for lid, line in full.major_lines.items()
        if all(end in cities for end in line.endpoints)
    }
    regions = {
        era_id: replace(
            full.regions[era_id], hexes=frozenset(moved(h) for h in eras.by_id[era_id].hexes)
        )
        for era_id in chosen
    }
    names = ", ".join(eras.by_id[e].name for e in chosen)
    return Board(
        id=full.id,
        name=f"{full.name}: {names}",
        min_players=full.min_players,
        max_players=full.max_players,
        hexes={moved(h): t for h, t in full.hexes.items() if h in keep},
        cities=cities,
        ridges=_moved_edges(full.ridges, keep, moved),
        impassable=_moved_edges(full.impassable, keep, moved),
        towns={},
        specials={},
        regions=regions,
        major_lines=lines,
        tables=full.tables,
        rulesets=full.rulesets,
        borders={},
    )


def _moved_edges(
    edges: frozenset[Edge], keep: set[Hex], moved: Callable[[Hex], Hex]
) -> frozenset[Edge]:
    return frozenset(
        Edge.between(moved(e.a), moved(e.b)) for e in edges if e.a in keep and e.b in keep
    )


def _span(hexes: frozenset[Hex]) -> tuple[int, int]:
    rows = [h.row for h in hexes]
    cols = [h.col for h in hexes]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def time_lines(board: Board) -> list[MajorLine]:
    """The board's Time Lines (its Major Lines that carry the time-line requirement)."""
    return sorted(
        (line for line in board.major_lines.values() if TIME_LINE in line.requires),
        key=lambda line: line.id,
    )
