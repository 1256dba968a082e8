"""Geography of the North America board, Railways of North America (see ``tools/mapgen``).

Regenerate the board with ``python tools/project_map.py north-america --write``.

The board is Canada from the Yukon and the Alaska panhandle to Newfoundland, with the
American cities along the border that Canadian railways reached (Seattle, Spokane, Portland
in Maine). Two rules of the map need hand work after the projection: the ferries (RW-p15-15)
join the two island cities, Iqaluit on Baffin Island and St. John on Newfoundland, to the
mainland, and the snow line (RW-p15-13) runs along a row boundary about halfway down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from mapgen import (
    CUBES_FEWER,
    CityDef,
    Geography,
    Hex,
    MountainPoint,
    Point,
    Result,
    hex_samples,
    inside,
    neighbour,
)

SIDES = ("E", "NE", "NW", "W", "SW", "SE")

# The snow line is the boundary between this row and the next (RW-p15-13: "about halfway
# between the north and south edges" of a 32-row board).
SNOW_LINE_ROW = 15
SNOW_SURCHARGE = 1  # $1,000 more for every tile north of the line (RW-p15-13)

# The island cities and the ferry spots beside them (RW-p15-15: six ferry spots, outside
# Iqaluit and St. John). Baffin Island and Newfoundland are left off the board but for the
# city hex, so a ferry is the only way in. Iqaluit is at its true place; St. John (St. John's,
# Newfoundland) is drawn at the west of its island, three hexes from its true place, so that
# its ferries reach Labrador and Cape Breton.
ISLAND_CITIES: dict[str, Hex] = {"iqaluit": (5, 31), "st-john": (17, 44)}
FERRIES: dict[str, tuple[str, Hex]] = {
    "ferry-iqaluit-w": ("iqaluit", (5, 30)),
    "ferry-iqaluit-se": ("iqaluit", (6, 32)),
    "ferry-iqaluit-e": ("iqaluit", (5, 32)),
    "ferry-st-john-nw": ("st-john", (16, 44)),
    "ferry-st-john-w": ("st-john", (17, 43)),
    "ferry-st-john-sw": ("st-john", (18, 44)),
}
# Open water that is on the board all the same (RW-p15-14: a fully outlined hex is a water
# hex that may be built on): Hudson Strait below Iqaluit, the Strait of Belle Isle and the
# Cabot Strait beside St. John. The ferries lead onto these.
# fmt: off
OPEN_WATER: set[Hex] = {
    (6, 29), (6, 30), (6, 31), (6, 33),
    (7, 29), (7, 30), (7, 31), (7, 32), (7, 33), (7, 34),
    (8, 29), (8, 30), (8, 31), (8, 32), (8, 33), (8, 34),
    (16, 43), (17, 42), (19, 43), (20, 43),
}
# fmt: on
# RW-p15-16: the water hex south-west of Iqaluit may be built on but leads nowhere: Iqaluit
# has no spoke towards it and it is no ferry.
IQALUIT_WATER: Hex = (6, 31)

CITIES: list[CityDef] = [
    # The Pacific coast, British Columbia and the Yukon
    CityDef("vancouver", "Vancouver", 49.28, -123.12, "red", 3),
    CityDef("seattle", "Seattle", 47.61, -122.33, "blue", 3),
    CityDef("spokane", "Spokane", 47.66, -117.43, "purple", 2),
    CityDef("kamloops", "Kamloops", 50.67, -120.33, "yellow", 2),
    CityDef("nelson", "Nelson", 49.49, -117.29, "black", 2),
    CityDef("prince-george", "Prince George", 53.92, -122.75, "gray", 1),
    CityDef("prince-rupert", "Prince Rupert", 54.32, -130.32, "purple", 2),
    CityDef("juneau", "Juneau", 58.30, -134.42, "blue", 2),
    CityDef("whitehorse", "Whitehorse", 60.72, -135.06, "gray", 1),
    CityDef("dawson", "Dawson City", 64.06, -139.43, "yellow", 2),
    CityDef("fort-nelson", "Fort Nelson", 58.80, -122.70, "gray", 1),
    # The Prairies
    CityDef("calgary", "Calgary", 51.05, -114.07, "blue", 2),
    CityDef("edmonton", "Edmonton", 53.55, -113.49, "red", 3),
    CityDef("lethbridge", "Lethbridge", 49.69, -112.84, "black", 2),
    CityDef("regina", "Regina", 50.45, -104.62, "yellow", 2),
    CityDef("saskatoon", "Saskatoon", 52.13, -106.67, "purple", 2),
    CityDef("winnipeg", "Winnipeg", 49.90, -97.14, "red", 3),
    CityDef("flin-flon", "Flin Flon", 54.77, -101.88, "gray", 1),
    CityDef("fort-mcmurray", "Fort McMurray", 56.73, -111.38, "black", 2),
    CityDef("peace-river", "Peace River", 56.23, -117.29, "yellow", 2),
    CityDef("churchill", "Churchill", 58.77, -94.17, "red", 2),
    # The North
    CityDef("echo-bay", "Echo Bay", 66.07, -118.00, "gray", 1),
    CityDef("norman-wells", "Norman Wells", 65.28, -126.83, "black", 2),
    CityDef("fort-simpson", "Fort Simpson", 61.86, -121.35, "gray", 1),
    CityDef("yellowknife", "Yellowknife", 62.45, -114.37, "yellow", 2),
    CityDef("baker-lake", "Baker Lake", 64.32, -96.02, "gray", 1),
    CityDef("rankin-inlet", "Rankin Inlet", 62.81, -92.08, "blue", 2),
    CityDef(
        "iqaluit",
        "Iqaluit",
        63.75,
        -68.52,
        "red",
        2,
        ISLAND_CITIES["iqaluit"],
        spokes=("E", "W", "SE"),  # its ferries only; none towards the water hex (RW-p15-16)
    ),
    CityDef("ivujivik", "Ivujivik", 62.42, -77.91, "gray", 1),
    CityDef("kuujjuaq", "Kuujjuaq", 58.10, -68.40, "yellow", 2),
    CityDef("kuujjuarapik", "Kuujjuarapik", 55.28, -77.76, "blue", 2),
    CityDef("schefferville", "Schefferville", 54.80, -66.80, "black", 2),
    CityDef("nain", "Nain", 56.54, -61.69, "gray", 1),
    CityDef("goose-bay", "Goose Bay", 53.30, -60.40, "purple", 2),
    # Ontario
    CityDef("toronto", "Toronto", 43.65, -79.38, "blue", 3),
    CityDef("ottawa", "Ottawa", 45.42, -75.70, "red", 3),
    CityDef("sudbury", "Sudbury", 46.49, -80.99, "black", 2),
    CityDef("sault-ste-marie", "Sault Ste. Marie", 46.52, -84.35, "purple", 2),
    CityDef("thunder-bay", "Thunder Bay", 48.38, -89.25, "yellow", 2),
    CityDef("timmins", "Timmins", 48.48, -81.33, "black", 2),
    CityDef("moosonee", "Moosonee", 51.27, -80.64, "gray", 1),
    # Quebec
    CityDef("montreal", "Montreal", 45.50, -73.57, "yellow", 3),
    CityDef("quebec", "Quebec", 46.81, -71.21, "purple", 3),
    CityDef("chicoutimi", "Chicoutimi", 48.43, -71.07, "black", 2),
    CityDef("sept-iles", "Sept-Iles", 50.21, -66.38, "blue", 2),
    CityDef("gaspe", "Gaspe", 48.83, -64.48, "gray", 1),
    CityDef("val-dor", "Val-d'Or", 48.10, -77.78, "gray", 1),
    # The Maritimes, Newfoundland and New England
    CityDef("halifax", "Halifax", 44.65, -63.57, "red", 3),
    CityDef("moncton", "Moncton", 46.09, -64.78, "blue", 2),
    CityDef("sydney", "Sydney", 46.14, -60.19, "black", 2),
    CityDef(
        "st-john",
        "St. John",
        47.56,
        -52.71,
        "yellow",
        2,
        ISLAND_CITIES["st-john"],
        spokes=("NW", "W", "SW"),  # its ferries only
    ),
    CityDef("portland", "Portland", 43.66, -70.26, "purple", 2),
]

# -- geography (longitude, latitude) ---------------------------------------------------------------
# fmt: off

# Only the mainland is land: Baffin Island, Newfoundland, Vancouver Island and the Arctic
# islands are left off (the two island cities are placed by hand with their ferries).
LAND: dict[str, list[Point]] = {
    "North America": [
        # the board's south edge, west to east: the northern tier of the United States
        # west of Lake Huron, then south to Lake Erie and New England
        (-124.2, 46.3), (-84.0, 46.3), (-83.3, 43.5), (-83.4, 41.5), (-70.9, 41.5),
        # New England and New Brunswick
        (-70.6, 42.7), (-70.8, 43.0), (-70.2, 43.6), (-69.5, 43.85), (-68.8, 44.2),
        (-67.2, 44.6), (-66.95, 44.85), (-66.0, 45.25), (-64.8, 45.8),
        # Nova Scotia and Cape Breton
        (-64.3, 45.35), (-65.5, 44.8), (-66.1, 44.3), (-66.0, 43.8), (-65.3, 43.5),
        (-64.3, 44.2), (-63.6, 44.6), (-62.0, 44.95), (-61.0, 45.3), (-60.0, 45.7),
        (-59.8, 46.1), (-60.2, 46.4), (-60.6, 47.0), (-61.4, 46.2), (-61.5, 45.7),
        (-62.5, 45.65), (-63.5, 45.8), (-64.1, 46.0),
        # New Brunswick's north shore, the Gaspe and the St. Lawrence estuary
        (-64.5, 46.25), (-64.8, 46.8), (-65.2, 47.1), (-64.7, 47.6), (-65.5, 47.9),
        (-66.5, 48.0), (-65.0, 48.1), (-64.2, 48.5), (-64.5, 49.0), (-65.5, 49.25),
        (-66.5, 49.1), (-68.0, 48.6), (-69.0, 48.2), (-70.0, 47.5), (-71.1, 46.85),
        (-70.4, 47.3), (-69.7, 48.1), (-68.6, 49.0), (-67.5, 49.3),
        # the Quebec North Shore and Labrador
        (-66.4, 50.2), (-64.0, 50.25), (-61.8, 50.2), (-59.5, 50.5), (-57.1, 51.4),
        (-55.8, 52.2), (-55.7, 53.3), (-57.3, 54.2), (-59.0, 55.0), (-61.0, 56.0),
        (-62.0, 57.5), (-63.5, 58.8), (-64.4, 60.3),
        # Ungava Bay and Hudson Strait
        (-65.5, 59.0), (-67.0, 58.4), (-68.4, 58.0), (-69.5, 58.9), (-69.7, 60.0),
        (-69.6, 61.0), (-71.5, 61.4), (-73.0, 62.0), (-75.0, 62.3), (-77.5, 62.6),
        (-78.2, 62.4),
        # Hudson Bay and James Bay
        (-77.5, 61.0), (-78.2, 59.0), (-77.5, 57.5), (-76.8, 56.5), (-77.8, 55.3),
        (-78.9, 54.0), (-78.7, 52.5), (-79.0, 51.5), (-80.4, 51.2), (-81.5, 52.5),
        (-82.2, 53.5), (-82.2, 55.1), (-85.0, 55.3), (-87.5, 55.9), (-90.0, 57.0),
        (-92.5, 57.2), (-93.5, 58.0), (-94.2, 58.8), (-94.5, 59.8), (-94.2, 61.0),
        (-93.0, 62.0), (-92.0, 62.8), (-90.7, 63.5), (-88.0, 64.5), (-87.0, 65.5),
        (-86.0, 66.5), (-84.5, 67.5),
        # the Arctic coast: Melville Peninsula, Boothia, Queen Maud Gulf, the Mackenzie delta
        (-82.5, 67.5), (-84.0, 69.5), (-85.5, 69.8), (-87.0, 68.5), (-89.0, 68.8),
        (-92.0, 69.5), (-94.5, 71.8), (-96.0, 70.5), (-95.0, 68.5), (-98.0, 67.8),
        (-101.0, 68.0), (-106.0, 68.3), (-108.0, 67.9), (-110.0, 68.0), (-115.1, 67.8),
        (-118.0, 69.0), (-122.0, 69.5), (-125.0, 69.6), (-128.0, 70.2), (-132.0, 69.6),
        (-135.0, 69.2), (-139.0, 69.6), (-141.0, 69.6),
        # the Alaska border and the Pacific coast
        (-141.0, 60.3), (-139.5, 59.8), (-137.5, 59.0), (-135.8, 58.6), (-134.8, 58.2),
        (-133.5, 57.2), (-132.3, 56.2), (-131.0, 55.2), (-130.4, 54.3), (-129.5, 53.5),
        (-128.3, 52.5), (-127.8, 51.5), (-126.5, 50.8), (-125.0, 50.0), (-123.6, 49.4),
        (-123.2, 49.1), (-122.8, 48.8), (-122.5, 48.3), (-122.45, 47.5), (-122.9, 47.0),
        (-124.1, 46.9), (-124.2, 46.3),
    ],
}

# Lakes inside the land.
WATER: dict[str, list[Point]] = {
    "Lake Superior": [
        (-92.1, 46.72), (-90.9, 46.6), (-89.3, 46.87), (-87.8, 47.47), (-87.4, 46.55),
        (-86.6, 46.42), (-85.0, 46.77), (-84.6, 46.5), (-84.6, 47.0), (-84.9, 48.0),
        (-86.5, 48.7), (-88.3, 48.8), (-89.2, 48.4), (-90.33, 47.75), (-91.67, 47.02),
    ],
    "Lake Michigan": [
        (-87.53, 41.68), (-87.8, 42.5), (-87.9, 43.05), (-87.65, 44.0), (-87.5, 44.5),
        (-87.9, 44.6), (-87.0, 45.3), (-86.9, 45.8), (-85.5, 46.0), (-84.7, 45.8),
        (-85.0, 45.4), (-85.6, 45.2), (-86.25, 44.2), (-86.45, 43.6), (-86.2, 42.8),
        (-86.48, 42.1), (-87.0, 41.7), (-87.3, 41.62),
    ],
    "Lake Huron and Georgian Bay": [
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
    "Lake Winnipeg": [
        (-96.8, 50.4), (-96.3, 51.0), (-96.6, 52.0), (-97.6, 53.0), (-98.0, 53.9),
        (-99.3, 53.6), (-98.9, 52.5), (-97.6, 51.4), (-97.1, 50.5),
    ],
    "Great Slave Lake": [
        (-117.0, 60.9), (-114.0, 61.1), (-111.0, 61.2), (-109.0, 62.2), (-111.5, 62.8),
        (-114.5, 62.2), (-116.5, 61.6),
    ],
    "Great Bear Lake": [
        (-118.4, 65.2), (-121.0, 64.9), (-123.5, 65.0), (-125.3, 65.5), (-124.0, 66.3),
        (-121.5, 66.9), (-119.3, 67.0), (-118.4, 66.5),
    ],
    "Lake Athabasca": [
        (-111.2, 58.5), (-109.0, 58.7), (-106.5, 59.2), (-108.5, 59.6), (-110.5, 59.0),
    ],
}

# Great rivers: every hex a river runs through is a water hex.
RIVERS: dict[str, list[Point]] = {
    "St. Lawrence": [
        (-76.5, 44.2), (-75.7, 44.6), (-75.0, 45.0), (-74.2, 45.25), (-73.55, 45.5),
        (-72.55, 46.35), (-71.2, 46.8),
    ],
    "Ottawa": [(-79.5, 46.9), (-78.5, 46.3), (-77.2, 45.9), (-75.7, 45.42), (-74.1, 45.5)],
    "Fraser": [
        (-122.75, 53.92), (-122.5, 52.9), (-122.2, 52.0), (-121.9, 51.0), (-121.45, 50.25),
        (-121.45, 49.4), (-122.3, 49.15), (-123.1, 49.15),
    ],
    "Columbia": [
        (-118.2, 51.0), (-118.0, 50.0), (-117.7, 49.0), (-118.2, 48.0), (-119.5, 47.0),
        (-119.3, 46.2), (-121.0, 45.65), (-122.7, 45.6), (-124.0, 46.2),
    ],
    "North Saskatchewan": [
        (-113.49, 53.55), (-110.0, 53.6), (-108.3, 52.8), (-106.67, 52.13),
        (-105.75, 53.2), (-104.0, 53.4), (-102.0, 53.7), (-100.5, 53.9), (-99.2, 53.3),
    ],
    "South Saskatchewan": [
        (-110.68, 50.04), (-109.5, 50.6), (-108.0, 51.0), (-106.67, 52.13),
    ],
    "Red": [(-96.8, 46.9), (-97.0, 48.0), (-97.14, 49.9), (-96.8, 50.4)],
    "Nelson": [(-97.9, 53.9), (-96.5, 55.4), (-94.5, 56.3), (-92.5, 57.0)],
    "Mackenzie": [
        (-117.0, 60.9), (-119.0, 61.4), (-121.35, 61.86), (-123.5, 63.5), (-125.5, 64.8),
        (-126.83, 65.28), (-128.5, 66.3), (-130.5, 67.5), (-134.5, 68.6),
    ],
    "Yukon": [
        (-135.06, 60.72), (-135.7, 61.6), (-136.5, 62.2), (-137.4, 62.8), (-139.43, 64.06),
        (-141.0, 64.8),
    ],
    "Athabasca": [(-113.3, 54.7), (-112.5, 55.5), (-111.38, 56.73), (-111.3, 58.4)],
    "Peace": [(-121.0, 56.2), (-117.29, 56.23), (-115.0, 58.5), (-111.3, 58.9)],
}

# Mountain chains: axes of (longitude, latitude, half-width in km).
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Rocky Mountains": [
        (-113.8, 48.6, 60), (-114.8, 49.8, 70), (-116.0, 51.0, 80), (-117.5, 52.2, 80),
        (-119.5, 53.5, 80), (-122.0, 55.0, 90), (-124.5, 57.0, 100), (-126.5, 59.0, 100),
    ],
    "Columbia Mountains": [(-118.0, 49.3, 50), (-118.3, 50.5, 60), (-119.0, 52.0, 40)],
    "Coast Mountains": [
        (-121.6, 49.6, 45), (-123.5, 50.8, 55), (-125.5, 52.0, 60), (-127.5, 53.8, 55),
        (-129.0, 55.5, 50), (-131.5, 57.0, 50), (-133.5, 58.8, 45),
    ],
    "Saint Elias Mountains": [(-136.5, 59.8, 60), (-139.5, 60.8, 80), (-141.0, 61.3, 80)],
    "Mackenzie Mountains": [
        (-127.5, 61.5, 70), (-129.5, 63.0, 90), (-131.5, 64.5, 90), (-133.5, 65.5, 70),
    ],
    "Cascades": [(-121.6, 46.8, 45), (-121.2, 48.3, 50)],
    "Torngat Mountains": [(-63.5, 58.3, 45), (-64.3, 59.6, 40)],
    "Chic-Chocs": [(-66.5, 48.95, 30)],
}

# Ridge lines along the Continental Divide and the coast ranges; the gaps are the passes the
# railways took: Crowsnest, Kicking Horse (the CPR), Yellowhead (the Grand Trunk Pacific and
# the Canadian Northern), Pine Pass, and the Fraser canyon and Skeena valley through the coast
# range.
RIDGES: dict[str, list[Point]] = {
    "Continental Divide south": [(-114.5, 48.9), (-114.7, 49.5)],
    "Continental Divide centre": [(-115.0, 50.2), (-116.0, 51.0)],
    "Continental Divide north": [(-117.0, 51.8), (-118.2, 52.6)],
    "Continental Divide far north": [(-119.5, 53.4), (-121.8, 55.0), (-124.0, 56.5)],
    "Coast Range": [(-123.3, 50.4), (-125.0, 51.5), (-127.2, 53.0)],
}
# fmt: on

MAP_HEADER = """\
# The North America board (Railways of North America): Canada in the railway age, from the
# Yukon and the Alaska panhandle to Newfoundland, with the American cities along the border
# that Canadian railways reached.
#
# Not typed in from the printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right). The oceans, Hudson Bay, the Great Lakes and the large northern
# lakes are "~", as are Baffin Island and Newfoundland but for their cities; hexes on the great
# rivers (St. Lawrence, Ottawa, Fraser, Columbia, the Saskatchewans, Red, Nelson, Mackenzie,
# Yukon, Athabasca, Peace) are "w"; the Rockies, the Coast, Columbia, Mackenzie and Saint
# Elias ranges are "m". Ridges follow the Continental Divide and the coast range, broken at
# the passes the railways used.
#
# Map rules (the north_america plug-in): the snow line (a [[border]] between rows {snow_row}
# and {snow_next}, RW-p15-13) makes every tile north of it cost $1,000 more; the six ferry
# hexes ([[special]] kind "ferry", RW-p15-15) can only be built on with a Ferry Line card.
# Regenerate with: python tools/project_map.py north-america --write
"""

CITIES_HEADER = """\
# Cities of the North America board: the places that mattered to Canada's railways (1850-1920)
# and the far northern settlements the Rail Barons name, at their real relative positions
# (projected by tools/project_map.py).
#
# The rulebook names Vancouver, Ottawa, Iqaluit, Seattle, Juneau, Echo Bay, Ivujivik, St. John,
# Quebec and Winnipeg (Rail Barons, RW-p20-19..30) and puts ferries beside Iqaluit and St. John
# (RW-p15-15). St. John is St. John's, Newfoundland, at the end of its ferries; Newfoundland
# and Baffin Island are otherwise off the board, so St. John sits a few hexes west of its true
# place, where its ferries reach Cape Breton and the Labrador shore. Everything else here (the
# other cities, colours, cubes, spokes) is our own: big old cities start with 3 cubes, other
# coloured cities 2, gray cities 1. Colours are spread so that both halves of the board, north
# and south of the snow line, have sources and destinations of every colour.
# Spokes face every neighbouring hex that is on the board; the island cities' spokes face only
# their ferries.
# Regenerate with: python tools/project_map.py north-america --write
"""


# -- projection -------------------------------------------------------------------------------
# Canada spans 90 degrees of longitude at high latitude, so the plain projection of the other
# boards would stretch the North out of shape. This board uses a Lambert conformal conic
# projection instead (the one the Atlas of Canada uses: standard parallels 49 and 77 degrees),
# so a hex is about the same size in kilometres anywhere on the board.
EARTH_KM = 6371.0


@dataclass
class ConicGeography(Geography):
    lon0: float = -96.0  # central meridian
    lat0: float = 62.0  # latitude of the origin
    lat1: float = 49.0  # standard parallels
    lat2: float = 77.0
    hex_km: float = 110.0  # width of a hex
    x_w: float = -2200.0  # km east of the origin of column 0's centre (even rows)
    y_n: float = 1000.0  # km north of the origin of row 0's centre

    def _cone(self) -> tuple[float, float, float]:
        p1, p2, p0 = (math.radians(v) for v in (self.lat1, self.lat2, self.lat0))
        n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )
        f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
        rho0 = f / math.tan(math.pi / 4 + p0 / 2) ** n
        return n, f, rho0

    def to_px(self, lon: float, lat: float) -> tuple[float, float]:
        n, f, rho0 = self._cone()
        rho = f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - self.lon0)
        x = rho * math.sin(theta) * EARTH_KM
        y = (rho0 - rho * math.cos(theta)) * EARTH_KM
        return (x - self.x_w) / self.hex_km, (self.y_n - y) / self.hex_km

    def from_px(self, x: float, y: float) -> Point:
        n, f, rho0 = self._cone()
        xk = (x * self.hex_km + self.x_w) / EARTH_KM
        yk = (self.y_n - y * self.hex_km) / EARTH_KM
        rho = math.copysign(math.hypot(xk, rho0 - yk), n)
        theta = math.atan2(xk, rho0 - yk)
        lat = 2 * math.atan((f / rho) ** (1 / n)) - math.pi / 2
        return self.lon0 + math.degrees(theta / n), math.degrees(lat)


# Coastal hexes at least this much land are on the board as water hexes (RW-p15-14: mostly
# water hexes that are outlined on the board may be built on; they are water hexes).
COAST_SHARE = 0.4


def _land_share(geo: Geography, row: int, col: int) -> float:
    samples = hex_samples(row, col)
    land = 0
    for x, y in samples:
        point = geo.from_px(x, y)
        if any(inside(point, p) for p in geo.land.values()) and not any(
            inside(point, p) for p in geo.water.values()
        ):
            land += 1
    return land / len(samples)


def _finish(geo: Geography, result: Result) -> None:
    """Coastal water hexes; the island cities alone on their islands, with their ferries."""
    grid = result.grid
    for row in range(geo.rows):
        for col in range(geo.cols):
            if grid[row][col] != "~" or (row, col) in geo.force_off:
                continue
            near = [neighbour(row, col, s) for s in SIDES]
            if not any(geo.on_grid(r, c) and grid[r][c] not in "~" for r, c in near):
                continue  # only hexes touching the land already on the board
            if _land_share(geo, row, col) >= COAST_SHARE:
                grid[row][col] = "w"
    for row, col in OPEN_WATER:
        grid[row][col] = "w"
    for row, col in ISLAND_CITIES.values():
        grid[row][col] = "C"
    for special_id, (city_id, (row, col)) in FERRIES.items():
        grid[row][col] = "S"
        result.specials[special_id] = ((row, col), city_id)
        city_at = ISLAND_CITIES[city_id]
        if (row, col) not in {neighbour(*city_at, s) for s in SIDES}:
            result.problems.append(f"{special_id} at {row},{col} is not beside {city_id}")
    beside = neighbour(*ISLAND_CITIES["iqaluit"], "SW")
    if grid[IQALUIT_WATER[0]][IQALUIT_WATER[1]] != "w" or beside != IQALUIT_WATER:
        result.problems.append("the water hex south-west of Iqaluit is not on the board")
    for city_id, at in ISLAND_CITIES.items():
        spokes = next(c.spokes for c in geo.cities if c.id == city_id) or ()
        ferries = {s for s in SIDES if grid[neighbour(*at, s)[0]][neighbour(*at, s)[1]] == "S"}
        if set(spokes) != ferries:
            result.problems.append(f"{city_id}'s spokes {spokes} are not its ferries {ferries}")


def _extra_toml(geo: Geography, result: Result) -> str:
    out = []
    for special_id, ((row, col), city_id) in sorted(result.specials.items()):
        out.append("\n[[special]]\n")
        out.append(f"# A ferry spot beside {city_id} (RW-p15-15).\n")
        out.append(f'id = "{special_id}"\n')
        out.append('kind = "ferry"\n')
        out.append(f'at = "{row},{col}"\n')
        out.append(f'city = "{city_id}"\n')
        out.append('label = "Ferry"\n')
        out.append('params = { clause = "RW-p21-24" }  # only a Ferry Line card opens it\n')
        out.append('symbol = "F"\n')
        out.append('source = "rulebook"\n')
    edges = []
    for col in range(geo.cols):
        row = SNOW_LINE_ROW
        if result.grid[row][col] == "~":
            continue
        for side in ("SW", "SE"):
            r, c = neighbour(row, col, side)
            if geo.on_grid(r, c) and result.grid[r][c] != "~":
                edges.append(f'"{row},{col} {side}"')
    out.append("\n[[border]]\n")
    out.append(
        "# The snow line (RW-p15-13): every tile north of it costs $1,000 more.\n"
        "# Drawn between two rows about halfway down the board.\n"
    )
    out.append('id = "snow-line"\n')
    out.append('kind = "snow_line"\n')
    out.append('label = "Snow line"\n')
    out.append(f"params = {{ surcharge = {SNOW_SURCHARGE} }}\n")
    out.append('source = "rulebook"\n')
    out.append("edges = [\n")
    for i in range(0, len(edges), 6):
        out.append("    " + ", ".join(edges[i : i + 6]) + ",\n")
    out.append("]\n")
    return "".join(out)


GEO = ConicGeography(
    id="north-america",
    name="North America",
    cols=49,
    rows=32,
    lon_w=-141.0,  # (unused by the conic projection; kept for the dataclass)
    lon_e=-52.5,
    lat_n=67.5,
    lat_s=42.0,
    cities=CITIES,
    map_header=MAP_HEADER.replace("{snow_row}", str(SNOW_LINE_ROW)).replace(
        "{snow_next}", str(SNOW_LINE_ROW + 1)
    ),
    cities_header=CITIES_HEADER,
    players=(2, 5),
    rulesets=("north_america",),
    ridge_comment=(
        "The Continental Divide and the coast range, broken at the passes the railways took:\n"
        "Crowsnest, Kicking Horse, Yellowhead, Pine Pass, the Fraser canyon, the Skeena valley."
    ),
    land=LAND,
    water=WATER,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    min_patch=8,
    # Puget Sound south of Seattle: a dead end for track leaving the city that way.
    force_off={(24, 2)},
    add_specials=_finish,
    extra_toml=_extra_toml,
    modules_toml=CUBES_FEWER,
)
