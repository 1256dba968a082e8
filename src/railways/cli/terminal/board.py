"""A compact coloured text rendering of the board.

Every hex is two characters wide; odd rows sit one character to the right, as
on the printed board. Cities show a two-letter code on their colour, track
shows a line in its owner's colour pointing the way it runs, and the open end
of an incomplete link shows an arrow. Hex coordinates ``row,col`` are printed
along the edges so a player can type them.

In a solo game the Railbot's track runs on a band of its own colour, cities out of play
show a dimmed ``xx`` where they are printed, and the land west of the mountains is shaded
until it opens.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from rich.text import Text

from railways.content.maps import MapError, load_map
from railways.content.solo import SoloMap, load_solo
from railways.core.board import Board, Terrain
from railways.core.hexgrid import Hex, Side

from .style import (
    CITY_STYLES,
    CLOSED_BG,
    CLOSED_FG,
    MOUNTAIN_BG,
    MOUNTAIN_FG,
    OPEN_BG,
    OPEN_FG,
    OUT_OF_PLAY_STYLE,
    RAILBOT_TRACK,
    WATER_BG,
    WATER_FG,
    player_style,
)

CELL = 2  # characters per hex

# Where each side's neighbour lies on screen, in character widths (a line is about two).
_SCREEN = {
    Side.E: (2, 0),
    Side.NE: (1, -2),
    Side.NW: (-1, -2),
    Side.W: (-2, 0),
    Side.SW: (-1, 2),
    Side.SE: (1, 2),
}
ARROWS = {Side.E: "→", Side.NE: "↗", Side.NW: "↖", Side.W: "←", Side.SW: "↙", Side.SE: "↘"}


def glyph(a: Side, b: Side) -> str:
    """A line character for track running between sides ``a`` and ``b`` of a hex."""
    ax, ay = _SCREEN[a]
    bx, by = _SCREEN[b]
    angle = math.degrees(math.atan2(-(by - ay), bx - ax)) % 180
    if angle < 22.5 or angle >= 157.5:
        return "─"
    if angle < 67.5:
        return "╱"
    if angle < 112.5:
        return "│"
    return "╲"


def _cell_for(a: Side, b: Side) -> str:
    g = glyph(a, b)
    return g * 2 if g == "─" else g + " "


# -- city codes ------------------------------------------------------------------------
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def numbered(name: str) -> int | None:
    """The number of a numbered place, ``"Gate XIV"`` -> 14 (1 to 26), else None."""
    words = name.split()
    if len(words) < 2 or not re.fullmatch(r"[IVXLC]+", words[-1]):
        return None
    values = [_ROMAN[ch] for ch in words[-1]]
    total = sum(
        -v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values)
    )
    return total if 1 <= total <= 26 else None


def _candidates(name: str) -> Iterable[str]:
    words = re.findall(r"[A-Za-z]+", name)
    if not words:
        return
    first = words[0][0].upper()
    number = numbered(name)
    if number is not None:  # Gate I, Gate II, ... -> Ga, Gb, ...
        yield first + "abcdefghijklmnopqrstuvwxyz"[number - 1]
    if len(words) >= 2:
        yield first + words[1][0].upper()
    letters = "".join(words).lower()
    for ch in letters[1:]:
        yield first + ch
    for ch in "abcdefghijklmnopqrstuvwxyz":
        yield first + ch


def _printed(board: Board) -> Board:
    """The printed map a game's board was made from (solo games, chosen eras and regions
    take cities off it or change their cubes); the board itself if it has none."""
    try:
        printed = load_map(board.id)
    except (MapError, OSError, ValueError):
        return board
    return printed if set(board.cities) <= set(printed.cities) | set(printed.towns) else board


def _assign(board: Board) -> dict[str, str]:
    """Codes for the board's cities, then for its towns (a game may make a town a city)."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    lines = {c: sum(c in m.endpoints for m in board.major_lines.values()) for c in board.cities}
    ranked = sorted(
        board.cities.values(),
        key=lambda c: (numbered(c.name) is None, -c.cubes, -lines[c.id], c.name),
    )
    places = [(c.id, c.name) for c in ranked]
    places += sorted(((t.id, t.name) for t in board.towns.values()), key=lambda t: t[1])
    for pid, name in places:
        code = next((c for c in _candidates(name) if c.upper() not in taken), None)
        if code is None:  # pragma: no cover - more cities than codes
            code = pid[:2]
        taken.add(code.upper())
        out[pid] = code
    return out


def city_codes(board: Board) -> dict[str, str]:
    """A unique two-letter code per city; big cities get the most obvious ones.

    Numbered places come first and take their number's letter (Gate I is Ga, Gate XVI Gp).

    The codes come from the printed map (its names, cubes and Major Lines), not from the
    game's board, so a city keeps its code in every game on that map: solo or multiplayer,
    whichever eras or regions are in play.
    """
    printed = _printed(board)
    codes = printed.derived("terminal-city-codes", lambda: _assign(printed))
    return {cid: codes[cid] for cid in board.cities}


def find_cities(board: Board, codes: Mapping[str, str], text: str) -> list[str]:
    """Cities a player may mean by ``text``: a code, a name, an id or the start of a name."""
    wanted = text.strip().casefold()
    if not wanted:
        return []
    for cid, code in codes.items():
        if code.casefold() == wanted:
            return [cid]
    exact = [c.id for c in board.cities.values() if wanted in (c.name.casefold(), c.id.casefold())]
    if exact:
        return exact
    simple = re.sub(r"[^a-z]", "", wanted)
    return sorted(
        c.id
        for c in board.cities.values()
        if c.name.casefold().startswith(wanted)
        or (simple and re.sub(r"[^a-z]", "", c.name.casefold()).startswith(simple))
    )


# -- the board ----------------------------------------------------------------------------
def parse_hex(text: str) -> Hex | None:
    """``"5,7"`` or ``"5 7"`` (row, col) -> a hex, or None."""
    m = re.fullmatch(r"\s*(\d+)\s*[, ]\s*(\d+)\s*", text)
    if not m:
        return None
    return Hex.from_offset(int(m.group(1)), int(m.group(2)))


# -- solo games: cities out of play and the closed west ----------------------------------------
_SOLO_CACHE: dict[tuple[str, tuple[str, ...]], tuple[dict[Hex, str], frozenset[Hex]]] = {}


def solo_map_of(board: Board) -> SoloMap | None:
    """The solo appendix of the board's map (None for a map without one)."""
    try:
        return load_solo(board.id)
    except (MapError, OSError, ValueError):
        return None


def solo_overlay(board: Board, view: Mapping[str, Any]) -> tuple[dict[Hex, str], frozenset[Hex]]:
    """Where the cities out of play are printed, and the hexes west of the mountains.

    Empty for a game that is not solo. The west is returned whether or not it is open; the
    caller shades it only while it is closed.
    """
    solo = view.get("plugins", {}).get("solo")
    if not solo:
        return {}, frozenset()
    gone = tuple(solo.get("out_of_play_cities", ()))
    key = (board.id, gone)
    if key not in _SOLO_CACHE:
        out: dict[Hex, str] = {}
        west: frozenset[Hex] = frozenset()
        smap = solo_map_of(board)
        if smap is not None:
            printed = load_map(board.id)
            out = {printed.cities[c].at: c for c in gone if c in printed.cities}
            west = frozenset(h for h in board.hexes if smap.is_west(h))
        _SOLO_CACHE[key] = (out, west)
    return _SOLO_CACHE[key]


def _with_bg(style: str, bg: str) -> str:
    """The style on the terrain's background, unless it brings its own (Railbot track)."""
    return style if " on " in f" {style}" else f"{style} {bg}"


def _track_cells(view: Mapping[str, Any]) -> dict[Hex, list[tuple[str, str]]]:
    """(two characters, style) per hex with track, one entry per piece of track."""
    cells: dict[Hex, list[tuple[str, str]]] = {}
    for link in view["links"]:
        if link["owner"] < 0:  # the Railbot's: always on its band, complete or not
            for row, col, a, b in link["tiles"]:
                cell = (_cell_for(Side[a], Side[b]), RAILBOT_TRACK)
                cells.setdefault(Hex.from_offset(row, col), []).append(cell)
            continue
        style = player_style(link["owner"])
        complete = link["end"] is not None
        tiles = link["tiles"]
        for i, (row, col, a, b) in enumerate(tiles):
            hex_ = Hex.from_offset(row, col)
            sa, sb = Side[a], Side[b]
            if complete:
                cell = (_cell_for(sa, sb), f"bold {style}")
            elif i == len(tiles) - 1:
                cell = (glyph(sa, sb) + ARROWS[sb], f"bold {style}")
            else:
                cell = (_cell_for(sa, sb), f"{style}")
            cells.setdefault(hex_, []).append(cell)
    return cells


def render_board(
    board: Board,
    view: Mapping[str, Any],
    codes: Mapping[str, str],
    *,
    highlight: Mapping[Hex, tuple[str, str]] | None = None,
    rows: range | None = None,
    cols: range | None = None,
    coords: bool = True,
) -> Text:
    """The board (or a window of it) as coloured text."""
    highlight = highlight or {}
    out_of_play, west = solo_overlay(board, view)
    solo = view.get("plugins", {}).get("solo") or {}
    closed = west if solo and not solo.get("west_open", True) else frozenset()
    all_rows = [h.row for h in [*board.hexes, *out_of_play]]
    all_cols = [h.col for h in [*board.hexes, *out_of_play]]
    rows = rows or range(min(all_rows), max(all_rows) + 1)
    cols = cols or range(min(all_cols), max(all_cols) + 1)
    track = _track_cells(view)
    empty = set(view["empty_cities"])
    # A plug-in's markers on special hexes (a built feature), in their owner's colour.
    marked: Mapping[tuple[int, int], tuple[str, int | None]] = {
        (m["hex"][0], m["hex"][1]): (m["symbol"], m["owner"])
        for m in view.get("markers", [])
        if m.get("hex") is not None
    }
    out = Text(no_wrap=True, overflow="crop")
    pad = "    " if coords else ""
    if coords:
        tens = "".join(f"{c // 10 if c >= 10 else ' ':<{CELL}}" for c in cols)
        ones = "".join(f"{c % 10:<{CELL}}" for c in cols)
        if any(c >= 10 for c in cols):
            out.append(pad + tens.rstrip() + "\n", style="dim")
        out.append(pad + ones.rstrip() + "\n", style="dim")
    for row in rows:
        if coords:
            out.append(f"{row:>3} ", style="dim")
        if row & 1:
            out.append(" ")
        for col in cols:
            hex_ = Hex.from_offset(row, col)
            for text, style in _cell(
                board, view, codes, hex_, track, empty, marked, highlight, out_of_play, closed
            ):
                out.append(text, style=style)
        out.append("\n")
    out.rstrip()
    return out


def _cell(
    board: Board,
    view: Mapping[str, Any],
    codes: Mapping[str, str],
    hex_: Hex,
    track: Mapping[Hex, list[tuple[str, str]]],
    empty: set[str],
    marked: Mapping[tuple[int, int], tuple[str, int | None]],
    highlight: Mapping[Hex, tuple[str, str]],
    out_of_play: Mapping[Hex, str],
    closed: frozenset[Hex],
) -> list[tuple[str, str]]:
    if hex_ in highlight:
        return [highlight[hex_]]
    terrain = board.hexes.get(hex_)
    if terrain is None:
        if hex_ in out_of_play:
            return [("xx", OUT_OF_PLAY_STYLE)]
        return [("  ", "")]
    bg = {Terrain.WATER: WATER_BG, Terrain.MOUNTAIN: MOUNTAIN_BG}.get(terrain, OPEN_BG)
    if hex_ in closed:
        bg = CLOSED_BG
    city = board.city_at(hex_)
    if city is not None:
        style = CITY_STYLES.get(view["city_colors"][city.id], "bold")
        if city.id in empty:
            style += " dim"
        return [(f"{codes[city.id]:<2}"[:2], style)]
    special = board.special_at(hex_)
    if special is not None:
        mark = marked.get((hex_.row, hex_.col))
        if mark is not None:
            symbol, owner = mark
            style = player_style(owner) if owner is not None else "white"
            return [(f"{symbol[:1]}═", f"bold {style} {bg}")]
        return [(f"{special.symbol[:1]}·", f"bold grey70 {bg}")]
    pieces = track.get(hex_)
    if pieces:
        if len(pieces) == 1:
            text, style = pieces[0]
            return [(text, _with_bg(style, bg))]
        # A crossing: one character for each track, each in its owner's colour.
        return [(text[0], _with_bg(style, bg)) for text, style in pieces[:2]]
    if hex_ in closed:  # shaded: the symbols stay readable, faintly
        symbol = {Terrain.WATER: "~ ", Terrain.MOUNTAIN: "^ "}.get(terrain, "· ")
        return [(symbol, f"{CLOSED_FG} {bg}")]
    if terrain is Terrain.WATER:
        return [("~ ", f"{WATER_FG} {bg}")]
    if terrain is Terrain.MOUNTAIN:
        return [("^ ", f"{MOUNTAIN_FG} {bg}")]
    return [("· ", f"{OPEN_FG} {bg}")]
