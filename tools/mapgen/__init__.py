"""Project real geography onto a board's hex grid (a build-time helper, not part of the package).

A board's geography is a module in this folder (``tools/mapgen/<map_id with _>.py``) that
defines ``GEO``, a :class:`Geography`: the grid size and the longitudes/latitudes of its edges,
the cities with their real coordinates, and a coarse outline of the land (sea and lake
polygons, or land polygons for islands), river polylines, mountain chains and ridge lines.
:func:`build` projects them onto the pointy-top "odd-r" grid the map loader reads;
:func:`map_toml` and :func:`cities_toml` write the data files the game reads. What the game
reads is the committed TOML; ``tools/project_map.py`` is the command line.

The projection is a plain equirectangular one (longitude and latitude scaled linearly to
columns and rows). Where a region is denser than a printed board allows at that scale, a city
carries an explicit hex (``at``) a little away from its projected one; ``--verbose`` lists
every such shift.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

Point = tuple[float, float]  # (longitude, latitude)
MountainPoint = tuple[float, float, float]  # (longitude, latitude, half-width in km)
Hex = tuple[int, int]  # (row, col)

R3 = math.sqrt(3.0)
ROW_H = R3 / 2  # height of a row in units of a hex's width
COLOURS = ("red", "yellow", "blue", "purple", "black")


@dataclass(frozen=True)
class CityDef:
    id: str
    name: str
    lat: float
    lon: float
    color: str
    cubes: int
    at: Hex | None = None  # an explicit hex when the projected one is crowded
    note: str = ""
    flags: tuple[str, ...] = ()  # written as the city's ``flags`` (a port ...)
    spokes: tuple[str, ...] | None = None  # explicit spokes (default: every side on the board)


@dataclass
class Result:
    grid: list[list[str]]
    cities: dict[str, Hex]
    specials: dict[str, tuple[Hex, str]]
    ridges: list[tuple[Hex, str]]
    problems: list[str]
    shifts: list[str]
    # Edges no track may cross (a board's ``add_specials`` may fill it): no spoke faces one.
    blocked: set[tuple[Hex, Hex]] = field(default_factory=set)
    towns: dict[str, Hex] = field(default_factory=dict)  # unbuilt towns (Australia), like cities


@dataclass
class Geography:
    """Everything needed to generate one board's map.toml and cities.toml."""

    id: str
    name: str
    cols: int
    rows: int
    lon_w: float  # longitude of column 0 (even rows)
    lon_e: float  # longitude of column cols - 1
    lat_n: float  # latitude of row 0
    lat_s: float  # latitude of row rows - 1
    cities: list[CityDef]
    map_header: str  # comment block at the top of map.toml ({cols} and {rows} are filled in)
    cities_header: str  # comment block at the top of cities.toml
    players: tuple[int, int] = (2, 6)
    rulesets: tuple[str, ...] = ()
    ridge_comment: str = ""  # lines (without "# ") above the ridge list
    water: dict[str, list[Point]] = field(default_factory=dict)  # sea, large lakes
    land: dict[str, list[Point]] = field(default_factory=dict)  # if given: only these are land
    rivers: dict[str, list[Point]] = field(default_factory=dict)
    mountains: dict[str, list[MountainPoint]] = field(default_factory=dict)
    ridges: dict[str, list[Point]] = field(default_factory=dict)
    force_on: set[Hex] = field(default_factory=set)  # hand corrections after a look
    force_off: set[Hex] = field(default_factory=set)
    land_share: float = 0.75  # a hex is on the board when this share of it is land
    min_patch: int = 8  # patches of land smaller than this are dropped
    off_board: Callable[[int, int], bool] | None = None  # extra hexes to leave off
    # Board-specific additions run after the cities are placed (special hexes and the like):
    # they may change the grid, add specials and report problems.
    add_specials: Callable[[Geography, Result], None] | None = None
    # Extra TOML appended to map.toml (``[[special]]``, ``[[border]]`` tables ...).
    extra_toml: Callable[[Geography, Result], str] | None = None
    # The board's settings of optional modules, appended last (``[modules.<id>]`` tables).
    modules_toml: str = ""
    # Unbuilt towns (Australia): placed like cities, marked "T", written as ``[[town]]``
    # (colour and cubes are not used).
    towns: list[CityDef] = field(default_factory=list)

    # -- projection ----------------------------------------------------------------------------
    @property
    def kx(self) -> float:
        return (self.cols - 1) / (self.lon_e - self.lon_w)  # columns per degree of longitude

    @property
    def ky(self) -> float:
        return (self.rows - 1) / (self.lat_n - self.lat_s)  # rows per degree of latitude

    def to_px(self, lon: float, lat: float) -> tuple[float, float]:
        """Continuous board position, in hex widths, of a longitude/latitude."""
        return (lon - self.lon_w) * self.kx, (self.lat_n - lat) * self.ky * ROW_H

    def from_px(self, x: float, y: float) -> Point:
        return self.lon_w + x / self.kx, self.lat_n - y / ROW_H / self.ky

    def on_grid(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols


def centre(row: int, col: int) -> tuple[float, float]:
    return col + 0.5 * (row & 1), row * ROW_H


def px_to_hex(x: float, y: float) -> Hex:
    """The (row, col) of the hex containing a board position."""
    q = x - y / R3
    r = 2 * y / R3
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rr, rq + (rr - (rr & 1)) // 2


def axial(row: int, col: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def distance(a: Hex, b: Hex) -> int:
    (aq, ar), (bq, br) = axial(*a), axial(*b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# Side names and their odd-r neighbour offsets (even rows, odd rows).
SIDES = ("E", "NE", "NW", "W", "SW", "SE")
_EVEN = {"E": (0, 1), "NE": (-1, 0), "NW": (-1, -1), "W": (0, -1), "SW": (1, -1), "SE": (1, 0)}
_ODD = {"E": (0, 1), "NE": (-1, 1), "NW": (-1, 0), "W": (0, -1), "SW": (1, 0), "SE": (1, 1)}


def neighbour(row: int, col: int, side: str) -> Hex:
    dr, dc = (_ODD if row & 1 else _EVEN)[side]
    return row + dr, col + dc


def inside(point: Point, poly: list[Point]) -> bool:
    x, y = point
    result = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            result = not result
        j = i
    return result


def hex_samples(row: int, col: int) -> list[tuple[float, float]]:
    cx, cy = centre(row, col)
    size = 1 / R3
    points = [(cx, cy)]
    for k in range(6):
        a = math.radians(30 + 60 * k)
        points.append((cx + 0.85 * size * math.cos(a), cy + 0.85 * size * math.sin(a)))
        b = math.radians(60 * k)
        points.append((cx + 0.5 * size * math.cos(b), cy + 0.5 * size * math.sin(b)))
    return points


def km_to_segment(p: Point, a: Point, b: Point) -> tuple[float, float]:
    """Distance in km from p to segment ab, and the position (0-1) of the nearest point."""
    k = math.cos(math.radians(p[1])) * 111.0
    ax, ay = (a[0] - p[0]) * k, (a[1] - p[1]) * 111.0
    bx, by = (b[0] - p[0]) * k, (b[1] - p[1]) * 111.0
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / length2))
    return math.hypot(ax + t * dx, ay + t * dy), t


def segments_cross(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


# -- building the board ----------------------------------------------------------------------------
def _is_land(geo: Geography, point: Point) -> bool:
    if geo.land and not any(inside(point, p) for p in geo.land.values()):
        return False
    return not any(inside(point, p) for p in geo.water.values())


def build(geo: Geography) -> Result:
    problems: list[str] = []
    shifts: list[str] = []
    grid = [["." for _ in range(geo.cols)] for _ in range(geo.rows)]

    # Land and sea.
    for row in range(geo.rows):
        for col in range(geo.cols):
            samples = hex_samples(row, col)
            land = sum(1 for x, y in samples if _is_land(geo, geo.from_px(x, y)))
            if land / len(samples) < geo.land_share:
                grid[row][col] = "~"
            if geo.off_board is not None and geo.off_board(row, col):
                grid[row][col] = "~"
    for row, col in geo.force_off:
        grid[row][col] = "~"
    for row, col in geo.force_on:
        grid[row][col] = "."
    drop_fragments(geo, grid)

    # Mountains.
    for row in range(geo.rows):
        for col in range(geo.cols):
            if grid[row][col] == "~":
                continue
            p = geo.from_px(*centre(row, col))
            for axis in geo.mountains.values():
                for a, b in itertools.pairwise(axis):
                    d, t = km_to_segment(p, a[:2], b[:2])
                    if d <= a[2] + t * (b[2] - a[2]):
                        grid[row][col] = "m"

    # Rivers, sampled finely along each polyline.
    for line in geo.rivers.values():
        for a, b in itertools.pairwise(line):
            steps = max(2, int(math.dist(a, b) / 0.02))
            for i in range(steps + 1):
                t = i / steps
                x, y = geo.to_px(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                row, col = px_to_hex(x, y)
                if geo.on_grid(row, col) and grid[row][col] != "~":
                    grid[row][col] = "w"

    # Cities.
    cities: dict[str, Hex] = {}
    for city in geo.cities:
        projected = px_to_hex(*geo.to_px(city.lon, city.lat))
        at = city.at or projected
        if at != projected:
            shifts.append(f"{city.name}: projected {projected}, placed at {at}")
        cities[city.id] = at
        row, col = at
        if not geo.on_grid(row, col):
            problems.append(f"{city.name} at {at} is outside the grid")
            continue
        grid[row][col] = "C"
    towns: dict[str, Hex] = {}
    for town in geo.towns:
        projected = px_to_hex(*geo.to_px(town.lon, town.lat))
        at = town.at or projected
        if at != projected:
            shifts.append(f"{town.name} (town): projected {projected}, placed at {at}")
        towns[town.id] = at
        row, col = at
        if not geo.on_grid(row, col):
            problems.append(f"{town.name} at {at} is outside the grid")
            continue
        grid[row][col] = "T"
    places = {**cities, **towns}
    ids = list(places)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if distance(places[a], places[b]) < 2:
                problems.append(f"{a} {places[a]} and {b} {places[b]} are adjacent or share a hex")

    result = Result(grid, cities, {}, [], problems, shifts, towns=towns)
    if geo.add_specials is not None:
        geo.add_specials(geo, result)

    # Ridges: edges between two plain hexes whose centres lie on opposite sides of a ridge line.
    for line in geo.ridges.values():
        pts = [geo.to_px(lon, lat) for lon, lat in line]
        for row in range(geo.rows):
            for col in range(geo.cols):
                for side in ("E", "SE", "SW"):
                    nrow, ncol = neighbour(row, col, side)
                    if not geo.on_grid(nrow, ncol):
                        continue
                    marks = grid[row][col] + grid[nrow][ncol]
                    if "~" in marks or "C" in marks or "S" in marks or "T" in marks:
                        continue
                    c1, c2 = centre(row, col), centre(nrow, ncol)
                    if any(segments_cross(c1, c2, a, b) for a, b in itertools.pairwise(pts)):
                        result.ridges.append(((row, col), side))
    return result


def drop_fragments(geo: Geography, grid: list[list[str]]) -> None:
    """Take off the board any patch of land too small to matter (bits of islands and capes)."""
    seen: set[Hex] = set()
    for row in range(geo.rows):
        for col in range(geo.cols):
            if grid[row][col] == "~" or (row, col) in seen:
                continue
            patch, todo = [], [(row, col)]
            seen.add((row, col))
            while todo:
                here = todo.pop()
                patch.append(here)
                for side in SIDES:
                    r, c = neighbour(*here, side)
                    if geo.on_grid(r, c) and grid[r][c] != "~" and (r, c) not in seen:
                        seen.add((r, c))
                        todo.append((r, c))
            if len(patch) < geo.min_patch:
                for r, c in patch:
                    grid[r][c] = "~"


def spokes_of(
    geo: Geography,
    grid: list[list[str]],
    at: Hex,
    blocked: set[tuple[Hex, Hex]] | frozenset[tuple[Hex, Hex]] = frozenset(),
) -> list[str]:
    """The sides of a city hex that face a hex on the board (across no blocked edge)."""
    out = []
    for side in SIDES:
        row, col = neighbour(*at, side)
        if (at, (row, col)) in blocked or ((row, col), at) in blocked:
            continue
        if geo.on_grid(row, col) and grid[row][col] not in "~CT":
            out.append(side)
    return out


# -- output ----------------------------------------------------------------------------------------
CUBES_FEWER = (
    "\n[modules.cube-reduction]\n"
    "# The compendium's Cube Reduction chart (RW-p7-33): with 2 or 3 players this board\n"
    "# starts each city with one cube fewer.\n"
    "fewer = true\n"
)
CUBES_KEPT = (
    "\n[modules.cube-reduction]\n"
    "# The compendium's Cube Reduction chart (RW-p7-33): this board keeps its cubes with\n"
    "# 2 or 3 players.\n"
    "fewer = false\n"
)


def grid_text(grid: list[list[str]]) -> str:
    return "\n".join((" " if r & 1 else "") + " ".join(line) for r, line in enumerate(grid))


def preview(result: Result) -> str:
    """The grid with two-letter city labels, for a quick look in a terminal."""
    label = {at: cid[:2] for cid, at in {**result.cities, **result.towns}.items()}
    lines = []
    for r, line in enumerate(result.grid):
        cells = [label.get((r, c), ch + " ") for c, ch in enumerate(line)]
        lines.append((" " if r & 1 else "") + "".join(f"{cell:<2}" for cell in cells))
    return "\n".join(lines)


def map_toml(geo: Geography, result: Result) -> str:
    out = [geo.map_header.format(cols=geo.cols, rows=geo.rows)]
    out.append(f'id = "{geo.id}"\n')
    out.append(f'name = "{geo.name}"\n')
    out.append(f"players = [{geo.players[0]}, {geo.players[1]}]\n")
    out.append("rulesets = [" + ", ".join(f'"{r}"' for r in geo.rulesets) + "]\n")
    out.append('source = "house"\n\n')
    out.append("[terrain]\n")
    out.append('source = "house"\n')
    out.append(f'grid = """\n{grid_text(result.grid)}\n"""\n\n')
    out.append("[ridges]\n")
    out.extend(f"# {line}\n" for line in geo.ridge_comment.splitlines())
    out.append('source = "house"\n')
    out.append("edges = [\n")
    for (row, col), side in sorted(result.ridges):
        out.append(f'    "{row},{col} {side}",\n')
    out.append("]\n")
    if geo.extra_toml is not None:
        out.append(geo.extra_toml(geo, result))
    out.append(geo.modules_toml)
    return "".join(out)


def cities_toml(geo: Geography, result: Result) -> str:
    out = [geo.cities_header, 'source = "house"\n']
    for city in geo.cities:
        at = result.cities[city.id]
        spokes = (
            list(city.spokes)
            if city.spokes is not None
            else spokes_of(geo, result.grid, at, result.blocked)
        )
        spoke_text = (
            '"all"' if len(spokes) == 6 else "[" + ", ".join(f'"{s}"' for s in spokes) + "]"
        )
        out.append("\n[[city]]\n")
        out.append(f'id = "{city.id}"\n')
        out.append(f'name = "{city.name}"\n')
        out.append(f'at = "{at[0]},{at[1]}"\n')
        out.append(f'color = "{city.color}"\n')
        out.append(f"cubes = {city.cubes}\n")
        out.append(f"spokes = {spoke_text}\n")
        if city.flags:
            out.append("flags = [" + ", ".join(f'"{f}"' for f in city.flags) + "]\n")
    for town in geo.towns:
        at = result.towns[town.id]
        spokes = (
            list(town.spokes)
            if town.spokes is not None
            else spokes_of(geo, result.grid, at, result.blocked)
        )
        spoke_text = (
            '"all"' if len(spokes) == 6 else "[" + ", ".join(f'"{s}"' for s in spokes) + "]"
        )
        out.append("\n[[town]]\n")
        out.append(f'id = "{town.id}"\n')
        out.append(f'name = "{town.name}"\n')
        out.append(f'at = "{at[0]},{at[1]}"\n')
        out.append(f"spokes = {spoke_text}\n")
        if town.flags:
            out.append("flags = [" + ", ".join(f'"{f}"' for f in town.flags) + "]\n")
    return "".join(out)


def summary(geo: Geography, result: Result) -> str:
    """Counts by colour, cities with few spokes, and how far each colour can be from a city."""
    cities = geo.cities
    colours: dict[str, list[str]] = {}
    for city in cities:
        colours.setdefault(city.color, []).append(city.name)
    lines = [
        f"{len(cities)} cities, {sum(c.cubes for c in cities)} cubes, "
        f"{len(result.ridges)} ridge edges"
    ]
    for colour, names in sorted(colours.items()):
        cubes = sum(c.cubes for c in cities if c.color == colour)
        lines.append(f"  {colour:<7} {len(names):>2} cities {cubes:>3} cubes: {', '.join(names)}")
    few = [
        f"{c.name} {len(spokes_of(geo, result.grid, result.cities[c.id], result.blocked))}"
        for c in cities
        if len(spokes_of(geo, result.grid, result.cities[c.id], result.blocked)) < 5
    ]
    lines.append("  cities with fewer than 5 spokes: " + ", ".join(few))
    # Nearest city of each colour, to see that short deliveries exist everywhere.
    worst: dict[str, tuple[int, str]] = {}
    for city in cities:
        for colour in COLOURS:
            others = [
                distance(result.cities[city.id], result.cities[o.id])
                for o in cities
                if o.color == colour and o.id != city.id
            ]
            if not others:
                continue
            d = min(others)
            if d > worst.get(colour, (0, ""))[0]:
                worst[colour] = (d, city.name)
    for colour, (d, name) in worst.items():
        lines.append(f"  farthest from any {colour} city: {name} ({d} hexes)")
    return "\n".join(lines)
