"""Australia's regions: which are played, the board a game is played on, and the gauge rule.

The board has five regions (AU-007), written as ``[[region]]`` tables; a hex split by a region
border, and a town on one, is in both of its regions (AU-024, AU-027). A game with fewer
players leaves regions out (AU-008..AU-010): :func:`game_board` cuts the board down to the
regions in play. The gauge rule (AU-023..AU-027) is judged along a link's hexes in order: the
link is *in* the regions all its hexes so far share, and a step into a hex that shares none
of them crosses a region border. So a track that enters a split hex from one region and
leaves it into the same region stays in that region (AU-025), one that leaves it into the
other region crosses (AU-024, AU-026), and a town on the border is reached from either side
without a crossing, by as many links as like (AU-027).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from railways.core.board import Board, City, Color
from railways.core.hexgrid import Hex

# The regions, east to west, and which are played by player count (AU-008..AU-010).
EAST = ("queensland", "new-south-wales", "victoria")
CENTRAL = "central"
WEST = "west"
REGIONS = (*EAST, CENTRAL, WEST)
GAUGE = "gauge_break"  # the kind of the [[border]] tables between regions
FERRY = "ferry"  # the kind of the [[border]] of the Bass Strait ferry
TOWN = "town"  # the flag of a city that began the game as an unbuilt town


def regions_in_play(players: int) -> tuple[str, ...]:
    """The regions a game of ``players`` uses (AU-008, AU-009, AU-010)."""
    if players <= 2:
        return EAST
    if players <= 4:
        return (*EAST, CENTRAL)
    return REGIONS


def fewest_players(board: Board) -> int:
    """The fewest players a game on this board's regions has (2, 3 or 5)."""
    if WEST in board.regions:
        return 5
    if CENTRAL in board.regions:
        return 3
    return 2


def regions_of(board: Board) -> dict[Hex, frozenset[str]]:
    """Every hex's regions (two for a split hex or a town on a border), worked out once."""

    def build() -> dict[Hex, frozenset[str]]:
        found: dict[Hex, set[str]] = {}
        for region in board.regions.values():
            for h in region.hexes:
                found.setdefault(h, set()).add(region.id)
        return {h: frozenset(rs) for h, rs in found.items()}

    return board.derived("australia-regions", build)


def ferry_hexes(board: Board) -> frozenset[Hex]:
    """The Bass Strait ferry hexes (``params.hexes`` of the board's ferry border)."""

    def build() -> frozenset[Hex]:
        out: set[Hex] = set()
        for border in board.borders.values():
            if border.kind == FERRY:
                out.update(parse_hexes(str(border.params.get("hexes", ""))))
        return frozenset(out)

    return board.derived("australia-ferry", build)


def parse_hexes(text: str) -> list[Hex]:
    out = []
    for item in text.split():
        row, _, col = item.partition(",")
        out.append(Hex.from_offset(int(row), int(col)))
    return out


def step(
    regions: Mapping[Hex, frozenset[str]], now: frozenset[str], to: Hex
) -> tuple[frozenset[str], bool]:
    """The regions a track is in after stepping onto ``to``, and whether it crossed a border."""
    there = regions.get(to, frozenset())
    shared = now & there
    if shared:
        return shared, False
    return there, True


def crossings(board: Board, hexes: Iterable[Hex], start: frozenset[str] | None = None) -> int:
    """How many region borders a track along ``hexes`` crosses (from ``start`` if given)."""
    regions = regions_of(board)
    now = start
    count = 0
    for h in hexes:
        if now is None:
            now = regions.get(h, frozenset())
            continue
        now, crossed = step(regions, now, h)
        count += crossed
    return count


def regions_along(board: Board, hexes: Sequence[Hex]) -> frozenset[str]:
    """The regions a track along ``hexes`` is in at its far end."""
    regions = regions_of(board)
    now: frozenset[str] | None = None
    for h in hexes:
        now = regions.get(h, frozenset()) if now is None else step(regions, now, h)[0]
    return now or frozenset()


# -- the board of a game -----------------------------------------------------------------------
def game_board(full: Board, players: int, income: tuple[int, ...] | None = None) -> Board:
    """The board a game of ``players`` is played on: only the regions in play (AU-008..AU-010),
    the towns as gray cities that hold no goods yet (AU-028), and, with ``income``, another
    score track (the base game's, AU-020). Made once per choice and kept with the board."""
    chosen = regions_in_play(players)
    key = ("australia-board", chosen, fewest_for(chosen), income)
    return full.derived(key, lambda: _cut(full, chosen, income))


def fewest_for(chosen: tuple[str, ...]) -> int:
    return 5 if WEST in chosen else 3 if CENTRAL in chosen else 2


def _cut(full: Board, chosen: tuple[str, ...], income: tuple[int, ...] | None) -> Board:
    regions = {rid: r for rid, r in full.regions.items() if rid in chosen}
    keep = frozenset().union(*(r.hexes for r in regions.values()))
    hexes = {h: t for h, t in full.hexes.items() if h in keep}
    cities: dict[str, City] = {cid: c for cid, c in full.cities.items() if c.at in keep}
    for tid, town in full.towns.items():
        if town.at in keep:
            cities[tid] = City(
                tid,
                town.name,
                town.at,
                Color.GRAY,
                0,
                town.spokes,
                town.flags | {TOWN},
                town.source,
            )
    lines = {
        lid: line
        for lid, line in full.major_lines.items()
        if all(end in cities for end in line.endpoints)
    }
    borders = {}
    for bid, border in full.borders.items():
        edges = frozenset(e for e in border.edges if e.a in keep and e.b in keep)
        if border.kind == FERRY:
            if not all(h in keep for h in parse_hexes(str(border.params.get("hexes", "")))):
                continue
        if edges:
            borders[bid] = replace(border, edges=edges)
    tables = full.tables if income is None else replace(full.tables, income_track=income)
    fewest = fewest_for(chosen)
    most = {2: 2, 3: 4, 5: 6}[fewest]
    return replace(
        full,
        hexes=hexes,
        cities=cities,
        towns={},
        regions=regions,
        major_lines=lines,
        borders=borders,
        tables=tables,
        min_players=max(full.min_players, fewest),
        max_players=min(full.max_players, most),
        ridges=frozenset(e for e in full.ridges if e.a in keep and e.b in keep),
        impassable=frozenset(e for e in full.impassable if e.a in keep and e.b in keep),
    )


def town_ids(board: Board) -> list[str]:
    """The cities of a game's board that began as towns."""
    return sorted(cid for cid, c in board.cities.items() if TOWN in c.flags)


def describe(board: Board) -> dict[str, Any]:
    """The regions of a game's board, for views."""
    return {rid: board.regions[rid].name for rid in REGIONS if rid in board.regions}
