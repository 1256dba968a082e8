"""Geography of the Great Britain board (see ``tools/mapgen/__init__.py``).

Regenerate the board with ``python tools/project_map.py great-britain --write``.

The board runs from the Firth of Forth to the Channel and from Anglesey and the Bristol
Channel to East Anglia; Cornwall west of Bodmin Moor and the Highlands are off it. The
Humber (RW-p15-02) is a line of impassable edges from the North Sea to Goole, worked out
here from the estuary's real course and written as ``[impassable]`` plus a ``[[border]]`` of
kind ``humber`` that the board's plug-in (``rules/boards/great_britain.py``) names.
"""

from __future__ import annotations

import itertools

from mapgen import (
    CUBES_KEPT,
    CityDef,
    Geography,
    Hex,
    MountainPoint,
    Point,
    Result,
    centre,
    neighbour,
    segments_cross,
)

# fmt: off
CITIES: list[CityDef] = [
    # Scotland and the North East
    CityDef("edinburgh", "Edinburgh", 55.95, -3.19, "red", 3),
    CityDef("newcastle", "Newcastle", 54.97, -1.61, "black", 3),
    CityDef("carlisle", "Carlisle", 54.89, -2.93, "blue", 2),
    CityDef("workington", "Workington", 54.64, -3.55, "gray", 1),
    CityDef("darlington", "Darlington", 54.52, -1.55, "yellow", 2),
    CityDef("scarborough", "Scarborough", 54.28, -0.40, "gray", 1),
    CityDef("lancaster", "Lancaster", 54.05, -2.80, "purple", 2),
    # Yorkshire, Lancashire and the Humber
    CityDef("york", "York", 53.96, -1.08, "blue", 2),
    CityDef("leeds", "Leeds", 53.80, -1.55, "red", 3),
    CityDef("hull", "Hull", 53.74, -0.33, "yellow", 2),
    CityDef("goole", "Goole", 53.70, -0.87, "gray", 1),
    CityDef("grimsby", "Grimsby", 53.57, -0.08, "purple", 2, (16, 15)),
    CityDef("preston", "Preston", 53.76, -2.70, "yellow", 2),
    CityDef("liverpool", "Liverpool", 53.41, -2.98, "blue", 3),
    CityDef("manchester", "Manchester", 53.48, -2.24, "red", 3),
    CityDef("sheffield", "Sheffield", 53.38, -1.47, "black", 3),
    CityDef("lincoln", "Lincoln", 53.23, -0.54, "red", 2, (17, 13)),
    CityDef("skegness", "Skegness", 53.14, 0.34, "gray", 1),
    # The Midlands and the Welsh border
    CityDef("chester", "Chester", 53.19, -2.89, "purple", 2, (18, 6)),
    CityDef("crewe", "Crewe", 53.10, -2.44, "gray", 1),
    CityDef("derby", "Derby", 52.92, -1.48, "purple", 2),
    CityDef("nottingham", "Nottingham", 52.95, -1.15, "yellow", 2, (19, 13)),
    CityDef("holyhead", "Holyhead", 53.31, -4.63, "black", 2),
    CityDef("shrewsbury", "Shrewsbury", 52.71, -2.75, "yellow", 2),
    CityDef("aberystwyth", "Aberystwyth", 52.41, -4.08, "gray", 1),
    CityDef("birmingham", "Birmingham", 52.48, -1.89, "black", 3),
    CityDef("leicester", "Leicester", 52.64, -1.13, "blue", 2),
    CityDef("coventry", "Coventry", 52.41, -1.51, "red", 2, (23, 11)),
    CityDef("worcester", "Worcester", 52.19, -2.22, "purple", 2),
    CityDef("northampton", "Northampton", 52.24, -0.90, "yellow", 2),
    # East Anglia
    CityDef("peterborough", "Peterborough", 52.57, -0.24, "black", 2),
    CityDef("kings-lynn", "King's Lynn", 52.75, 0.40, "gray", 1),
    CityDef("norwich", "Norwich", 52.63, 1.30, "purple", 2),
    CityDef("cambridge", "Cambridge", 52.21, 0.12, "blue", 2),
    CityDef("ipswich", "Ipswich", 52.06, 1.15, "red", 2),
    # South Wales and the West Country
    CityDef("swansea", "Swansea", 51.62, -3.94, "black", 2),
    CityDef("cardiff", "Cardiff", 51.48, -3.18, "red", 3),
    CityDef("gloucester", "Gloucester", 51.86, -2.24, "blue", 2),
    CityDef("bristol", "Bristol", 51.45, -2.59, "purple", 3),
    CityDef("swindon", "Swindon", 51.56, -1.78, "gray", 1),
    CityDef("taunton", "Taunton", 51.02, -3.10, "yellow", 2),
    CityDef("barnstaple", "Barnstaple", 51.08, -4.06, "purple", 2),
    CityDef("exeter", "Exeter", 50.72, -3.53, "red", 2),
    CityDef("plymouth", "Plymouth", 50.38, -4.14, "blue", 2),
    # London and the South
    CityDef("oxford", "Oxford", 51.75, -1.26, "yellow", 2),
    CityDef("reading", "Reading", 51.45, -0.97, "black", 2),
    CityDef("london", "London", 51.51, -0.13, "red", 3),
    CityDef("dover", "Dover", 51.13, 1.31, "blue", 2),
    CityDef("brighton", "Brighton", 50.82, -0.14, "yellow", 2),
    CityDef("portsmouth", "Portsmouth", 50.80, -1.09, "purple", 2),
    CityDef("southampton", "Southampton", 50.90, -1.40, "blue", 2),
    CityDef("salisbury", "Salisbury", 51.07, -1.79, "gray", 1),
    CityDef("bournemouth", "Bournemouth", 50.72, -1.88, "black", 2),
]

# Great Britain south of the Highlands, as one outline (Anglesey joined across the Menai
# Strait, the Isle of Wight left out). North of the board's top row it is only a frame.
LAND: dict[str, list[Point]] = {
    "Great Britain": [
        (-5.2, 56.6), (-2.5, 56.6), (-2.55, 56.28), (-2.85, 56.18), (-3.15, 56.07),
        (-3.45, 56.03), (-3.75, 56.08), (-3.9, 56.1), (-3.6, 56.01), (-3.3, 55.98),
        (-3.05, 55.96), (-2.85, 56.0), (-2.6, 56.06), (-2.45, 55.99), (-2.15, 55.9),
        (-2.0, 55.77), (-1.8, 55.65), (-1.62, 55.5), (-1.55, 55.3), (-1.5, 55.12),
        (-1.42, 55.0), (-1.36, 54.88), (-1.2, 54.7), (-1.15, 54.63), (-1.0, 54.6),
        (-0.75, 54.55), (-0.6, 54.49), (-0.4, 54.28), (-0.15, 54.15), (-0.08, 54.11),
        (-0.2, 54.05), (-0.15, 53.9), (-0.05, 53.75), (0.12, 53.6), (0.05, 53.57),
        (-0.02, 53.55), (0.1, 53.47), (0.27, 53.3), (0.35, 53.15), (0.33, 53.08),
        (0.15, 52.95), (0.0, 52.88), (0.15, 52.8), (0.35, 52.78), (0.5, 52.95),
        (0.9, 52.97), (1.3, 52.94), (1.55, 52.8), (1.74, 52.62), (1.77, 52.45),
        (1.68, 52.3), (1.6, 52.12), (1.4, 51.97), (1.25, 51.87), (1.05, 51.77),
        (0.9, 51.7), (0.95, 51.6), (0.7, 51.53), (0.5, 51.5), (0.6, 51.46),
        (0.85, 51.41), (1.05, 51.36), (1.42, 51.38), (1.43, 51.3), (1.4, 51.2),
        (1.3, 51.12), (1.15, 51.07), (0.98, 50.92), (0.75, 50.9), (0.55, 50.85),
        (0.25, 50.75), (-0.1, 50.81), (-0.4, 50.8), (-0.78, 50.72), (-1.05, 50.77),
        (-1.3, 50.8), (-1.55, 50.73), (-1.85, 50.71), (-1.98, 50.68), (-2.05, 50.6),
        (-2.45, 50.6), (-2.45, 50.52), (-2.9, 50.7), (-3.35, 50.62), (-3.5, 50.5),
        (-3.55, 50.4), (-3.65, 50.23), (-3.95, 50.3), (-4.15, 50.34), (-4.5, 50.33),
        (-4.75, 50.25), (-5.05, 50.05), (-5.6, 50.05), (-5.6, 50.25), (-5.1, 50.45),
        (-4.8, 50.6), (-4.56, 50.8), (-4.53, 51.01), (-4.3, 51.0), (-4.2, 51.07),
        (-4.23, 51.18), (-3.85, 51.23), (-3.47, 51.21), (-3.05, 51.22), (-2.98, 51.35),
        (-2.75, 51.48), (-2.62, 51.58), (-2.5, 51.7), (-2.68, 51.62), (-3.0, 51.53),
        (-3.17, 51.45), (-3.3, 51.39), (-3.7, 51.48), (-3.95, 51.6), (-4.1, 51.56),
        (-4.3, 51.57), (-4.35, 51.7), (-4.7, 51.65), (-4.95, 51.6), (-5.3, 51.75),
        (-5.3, 51.9), (-4.95, 52.02), (-4.65, 52.12), (-4.3, 52.23), (-4.08, 52.4),
        (-4.05, 52.55), (-4.1, 52.75), (-4.15, 52.9), (-4.45, 52.88), (-4.75, 52.78),
        (-4.55, 52.97), (-4.35, 53.1), (-4.5, 53.17), (-4.65, 53.25), (-4.68, 53.32),
        (-4.5, 53.42), (-4.3, 53.43), (-4.05, 53.3), (-3.85, 53.33), (-3.5, 53.33),
        (-3.3, 53.36), (-3.15, 53.28), (-3.1, 53.25), (-3.2, 53.38), (-3.05, 53.44),
        (-3.08, 53.55), (-3.0, 53.65), (-2.95, 53.73), (-3.05, 53.82), (-3.03, 53.93),
        (-2.85, 54.05), (-2.85, 54.18), (-3.1, 54.1), (-3.25, 54.05), (-3.35, 54.25),
        (-3.45, 54.37), (-3.63, 54.5), (-3.57, 54.65), (-3.45, 54.8), (-3.3, 54.92),
        (-3.1, 54.97), (-3.3, 54.98), (-3.6, 54.95), (-4.05, 54.8), (-4.4, 54.7),
        (-4.9, 54.64), (-5.05, 54.8), (-5.15, 55.0), (-4.9, 55.2), (-4.65, 55.45),
        (-4.87, 55.8), (-4.75, 55.95), (-4.9, 56.1), (-5.2, 56.3),
    ],
}

# Rivers that made the canals and then the railways cross water: their hexes are water.
RIVERS: dict[str, list[Point]] = {
    "Thames": [
        (-1.26, 51.75), (-1.1, 51.6), (-0.97, 51.47), (-0.6, 51.48), (-0.3, 51.46),
        (-0.13, 51.5), (0.2, 51.47), (0.45, 51.47),
    ],
    "Severn": [
        (-3.2, 52.55), (-2.75, 52.71), (-2.45, 52.63), (-2.3, 52.4), (-2.22, 52.19),
        (-2.24, 51.86), (-2.5, 51.7),
    ],
    "Trent": [
        (-2.15, 52.98), (-1.85, 52.8), (-1.48, 52.85), (-1.15, 52.93), (-0.85, 53.08),
        (-0.75, 53.3), (-0.7, 53.6), (-0.7, 53.7),
    ],
    "Ouse": [(-1.08, 53.96), (-1.0, 53.85), (-0.9, 53.73), (-0.72, 53.7)],
}

# Uplands: the Southern Uplands and Cheviots, the Lake District, the Pennines from the Tyne
# to the Peak, the North York Moors, the Welsh mountains, Exmoor and Dartmoor.
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Southern Uplands": [(-4.3, 55.3, 30), (-3.4, 55.45, 30), (-2.6, 55.5, 25)],
    "Cheviots": [(-2.3, 55.42, 14)],
    "Lake District": [(-3.25, 54.55, 18), (-2.95, 54.45, 16)],
    "Pennines": [
        (-2.4, 54.9, 14), (-2.25, 54.55, 18), (-2.15, 54.2, 16), (-2.05, 53.85, 12),
        (-1.85, 53.4, 12),
    ],
    "North York Moors": [(-1.1, 54.4, 13), (-0.75, 54.38, 12)],
    "Snowdonia": [(-3.95, 53.05, 18), (-3.7, 52.85, 16)],
    "Cambrian Mountains": [(-3.75, 52.45, 18), (-3.65, 52.1, 18)],
    "Brecon Beacons": [(-3.55, 51.88, 14), (-3.2, 51.9, 10)],
    "Exmoor": [(-3.65, 51.13, 10)],
    "Dartmoor": [(-3.95, 50.6, 14)],
}

# Ridges where the lines over the Pennines needed their long tunnels and summits: the
# watershed between Lancashire and Yorkshire (Standedge, Woodhead, Summit) and Shap.
RIDGES: dict[str, list[Point]] = {
    "Pennine watershed": [(-1.8, 53.3), (-1.95, 53.55), (-2.05, 53.8), (-2.15, 54.05)],
    "Shap": [(-2.95, 54.42), (-2.5, 54.5)],
}

# The Humber, from the North Sea past Spurn Head up to Goole (RW-p15-02): no track crosses it.
HUMBER: list[Point] = [
    (0.4, 53.58), (0.12, 53.59), (-0.1, 53.64), (-0.3, 53.7), (-0.55, 53.71), (-0.87, 53.70),
]
# fmt: on

# Hand corrections after looking at the preview and `railways map check`: coastal hexes from
# which track could go nowhere (a city's spoke would be useless) are taken off the board.
FORCE_ON: set[Hex] = set()
FORCE_OFF: set[Hex] = {
    (7, 11),  # the Tyne mouth east of Newcastle
    (15, 15),  # the Humber mouth between Hull and Grimsby
    (20, 21),
    (21, 21),  # the Norfolk coast east of Norwich
    (25, 20),  # the Orwell estuary below Ipswich
    (29, 20),  # the cliffs north of Dover
}


MAP_HEADER = """\
# The Great Britain board: England, Wales and the south of Scotland in the railway mania
# (1825-1870), from the Firth of Forth to the Channel coast.
#
# Not typed in from the printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right). Sea and hexes only partly on land are "~"; hexes on the Thames,
# the Severn, the Trent and the Yorkshire Ouse are "w"; the Southern Uplands, the Lake
# District, the Pennines, the North York Moors, the Welsh mountains, Exmoor and Dartmoor are
# "m". Ridges follow the Pennine watershed and Shap. The Humber (RW-p15-02) is a line of
# impassable edges from the sea to Goole, also listed as a border of kind "humber" so the
# board's plug-in can name it.
# Regenerate with: python tools/project_map.py great-britain --write
"""


CITIES_HEADER = """\
# Cities of the Great Britain board: the towns that mattered in the railway mania, at their
# real relative positions (projected by tools/project_map.py; in the crowded North and
# Midlands some are moved a hex so that there is a hex between every two cities).
#
# The rulebooks name Hull, Grimsby and Goole (the Humber, RW-p15-02), Leeds, York, Bristol,
# Liverpool and London (Rail Barons, RW-p20-09..18) and the solo set-up's out-of-play cities
# (Edinburgh, Workington, Hull, Skegness, Chester, Shrewsbury, Holyhead, Aberystwyth,
# Barnstaple, Plymouth, Exeter and Bournemouth). Everything else here (the other cities,
# colours, cubes, spokes) is our own. No city stands beyond that ring of out-of-play cities
# (no Glasgow, nothing in Cornwall or north Wales besides Holyhead), as the solo set-up
# leaves the ring's inside in play. Colours are spread so that every region has sources and
# destinations of every colour; the big cities start with 3 cubes, other coloured cities 2,
# gray cities 1.
# Spokes face every neighbouring hex that is on the board.
# Regenerate with: python tools/project_map.py great-britain --write
"""


def humber_edges(geo: Geography, result: Result) -> list[tuple[Hex, str]]:
    """Edges between two hexes on the board whose centres lie either side of the Humber."""
    pts = [geo.to_px(lon, lat) for lon, lat in HUMBER]
    edges: list[tuple[Hex, str]] = []
    for row in range(geo.rows):
        for col in range(geo.cols):
            for side in ("E", "SE", "SW"):
                nrow, ncol = neighbour(row, col, side)
                if not geo.on_grid(nrow, ncol):
                    continue
                if "~" in result.grid[row][col] + result.grid[nrow][ncol]:
                    continue
                c1, c2 = centre(row, col), centre(nrow, ncol)
                if any(segments_cross(c1, c2, a, b) for a, b in itertools.pairwise(pts)):
                    edges.append(((row, col), side))
    return sorted(edges)


def _humber(geo: Geography, result: Result) -> None:
    """No city spoke may face the Humber; the line must cross some edge of the board."""
    edges = humber_edges(geo, result)
    if not edges:
        result.problems.append("the Humber crosses no edge of the board")
    result.blocked.update((at, neighbour(*at, side)) for at, side in edges)


def _humber_toml(geo: Geography, result: Result) -> str:
    edges = "".join(f'    "{r},{c} {side}",\n' for (r, c), side in humber_edges(geo, result))
    return (
        "\n[impassable]\n"
        "# The Humber between Hull, Grimsby and Goole: no track across it (RW-p15-02).\n"
        'source = "rulebook"\n'
        f"edges = [\n{edges}]\n"
        "\n[[border]]\n"
        "# The same edges as a border of its own kind: a refused build names the rule (its\n"
        "# clause), the board's plug-in lists it and the renderer draws the estuary's line.\n"
        'id = "humber"\n'
        'kind = "humber"\n'
        'label = "The Humber"\n'
        'params = { clause = "RW-p15-02" }\n'
        'source = "rulebook"\n'
        f"edges = [\n{edges}]\n"
    )


GEO = Geography(
    id="great-britain",
    name="Great Britain",
    cols=23,
    rows=37,
    lon_w=-4.95,
    lon_e=1.8,
    lat_n=56.1,
    lat_s=50.15,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 5),
    rulesets=("great_britain",),
    ridge_comment=(
        "The Pennine watershed between Lancashire and Yorkshire, and Shap between the Lake\n"
        "District and the Pennines: the summits the northern main lines had to climb."
    ),
    land=LAND,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    land_share=0.6,
    add_specials=_humber,
    extra_toml=_humber_toml,
    modules_toml=CUBES_KEPT,
)
