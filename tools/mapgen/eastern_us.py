"""Geography of the Eastern U.S. board (see ``tools/mapgen/__init__.py``).

Regenerate the board with ``python tools/project_map.py eastern-us --write``.
"""

from __future__ import annotations

from mapgen import CUBES_FEWER, CityDef, Geography, MountainPoint, Point, Result, neighbour

# The north-west of the board (Minnesota to Kansas) ends at column WEST_EDGE_COL so that the
# two Western Link hexes sit on the board's edge; Oklahoma and Texas reach further west.
WEST_EDGE_COL = 2
WEST_EDGE_LAST_ROW = 13

# Hand corrections after looking at the preview: hexes forced on or off the board.
# fmt: off
FORCE_ON: set[tuple[int, int]] = {
    (8, 26), (10, 25),  # the shores either side of New York harbour, so it has four spokes
    (7, 28), (8, 27),  # the Rhode Island and Plymouth shores, so Providence is not cut off
    (13, 22), (15, 22),  # the shores of Hampton Roads either side of Norfolk
}
# fmt: on
FORCE_OFF: set[tuple[int, int]] = set()

CITIES: list[CityDef] = [
    # Northeast and Canada
    CityDef("new-york", "New York", 40.71, -74.01, "red", 4, (9, 25)),
    CityDef("philadelphia", "Philadelphia", 39.95, -75.17, "blue", 4, (10, 24)),
    CityDef("boston", "Boston", 42.36, -71.06, "yellow", 2, (6, 28)),
    CityDef("providence", "Providence", 41.82, -71.41, "black", 2, (8, 28)),
    CityDef("new-haven", "New Haven", 41.31, -72.92, "gray", 1, (7, 26)),
    CityDef("albany", "Albany", 42.65, -73.75, "purple", 2, (6, 25)),
    CityDef("syracuse", "Syracuse", 43.05, -76.15, "gray", 1, (6, 23)),
    CityDef("buffalo", "Buffalo", 42.89, -78.88, "red", 2, (6, 20)),
    CityDef("toronto", "Toronto", 43.65, -79.38, "blue", 2, (4, 19)),
    CityDef("montreal", "Montreal", 45.50, -73.57, "yellow", 3, (2, 25)),
    CityDef("portland", "Portland", 43.66, -70.26, "gray", 2, (4, 29)),
    CityDef("baltimore", "Baltimore", 39.29, -76.61, "purple", 4, (11, 22)),
    CityDef("washington", "Washington", 38.91, -77.04, "black", 3, (12, 21)),
    CityDef("harrisburg", "Harrisburg", 40.27, -76.88, "gray", 1, (9, 21)),
    CityDef("pittsburgh", "Pittsburgh", 40.44, -80.00, "black", 3, (9, 18)),
    # Great Lakes and Ohio valley
    CityDef("chicago", "Chicago", 41.88, -87.63, "red", 3, (7, 10)),
    CityDef("milwaukee", "Milwaukee", 43.04, -87.91, "yellow", 2, (5, 10)),
    CityDef("detroit", "Detroit", 42.33, -83.05, "purple", 3, (7, 15)),
    CityDef("cleveland", "Cleveland", 41.50, -81.69, "blue", 3, (8, 17)),
    CityDef("columbus", "Columbus", 39.96, -83.00, "yellow", 2, (10, 15)),
    CityDef("cincinnati", "Cincinnati", 39.10, -84.51, "black", 3, (11, 13)),
    CityDef("indianapolis", "Indianapolis", 39.77, -86.16, "purple", 2, (10, 12)),
    CityDef("louisville", "Louisville", 38.25, -85.76, "blue", 3, (12, 12)),
    CityDef("springfield", "Springfield", 39.78, -89.65, "yellow", 2, (10, 8)),
    CityDef("st-louis", "St. Louis", 38.63, -90.20, "red", 3, (12, 8)),
    # Plains and Texas
    CityDef("duluth", "Duluth", 46.79, -92.10, "black", 2, (0, 6)),
    CityDef("minneapolis", "Minneapolis", 44.98, -93.27, "red", 2, (3, 4)),
    CityDef("des-moines", "Des Moines", 41.59, -93.62, "blue", 2, (8, 3)),
    CityDef("kansas-city", "Kansas City", 39.10, -94.58, "purple", 3, (11, 3)),
    CityDef("tulsa", "Tulsa", 36.15, -95.99, "gray", 1, (15, 1)),
    CityDef("dallas", "Dallas", 32.78, -96.80, "red", 2, (19, 1)),
    CityDef("fort-worth", "Fort Worth", 32.75, -97.33, "black", 2, (20, 0)),
    CityDef("houston", "Houston", 29.76, -95.37, "blue", 2, (24, 2)),
    CityDef("shreveport", "Shreveport", 32.53, -93.75, "purple", 2, (20, 4)),
    CityDef("little-rock", "Little Rock", 34.75, -92.29, "yellow", 2, (17, 5)),
    # South
    CityDef("memphis", "Memphis", 35.15, -90.05, "purple", 3, (16, 8)),
    CityDef("nashville", "Nashville", 36.16, -86.78, "yellow", 2, (14, 11)),
    CityDef("knoxville", "Knoxville", 35.96, -83.92, "gray", 1, (15, 14)),
    CityDef("chattanooga", "Chattanooga", 35.05, -85.31, "black", 2, (16, 12)),
    CityDef("atlanta", "Atlanta", 33.75, -84.39, "red", 3, (18, 14)),
    CityDef("montgomery", "Montgomery", 32.37, -86.30, "blue", 3, (20, 12)),
    CityDef("jackson", "Jackson", 32.30, -90.18, "gray", 1, (20, 8)),
    CityDef("new-orleans", "New Orleans", 29.95, -90.07, "red", 3, (24, 8)),
    CityDef("mobile", "Mobile", 30.69, -88.04, "purple", 2, (22, 10)),
    # South Atlantic
    CityDef("richmond", "Richmond", 37.54, -77.44, "red", 3, (14, 21)),
    CityDef("norfolk", "Norfolk", 36.85, -76.29, "blue", 3, (14, 23)),
    CityDef("raleigh", "Raleigh", 35.78, -78.64, "gray", 1, (16, 19)),
    CityDef("wilmington", "Wilmington", 34.23, -77.94, "yellow", 3, (18, 20)),
    CityDef("charleston", "Charleston", 32.78, -79.93, "purple", 4, (19, 18)),
    CityDef("augusta", "Augusta", 33.47, -81.97, "gray", 1, (19, 16)),
    CityDef("savannah", "Savannah", 32.08, -81.09, "black", 3, (21, 17)),
    CityDef("jacksonville", "Jacksonville", 30.33, -81.66, "gray", 2, (23, 16)),
]

# Western Link hexes: directly west of these cities (RW-p10-13).
WESTERN_LINKS = {"kansas-city": "western-link-kansas-city", "des-moines": "western-link-des-moines"}

# -- geography (longitude, latitude) ---------------------------------------------------------------

# The tables below keep several points to a line; the formatter would put each on its own.
# fmt: off

# Sea and large lakes: hexes mostly inside these are not on the board.
WATER: dict[str, list[Point]] = {
    "Gulf of Mexico": [
        (-99.0, 26.0), (-97.4, 27.8), (-96.8, 28.2), (-95.4, 28.9), (-94.8, 29.3),
        (-93.9, 29.7), (-93.3, 29.76), (-92.3, 29.55), (-91.3, 29.3), (-90.5, 29.1),
        (-89.9, 29.25), (-89.2, 29.0), (-89.4, 29.9), (-89.3, 30.3), (-88.5, 30.38),
        (-88.05, 30.25), (-87.5, 30.3), (-86.5, 30.4), (-85.7, 30.1), (-85.3, 29.7),
        (-84.4, 29.9), (-83.4, 29.6), (-82.8, 29.0), (-82.7, 26.0),
    ],
    "Atlantic Ocean": [
        (-80.5, 26.0), (-81.0, 29.2), (-81.3, 29.9), (-81.4, 30.3), (-81.4, 31.0),
        (-81.2, 31.6), (-80.85, 32.0), (-80.4, 32.5), (-79.85, 32.75), (-79.2, 33.2),
        (-78.85, 33.7), (-77.95, 33.85), (-77.5, 34.4), (-76.5, 34.65), (-76.3, 35.2),
        (-76.0, 35.5), (-75.9, 36.2), (-76.0, 36.9), (-75.97, 37.15), (-75.6, 37.6),
        (-75.2, 38.1), (-75.05, 38.8), (-74.95, 38.93), (-74.4, 39.36), (-74.05, 40.0),
        (-74.0, 40.45), (-73.9, 40.6), (-73.75, 40.8), (-73.65, 41.0), (-73.0, 41.22),
        (-72.0, 41.3), (-71.4, 41.45), (-71.0, 41.5), (-70.65, 41.55), (-70.0, 41.65),
        (-69.95, 41.9), (-70.05, 42.05), (-70.5, 41.8), (-70.95, 42.25), (-71.0, 42.35),
        (-70.8, 42.5), (-70.6, 42.65), (-70.8, 42.9), (-70.7, 43.1), (-70.2, 43.6),
        (-69.5, 43.85), (-68.8, 44.2), (-68.0, 44.4), (-67.2, 44.6), (-66.95, 44.85),
        (-66.6, 45.1), (-66.0, 45.25), (-63.0, 46.0), (-60.0, 26.0),
    ],
    "Chesapeake Bay": [
        (-76.0, 36.95), (-76.3, 37.0), (-76.35, 37.6), (-76.25, 38.3), (-76.45, 38.9),
        (-76.4, 39.3), (-76.1, 39.55), (-75.95, 39.4), (-76.15, 38.9), (-76.0, 38.3),
        (-75.95, 37.9), (-75.97, 37.15),
    ],
    "Delaware Bay": [
        (-75.05, 38.8), (-75.5, 39.3), (-75.55, 39.6), (-75.3, 39.45), (-74.95, 38.93),
    ],
    "Lake Superior": [
        (-92.1, 46.72), (-90.9, 46.6), (-89.3, 46.87), (-87.8, 47.47), (-87.4, 46.55),
        (-86.6, 46.42), (-85.0, 46.77), (-84.6, 46.5), (-84.6, 47.0), (-84.9, 48.0),
        (-89.2, 48.4), (-90.33, 47.75), (-91.67, 47.02),
    ],
    "Lake Michigan": [
        (-87.53, 41.68), (-87.8, 42.5), (-87.9, 43.05), (-87.65, 44.0), (-87.5, 44.5),
        (-87.9, 44.6), (-87.0, 45.3), (-86.9, 45.8), (-85.5, 46.0), (-84.7, 45.8),
        (-85.0, 45.4), (-85.6, 45.2), (-86.25, 44.2), (-86.45, 43.6), (-86.2, 42.8),
        (-86.48, 42.1), (-87.0, 41.7), (-87.3, 41.62),
    ],
    "Lake Huron": [
        (-84.7, 45.85), (-83.4, 45.1), (-83.3, 44.3), (-83.9, 43.7), (-82.9, 44.05),
        (-82.45, 43.05), (-81.7, 43.35), (-81.7, 43.8), (-81.25, 44.7), (-80.1, 44.5),
        (-79.7, 44.75), (-80.4, 45.4), (-80.9, 46.0), (-82.5, 46.1), (-84.1, 46.25),
    ],
    "Lake Erie": [
        (-83.45, 41.72), (-82.7, 41.45), (-81.7, 41.52), (-80.5, 41.98), (-79.8, 42.25),
        (-78.9, 42.85), (-79.6, 42.85), (-80.2, 42.6), (-81.2, 42.65), (-81.85, 42.3),
        (-82.5, 41.95), (-83.15, 42.05),
    ],
    "Lake Ontario": [
        (-79.85, 43.27), (-79.1, 43.25), (-77.6, 43.28), (-76.5, 43.48), (-76.2, 43.95),
        (-76.4, 44.2), (-77.2, 44.0), (-78.3, 43.95), (-79.0, 43.85), (-79.4, 43.63),
    ],
}

# Great rivers: every hex a river runs through is a water hex.
RIVERS: dict[str, list[Point]] = {
    "Mississippi": [
        (-93.26, 44.98), (-92.53, 44.56), (-91.25, 43.8), (-91.15, 43.05), (-90.66, 42.5),
        (-90.19, 41.84), (-90.58, 41.52), (-91.05, 41.42), (-91.1, 40.8), (-91.4, 40.4),
        (-91.4, 39.93), (-91.36, 39.7), (-90.7, 39.0), (-90.18, 38.63), (-90.05, 37.98),
        (-89.52, 37.3), (-89.17, 37.0), (-89.53, 36.59), (-89.7, 36.0), (-90.07, 35.14),
        (-90.59, 34.53), (-91.15, 33.78), (-91.06, 33.4), (-90.88, 32.35), (-91.4, 31.56),
        (-91.65, 31.0), (-91.19, 30.45), (-90.9, 30.1), (-90.07, 29.95), (-89.6, 29.5),
    ],
    "Ohio": [
        (-80.0, 40.44), (-80.6, 40.65), (-80.72, 40.07), (-81.55, 39.27), (-82.13, 38.84),
        (-82.45, 38.42), (-82.99, 38.73), (-83.75, 38.65), (-84.51, 39.1), (-85.38, 38.73),
        (-85.76, 38.25), (-86.3, 38.0), (-87.1, 37.77), (-87.57, 37.97), (-88.13, 37.69),
        (-88.6, 37.08), (-89.17, 37.0),
    ],
    "Missouri": [
        (-96.4, 42.5), (-95.93, 41.26), (-95.85, 40.6), (-94.85, 39.77), (-95.12, 39.56),
        (-94.92, 39.31), (-94.58, 39.11), (-93.88, 39.18), (-92.84, 39.23), (-92.74, 38.97),
        (-92.17, 38.58), (-91.43, 38.7), (-90.48, 38.78), (-90.12, 38.81),
    ],
    "Tennessee": [
        (-83.92, 35.96), (-84.3, 35.8), (-84.8, 35.4), (-85.31, 35.05), (-85.75, 34.72),
        (-86.29, 34.36), (-86.98, 34.61), (-87.68, 34.8), (-88.2, 35.0), (-88.25, 35.6),
        (-87.97, 36.05), (-88.2, 36.6), (-88.6, 37.08),
    ],
    "Hudson": [
        (-73.69, 42.73), (-73.75, 42.65), (-73.8, 42.2), (-73.93, 41.7), (-73.95, 41.3),
        (-73.95, 40.9), (-74.01, 40.7),
    ],
    "St. Lawrence": [
        (-76.5, 44.2), (-75.7, 44.6), (-75.5, 44.7), (-74.73, 45.02), (-74.2, 45.25),
        (-73.55, 45.5), (-73.1, 46.05), (-72.55, 46.35), (-71.8, 46.6), (-71.2, 46.8),
        (-70.5, 47.1),
    ],
    "Susquehanna": [
        (-75.9, 42.1), (-76.5, 41.95), (-75.88, 41.25), (-76.4, 41.0),
        (-76.8, 40.86), (-76.88, 40.27), (-76.4, 39.95), (-76.1, 39.55),
    ],
    "Red": [
        (-97.6, 33.9), (-96.6, 33.85), (-95.5, 33.8), (-94.5, 33.6), (-93.8, 33.6),
        (-93.85, 33.0), (-93.75, 32.5), (-93.4, 32.0), (-93.1, 31.75), (-92.45, 31.3),
        (-91.65, 31.0),
    ],
    "Arkansas": [
        (-97.6, 37.2), (-97.0, 37.0), (-96.5, 36.6), (-95.99, 36.15), (-95.3, 35.75),
        (-94.42, 35.39), (-93.1, 35.3), (-92.27, 34.75), (-92.0, 34.22), (-91.15, 33.78),
    ],
}

# Mountain chains: an axis of (longitude, latitude, half-width in km); hexes whose centre lies
# within the half-width of the axis are mountains.
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Appalachians": [
        (-86.6, 33.6, 50), (-85.6, 34.3, 80), (-84.3, 35.0, 95), (-83.2, 35.7, 100),
        (-82.0, 36.3, 110), (-80.8, 37.3, 115), (-79.8, 38.3, 115), (-79.0, 39.3, 110),
        (-78.2, 40.2, 100), (-77.2, 41.0, 90), (-76.0, 41.6, 70), (-74.6, 42.1, 55),
    ],
    "Adirondacks": [(-74.9, 43.6, 60), (-74.0, 44.3, 60)],
    "Green Mountains": [(-73.2, 42.6, 35), (-72.9, 43.4, 45), (-72.7, 44.6, 45)],
    "White Mountains and Maine": [
        (-71.6, 44.0, 45), (-71.2, 44.5, 60), (-70.5, 45.2, 60), (-69.5, 45.8, 70),
    ],
    "Ozarks": [(-93.6, 35.9, 30), (-92.5, 36.6, 40), (-91.6, 37.2, 25)],
}

# Ridge lines along the Appalachian front: every hex edge crossed by these lines is a ridge.
# The gaps between pieces are the passes. The Hudson-Mohawk route (Albany-Buffalo) has none,
# nor has the way round the south end through Georgia.
RIDGES: dict[str, list[Point]] = {
    "Allegheny Front": [
        (-77.2, 41.6), (-78.3, 40.6), (-78.8, 39.7), (-79.5, 38.7), (-80.3, 37.8),
    ],
    "Blue Ridge": [
        (-77.6, 39.4), (-78.4, 38.5), (-79.6, 37.4), (-80.6, 36.6), (-81.8, 36.1),
        (-83.0, 35.5), (-84.0, 34.9),
    ],
}
# fmt: on


MAP_HEADER = """\
# The Eastern U.S. board: the eastern half of North America in the first fifty years of the
# railway era (1830-1880), from Minnesota, Kansas and Texas to the Atlantic.
#
# Not typed in from the printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right). Sea, the Great Lakes and hexes only partly on land are "~";
# hexes on the great rivers (Mississippi, Ohio, Missouri, Tennessee, Hudson, St. Lawrence,
# Susquehanna, Red, Arkansas) are "w"; the Appalachians, Adirondacks, the New England ranges
# and a little of the Ozarks are "m". Ridges follow the Allegheny Front and the Blue Ridge; the
# Hudson-Mohawk valley and the way round through Georgia cross none.
# Regenerate with: python tools/project_map.py eastern-us --write
"""


CITIES_HEADER = """\
# Cities of the Eastern U.S. board: the places that mattered in the railway era 1830-1880, at
# their real relative positions (projected by tools/project_map.py; some, mostly in the
# crowded Northeast, are moved a hex so that there is a hex between every two cities).
#
# The rulebooks name New York, Chicago, Kansas City and Des Moines (Western Link, RW-p10),
# Mobile (a Rail Baron, RW-p19-12), the solo set-up's out-of-play cities (Boston, Providence,
# New Haven, Albany, Buffalo, Toronto, Duluth, Tulsa, Little Rock, Shreveport and Dallas,
# RB-097) and, for the Transcontinental game, St. Louis, Memphis, New Orleans, Fort Worth and
# Charleston. Everything else here (the other cities, colours, cubes, spokes) is our own.
# Chicago is red because red cubes from the Western Link cities are delivered there
# (RW-p10-15). Colours are spread so that every region has sources and destinations of
# every colour; big old cities start with 3 cubes (the four great ports of the east coast,
# New York, Philadelphia, Baltimore and Charleston, 4), other coloured cities 2, gray cities 1
# (the ports Portland and Jacksonville 2). The coloured cities of the east coast (Washington,
# Norfolk, Wilmington, Savannah, Montgomery) start with 3, the four ports with 4, and Boston
# and Buffalo with 2 since issue 15: the solo game takes a cube off every city (RB-098) and
# keeps the player east of the mountains until 30 points (RB-100), and with one cube in most
# eastern cities it could not be won; 122 cubes start on the board, within the bag's 125.
# docs/content.md has the measurements.
# Spokes face every neighbouring hex that is on the board.
# Regenerate with: python tools/project_map.py eastern-us --write
"""


def _western_links(geo: Geography, result: Result) -> None:
    """Western Link hexes: west of their city, with nothing further west in that row."""
    for city_id, special_id in WESTERN_LINKS.items():
        row, col = neighbour(*result.cities[city_id], "W")
        result.grid[row][col] = "S"
        result.specials[special_id] = ((row, col), city_id)
        if any(result.grid[row][c] != "~" for c in range(col)):
            result.problems.append(
                f"{special_id} at {row},{col} is not on the west edge of the board"
            )


def _western_link_toml(geo: Geography, result: Result) -> str:
    out = []
    for special_id, ((row, col), city_id) in result.specials.items():
        out.append("\n[[special]]\n")
        out.append(f"# The Western Link hex west of {city_id}, on the board's edge (RW-p10-13).\n")
        out.append(f'id = "{special_id}"\n')
        out.append('kind = "western_link"\n')
        out.append(f'at = "{row},{col}"\n')
        out.append(f'city = "{city_id}"\n')
        out.append("params = { cost = 30 }\n")
        out.append('source = "rulebook"\n')
    return "".join(out)


GEO = Geography(
    id="eastern-us",
    name="Eastern U.S.",
    cols=34,
    rows=26,
    lon_w=-97.5,
    lon_e=-66.5,
    lat_n=47.0,
    lat_s=29.0,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 6),
    rulesets=("western_link",),
    ridge_comment=(
        "Allegheny Front (Pennsylvania to West Virginia) and Blue Ridge (Maryland to\n"
        "Georgia). Crossing the mountains in Pennsylvania or Virginia pays for them."
    ),
    water=WATER,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    off_board=lambda row, col: row <= WEST_EDGE_LAST_ROW and col < WEST_EDGE_COL,
    add_specials=_western_links,
    extra_toml=_western_link_toml,
    modules_toml=CUBES_FEWER,
)
