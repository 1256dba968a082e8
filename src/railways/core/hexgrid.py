"""Hex geometry for the boards.

Boards use pointy-topped hexes laid out in rows. In the map files a hex is
written as ``(row, col)`` in "odd-r" offset form: odd rows sit half a hex to
the right of even rows, which is how a printed board reads left to right.
Internally every computation uses axial coordinates ``(q, r)``, where the six
neighbours are fixed offsets and distance is a simple formula.

The six sides of a pointy-topped hex are E, NE, NW, W, SW, SE, numbered 0-5
counter-clockwise starting east. Opposite sides differ by 3.
"""

from __future__ import annotations

import copyreg
from dataclasses import dataclass, fields
from enum import Enum, IntEnum
from typing import Any, NamedTuple


class Side(IntEnum):
    """A side of a pointy-topped hex, counter-clockwise from east."""

    E = 0
    NE = 1
    NW = 2
    W = 3
    SW = 4
    SE = 5

    @property
    def opposite(self) -> Side:
        return _OPPOSITE[self]

    @classmethod
    def parse(cls, text: str) -> Side:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.name for s in cls)
            raise ValueError(f"unknown hex side {text!r} (expected one of {names})") from None


# The sides in order, and each side's opposite by its number. Looked up, not worked out:
# iterating an Enum class and calling ``Side(n)`` run Python code in the enum module at
# every step, even in the mypyc build (docs/performance.md, "Compiled with mypyc").
SIDES: tuple[Side, ...] = tuple(Side)
_OPPOSITE: tuple[Side, ...] = tuple(Side((s + 3) % 6) for s in range(6))

# Axial offsets of the neighbour across each side.
_DIRECTIONS: dict[Side, tuple[int, int]] = {
    Side.E: (1, 0),
    Side.NE: (1, -1),
    Side.NW: (0, -1),
    Side.W: (-1, 0),
    Side.SW: (-1, 1),
    Side.SE: (0, 1),
}


class Hex(NamedTuple):
    """A hex in axial coordinates (a tuple, so hashing and ordering are fast)."""

    q: int
    r: int

    @classmethod
    def from_offset(cls, row: int, col: int) -> Hex:
        """The hex at ``(row, col)`` of an odd-r offset grid."""
        return cls(col - (row - (row & 1)) // 2, row)

    @property
    def row(self) -> int:
        return self.r

    @property
    def col(self) -> int:
        return self.q + (self.r - (self.r & 1)) // 2

    @property
    def offset(self) -> tuple[int, int]:
        return (self.row, self.col)

    def neighbour(self, side: Side) -> Hex:
        dq, dr = _STEPS[side]
        # tuple.__new__ rather than Hex(...): the same value without the Python-level
        # __new__ that NamedTuple generates (the hottest call of a playout).
        return tuple.__new__(Hex, (self.q + dq, self.r + dr))

    def neighbours(self) -> list[tuple[Side, Hex]]:
        return [(side, self.neighbour(side)) for side in SIDES]

    def side_towards(self, other: Hex) -> Side | None:
        """The side shared with an adjacent hex, or None if not adjacent."""
        return _SIDE_OF_DELTA.get((other.q - self.q, other.r - self.r))

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def __str__(self) -> str:
        return f"{self.row},{self.col}"

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


_SIDE_OF_DELTA: dict[tuple[int, int], Side] = {d: side for side, d in _DIRECTIONS.items()}
_STEPS: tuple[tuple[int, int], ...] = tuple(_DIRECTIONS[side] for side in SIDES)  # by number


@dataclass(frozen=True, order=True, slots=True)
class Edge:
    """The edge between two adjacent hexes, independent of direction."""

    a: Hex
    b: Hex

    @classmethod
    def of(cls, hex_: Hex, side: Side) -> Edge:
        other = hex_.neighbour(side)
        return cls(min(hex_, other), max(hex_, other))

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Edge:
        if a.side_towards(b) is None:
            raise ValueError(f"hexes {a} and {b} are not adjacent")
        return cls(min(a, b), max(a, b))


class TrackShape(Enum):
    """The shape of a piece of track through one hex."""

    STRAIGHT = "straight"
    GENTLE = "gentle"
    SHARP = "sharp"


def track_shape(entry: Side, exit_: Side) -> TrackShape:
    """The tile shape that joins two sides of a hex.

    Opposite sides give a straight, sides two apart a gentle curve and
    adjacent sides a sharp curve (which the game has no tile for).
    """
    turn = (exit_ - entry) % 6
    if turn == 0:
        raise ValueError("a track cannot enter and leave by the same side")
    if turn == 3:
        return TrackShape.STRAIGHT
    if turn in (2, 4):
        return TrackShape.GENTLE
    return TrackShape.SHARP


def copied_by_fields(*classes: type) -> None:
    """Let ``copy`` and ``pickle`` remake instances of these dataclasses through their
    constructor. Compiled (the mypyc build), a frozen dataclass is copied by setting its
    attributes one by one, which its frozen ``__setattr__`` refuses, and a class with a
    hand-written ``__init__`` cannot be made without its arguments; a reducer registered
    with ``copyreg`` is what both the pure and the compiled classes then use."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)


def _by_fields(obj: Any) -> tuple[type, tuple[Any, ...]]:
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj) if f.init)


copied_by_fields(Edge)
