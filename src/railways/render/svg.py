"""Draw a :class:`~railways.core.board.Board` as an SVG document.

The picture is plain SVG text with stable ids, so the browser UI can reuse it
and script it later:

- every hex is ``<g id="hex-R-C" data-row data-col data-terrain>``;
- every city is ``<g id="city-<id>" data-city data-color data-cubes>``;
- on top sit three empty layers, ``layer-track``, ``layer-cubes`` and
  ``layer-highlights`` (in that order), which a :class:`BoardOverlay` or a
  script fills in; an overlay with markers adds ``layer-markers`` under the cubes;
- the map's own features are drawn from its data whatever their rule: special hexes
  (``g.special`` with ``data-kind``, ``data-label``, ``data-symbol``) and borders
  (``g.border`` with ``data-kind``), each border kind with a legend row.

All board geometry lives inside ``<g id="board" transform=...>``, so the pure
helpers :func:`hex_center`, :func:`hex_corners` and :func:`side_midpoint`
give coordinates that are valid inside the layers as they are. The layout they use
(:data:`LAYOUT`) is written on the root as ``data-geometry`` (JSON, with the hex size),
so the browser draws and steps from hex to hex with the numbers this module draws with.

Hexes are pointy-topped; a hex's six sides are numbered counter-clockwise from
east (see :mod:`railways.core.hexgrid`). SVG's y axis points down, so "north"
is smaller y.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from railways.core.board import Board, Border, City, Color, SpecialHex, Terrain, Town
from railways.core.hexgrid import SIDES, Edge, Hex, Side

DEFAULT_SIZE = 32.0
"""Distance from a hex's centre to each corner, in SVG user units."""

SQRT3 = math.sqrt(3.0)

# The hex layout, one definition for this module and the browser page (the SVG root's
# data-geometry): pointy-topped hexes in odd-r offset rows, sides counted counter-clockwise
# from east. Lengths are in hex sizes (centre to corner), angles in degrees with y up.
_ORIGIN = Hex(0, 0)
LAYOUT: Mapping[str, Any] = {
    "offset": "odd-r",  # how (row, col) map to axial (q, r): Hex.from_offset
    "column_step": SQRT3,  # x from a hex to the next of its row
    "row_step": 1.5,  # y from a row to the next
    "odd_row_shift": 0.5,  # odd rows sit half a column further right (odd-r)
    "corner_angles": [60 * i - 30 for i in range(6)],  # side s runs from corner s to s + 1
    "side_angles": [60 * i for i in range(6)],  # from the centre to the middle of side s
    "side_reach": SQRT3 / 2,  # from the centre to the middle of a side
    "sides": [side.name for side in SIDES],
    # The neighbour across side s, in axial steps (q, r) (railways.core.hexgrid).
    "steps": [list(_ORIGIN.neighbour(side)) for side in SIDES],
}
_COLUMN_STEP: float = LAYOUT["column_step"]
_ROW_STEP: float = LAYOUT["row_step"]
_ODD_SHIFT: float = LAYOUT["odd_row_shift"]
# Corners 0..6 (side 5 ends at corner 6, which is corner 0 one turn on).
_CORNER_ANGLES: tuple[float, ...] = tuple(
    math.radians(a) for a in [*LAYOUT["corner_angles"], LAYOUT["corner_angles"][0] + 360]
)
_SIDE_ANGLES: tuple[float, ...] = tuple(math.radians(a) for a in LAYOUT["side_angles"])
_SIDE_REACH: float = LAYOUT["side_reach"]


def geometry(size: float = DEFAULT_SIZE) -> dict[str, Any]:
    """The layout with the hex size: what the SVG root's ``data-geometry`` holds."""
    return {"size": size, **LAYOUT}


Point = tuple[float, float]
TrackSegment = tuple[Hex, Side, Side | None, str]
"""``(hex, entry side, exit side or None for a stub into a city, owner colour)``."""

TERRAIN_FILL: Mapping[Terrain, str] = {
    Terrain.OPEN: "#e9ecc9",
    Terrain.WATER: "#a9d3ee",
    Terrain.MOUNTAIN: "#b38b5d",
}
TERRAIN_LABEL: Mapping[Terrain, str] = {
    Terrain.OPEN: "Open",
    Terrain.WATER: "Water (river, lake, coast)",
    Terrain.MOUNTAIN: "Mountain",
}
COLOR_FILL: Mapping[Color, str] = {
    Color.RED: "#d0312d",
    Color.YELLOW: "#f3c623",
    Color.BLUE: "#2a62c9",
    Color.PURPLE: "#7d3c98",
    Color.BLACK: "#222222",
    Color.GRAY: "#9b9b9b",
}
# Text that sits on a colour: light on dark colours, dark on light ones.
COLOR_INK: Mapping[Color, str] = {
    Color.RED: "#ffffff",
    Color.YELLOW: "#000000",
    Color.BLUE: "#ffffff",
    Color.PURPLE: "#ffffff",
    Color.BLACK: "#ffffff",
    Color.GRAY: "#000000",
}
RIDGE_COLOR = "#3b2a1a"
IMPASSABLE_COLOR = "#d01010"
REGION_COLOR = "#6a3d9a"
HIGHLIGHT_COLOR = "#ff9900"
# Border kinds (a map's own: a toll river, a region line) take these colours in kind order.
BORDER_COLORS = ("#c2185b", "#00897b", "#5e35b1", "#ef6c00", "#3949ab")
# Seat colours of markers, as the web page draws them; markers without an owner are grey.
OWNER_COLORS = ("#f07800", "#1a9e48", "#00a3c4", "#d6338f", "#8a5a2b", "#6d7f00")
NO_OWNER_COLOR = "#4b4f54"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


@dataclass
class BoardOverlay:
    """Game state drawn on top of the board: cubes, track and highlights.

    ``cubes`` maps a city id to the colours of the cubes on it now. ``track``
    lists ``(hex, entry side, exit side, owner colour)``; an exit of ``None``
    draws a stub from the entry side towards the centre (track ending in a city).
    The owner colour is any SVG colour (``"#e67e22"``, ``"orange"``).
    """

    cubes: Mapping[str, Sequence[Color]] = field(default_factory=dict)
    track: Sequence[TrackSegment] = ()
    highlights: Iterable[Hex] = ()
    # Markers as a view lists them (``view["markers"]``: kind, label, symbol, hex, city,
    # owner): drawn the same way whatever rule put them there.
    markers: Sequence[Mapping[str, Any]] = ()


# -- geometry (pure) ---------------------------------------------------------


def hex_center(hex_: Hex, size: float = DEFAULT_SIZE) -> Point:
    """The centre of a hex in board coordinates (hex 0,0 at the origin)."""
    x = size * _COLUMN_STEP * (hex_.col + _ODD_SHIFT * (hex_.row & 1))
    y = size * _ROW_STEP * hex_.row
    return (x, y)


def _corner(center: Point, size: float, index: int) -> Point:
    # Corner i sits at 60*i - 30 degrees, counted counter-clockwise from east
    # with y up; SVG's y points down, hence the minus.
    angle = _CORNER_ANGLES[index]
    return (center[0] + size * math.cos(angle), center[1] - size * math.sin(angle))


def hex_corners(hex_: Hex, size: float = DEFAULT_SIZE) -> list[Point]:
    """The six corners of a hex; side ``s`` runs from corner ``s`` to ``s + 1``."""
    center = hex_center(hex_, size)
    return [_corner(center, size, i) for i in range(6)]


def side_endpoints(hex_: Hex, side: Side, size: float = DEFAULT_SIZE) -> tuple[Point, Point]:
    """The two corners that bound one side of a hex."""
    center = hex_center(hex_, size)
    return (_corner(center, size, int(side)), _corner(center, size, int(side) + 1))


def side_midpoint(hex_: Hex, side: Side, size: float = DEFAULT_SIZE, frac: float = 1.0) -> Point:
    """The midpoint of a side, or ``frac`` of the way there from the centre."""
    cx, cy = hex_center(hex_, size)
    angle = _SIDE_ANGLES[int(side)]
    reach = size * _SIDE_REACH * frac
    return (cx + reach * math.cos(angle), cy - reach * math.sin(angle))


def _star(cx: float, cy: float, radius: float) -> list[Point]:
    """The ten points of a five-pointed star, one tip straight up."""
    points = []
    for i in range(10):
        r = radius * (1.0 if i % 2 == 0 else 0.45)
        a = math.radians(90 + 36 * i)
        points.append((cx + r * math.cos(a), cy - r * math.sin(a)))
    return points


# -- text helpers ------------------------------------------------------------


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr(value: object) -> str:
    return escape(str(value), {'"': "&quot;"})


def _points(points: Iterable[Point]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str = "#000000",
    anchor: str = "middle",
    weight: str = "normal",
    halo: bool = False,
    cls: str = "",
) -> str:
    """A text element; with ``halo`` a white outline is drawn under it for legibility."""
    common = (
        f'x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="{anchor}" '
        f'font-weight="{weight}"'
    )
    klass = f' class="{_attr(cls)}"' if cls else ""
    body = escape(text)
    out = ""
    if halo:
        out += (
            f'<text {common} fill="none" stroke="#ffffff" stroke-width="{_num(size / 4)}" '
            f'stroke-linejoin="round" aria-hidden="true">{body}</text>'
        )
    out += f'<text {common} fill="{_attr(fill)}"{klass}>{body}</text>'
    return out


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _text_box(x: float, y: float, text: str, size: float) -> Box:
    """About where a bold label of ``size`` centred on ``x`` with its baseline at ``y`` is
    drawn (an average glyph is taken as 0.6 of the size wide)."""
    half = len(text) * size * 0.3
    return (x - half, y - size * 0.8, x + half, y + size * 0.25)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# -- the board ---------------------------------------------------------------


class _Renderer:
    def __init__(self, board: Board, size: float, colorblind: bool) -> None:
        self.board = board
        self.size = size
        self.colorblind = colorblind
        self.out: list[str] = []
        self._taken: list[Box] | None = None

    def center(self, hex_: Hex) -> Point:
        return hex_center(hex_, self.size)

    # -- layout --------------------------------------------------------------
    def bounds(self) -> tuple[float, float, float, float]:
        s = self.size
        xs = [self.center(h)[0] for h in self.board.hexes]
        ys = [self.center(h)[1] for h in self.board.hexes]
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        half_w = s * SQRT3 / 2
        return (min(xs) - half_w, min(ys) - s, max(xs) + half_w, max(ys) + s)

    def render(self, overlay: BoardOverlay | None) -> str:
        s = self.size
        margin = s
        title_h = s * 1.6
        min_x, min_y, max_x, max_y = self.bounds()
        board_w = max_x - min_x
        board_h = max_y - min_y
        legend = self.legend_lines()
        line_h = s * 0.55
        legend_w = max(s * 9, max((len(t) for _, t, _ in legend), default=0) * s * 0.3 + s * 1.5)
        legend_h = line_h * (len(legend) + 1)
        width = margin * 3 + board_w + legend_w
        height = margin * 2 + title_h + max(board_h, legend_h)
        ox = margin - min_x
        oy = margin + title_h - min_y
        name = self.board.name

        o = self.out
        o.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{_num(width)}" height="{_num(height)}" '
            f'viewBox="0 0 {_num(width)} {_num(height)}" '
            f'font-family="{_attr(FONT)}" data-map="{_attr(self.board.id)}" '
            f'data-size="{_num(s)}" data-colorblind="{str(self.colorblind).lower()}" '
            f'data-geometry="{_attr(json.dumps(geometry(s), separators=(",", ":")))}">'
        )
        o.append(f"<title>{escape(name)}</title>")
        o.append(
            f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="#ffffff"/>'
        )
        o.append('<g id="title">')
        o.append(_text(margin, margin + s * 0.8, name, size=s * 0.8, anchor="start", weight="bold"))
        o.append("</g>")

        o.append(
            f'<g id="legend" transform="translate({_num(margin * 2 + board_w)} '
            f'{_num(margin + title_h)})">'
        )
        self.draw_legend(legend, line_h)
        o.append("</g>")

        o.append(
            f'<g id="board" transform="translate({_num(ox)} {_num(oy)})" '
            f'data-origin-x="{_num(ox)}" data-origin-y="{_num(oy)}">'
        )
        o.append('<g id="layer-hexes">')
        for hex_ in sorted(self.board.hexes, key=lambda h: h.offset):
            self.draw_hex(hex_)
        o.append("</g>")
        o.append('<g id="layer-edges">')
        self.draw_regions()
        for edge in sorted(self.board.ridges):
            self.draw_ridge(edge)
        for edge in sorted(self.board.impassable):
            self.draw_impassable(edge)
        for border in sorted(self.board.borders.values(), key=lambda b: b.id):
            self.draw_border(border)
        o.append("</g>")
        o.append('<g id="layer-cities">')
        for city in sorted(self.board.cities.values(), key=lambda c: c.id):
            self.draw_city(city)
        for town in sorted(self.board.towns.values(), key=lambda t: t.id):
            self.draw_town(town)
        for special in sorted(self.board.specials.values(), key=lambda sp: sp.id):
            self.draw_special(special)
        o.append("</g>")
        self.draw_overlay(overlay or BoardOverlay())
        o.append("</g>")
        o.append("</svg>")
        return "\n".join(o) + "\n"

    # -- hexes and edges -------------------------------------------------------
    def draw_hex(self, hex_: Hex) -> None:
        s = self.size
        terrain = self.board.hexes[hex_]
        cx, cy = self.center(hex_)
        self.out.append(
            f'<g id="hex-{hex_.row}-{hex_.col}" class="hex" data-row="{hex_.row}" '
            f'data-col="{hex_.col}" data-terrain="{terrain.value}">'
        )
        self.out.append(
            f'<polygon points="{_points(hex_corners(hex_, s))}" fill="{TERRAIN_FILL[terrain]}" '
            f'stroke="#8a8f7a" stroke-width="{_num(s / 32)}"/>'
        )
        if self.board.city_at(hex_) is None and self.board.special_at(hex_) is None:
            if terrain is Terrain.WATER:
                self.out.append(self.wave(cx, cy))
            elif terrain is Terrain.MOUNTAIN:
                self.out.append(self.mountain(cx, cy))
        self.out.append("</g>")

    def wave(self, cx: float, cy: float) -> str:
        s = self.size
        w = s * 0.3
        h = s * 0.12
        paths = []
        for dy in (-s * 0.15, s * 0.15):
            y = cy + dy
            paths.append(
                f"M{_num(cx - 2 * w)},{_num(y)} "
                f"q{_num(w / 2)},{_num(-h)} {_num(w)},0 t{_num(w)},0 t{_num(w)},0 t{_num(w)},0"
            )
        return (
            f'<path class="glyph-water" d="{" ".join(paths)}" fill="none" stroke="#2f7fb8" '
            f'stroke-width="{_num(s / 16)}" stroke-linecap="round"/>'
        )

    def mountain(self, cx: float, cy: float) -> str:
        s = self.size
        pts = [(cx - s * 0.4, cy + s * 0.3), (cx, cy - s * 0.4), (cx + s * 0.4, cy + s * 0.3)]
        return (
            f'<polygon class="glyph-mountain" points="{_points(pts)}" fill="#7a5530" '
            f'stroke="#4a3018" stroke-width="{_num(s / 20)}" stroke-linejoin="round"/>'
        )

    def _edge_points(self, edge: Edge) -> tuple[Point, Point]:
        side = edge.a.side_towards(edge.b)
        assert side is not None, "edges join adjacent hexes"
        return side_endpoints(edge.a, side, self.size)

    def _edge_id(self, edge: Edge) -> str:
        return f"{edge.a.row}-{edge.a.col}-{edge.b.row}-{edge.b.col}"

    def draw_ridge(self, edge: Edge) -> None:
        s = self.size
        (x1, y1), (x2, y2) = self._edge_points(edge)
        # A saw-tooth along the edge: teeth alternate to either side of it.
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        nx, ny = -dy / length, dx / length
        teeth = 5
        tooth = s * 0.1
        pts: list[Point] = [(x1, y1)]
        for i in range(1, teeth * 2):
            t = i / (teeth * 2)
            sign = 1 if i % 2 else -1
            pts.append((x1 + dx * t + nx * tooth * sign, y1 + dy * t + ny * tooth * sign))
        pts.append((x2, y2))
        self.out.append(
            f'<polyline id="ridge-{self._edge_id(edge)}" class="ridge" points="{_points(pts)}" '
            f'fill="none" stroke="{RIDGE_COLOR}" stroke-width="{_num(s / 9)}" '
            f'stroke-linejoin="miter" stroke-linecap="round"/>'
        )

    def draw_impassable(self, edge: Edge) -> None:
        s = self.size
        (x1, y1), (x2, y2) = self._edge_points(edge)
        self.out.append(
            f'<line id="impassable-{self._edge_id(edge)}" class="impassable" '
            f'x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
            f'stroke="{IMPASSABLE_COLOR}" stroke-width="{_num(s / 7)}" '
            f'stroke-dasharray="{_num(s / 6)} {_num(s / 10)}"/>'
        )

    def border_color(self, kind: str) -> str:
        kinds = sorted({b.kind for b in self.board.borders.values()})
        index = kinds.index(kind) if kind in kinds else 0
        return BORDER_COLORS[index % len(BORDER_COLORS)]

    def draw_border(self, border: Border) -> None:
        """A border of the map's own kind: a thick styled line along each of its edges."""
        s = self.size
        segs = []
        for edge in sorted(border.edges):
            (x1, y1), (x2, y2) = self._edge_points(edge)
            segs.append(f"M{_num(x1)},{_num(y1)} L{_num(x2)},{_num(y2)}")
        self.out.append(
            f'<g id="border-{_attr(border.id)}" class="border" data-border="{_attr(border.id)}" '
            f'data-kind="{_attr(border.kind)}"><title>{escape(border.label)}</title>'
            f'<path d="{" ".join(segs)}" fill="none" stroke="{self.border_color(border.kind)}" '
            f'stroke-width="{_num(s / 6)}" stroke-linecap="round" stroke-opacity="0.85" '
            f'stroke-dasharray="{_num(s / 3)} {_num(s / 8)}"/></g>'
        )

    def draw_regions(self) -> None:
        s = self.size
        for region in sorted(self.board.regions.values(), key=lambda r: r.id):
            segs = []
            for hex_ in sorted(region.hexes):
                for side, other in hex_.neighbours():
                    if other in region.hexes:
                        continue
                    (x1, y1), (x2, y2) = side_endpoints(hex_, side, s)
                    segs.append(f"M{_num(x1)},{_num(y1)} L{_num(x2)},{_num(y2)}")
            if segs:
                self.out.append(
                    f'<path id="region-{_attr(region.id)}" class="region" '
                    f'data-region="{_attr(region.id)}" d="{" ".join(segs)}" fill="none" '
                    f'stroke="{REGION_COLOR}" stroke-width="{_num(s / 12)}" '
                    f'stroke-dasharray="{_num(s / 12)} {_num(s / 12)}"/>'
                )
                # Its name just above its top row (a state, an era of Through Time).
                xs = [self.center(h)[0] for h in region.hexes]
                top = min(self.center(h)[1] for h in region.hexes)
                self.out.append(
                    _text(
                        (min(xs) + max(xs)) / 2,
                        top - s * 1.05,
                        region.name,
                        size=s * 0.4,
                        weight="bold",
                        fill=REGION_COLOR,
                        halo=True,
                        cls="region-name",
                    )
                )

    # -- cities, towns, specials ---------------------------------------------
    def cube_slots(self, hex_: Hex, count: int) -> list[Point]:
        """Top-left corners of ``count`` cube squares in a row above the city disc."""
        s = self.size
        cx, cy = self.center(hex_)
        cube = s * 0.2
        gap = s * 0.04
        per_row = 5
        slots = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            width = in_row * cube + (in_row - 1) * gap
            x = cx - width / 2 + col * (cube + gap)
            y = cy - s * 0.78 + row * (cube + gap)
            slots.append((x, y))
        return slots

    def draw_city(self, city: City) -> None:
        s = self.size
        cx, cy = self.center(city.at)
        fill = COLOR_FILL[city.color]
        o = self.out
        o.append(
            f'<g id="city-{_attr(city.id)}" class="city" data-city="{_attr(city.id)}" '
            f'data-name="{_attr(city.name)}" data-color="{city.color.value}" '
            f'data-cubes="{city.cubes}" data-row="{city.at.row}" data-col="{city.at.col}">'
        )
        for side in sorted(city.spokes):
            x2, y2 = side_midpoint(city.at, side, s, 0.92)
            o.append(
                f'<line class="spoke" data-side="{side.name}" x1="{_num(cx)}" y1="{_num(cy)}" '
                f'x2="{_num(x2)}" y2="{_num(y2)}" stroke="#333333" '
                f'stroke-width="{_num(s / 8)}" stroke-linecap="butt"/>'
            )
        inner = [_corner((cx, cy), s * 0.5, i) for i in range(6)]
        o.append(
            f'<polygon class="city-marker" points="{_points(inner)}" fill="{fill}" '
            f'stroke="#000000" stroke-width="{_num(s / 20)}"/>'
        )
        if self.colorblind:
            o.append(
                _text(
                    cx,
                    cy + s * 0.15,
                    city.color.letter,
                    size=s * 0.42,
                    fill=COLOR_INK[city.color],
                    weight="bold",
                    cls="color-letter",
                )
            )
        cube = s * 0.2
        for x, y in self.cube_slots(city.at, city.cubes):
            o.append(
                f'<rect class="start-cube" x="{_num(x)}" y="{_num(y)}" width="{_num(cube)}" '
                f'height="{_num(cube)}" fill="#ffffff" stroke="#444444" '
                f'stroke-width="{_num(s / 40)}"/>'
            )
        o.append(
            _text(cx, cy + s * 0.82, city.name, size=s * 0.3, weight="bold", halo=True, cls="name")
        )
        o.append("</g>")

    def draw_town(self, town: Town) -> None:
        s = self.size
        cx, cy = self.center(town.at)
        o = self.out
        o.append(
            f'<g id="town-{_attr(town.id)}" class="town" data-town="{_attr(town.id)}" '
            f'data-name="{_attr(town.name)}" data-row="{town.at.row}" data-col="{town.at.col}">'
        )
        for side in sorted(town.spokes):
            x2, y2 = side_midpoint(town.at, side, s, 0.9)
            o.append(
                f'<line class="spoke" data-side="{side.name}" x1="{_num(cx)}" y1="{_num(cy)}" '
                f'x2="{_num(x2)}" y2="{_num(y2)}" stroke="#777777" '
                f'stroke-width="{_num(s / 12)}" stroke-dasharray="{_num(s / 12)}"/>'
            )
        o.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(s * 0.28)}" fill="#ffffff" '
            f'stroke="#000000" stroke-width="{_num(s / 16)}"/>'
        )
        o.append(_text(cx, cy + s * 0.75, town.name, size=s * 0.27, halo=True, cls="name"))
        o.append("</g>")

    def special_label(self, special: SpecialHex) -> str:
        label = special.label
        if special.city is not None:
            city = self.board.cities.get(special.city)
            label += f" ({city.name if city else special.city})"
        return label

    def draw_special(self, special: SpecialHex) -> None:
        s = self.size
        cx, cy = self.center(special.at)
        o = self.out
        o.append(
            f'<g id="special-{_attr(special.id)}" class="special" '
            f'data-special="{_attr(special.id)}" '
            f'data-kind="{_attr(special.kind)}" data-row="{special.at.row}" '
            f'data-col="{special.at.col}" data-label="{_attr(special.label)}" '
            f'data-symbol="{_attr(special.symbol)}"'
            + (f' data-target-city="{_attr(special.city)}"' if special.city else "")
            + ">"
        )
        o.append(f"<title>{escape(self.special_label(special))}</title>")
        # A five-pointed star: the same symbol for every special kind, told apart by its label.
        star = _star(cx, cy - s * 0.1, s * 0.45)
        o.append(
            f'<polygon class="special-marker" points="{_points(star)}" fill="#ffd24d" '
            f'stroke="#7a4b00" stroke-width="{_num(s / 20)}" stroke-linejoin="round"/>'
        )
        if special.symbol:  # the map's own symbol for its kind, on the star
            o.append(
                _text(cx, cy + s * 0.02, special.symbol, size=s * 0.3, weight="bold", cls="symbol")
            )
        label = self.special_label(special)
        size = s * 0.26
        x, y = self.label_place(special.at, label, size)
        o.append(_text(x, y, label, size=size, weight="bold", halo=True, cls="name"))
        o.append("</g>")

    # -- keeping labels apart ----------------------------------------------------
    def taken_boxes(self) -> list[Box]:
        """Where the cities and towns are drawn: their markers with spokes, and their names."""
        if self._taken is None:
            s = self.size
            boxes: list[Box] = []
            for city in self.board.cities.values():
                cx, cy = self.center(city.at)
                reach = s * 0.8  # its marker and spokes
                boxes.append((cx - reach, cy - reach, cx + reach, cy + reach))
                boxes.append(_text_box(cx, cy + s * 0.82, city.name, s * 0.3))
            for town in self.board.towns.values():
                cx, cy = self.center(town.at)
                boxes.append((cx - s * 0.3, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3))
                boxes.append(_text_box(cx, cy + s * 0.75, town.name, s * 0.27))
            self._taken = boxes
        return self._taken

    def label_place(self, at: Hex, text: str, size: float) -> Point:
        """Where a special hex's label goes: below its star, else above it, else beside it
        on the side away from its neighbours, the first place that covers no city or town
        nor its name (below when none is clear)."""
        s = self.size
        cx, cy = self.center(at)
        half = _text_box(0, 0, text, size)[2]
        places = [
            (cx, cy + s * 0.7),
            (cx, cy - s * 0.62),
            (cx - half + s * 0.4, cy + s * 0.7),
            (cx + half - s * 0.4, cy + s * 0.7),
            (cx - half + s * 0.4, cy - s * 0.62),
            (cx + half - s * 0.4, cy - s * 0.62),
        ]
        taken = self.taken_boxes()
        for x, y in places:
            box = _text_box(x, y, text, size)
            if not any(_overlap(box, other) for other in taken):
                return x, y
        return places[0]

    # -- legend ----------------------------------------------------------------
    def legend_lines(self) -> list[tuple[str, str, str]]:
        """``(kind, text, swatch)`` rows of the legend, top to bottom."""
        b = self.board
        tc = b.tables.terrain_costs
        rows: list[tuple[str, str, str]] = [("head", "Major Lines", "")]
        if not b.major_lines:
            rows.append(("text", "(none)", ""))
        for line in sorted(b.major_lines.values(), key=lambda m: m.id):
            names = []
            for end in line.endpoints:
                city = b.cities.get(end)
                names.append(city.name if city else end)
            text = f"{line.id}: {' - '.join(names)}, {line.points} pts"
            if line.requires:
                text += f" (needs {', '.join(sorted(r.replace('_', ' ') for r in line.requires))})"
            rows.append(("line", text, line.id))
        rows.append(("gap", "", ""))
        rows.append(("head", "Terrain (track tile cost)", ""))
        rows.append(("terrain", f"{TERRAIN_LABEL[Terrain.OPEN]}: ${tc.open},000", "open"))
        rows.append(("terrain", f"{TERRAIN_LABEL[Terrain.WATER]}: ${tc.water},000", "water"))
        rows.append(
            ("terrain", f"{TERRAIN_LABEL[Terrain.MOUNTAIN]}: ${tc.mountain},000", "mountain")
        )
        rows.append(("ridge", f"Ridge: +${tc.ridge},000 to cross", ""))
        rows.append(("impassable", "Impassable edge: no track", ""))
        if b.regions:
            rows.append(("region", "Region border", ""))
        rows.append(("gap", "", ""))
        rows.append(("head", "Cities", ""))
        for color in Color:
            label = color.value.title()
            if color is Color.GRAY:
                label += " (accepts no goods until urbanized)"
            rows.append(("color", label, color.value))
        rows.append(("cube", "Starting goods cubes", ""))
        if b.towns:
            rows.append(("town", "Town (not yet a city)", ""))
        kinds = {sp.kind: sp.label for sp in b.specials.values()}
        for kind in sorted(kinds):
            rows.append(("special", kinds[kind], kind))
        borders = {border.kind: border.label for border in b.borders.values()}
        for kind in sorted(borders):
            rows.append(("border", borders[kind], kind))
        return rows

    def draw_legend(self, rows: list[tuple[str, str, str]], line_h: float) -> None:
        s = self.size
        o = self.out
        sw = line_h * 0.7
        font = s * 0.3
        for i, (kind, text, key) in enumerate(rows):
            y = (i + 1) * line_h
            top = y - sw * 0.85
            tx = sw * 1.6
            data = f' data-key="{_attr(key)}"' if key else ""
            o.append(f'<g class="legend-{kind}"{data}>')
            if kind == "head":
                o.append(_text(0, y, text, size=font * 1.15, anchor="start", weight="bold"))
                o.append("</g>")
                continue
            if kind == "terrain":
                terrain = Terrain(key)
                o.append(
                    f'<rect x="0" y="{_num(top)}" width="{_num(sw)}" height="{_num(sw)}" '
                    f'fill="{TERRAIN_FILL[terrain]}" stroke="#8a8f7a"/>'
                )
                if terrain is Terrain.MOUNTAIN:
                    pts = [(sw * 0.15, top + sw * 0.85), (sw / 2, top + sw * 0.15)]
                    pts.append((sw * 0.85, top + sw * 0.85))
                    o.append(f'<polygon points="{_points(pts)}" fill="#7a5530"/>')
                elif terrain is Terrain.WATER:
                    o.append(
                        f'<path d="M{_num(sw * 0.1)},{_num(top + sw / 2)} '
                        f"q{_num(sw / 5)},{_num(-sw / 5)} {_num(sw * 0.4)},0 "
                        f't{_num(sw * 0.4)},0" fill="none" stroke="#2f7fb8"/>'
                    )
            elif kind == "ridge":
                o.append(
                    f'<polyline points="{_points(self._legend_zigzag(top, sw))}" fill="none" '
                    f'stroke="{RIDGE_COLOR}" stroke-width="{_num(s / 9)}"/>'
                )
            elif kind == "impassable":
                o.append(
                    f'<line x1="0" y1="{_num(top + sw / 2)}" x2="{_num(sw)}" '
                    f'y2="{_num(top + sw / 2)}" stroke="{IMPASSABLE_COLOR}" '
                    f'stroke-width="{_num(s / 7)}" '
                    f'stroke-dasharray="{_num(s / 6)} {_num(s / 10)}"/>'
                )
            elif kind == "region":
                o.append(
                    f'<line x1="0" y1="{_num(top + sw / 2)}" x2="{_num(sw)}" '
                    f'y2="{_num(top + sw / 2)}" stroke="{REGION_COLOR}" '
                    f'stroke-width="{_num(s / 12)}" stroke-dasharray="{_num(s / 12)}"/>'
                )
            elif kind == "color":
                color = Color(key)
                o.append(
                    f'<rect x="0" y="{_num(top)}" width="{_num(sw)}" height="{_num(sw)}" '
                    f'fill="{COLOR_FILL[color]}" stroke="#000000"/>'
                )
                if self.colorblind:
                    o.append(
                        _text(
                            sw / 2,
                            top + sw * 0.8,
                            color.letter,
                            size=sw * 0.8,
                            fill=COLOR_INK[color],
                            weight="bold",
                            cls="color-letter",
                        )
                    )
            elif kind == "cube":
                c = sw * 0.45
                o.append(
                    f'<rect x="{_num(sw / 2 - c / 2)}" y="{_num(top + sw / 2 - c / 2)}" '
                    f'width="{_num(c)}" height="{_num(c)}" fill="#ffffff" stroke="#444444"/>'
                )
            elif kind == "town":
                o.append(
                    f'<circle cx="{_num(sw / 2)}" cy="{_num(top + sw / 2)}" r="{_num(sw * 0.35)}" '
                    f'fill="#ffffff" stroke="#000000"/>'
                )
            elif kind == "special":
                star = _star(sw / 2, top + sw / 2, sw * 0.55)
                o.append(
                    f'<polygon points="{_points(star)}" fill="#ffd24d" stroke="#7a4b00" '
                    f'stroke-linejoin="round"/>'
                )
            elif kind == "border":
                o.append(
                    f'<line x1="0" y1="{_num(top + sw / 2)}" x2="{_num(sw)}" '
                    f'y2="{_num(top + sw / 2)}" stroke="{self.border_color(key)}" '
                    f'stroke-width="{_num(s / 6)}" '
                    f'stroke-dasharray="{_num(s / 6)} {_num(s / 12)}"/>'
                )
            if text:
                x = 0.0 if kind in ("line", "text") else tx
                o.append(_text(x, y, text, size=font, anchor="start"))
            o.append("</g>")

    @staticmethod
    def _legend_zigzag(top: float, sw: float) -> list[Point]:
        mid = top + sw / 2
        return [(sw * i / 6, mid + (sw * 0.15 if i % 2 else -sw * 0.15)) for i in range(7)]

    # -- overlay ---------------------------------------------------------------
    def draw_marker(self, marker: Mapping[str, Any]) -> None:
        """One marker, whatever its rule: its symbol in the owner's colour, its label as title.

        On its own hex it rings the hex with the symbol above; with only a city it sits
        beside the city. A marker with neither (a rule of the whole board) is not drawn.
        """
        place = _marker_hex(self.board, marker)
        if place is None:
            return
        hex_, on_hex = place
        s = self.size
        cx, cy = self.center(hex_)
        owner = marker.get("owner")
        color = (
            OWNER_COLORS[owner % len(OWNER_COLORS)]
            if isinstance(owner, int) and owner >= 0
            else NO_OWNER_COLOR
        )
        o = self.out
        o.append(
            f'<g class="marker" data-kind="{_attr(marker.get("kind", ""))}" '
            f'data-row="{hex_.row}" data-col="{hex_.col}" '
            f'data-city="{_attr(marker.get("city") or "")}" '
            f'data-owner="{_attr("" if owner is None else owner)}">'
        )
        o.append(f"<title>{escape(str(marker.get('label', '')))}</title>")
        if on_hex:
            o.append(
                f'<circle cx="{_num(cx)}" cy="{_num(cy - s * 0.1)}" r="{_num(s * 0.62)}" '
                f'fill="none" stroke="{color}" stroke-width="{_num(s / 6)}"/>'
            )
            by = cy - s * 0.62
        else:
            cx, by = cx - s * 0.5, cy - s * 0.45
        r = s * 0.24
        o.append(
            f'<circle cx="{_num(cx)}" cy="{_num(by)}" r="{_num(r)}" fill="{color}" '
            f'stroke="#ffffff" stroke-width="{_num(s / 24)}"/>'
        )
        symbol = str(marker.get("symbol") or "•")
        o.append(_text(cx, by + r * 0.42, symbol, size=r * 1.2, fill="#ffffff", weight="bold"))
        o.append("</g>")

    def draw_overlay(self, overlay: BoardOverlay) -> None:
        s = self.size
        o = self.out
        o.append('<g id="layer-track">')
        for i, (hex_, entry, exit_, owner) in enumerate(overlay.track):
            x1, y1 = side_midpoint(hex_, entry, s)
            cx, cy = self.center(hex_)
            if exit_ is None:
                # A stub into a city or town stops at the edge of its marker.
                x2, y2 = side_midpoint(hex_, entry, s, 0.5)
                d = f"M{_num(x1)},{_num(y1)} L{_num(x2)},{_num(y2)}"
            else:
                x2, y2 = side_midpoint(hex_, exit_, s)
                # A straight passes through the centre; a curve bends towards it.
                d = f"M{_num(x1)},{_num(y1)} Q{_num(cx)},{_num(cy)} {_num(x2)},{_num(y2)}"
            exit_name = exit_.name if exit_ is not None else ""
            o.append(
                f'<path class="track" id="track-{i}" data-row="{hex_.row}" data-col="{hex_.col}" '
                f'data-entry="{entry.name}" data-exit="{exit_name}" data-owner="{_attr(owner)}" '
                f'd="{d}" fill="none" stroke="{_attr(owner)}" stroke-width="{_num(s / 5)}" '
                f'stroke-linecap="butt"/>'
            )
        o.append("</g>")
        if overlay.markers:
            o.append('<g id="layer-markers">')
            for marker in overlay.markers:
                self.draw_marker(marker)
            o.append("</g>")
        o.append('<g id="layer-cubes">')
        cube = s * 0.24
        for city_id in sorted(overlay.cubes):
            city = self.board.cities.get(city_id)
            if city is None:
                continue
            colors = list(overlay.cubes[city_id])
            o.append(f'<g class="cubes" data-city="{_attr(city_id)}">')
            for color, (x, y) in zip(colors, self.cube_slots(city.at, len(colors)), strict=True):
                x -= s * 0.02
                y -= s * 0.02
                o.append(
                    f'<rect class="cube" data-color="{color.value}" x="{_num(x)}" y="{_num(y)}" '
                    f'width="{_num(cube)}" height="{_num(cube)}" fill="{COLOR_FILL[color]}" '
                    f'stroke="#000000" stroke-width="{_num(s / 40)}"/>'
                )
                if self.colorblind:
                    o.append(
                        _text(
                            x + cube / 2,
                            y + cube * 0.82,
                            color.letter,
                            size=cube * 0.85,
                            fill=COLOR_INK[color],
                            weight="bold",
                            cls="color-letter",
                        )
                    )
            o.append("</g>")
        o.append("</g>")
        o.append('<g id="layer-highlights">')
        for hex_ in sorted(set(overlay.highlights), key=lambda h: h.offset):
            o.append(
                f'<polygon class="highlight" data-row="{hex_.row}" data-col="{hex_.col}" '
                f'points="{_points(hex_corners(hex_, s * 0.92))}" fill="{HIGHLIGHT_COLOR}" '
                f'fill-opacity="0.25" stroke="{HIGHLIGHT_COLOR}" stroke-width="{_num(s / 10)}"/>'
            )
        o.append("</g>")


def _marker_hex(board: Board, marker: Mapping[str, Any]) -> tuple[Hex, bool] | None:
    """Where a marker goes: its own hex (True), or its city's hex (False), or nowhere."""
    at = marker.get("hex")
    if isinstance(at, (list, tuple)) and len(at) == 2:
        return Hex.from_offset(int(at[0]), int(at[1])), True
    city = board.cities.get(str(marker.get("city") or ""))
    return (city.at, False) if city is not None else None


def render_board(
    board: Board,
    *,
    overlay: BoardOverlay | None = None,
    colorblind: bool = False,
    size: float = DEFAULT_SIZE,
) -> str:
    """The whole board, its title and legend, as an SVG document."""
    return _Renderer(board, size, colorblind).render(overlay)


class PngUnavailable(RuntimeError):
    """PNG export needs the optional ``cairosvg`` package (the ``png`` extra)."""


def svg_to_png(svg: str) -> bytes:
    """Convert SVG text to PNG bytes with cairosvg, if it is installed."""
    try:
        import cairosvg  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except (ImportError, OSError) as exc:
        raise PngUnavailable(
            "PNG export needs cairosvg and the cairo library: install the png extra "
            "(pip install 'railways[png]', and libcairo2 from your system), "
            f"or write an .svg file instead ({exc})"
        ) from exc
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    assert isinstance(png, bytes)
    return png
