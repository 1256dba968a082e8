"""Geography of the Western U.S. board (see ``tools/mapgen/__init__.py``).

Regenerate the board with ``python tools/project_map.py western-us --write``.

The board is drawn at the Eastern U.S. board's scale and on the same grid, so that the
Transcontinental game can lay the two side by side: western row ``r`` is eastern row
``r - ROW_OFFSET`` and western column ``c`` is eastern column ``c - COL_OFFSET``. The east edge
follows the Eastern board's west edge: in the rows beside the Eastern board's north-west
(where its columns 0 and 1 are off the board) this board reaches column 30 (eastern column 1),
further south only column 28 (eastern column -1), so no hex is on both boards.
"""

from __future__ import annotations

from mapgen import CUBES_FEWER, CityDef, Geography, MountainPoint, Point, Result

# The Eastern U.S. board's projection (tools/mapgen/eastern_us.py): 34 columns for 31 degrees
# of longitude from 97.5 W, 26 rows for 18 degrees of latitude from 47 N.
EAST_LON_W = -97.5
EAST_LAT_N = 47.0
KX = 33 / 31  # columns per degree of longitude
KY = 25 / 18  # rows per degree of latitude

ROW_OFFSET = 2  # western row r is eastern row r - 2 (an even offset keeps the odd-r shift)
COL_OFFSET = 29  # western column c is eastern column c - 29
COLS = 31
ROWS = 28
EAST_NORTH_LAST_ROW = 13 + ROW_OFFSET  # the Eastern board's columns 0-1 are off to here
SOUTH_EAST_COL = COLS - 1 - 2  # further south the Eastern board has columns 0 and 1

LON_W = EAST_LON_W - COL_OFFSET / KX
LON_E = LON_W + (COLS - 1) / KX
LAT_N = EAST_LAT_N + ROW_OFFSET / KY
LAT_S = LAT_N - (ROWS - 1) / KY


# Hand corrections after looking at the preview: coastal and corner hexes from which track
# could go nowhere (a city's spoke into them would be a dead end).
FORCE_OFF: set[tuple[int, int]] = {(4, 1), (6, 1), (19, 5), (27, 28)}


def _off_board(row: int, col: int) -> bool:
    """South of the Eastern board's north-west corner, its columns 0 and 1 are its own."""
    return row > EAST_NORTH_LAST_ROW and col > SOUTH_EAST_COL


CITIES: list[CityDef] = [
    # Pacific Northwest
    CityDef("seattle", "Seattle", 47.61, -122.33, "purple", 2, (0, 2)),
    CityDef("tacoma", "Tacoma", 47.25, -122.44, "blue", 3, (2, 2)),
    CityDef("portland", "Portland", 45.52, -122.68, "red", 3),
    CityDef("eugene", "Eugene", 44.05, -123.09, "black", 2),
    CityDef("spokane", "Spokane", 47.66, -117.43, "yellow", 2),
    CityDef("richland", "Richland", 46.29, -119.28, "gray", 1),
    CityDef("boise", "Boise", 43.62, -116.20, "blue", 2),
    CityDef("idaho-falls", "Idaho Falls", 43.49, -112.03, "gray", 1),
    # Montana and the Dakotas
    CityDef("missoula", "Missoula", 46.87, -113.99, "gray", 1),
    CityDef("helena", "Helena", 46.59, -112.04, "red", 2, (2, 13)),
    CityDef("butte", "Butte", 46.00, -112.53, "black", 3, (4, 12)),
    CityDef("great-falls", "Great Falls", 47.50, -111.30, "gray", 1),
    CityDef("billings", "Billings", 45.78, -108.50, "purple", 2),
    CityDef("miles-city", "Miles City", 46.41, -105.84, "gray", 1),
    CityDef("bismarck", "Bismarck", 46.81, -100.78, "black", 2),
    CityDef("fargo", "Fargo", 46.88, -96.79, "yellow", 2),
    CityDef("deadwood", "Deadwood", 44.38, -103.73, "black", 2),
    CityDef("pierre", "Pierre", 44.37, -100.35, "gray", 1),
    CityDef("sioux-falls", "Sioux Falls", 43.55, -96.73, "purple", 2, (7, 28)),
    # Wyoming, Nebraska, Colorado and Kansas
    CityDef("cheyenne", "Cheyenne", 41.14, -104.82, "blue", 2),
    CityDef("rock-springs", "Rock Springs", 41.59, -109.20, "gray", 1),
    CityDef("north-platte", "North Platte", 41.12, -100.77, "gray", 1),
    CityDef("omaha", "Omaha", 41.26, -95.93, "red", 3, (10, 30)),
    CityDef("denver", "Denver", 39.74, -104.99, "red", 3),
    CityDef("leadville", "Leadville", 39.25, -106.29, "black", 2),
    CityDef("pueblo", "Pueblo", 38.25, -104.61, "purple", 2),
    CityDef("grand-junction", "Grand Junction", 39.06, -108.55, "gray", 1),
    CityDef("dodge-city", "Dodge City", 37.75, -100.02, "gray", 1),
    CityDef("wichita", "Wichita", 37.69, -97.34, "yellow", 2, (15, 28)),
    CityDef("topeka", "Topeka", 39.05, -95.68, "blue", 2),
    # Utah, Nevada and California
    CityDef("salt-lake-city", "Salt Lake City", 40.76, -111.89, "yellow", 3),
    CityDef("promontory", "Promontory", 41.62, -112.55, "gray", 1, (9, 12)),
    CityDef("elko", "Elko", 40.83, -115.76, "black", 2),
    CityDef("winnemucca", "Winnemucca", 40.97, -117.74, "gray", 1),
    CityDef("reno", "Reno", 39.53, -119.81, "purple", 2),
    CityDef("redding", "Redding", 40.59, -122.39, "gray", 1),
    CityDef("sacramento", "Sacramento", 38.58, -121.49, "yellow", 3, (14, 4)),
    CityDef("san-francisco", "San Francisco", 37.77, -122.42, "red", 3),
    CityDef("fresno", "Fresno", 36.74, -119.79, "blue", 2),
    CityDef("bakersfield", "Bakersfield", 35.37, -119.02, "gray", 1),
    CityDef("los-angeles", "Los Angeles", 34.05, -118.24, "red", 3),
    CityDef("san-diego", "San Diego", 32.72, -117.16, "purple", 2),
    # The South-west
    CityDef("yuma", "Yuma", 32.69, -114.62, "black", 2),
    CityDef("phoenix", "Phoenix", 33.45, -112.07, "yellow", 2),
    CityDef("tucson", "Tucson", 32.22, -110.97, "purple", 2),
    CityDef("flagstaff", "Flagstaff", 35.20, -111.65, "gray", 1),
    CityDef("gallup", "Gallup", 35.53, -108.74, "gray", 1),
    CityDef("albuquerque", "Albuquerque", 35.08, -106.65, "blue", 2),
    CityDef("santa-fe", "Santa Fe", 35.69, -105.94, "gray", 2, (17, 20)),
    CityDef("deming", "Deming", 32.27, -107.76, "gray", 2),
    CityDef("el-paso", "El Paso", 31.76, -106.49, "red", 2),
    # The southern plains
    CityDef("abilene", "Abilene", 32.45, -99.73, "yellow", 2),
    CityDef("amarillo", "Amarillo", 35.22, -101.83, "black", 2),
    CityDef("oklahoma-city", "Oklahoma City", 35.47, -97.52, "purple", 2, (18, 28)),
    CityDef("san-antonio", "San Antonio", 29.42, -98.49, "blue", 3),
]

# -- geography (longitude, latitude) ---------------------------------------------------------------

# fmt: off

# Sea, the Great Salt Lake and Mexico (which the board leaves off): hexes mostly inside these
# are not on the board.
WATER: dict[str, list[Point]] = {
    "Pacific Ocean": [
        (-124.7, 48.4), (-124.6, 47.9), (-124.2, 47.0), (-124.05, 46.3), (-123.95, 45.5),
        (-124.1, 44.5), (-124.3, 43.4), (-124.55, 42.8), (-124.2, 41.8), (-124.1, 41.0),
        (-124.4, 40.4), (-123.8, 39.6), (-123.6, 38.9), (-123.0, 38.3), (-122.5, 37.8),
        (-122.5, 37.2), (-121.9, 36.6), (-121.8, 36.2), (-121.3, 35.6), (-120.9, 35.2),
        (-120.6, 34.6), (-119.7, 34.4), (-118.8, 34.0), (-118.4, 33.8), (-117.9, 33.6),
        (-117.3, 33.0), (-117.2, 32.6), (-117.1, 32.5), (-117.1, 25.0), (-135.0, 25.0),
        (-135.0, 52.0), (-124.7, 52.0),
    ],
    "Great Salt Lake": [
        (-112.95, 41.65), (-112.5, 41.75), (-112.1, 41.55), (-112.0, 41.05), (-112.2, 40.7),
        (-112.6, 40.85), (-113.0, 41.2),
    ],
    # Mexico, drawn 0.3 degrees south of the border so that hexes half on the border stay.
    "Mexico": [
        (-117.1, 32.2), (-114.72, 32.42), (-114.8, 32.2), (-111.07, 31.03), (-108.21, 31.03),
        (-108.21, 31.48), (-106.53, 31.48), (-106.0, 31.1), (-105.0, 30.4), (-104.5, 29.3),
        (-103.2, 28.68), (-102.4, 29.5), (-101.4, 29.47), (-100.6, 28.6), (-99.5, 27.2),
        (-99.5, 25.0), (-117.1, 25.0),
    ],
}

# Great rivers: every hex a river runs through is a water hex. They begin where they leave the
# mountains (a canyon is a mountain hex). The Missouri, the Arkansas and
# the Red run on onto the Eastern board (RW-p9-20); the Mississippi does not come this far.
RIVERS: dict[str, list[Point]] = {
    "Columbia": [
        (-117.6, 48.6), (-118.2, 47.95), (-119.0, 47.95), (-119.9, 47.3), (-119.9, 46.7),
        (-119.3, 46.2), (-119.9, 45.9), (-120.7, 45.7), (-121.2, 45.6), (-122.2, 45.55),
        (-122.8, 45.7), (-123.0, 46.1), (-123.9, 46.2),
    ],
    "Snake": [
        (-111.0, 44.0), (-112.03, 43.49), (-112.45, 42.9), (-113.5, 42.6), (-114.4, 42.6),
        (-115.4, 42.95), (-116.4, 43.4), (-116.9, 43.8), (-116.8, 45.0), (-117.0, 46.4),
        (-118.0, 46.6), (-119.0, 46.2),
    ],
    "Missouri": [
        (-111.5, 45.9), (-111.3, 47.5), (-109.5, 47.7), (-107.5, 47.65), (-106.3, 48.0),
        (-104.0, 48.0), (-102.3, 47.6), (-101.4, 47.4), (-100.8, 46.8), (-100.6, 45.7),
        (-100.35, 44.37), (-99.4, 43.3), (-97.4, 42.87), (-96.4, 42.5), (-95.93, 41.26),
        (-95.85, 40.6),
    ],
    "Yellowstone": [
        (-110.6, 45.6), (-108.5, 45.78), (-107.2, 46.1), (-105.84, 46.41), (-104.0, 47.98),
    ],
    "Platte": [
        (-106.3, 42.85), (-104.2, 42.1), (-102.5, 41.4), (-100.77, 41.12), (-98.9, 40.7),
        (-97.5, 41.2), (-96.0, 41.0),
    ],
    "Arkansas": [
        (-104.9, 38.35), (-104.61, 38.25), (-102.6, 38.05), (-100.02, 37.75),
        (-98.8, 38.35), (-97.34, 37.69), (-97.0, 37.0), (-96.5, 36.6),
    ],
    "Red": [
        (-101.4, 34.9), (-100.0, 34.56), (-99.0, 34.2), (-98.0, 34.1), (-97.6, 33.9),
    ],
    "Rio Grande": [
        (-106.1, 36.0), (-106.6, 35.1), (-106.9, 34.0), (-107.2, 33.2),
        (-106.8, 32.3), (-106.5, 31.8), (-106.0, 31.45), (-105.0, 30.75), (-104.5, 29.7),
    ],
    "Colorado": [
        (-108.55, 39.06), (-109.6, 38.6), (-110.1, 37.6), (-111.5, 36.9),
        (-112.1, 36.1), (-113.5, 36.1), (-114.7, 36.0), (-114.6, 35.1), (-114.4, 34.3),
        (-114.6, 32.8),
    ],
    "Sacramento": [
        (-122.39, 40.59), (-122.1, 39.6), (-121.6, 38.9), (-121.5, 38.58), (-121.9, 38.05),
    ],
}

# Mountain chains: an axis of (longitude, latitude, half-width in km); hexes whose centre lies
# within the half-width of the axis are mountains.
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Olympics": [(-123.6, 47.8, 35)],
    "Cascades": [
        (-121.4, 48.4, 50), (-121.6, 47.4, 45), (-121.7, 46.3, 40), (-121.9, 45.1, 35),
        (-122.0, 44.0, 40), (-122.2, 42.9, 40), (-122.2, 41.6, 50),
    ],
    "Klamath Mountains": [(-123.5, 42.4, 45), (-123.2, 41.0, 45)],
    "Sierra Nevada": [
        (-121.1, 40.3, 35), (-120.4, 39.3, 45), (-119.6, 38.2, 50), (-118.8, 37.2, 50),
        (-118.3, 36.2, 45), (-118.4, 35.4, 30),
    ],
    "Transverse Ranges": [(-118.3, 34.4, 25), (-117.0, 34.2, 25)],
    "Blue Mountains": [(-118.3, 45.3, 40), (-117.4, 44.8, 45)],
    "Idaho ranges": [
        (-114.3, 47.4, 55), (-115.0, 46.4, 70), (-115.2, 45.1, 85), (-114.8, 44.1, 60),
    ],
    "Montana Rockies": [(-113.7, 48.3, 45), (-112.7, 47.2, 35), (-111.6, 45.3, 45)],
    "Yellowstone and the Tetons": [
        (-110.6, 45.0, 50), (-110.6, 44.0, 60), (-110.5, 43.0, 45), (-109.3, 42.8, 35),
    ],
    "Bighorns": [(-107.4, 44.9, 30), (-107.1, 44.1, 30)],
    "Black Hills": [(-103.7, 44.0, 30)],
    "Wasatch and Uintas": [(-111.6, 41.8, 25), (-111.6, 40.4, 30), (-110.3, 40.7, 40)],
    "Colorado Rockies": [
        (-106.0, 41.0, 55), (-105.8, 40.2, 80), (-106.3, 39.3, 105), (-106.9, 38.4, 105),
        (-107.6, 37.7, 90), (-106.2, 37.0, 50), (-105.6, 36.2, 40),
    ],
    "Mogollon Rim": [(-111.8, 34.6, 35), (-110.3, 34.1, 35), (-108.8, 33.4, 45)],
    "Sacramento Mountains": [(-105.7, 33.3, 35)],
    "Great Basin ranges": [(-115.4, 40.5, 25), (-117.1, 39.3, 25)],
}

# Ridge lines: every hex edge crossed by these lines is a ridge. The Sierra Nevada's steep
# east face, the Cascade crest either side of the Columbia's gorge, the Wasatch front and the
# Front Range of the Rockies; the gaps between pieces are the passes (the Columbia gorge, the
# way round the Sierra in Oregon and through Tehachapi, South Pass in Wyoming and Raton Pass).
RIDGES: dict[str, list[Point]] = {
    "Sierra Nevada escarpment": [
        (-120.4, 40.2), (-120.0, 39.3), (-119.3, 38.2), (-118.5, 37.0), (-118.1, 36.0),
    ],
    "Cascade crest (Washington)": [(-121.3, 48.4), (-121.4, 47.2), (-121.7, 45.9)],
    "Cascade crest (Oregon)": [(-121.9, 45.3), (-122.0, 43.5)],
    "Wasatch front": [(-111.75, 41.3), (-111.65, 39.9)],
    "Front Range": [(-105.3, 40.9), (-105.3, 39.2), (-105.0, 38.0), (-105.1, 37.3)],
}
# fmt: on


MAP_HEADER = """\
# The Western U.S. board: the American West of the railway age (1850-1900), from the Pacific
# to the Dakotas, Kansas and Oklahoma.
#
# Not typed in from the printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right), at the Eastern U.S. board's scale: row r, column c here is row
# r - 2, column c - 29 of the Eastern board, so the east edge of this board meets the Eastern
# board's west edge (the Transcontinental game, RW-p9-20). The Pacific, the Great Salt Lake and
# Mexico are "~"; hexes on the great rivers (Columbia, Snake, Missouri, Yellowstone, Platte,
# Arkansas, Red, Rio Grande, Colorado, Sacramento) are "w"; the Cascades, the Sierra Nevada, the
# Rockies and the other ranges are "m". Ridges run along the Sierra Nevada's east face, the
# Cascade crest, the Wasatch front and the Front Range; the passes between them (the Columbia
# gorge, South Pass, Raton Pass, Tehachapi) cross none.
# Regenerate with: python tools/project_map.py western-us --write
"""


CITIES_HEADER = """\
# Cities of the Western U.S. board: the places that mattered in the railway age 1850-1900, at
# their real relative positions (projected by tools/project_map.py; a few are moved a hex so
# that there is a hex between every two cities, or onto this board's side of the seam with the
# Eastern U.S. board).
#
# The rulebooks name: the six City Rotor cities San Francisco, Tacoma, Denver, Butte, Salt Lake
# City and Oklahoma City (RW-p12-09..11); the Rail Barons' Tacoma, Billings, Portland, San
# Francisco, Deming, and the cities to urbanize Dodge City, Santa Fe, Richland and Idaho Falls
# (RW-p19-48, RW-p20-01..08), which are therefore gray; Sacramento (Sutter's Mill, RW-p22-19);
# San Francisco, Promontory and Omaha (Golden Spike, RW-p21-27); and for the Transcontinental
# game Elko and Dodge City (start cards, RW-p8-31), Albuquerque, Billings and Denver (Major
# Lines), Grand Junction, Gallup, Fargo and Topeka (its Rail Barons, RW-p20-33..42). Fort Worth,
# the fourth Transcontinental Major Line's western end, lies on the Eastern board's west edge
# in this edition. Everything else (the other cities, colours, cubes, spokes) is our own.
# The six rotor cities carry one colour each of red, yellow, blue, purple and black (San
# Francisco and Denver both red); big old cities start with 3 cubes, other coloured cities 2,
# gray cities 1 (the old towns Santa Fe and Deming 2).
# Spokes face every neighbouring hex that is on the board.
# Regenerate with: python tools/project_map.py western-us --write
"""

# The modules the rulebook plays this board with (RW-p12-05..14): City Rotors on six cities,
# each set to its own colour, and Fuel Depots.
ROTOR_CITIES = (
    "san-francisco", "tacoma", "denver", "butte", "salt-lake-city", "oklahoma-city",
)  # fmt: skip


def _modules_toml(geo: Geography, result: Result) -> str:
    cities = ", ".join(f'"{c}"' for c in ROTOR_CITIES)
    return (
        "\n[modules]\n"
        "# Played with City Rotors and Fuel Depots unless the players leave either out\n"
        "# (RW-p12-05..14; `--without city-rotors`, `--without fuel-depots`).\n"
        'default = ["city-rotors", "fuel-depots"]\n'
        'source = "rulebook"\n'
        "\n"
        "[modules.city-rotors]\n"
        "# The six recommended rotor cities, each rotor of its city's colour (RW-p12-05..11).\n"
        f"cities = [{cities}]\n"
    )


GEO = Geography(
    id="western-us",
    name="Western U.S.",
    cols=COLS,
    rows=ROWS,
    lon_w=LON_W,
    lon_e=LON_E,
    lat_n=LAT_N,
    lat_s=LAT_S,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 6),
    rulesets=("western_us",),
    ridge_comment=(
        "The Sierra Nevada's east face, the Cascade crest, the Wasatch front and the Front\n"
        "Range. Going over the Sierra or the Rockies pays for it; the passes do not."
    ),
    water=WATER,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_off=FORCE_OFF,
    off_board=_off_board,
    extra_toml=_modules_toml,
    modules_toml=CUBES_FEWER,
)
