"""Geography of the Railways of Australia board (see ``tools/mapgen/__init__.py``).

Regenerate the board with ``python tools/project_map.py australia --write``.

Besides the cities, land, rivers, mountains and ridges, this module works out the board's
five regions (AU-007): each hex belongs to the region its land lies in; a hex whose land is
shared by two regions is *split* and belongs to both (AU-024), as does every town on a region
border (AU-023, AU-027). It writes them as ``[[region]]`` tables, the lines between regions
(the gauge breaks) as ``[[border]]`` tables of kind ``gauge_break``, and the Bass Strait ferry
as a ``[[border]]`` of kind ``ferry`` whose ``params.hexes`` are the ferry hexes.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from mapgen import (
    ROW_H,
    SIDES,
    CityDef,
    Geography,
    MountainPoint,
    Point,
    Result,
    hex_samples,
    inside,
    neighbour,
)

# fmt: off
LAND: dict[str, list[Point]] = {
    "mainland": [
        (115.7, -31.7), (115.6, -33.3), (115.0, -33.6), (115.1, -34.4), (116.6, -35.0),
        (117.9, -35.1), (119.5, -34.4), (121.9, -33.9), (123.9, -33.7), (125.5, -32.6),
        (127.3, -32.3), (129.0, -31.6), (131.1, -31.5), (132.5, -32.0), (133.7, -32.2),
        (134.3, -33.0), (135.3, -34.3), (135.9, -35.0), (136.5, -34.0), (137.2, -33.2),
        (137.8, -32.5), (138.0, -33.2), (137.7, -34.0), (137.2, -35.0), (136.9, -35.3),
        (137.8, -35.1), (138.1, -34.4), (138.5, -34.7), (138.5, -35.3), (138.1, -35.7),
        (138.9, -35.6), (139.7, -36.5), (139.9, -37.0), (140.6, -38.1), (141.6, -38.4),
        (142.5, -38.4), (143.5, -38.9), (144.4, -38.3), (144.9, -37.9), (145.1, -38.3),
        (145.6, -38.6), (146.3, -39.1), (147.0, -38.6), (148.0, -37.9), (149.1, -37.8),
        (150.0, -37.5), (150.0, -36.8), (150.2, -35.7), (150.9, -34.4), (151.3, -33.8),
        (151.8, -32.9), (152.5, -32.4), (152.9, -31.4), (153.2, -30.3), (153.6, -28.6),
        (153.5, -27.9), (153.2, -27.0), (153.1, -26.1), (153.3, -25.2), (152.8, -25.3),
        (152.4, -24.7), (151.4, -23.8), (150.9, -23.3), (150.6, -22.5), (149.7, -22.3),
        (149.2, -21.1), (148.4, -20.3), (147.5, -19.6), (146.8, -19.2), (146.2, -18.6),
        (146.0, -17.6), (145.8, -16.9), (145.4, -16.3), (145.3, -15.4), (144.6, -14.3),
        (143.8, -14.0), (143.5, -12.8), (142.8, -11.5), (142.5, -10.7), (142.1, -11.3),
        (141.8, -12.6), (141.6, -13.7), (141.5, -15.0), (141.3, -16.5), (140.8, -17.4),
        (139.7, -17.5), (138.5, -16.8), (137.2, -15.9), (136.4, -15.4), (135.4, -14.6),
        (135.9, -13.2), (136.9, -12.3), (136.0, -11.9), (134.8, -12.0), (133.5, -11.6),
        (132.4, -11.4), (131.9, -11.3), (131.1, -12.2), (130.3, -12.5), (129.9, -13.5),
        (129.6, -14.8), (128.6, -14.9), (128.1, -15.2), (127.7, -14.3), (127.0, -13.9),
        (126.1, -14.1), (125.3, -14.6), (124.6, -15.3), (124.1, -16.2), (123.6, -17.2),
        (122.5, -17.2), (122.2, -17.9), (121.7, -18.6), (121.0, -19.5), (119.7, -20.0),
        (118.6, -20.3), (117.3, -20.6), (116.4, -20.7), (115.4, -21.4), (114.5, -21.8),
        (114.1, -22.0), (113.8, -22.7), (113.6, -24.0), (113.6, -25.0), (113.9, -26.2),
        (114.2, -27.6), (114.6, -28.7), (114.9, -29.6), (115.0, -30.4), (115.4, -31.2),
    ],
    "tasmania": [
        (144.6, -40.7), (145.3, -40.8), (146.3, -41.1), (147.0, -40.9), (148.0, -40.8),
        (148.3, -41.0), (148.3, -42.1), (147.9, -43.0), (147.3, -43.3), (146.8, -43.6),
        (145.9, -43.5), (145.3, -42.3), (144.9, -41.6), (144.6, -41.0),
    ],
}

# The five regions (AU-007), by the colonies' borders of the 1890s, except that the East
# Kimberley (Wyndham) is in the central region, as the rules' card list has it (AU-013).
# Tasmania goes with Victoria, across the Bass Strait ferry.
MURRAY: list[Point] = [
    (148.2, -36.8), (146.9, -36.05), (145.6, -35.95), (144.75, -36.12), (143.55, -35.34),
    (142.15, -34.19), (141.0, -34.0),
]
REGIONS: dict[str, tuple[str, list[Point]]] = {
    "west": ("Western Australia", [
        (110.0, -8.0), (127.3, -8.0), (127.3, -16.6), (129.0, -16.6), (129.0, -46.0),
        (110.0, -46.0),
    ]),
    "central": ("South Australia and the Northern Territory", [
        (127.3, -8.0), (138.0, -8.0), (138.0, -26.0), (141.0, -26.0), (141.0, -46.0),
        (129.0, -46.0), (129.0, -16.6), (127.3, -16.6),
    ]),
    "queensland": ("Queensland", [
        (138.0, -8.0), (156.0, -8.0), (156.0, -28.17), (153.55, -28.17), (152.5, -28.35),
        (151.95, -28.9), (149.0, -29.0), (141.0, -29.0), (141.0, -26.0), (138.0, -26.0),
    ]),
    "new-south-wales": ("New South Wales", [
        (141.0, -29.0), (149.0, -29.0), (151.95, -28.9), (152.5, -28.35), (153.55, -28.17),
        (156.0, -28.17), (156.0, -37.5), (149.98, -37.5), *MURRAY,
    ]),
    "victoria": ("Victoria and Tasmania", [
        *reversed(MURRAY), (148.2, -36.8), (149.98, -37.5), (156.0, -37.5), (156.0, -46.0),
        (141.0, -46.0),
    ]),
}
# fmt: on

CITIES: list[CityDef] = [
    # Queensland
    CityDef("brisbane", "Brisbane", -27.47, 153.03, "red", 3),
    CityDef("toowoomba", "Toowoomba", -27.56, 151.95, "blue", 2),
    CityDef("maryborough", "Maryborough", -25.54, 152.70, "purple", 2),
    CityDef("rockhampton", "Rockhampton", -23.38, 150.51, "black", 2),
    CityDef("mackay", "Mackay", -21.14, 149.19, "yellow", 2),
    CityDef("townsville", "Townsville", -19.26, 146.82, "red", 2),
    CityDef("cairns", "Cairns", -16.92, 145.77, "blue", 2),
    CityDef("hughenden", "Hughenden", -20.84, 144.20, "gray", 1),
    CityDef("longreach", "Longreach", -23.44, 144.25, "purple", 2),
    CityDef("charleville", "Charleville", -26.40, 146.24, "yellow", 2),
    CityDef("roma", "Roma", -26.57, 148.79, "gray", 1),
    CityDef("cloncurry", "Cloncurry", -20.70, 140.51, "black", 2),
    CityDef("normanton", "Normanton", -17.67, 141.07, "gray", 1),
    # New South Wales
    CityDef("sydney", "Sydney", -33.87, 151.21, "red", 3),
    CityDef("newcastle", "Newcastle", -32.93, 151.78, "black", 3, (22, 37)),
    CityDef("bathurst", "Bathurst", -33.42, 149.58, "yellow", 2),
    CityDef("canberra", "Canberra", -35.28, 149.13, "gray", 1),
    CityDef("dubbo", "Dubbo", -32.25, 148.60, "blue", 2),
    CityDef("tamworth", "Tamworth", -31.09, 150.93, "purple", 2),
    CityDef("grafton", "Grafton", -29.69, 152.93, "blue", 2),
    CityDef("wagga-wagga", "Wagga Wagga", -35.12, 147.37, "black", 2, (24, 31)),
    CityDef("bourke", "Bourke", -30.09, 145.94, "purple", 2),
    CityDef("hay", "Hay", -34.50, 144.85, "gray", 1),
    # Victoria and Tasmania
    CityDef("melbourne", "Melbourne", -37.81, 144.96, "red", 3),
    CityDef("ballarat", "Ballarat", -37.56, 143.85, "yellow", 3),
    CityDef("bendigo", "Bendigo", -36.76, 144.28, "black", 2, (26, 27)),
    CityDef("portland", "Portland", -38.34, 141.60, "blue", 2, (29, 25)),
    CityDef("sale", "Sale", -38.10, 147.07, "purple", 2),
    CityDef("horsham", "Horsham", -36.71, 142.20, "gray", 1),
    CityDef("hobart", "Hobart", -42.88, 147.33, "red", 2, (34, 33)),
    CityDef("launceston", "Launceston", -41.44, 147.14, "yellow", 2),
    CityDef("queenstown", "Queenstown", -42.08, 145.56, "gray", 1),
    # South Australia and the Northern Territory
    CityDef("adelaide", "Adelaide", -34.93, 138.60, "red", 3),
    CityDef("port-augusta", "Port Augusta", -32.49, 137.77, "purple", 2),
    CityDef("burra", "Burra", -33.68, 138.93, "yellow", 2, (23, 21)),
    CityDef("mount-gambier", "Mount Gambier", -37.83, 140.78, "blue", 2),
    CityDef("port-lincoln", "Port Lincoln", -34.73, 135.86, "gray", 1),
    CityDef("ceduna", "Ceduna", -32.13, 133.68, "gray", 1),
    CityDef("oodnadatta", "Oodnadatta", -27.55, 135.45, "gray", 1),
    CityDef("alice-springs", "Alice Springs", -23.70, 133.88, "black", 2),
    CityDef("daly-waters", "Daly Waters", -16.25, 133.37, "gray", 1),
    CityDef("katherine", "Katherine", -14.47, 132.26, "yellow", 2),
    CityDef("darwin", "Darwin", -12.46, 130.84, "blue", 3),
    # Western Australia
    CityDef("perth", "Perth", -31.95, 115.86, "red", 3),
    CityDef("bunbury", "Bunbury", -33.33, 115.64, "purple", 2),
    CityDef("albany", "Albany", -35.02, 117.88, "blue", 2),
    CityDef("geraldton", "Geraldton", -28.78, 114.61, "black", 2),
    CityDef("kalgoorlie", "Kalgoorlie", -30.75, 121.47, "yellow", 3),
    CityDef("carnarvon", "Carnarvon", -24.88, 113.66, "gray", 1),
    CityDef("cue", "Cue", -27.42, 117.90, "gray", 1),
    CityDef("port-hedland", "Port Hedland", -20.31, 118.58, "purple", 2),
    CityDef("broome", "Broome", -17.96, 122.24, "blue", 2),
]

# Towns not yet built (AU-028): those the rules name (AU-013, AU-014) and, on each region
# border, a town that joins the two gauges (AU-023, AU-027). Colour and cubes are unused.
TOWNS: list[CityDef] = [
    CityDef("wyndham", "Wyndham", -15.49, 128.12, "gray", 0),
    CityDef("tennant-creek", "Tennant Creek", -19.65, 134.19, "gray", 0),
    CityDef("mount-newman", "Mount Newman", -23.36, 119.73, "gray", 0),
    CityDef("esperance", "Esperance", -33.86, 121.89, "gray", 0),
    CityDef("halls-creek", "Halls Creek", -18.22, 127.67, "gray", 0),
    CityDef("cooktown", "Cooktown", -15.47, 145.25, "gray", 0),
    CityDef("mildura", "Mildura", -34.19, 142.16, "gray", 0),
    CityDef("eucla", "Eucla", -31.68, 128.88, "gray", 0),
    CityDef("camooweal", "Camooweal", -19.92, 138.12, "gray", 0),
    CityDef("broken-hill", "Broken Hill", -31.95, 141.45, "gray", 0),
    CityDef("serviceton", "Serviceton", -36.37, 140.98, "gray", 0),
    CityDef("albury", "Albury", -36.08, 146.92, "gray", 0),
    CityDef("wallangarra", "Wallangarra", -28.92, 151.93, "gray", 0, (18, 36)),
]
# The towns on a region border, with the two regions each joins (AU-027).
BORDER_TOWNS: dict[str, tuple[str, str]] = {
    "eucla": ("central", "west"),
    "camooweal": ("queensland", "central"),
    "broken-hill": ("new-south-wales", "central"),
    "serviceton": ("victoria", "central"),
    "albury": ("new-south-wales", "victoria"),
    "mildura": ("new-south-wales", "victoria"),
    "wallangarra": ("queensland", "new-south-wales"),
}

# fmt: off
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "great-dividing-range-north": [
        (143.6, -14.2, 40), (145.2, -17.3, 50), (146.2, -19.8, 40), (147.8, -22.3, 40),
        (149.8, -25.0, 40), (151.4, -27.0, 30),
    ],
    "new-england-and-blue-mountains": [
        (152.0, -28.3, 30), (151.9, -30.0, 35), (151.0, -31.8, 35), (150.3, -33.4, 30),
        (149.6, -35.6, 30), (148.4, -36.4, 45),
    ],
    "victorian-alps": [(148.4, -36.6, 45), (146.8, -37.2, 45), (145.6, -37.4, 25)],
    "macdonnell-ranges": [(131.8, -23.6, 30), (135.2, -23.6, 30)],
    "flinders-ranges": [(138.2, -32.4, 25), (138.8, -31.0, 30), (139.3, -30.0, 25)],
    "hamersley-range": [(116.6, -22.3, 45), (119.2, -23.0, 45)],
    "kimberley": [(124.8, -15.6, 70), (127.0, -17.0, 50)],
    "tasmanian-highlands": [(145.9, -41.5, 40), (146.4, -42.4, 40)],
}
RIVERS: dict[str, list[Point]] = {
    "murray": [
        (147.9, -36.7), (146.9, -36.05), (145.6, -35.95), (144.75, -36.12), (143.55, -35.34),
        (142.15, -34.19), (140.74, -34.17), (139.67, -34.03), (139.27, -35.12), (138.9, -35.5),
    ],
    "darling": [(145.94, -30.09), (143.37, -31.56), (142.4, -32.4), (141.9, -34.1)],
    "murrumbidgee": [(148.8, -35.6), (147.37, -35.12), (144.85, -34.5), (143.4, -34.8)],
    "lake-eyre": [(136.9, -28.4), (137.6, -28.9), (137.3, -29.5)],
    "fitzroy": [(150.51, -23.38), (149.3, -23.5), (148.3, -24.5)],
    "burdekin": [(147.4, -19.7), (146.6, -20.6), (146.2, -21.2)],
    "swan-avon": [(115.86, -31.95), (116.67, -31.65)],
}
RIDGES: dict[str, list[Point]] = {
    "blue-mountains": [(150.75, -32.9), (150.5, -33.6), (150.3, -34.2)],
    "new-england-escarpment": [(152.4, -29.3), (152.2, -30.4), (151.9, -31.5)],
    "toowoomba-range": [(152.3, -27.0), (152.2, -27.9)],
    "darling-scarp": [(116.1, -31.3), (116.1, -32.5)],
    "great-dividing-range-victoria": [(146.0, -37.0), (147.5, -36.9)],
}
# fmt: on

# Hand corrections after looking at the preview.
FORCE_ON: set[tuple[int, int]] = {
    (32, 30),  # Tasmania's north coast (Devonport), where the ferry lands
    (32, 31),
    (34, 33),  # the Derwent estuary, for Hobart
}
FORCE_OFF: set[tuple[int, int]] = {
    (24, 2),  # the cape south-west of Bunbury: a dead end for track
    (32, 32),  # the north-east tip of Tasmania: a dead end for track
}

# The Bass Strait ferry (Spirit of Tasmania, AU-041): sea hexes put on the board as water,
# between the Victorian coast and Tasmania's north coast.
FERRY_HEXES: list[tuple[int, int]] = [(30, 29), (31, 29)]

MAP_HEADER = """\
# The Railways of Australia board: the Australian colonies in the railway age (1854-1901),
# from Perth and Darwin to Brisbane, Melbourne and Hobart, in five regions split by breaks of
# gauge (AU-007).
#
# Not typed in from the printed board: generated by tools/project_map.py from
# tools/mapgen/australia.py, which projects real latitudes and longitudes onto a {cols} x {rows}
# grid of pointy-top hexes ("row,col", odd rows shifted half a hex right). The sea is "~";
# the Murray, Darling and Murrumbidgee and Lake Eyre are "w"; the Great Dividing Range, the
# Australian Alps, the MacDonnell and Flinders Ranges, the Hamersley Range, the Kimberley and
# Tasmania's highlands are "m". Ridges mark the Blue Mountains, the New England escarpment, the
# Toowoomba Range, the Darling Scarp and the divide in north-east Victoria.
# The [[region]] tables are the five regions (a split hex is in both of its regions); the
# [[border]] tables of kind "gauge_break" are the lines between them, and the one of kind
# "ferry" is the Bass Strait crossing (its hexes in params). All of it is house data.
# Regenerate with: python tools/project_map.py australia --write
"""

CITIES_HEADER = """\
# Cities and towns of the Railways of Australia board, at their real relative positions
# (projected by tools/project_map.py; a few in the crowded south-east are moved a hex).
#
# The rules and cards name Canberra (Federation of Australia, AU-037), Alice Springs and Port
# Augusta (hotels, AU-013), Perth (Foreign Trade Ports, AU-014) and the towns Wyndham, Tennant
# Creek (AU-013), Mount Newman, Esperance and Halls Creek (AU-014). The other cities and towns,
# their colours, cubes and spokes are our own: every region has sources and destinations of
# most colours; state capitals and the gold cities start with 3 cubes, other coloured cities 2,
# gray cities 1. Towns ([[town]]) are not yet built: a link to one, or its card, makes it a
# gray city with two cubes (AU-028..AU-032). Eucla, Camooweal, Broken Hill, Serviceton, Albury
# and Wallangarra sit on region borders (AU-027).
# Regenerate with: python tools/project_map.py australia --write
"""


def _regions_of(geo: Geography, row: int, col: int) -> list[str]:
    """The regions holding at least 30% of a hex's sample points (two: a split hex)."""
    samples = [geo.from_px(x, y) for x, y in hex_samples(row, col)]
    counts = {
        rid: sum(1 for p in samples if inside(p, poly)) for rid, (_n, poly) in REGIONS.items()
    }
    total = sum(counts.values()) or 1
    found = [rid for rid, n in counts.items() if n / total >= 0.3]
    if not found:  # a sliver: the region with most of it
        found = [max(counts, key=lambda r: counts[r])]
    return found


def _finish(geo: Geography, result: Result) -> None:
    """The ferry hexes, and the region of every hex (kept on the result for ``_extra_toml``)."""
    for row, col in FERRY_HEXES:
        if result.grid[row][col] != "~":
            result.problems.append(f"ferry hex {row},{col} is not at sea")
        result.grid[row][col] = "w"
    regions: dict[tuple[int, int], list[str]] = {}
    for row in range(geo.rows):
        for col in range(geo.cols):
            if result.grid[row][col] == "~":
                continue
            regions[(row, col)] = _regions_of(geo, row, col)
    for row, col in FERRY_HEXES:
        regions[(row, col)] = ["victoria"]
    for town, pair in BORDER_TOWNS.items():
        at = result.towns[town]
        if not set(pair) & set(regions.get(at, [])):
            result.problems.append(f"border town {town} at {at} lies in neither of {pair}")
        regions[at] = list(pair)
    for cid, at in {**result.cities, **result.towns}.items():
        if cid not in BORDER_TOWNS and len(regions.get(at, [])) > 1:
            regions[at] = regions[at][:1]  # only towns on a border stand in two regions
    _REGIONS_BY_HEX.clear()
    _REGIONS_BY_HEX.update(regions)


_REGIONS_BY_HEX: dict[tuple[int, int], list[str]] = {}


def _chunks(items: list[str], size: int) -> list[list[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _hex_list(hexes: list[tuple[int, int]], indent: str = "    ") -> str:
    cells = [f'"{r},{c}"' for r, c in sorted(hexes)]
    lines = []
    for chunk in _chunks(cells, 10):
        lines.append(indent + ", ".join(chunk) + ",")
    return "\n".join(lines)


def _extra_toml(geo: Geography, result: Result) -> str:
    regions = _REGIONS_BY_HEX
    out: list[str] = []
    for rid, (name, _poly) in REGIONS.items():
        hexes = [h for h, rs in regions.items() if rid in rs]
        out.append("\n[[region]]\n")
        out.append(f'id = "{rid}"\n')
        out.append(f'name = "{name}"\n')
        out.append('source = "house"\n')
        out.append(f"hexes = [\n{_hex_list(hexes)}\n]\n")
    # The gauge breaks: edges between hexes that share no region (AU-023).
    pairs: dict[tuple[str, str], list[str]] = {}
    for (row, col), rs in sorted(regions.items()):
        for side in ("E", "SE", "SW"):
            other = neighbour(row, col, side)
            if other not in regions or set(rs) & set(regions[other]):
                continue
            key = tuple(sorted((rs[0], regions[other][0])))
            pairs.setdefault((key[0], key[1]), []).append(f'"{row},{col} {side}"')
    for (a, b), edges in sorted(pairs.items()):
        out.append("\n[[border]]\n")
        out.append(f'id = "gauge-{a}-{b}"\n')
        out.append('kind = "gauge_break"\n')
        out.append('label = "Region border (a break of gauge)"\n')
        out.append('source = "house"\n')
        lines = [", ".join(chunk) + "," for chunk in _chunks(edges, 6)]
        out.append("edges = [\n" + "\n".join("    " + line for line in lines) + "\n]\n")
    if FERRY_HEXES:
        ferry = sorted(FERRY_HEXES)
        edges = []
        for row, col in ferry:
            for side in SIDES:
                other = neighbour(row, col, side)
                if other in regions and other not in ferry:
                    edges.append(f'"{row},{col} {side}"')
        out.append("\n[[border]]\n")
        out.append("# The Bass Strait crossing to Tasmania: its ferry hexes are in params.hexes.\n")
        out.append('id = "bass-strait-ferry"\n')
        out.append('kind = "ferry"\n')
        out.append('label = "Bass Strait ferry"\n')
        out.append('source = "house"\n')
        out.append(f"edges = [{', '.join(edges)}]\n")
        hexes = " ".join(f"{r},{c}" for r, c in ferry)
        out.append(f'params = {{ hexes = "{hexes}" }}\n')
    return "".join(out)


def _piecewise(points: list[tuple[float, float]], v: float) -> float:
    """Linear interpolation through (from, to) points, extended past both ends."""
    (a0, b0), (a1, b1) = points[0], points[1]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        a0, b0, a1, b1 = x0, y0, x1, y1
        if (v - x1) * (x1 - x0) <= 0:
            break
    return b0 + (v - a0) * (b1 - b0) / (a1 - a0)


@dataclass
class StretchedGeography(Geography):
    """A projection stretched where the railway age crowded its towns: the east coast and the
    south-east get about twice the hexes per degree of the deserts, as printed boards do.
    ``xs`` maps longitudes to columns and ``ys`` latitudes to rows, each piecewise linearly."""

    xs: tuple[tuple[float, float], ...] = ()
    ys: tuple[tuple[float, float], ...] = ()

    def to_px(self, lon: float, lat: float) -> tuple[float, float]:
        return _piecewise(list(self.xs), lon), _piecewise(list(self.ys), lat) * ROW_H

    def from_px(self, x: float, y: float) -> Point:
        back_x = [(b, a) for a, b in self.xs]
        back_y = [(b, a) for a, b in self.ys]
        return _piecewise(back_x, x), _piecewise(back_y, y / ROW_H)


GEO = StretchedGeography(
    xs=((112.8, 0.0), (138.0, 20.0), (154.0, 40.0)),
    ys=((-10.6, 0.0), (-26.0, 14.0), (-39.0, 30.0), (-44.0, 35.0)),
    id="australia",
    name="Australia",
    cols=41,
    rows=36,
    lon_w=112.8,
    lon_e=153.8,
    lat_n=-10.6,
    lat_s=-43.8,
    cities=CITIES,
    towns=TOWNS,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 6),
    rulesets=("australia",),
    ridge_comment=(
        "The Blue Mountains, the New England escarpment and the Toowoomba Range behind the\n"
        "east coast, the Darling Scarp behind Perth, and the divide in north-east Victoria."
    ),
    land=LAND,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    land_share=0.55,
    min_patch=4,
    add_specials=_finish,
    extra_toml=_extra_toml,
    modules_toml=(
        "\n[modules.switch-tracks]\n"
        "# The board's own rules have Switch Tracks (AU-018), so the module is never added.\n"
        'refused = "Railways of Australia has Switch Tracks already (AU-018)"\n'
    ),
)
