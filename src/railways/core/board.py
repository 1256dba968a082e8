"""The board model: everything a map of the game family carries.

These are frozen value objects. A map file is loaded into a :class:`Board`
by ``railways.content.maps``; the rules engine only ever reads it. Later maps
add data, not classes: every feature any board of the family has is here.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from railways.core.hexgrid import Edge, Hex, Side, copied_by_fields

T = TypeVar("T")


class Terrain(Enum):
    OPEN = "open"
    WATER = "water"
    MOUNTAIN = "mountain"

    # Hashed by identity in C (members are singletons and compare by identity anyway):
    # Enum's own __hash__ is a Python call, and colours and terrains key hot dicts and sets.
    __hash__ = object.__hash__


class Color(Enum):
    """City and goods colours. Gray cities accept no goods until urbanized."""

    RED = "red"
    YELLOW = "yellow"
    BLUE = "blue"
    PURPLE = "purple"
    BLACK = "black"
    GRAY = "gray"

    __hash__ = object.__hash__  # as Terrain's

    @property
    def letter(self) -> str:
        """One letter per colour, for colour-blind and text renderings."""
        return _LETTERS[self]


_LETTERS = {
    Color.RED: "R",
    Color.YELLOW: "Y",
    Color.BLUE: "B",
    Color.PURPLE: "P",
    Color.BLACK: "K",
    Color.GRAY: "G",
}

GOODS_COLORS: tuple[Color, ...] = (
    Color.RED,
    Color.YELLOW,
    Color.BLUE,
    Color.PURPLE,
    Color.BLACK,
)


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name: str
    at: Hex
    color: Color
    cubes: int
    spokes: frozenset[Side]
    flags: frozenset[str] = frozenset()
    source: str = "house"


@dataclass(frozen=True, slots=True)
class Town:
    """An unbuilt town (Australia): a hex that may later become a city."""

    id: str
    name: str
    at: Hex
    spokes: frozenset[Side]
    flags: frozenset[str] = frozenset()
    source: str = "house"


@dataclass(frozen=True, slots=True)
class SpecialHex:
    """A hex with a map-specific rule (a ferry, a time warp, a link off the board).

    ``kind`` is the map's own word for it: the core gives it no meaning; the
    plug-in named by the map's ``rulesets`` does. ``label`` and ``symbol`` are how
    front ends draw it (a name, and one or two characters).
    """

    id: str
    kind: str
    at: Hex
    city: str | None = None
    params: Mapping[str, str | int] = field(default_factory=dict)
    source: str = "house"
    label: str = ""
    symbol: str = ""


@dataclass(frozen=True, slots=True)
class Border:
    """A line of hex edges with a map-specific rule (a river toll, a region border).

    Like a special hex, its ``kind`` means something only to the map's plug-in.
    """

    id: str
    kind: str
    edges: frozenset[Edge]
    label: str = ""
    params: Mapping[str, str | int] = field(default_factory=dict)
    source: str = "house"


@dataclass(frozen=True, slots=True)
class Region:
    """A named region bounded by border edges (Australia's states)."""

    id: str
    name: str
    hexes: frozenset[Hex]
    source: str = "house"


@dataclass(frozen=True, slots=True)
class MajorLine:
    """A bonus for the first player to join the endpoints with their own links."""

    id: str
    endpoints: tuple[str, ...]
    points: int
    requires: frozenset[str] = frozenset()
    name: str = ""
    source: str = "house"


@dataclass(frozen=True, slots=True)
class TerrainCosts:
    """Dollar costs (in thousands) of laying one track tile."""

    open: int = 2
    water: int = 3
    mountain: int = 4
    ridge: int = 4

    def of(self, terrain: Terrain) -> int:
        if terrain is Terrain.OPEN:
            return self.open
        if terrain is Terrain.WATER:
            return self.water
        return self.mountain


@dataclass(frozen=True, slots=True)
class Tables:
    """The per-map tables printed beside a board (values in $1,000s)."""

    ecm_by_players: Mapping[int, int]
    income_track: tuple[int, ...]
    engine_costs: Mapping[int, int]
    terrain_costs: TerrainCosts
    cube_reduction: Mapping[int, int]
    tile_supply: Mapping[str, int]
    urbanize_cost: int = 10
    bond_value: int = 5
    bond_dividend: int = 1
    max_engine: int = 8
    goods_per_color: int = 25

    @property
    def last_space(self) -> int:
        return len(self.income_track) - 1

    def income_for(self, score: int) -> int:
        if score < 0:
            return self.income_track[0]
        return self.income_track[min(score, self.last_space)]


@dataclass(frozen=True, slots=True)
class Board:
    id: str
    name: str
    min_players: int
    max_players: int
    hexes: Mapping[Hex, Terrain]
    cities: Mapping[str, City]
    ridges: frozenset[Edge]
    impassable: frozenset[Edge]
    towns: Mapping[str, Town]
    specials: Mapping[str, SpecialHex]
    regions: Mapping[str, Region]
    major_lines: Mapping[str, MajorLine]
    tables: Tables
    rulesets: tuple[str, ...] = ()
    borders: Mapping[str, Border] = field(default_factory=dict)
    # Optional modules the rulebook plays this board with unless the players leave them out
    # (map.toml ``[modules] default``), and each module's settings for this board
    # (``[modules.<id>]``, read by that module: the Western U.S. rotor cities).
    default_modules: tuple[str, ...] = ()
    module_params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    _city_by_hex: dict[Hex, City] = field(init=False, repr=False, compare=False)
    _special_by_hex: dict[Hex, SpecialHex] = field(init=False, repr=False, compare=False)
    _town_by_hex: dict[Hex, Town] = field(init=False, repr=False, compare=False)
    _ridge_pairs: frozenset[tuple[Hex, Hex]] = field(init=False, repr=False, compare=False)
    _impassable_pairs: frozenset[tuple[Hex, Hex]] = field(init=False, repr=False, compare=False)
    _buildable: frozenset[Hex] = field(init=False, repr=False, compare=False)
    _border_pairs: dict[tuple[Hex, Hex], tuple[Border, ...]] = field(
        init=False, repr=False, compare=False
    )
    _derived: dict[Hashable, Any] = field(init=False, repr=False, compare=False)

    def city_at(self, hex_: Hex) -> City | None:
        return self._city_by_hex.get(hex_)

    def special_at(self, hex_: Hex) -> SpecialHex | None:
        return self._special_by_hex.get(hex_)

    def town_at(self, hex_: Hex) -> Town | None:
        return self._town_by_hex.get(hex_)

    def city_by_name(self, name: str) -> City | None:
        folded = name.casefold()
        for city in self.cities.values():
            if city.name.casefold() == folded or city.id == folded:
                return city
        return None

    def is_buildable(self, hex_: Hex) -> bool:
        """A plain hex that a track tile may be laid on."""
        return hex_ in self._buildable

    def crosses_ridge(self, a: Hex, b: Hex) -> bool:
        return (a, b) in self._ridge_pairs

    def is_impassable(self, a: Hex, b: Hex) -> bool:
        return (a, b) in self._impassable_pairs

    def borders_between(self, a: Hex, b: Hex) -> tuple[Border, ...]:
        """The borders the edge between two neighbouring hexes belongs to."""
        return self._border_pairs.get((a, b), ())

    def derived(self, key: Hashable, build: Callable[[], T]) -> T:
        """Work derived from this board alone (routes between cities...), made on first use.

        It lives and dies with the board, so a new board never sees an old one's answer.
        """
        try:
            value: T = self._derived[key]
        except KeyError:
            value = self._derived[key] = build()
            # The tables are large (a board's routes are hundreds of thousands of objects)
            # and live as long as the board: the cycle collector would walk them all again
            # in every full collection, a third of a playout's time. Frozen, it leaves them
            # (and whatever else lives now) alone; freezing is cheap (it moves two lists).
            gc.freeze()
        return value

    def __post_init__(self) -> None:
        # Boards are immutable, so the by-hex indexes are built once here.
        object.__setattr__(self, "_city_by_hex", {c.at: c for c in self.cities.values()})
        object.__setattr__(self, "_special_by_hex", {s.at: s for s in self.specials.values()})
        object.__setattr__(self, "_town_by_hex", {t.at: t for t in self.towns.values()})
        object.__setattr__(self, "_ridge_pairs", _pairs(self.ridges))
        object.__setattr__(self, "_impassable_pairs", _pairs(self.impassable))
        taken = set(self._city_by_hex) | set(self._special_by_hex) | set(self._town_by_hex)
        object.__setattr__(self, "_buildable", frozenset(h for h in self.hexes if h not in taken))
        pairs: dict[tuple[Hex, Hex], tuple[Border, ...]] = {}
        for border in self.borders.values():
            for a, b in _pairs(border.edges):
                pairs[(a, b)] = (*pairs.get((a, b), ()), border)
        object.__setattr__(self, "_border_pairs", pairs)
        object.__setattr__(self, "_derived", {})


def _pairs(edges: frozenset[Edge]) -> frozenset[tuple[Hex, Hex]]:
    # Both orders, so a lookup needs no sorting.
    return frozenset({(e.a, e.b) for e in edges} | {(e.b, e.a) for e in edges})


copied_by_fields(
    City, Town, SpecialHex, Border, Region, MajorLine, TerrainCosts, Tables, Board
)  # copy and pickle work compiled too (hexgrid)
