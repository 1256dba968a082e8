"""Geography of the Sweden board (see ``tools/mapgen/__init__.py``).

Regenerate the board with ``python tools/project_map.py sweden --write``.

Sweden from Skåne to the iron-ore fields of Lapland, with the two Norwegian ports its lines
ran to: Narvik (the Ore Line from Kiruna) and Trondheim (the Meråker line from Storlien).
The country is 1,500 km tall, so the board uses the conic projection of the North America
board (a hex is about the same size anywhere on it). Gotland is a single hex, its city Visby,
reached over a ferry hex (a ``[[special]]`` of kind ``ferry``) that only the Ferry Passage card
of the board's deck opens: the North America board's ferry and Ferry Line rule (RW-p15-15).
"""

from __future__ import annotations

from dataclasses import replace

from mapgen import SIDES, CityDef, Hex, MountainPoint, Point, Result, neighbour, spokes_of
from mapgen.north_america import ConicGeography

# fmt: off
CITIES: list[CityDef] = [
    # Skåne, Blekinge and Småland
    CityDef("malmo", "Malmö", 55.61, 13.00, "black", 2),
    CityDef("helsingborg", "Helsingborg", 56.05, 12.69, "yellow", 2, (43, 4)),
    CityDef("kristianstad", "Kristianstad", 56.03, 14.16, "blue", 2),
    CityDef("karlskrona", "Karlskrona", 56.16, 15.59, "blue", 2),
    CityDef("kalmar", "Kalmar", 56.66, 16.36, "red", 2),
    CityDef("alvesta", "Alvesta", 56.90, 14.56, "gray", 1),
    CityDef("halmstad", "Halmstad", 56.67, 12.86, "purple", 2, (41, 4)),
    CityDef("oskarshamn", "Oskarshamn", 57.26, 16.45, "gray", 1),
    CityDef("jonkoping", "Jönköping", 57.78, 14.16, "blue", 2),
    # Västergötland, Östergötland and Gotland
    CityDef("goteborg", "Göteborg", 57.71, 11.97, "red", 3),
    CityDef("boras", "Borås", 57.72, 12.94, "yellow", 2),
    CityDef("uddevalla", "Uddevalla", 58.35, 11.94, "purple", 2),
    CityDef("skovde", "Skövde", 58.39, 13.85, "gray", 1),
    CityDef("linkoping", "Linköping", 58.41, 15.62, "black", 2, (37, 8)),
    CityDef("norrkoping", "Norrköping", 58.59, 16.19, "yellow", 2),
    CityDef("nykoping", "Nyköping", 58.75, 17.01, "gray", 1),
    CityDef("visby", "Visby", 57.64, 18.30, "purple", 2, (39, 11)),
    # Svealand
    CityDef("stockholm", "Stockholm", 59.33, 18.07, "red", 3),
    CityDef("uppsala", "Uppsala", 59.86, 17.64, "blue", 2),
    CityDef("vasteras", "Västerås", 59.61, 16.55, "purple", 2),
    CityDef("orebro", "Örebro", 59.27, 15.21, "red", 2),
    CityDef("karlstad", "Karlstad", 59.40, 13.50, "black", 2),
    CityDef("falun", "Falun", 60.61, 15.63, "yellow", 2),
    CityDef("gavle", "Gävle", 60.67, 17.14, "black", 2),
    CityDef("mora", "Mora", 61.00, 14.54, "blue", 2),
    CityDef("bollnas", "Bollnäs", 61.35, 16.39, "gray", 1),
    # Norrland
    CityDef("sveg", "Sveg", 62.03, 14.36, "gray", 1),
    CityDef("sundsvall", "Sundsvall", 62.39, 17.31, "blue", 2),
    CityDef("ange", "Ånge", 62.52, 15.66, "gray", 1),
    CityDef("ostersund", "Östersund", 63.18, 14.64, "purple", 2),
    CityDef("storlien", "Storlien", 63.32, 12.10, "gray", 1),
    CityDef("trondheim", "Trondheim", 63.43, 10.40, "red", 2),
    CityDef("ornskoldsvik", "Örnsköldsvik", 63.29, 18.72, "yellow", 2),
    CityDef("umea", "Umeå", 63.83, 20.26, "red", 2),
    CityDef("lycksele", "Lycksele", 64.60, 18.67, "gray", 1),
    CityDef("skelleftea", "Skellefteå", 64.75, 20.95, "black", 2),
    CityDef("arvidsjaur", "Arvidsjaur", 65.59, 19.18, "gray", 1),
    CityDef("lulea", "Luleå", 65.58, 22.15, "red", 2),
    CityDef("haparanda", "Haparanda", 65.84, 24.14, "yellow", 2),
    CityDef("jokkmokk", "Jokkmokk", 66.61, 19.82, "gray", 1),
    CityDef("gallivare", "Gällivare", 67.13, 20.66, "purple", 2),
    CityDef("kiruna", "Kiruna", 67.86, 20.23, "black", 3),
    CityDef("narvik", "Narvik", 68.44, 17.43, "blue", 2),
]

# Sweden, with the Norwegian country around Narvik and Trondheim that the board shows.
LAND: dict[str, list[Point]] = {
    "Sweden": [
        (12.83, 55.40), (13.20, 55.35), (14.20, 55.39), (14.36, 55.55), (14.30, 55.75),
        (14.25, 56.00), (14.70, 56.15), (15.60, 56.12), (15.95, 56.20), (16.35, 56.55),
        (16.45, 56.95), (16.60, 57.40), (16.65, 57.80), (16.80, 58.20), (16.95, 58.55),
        (17.60, 58.72), (18.00, 58.90), (18.40, 59.10), (18.70, 59.35), (18.90, 59.65),
        (18.70, 59.95), (18.30, 60.30), (17.65, 60.50), (17.25, 60.70), (17.30, 61.20),
        (17.20, 61.70), (17.45, 62.30), (18.00, 62.60), (18.50, 63.00), (18.85, 63.30),
        (19.80, 63.55), (20.40, 63.75), (20.90, 64.20), (21.30, 64.70), (21.55, 65.10),
        (22.15, 65.45), (22.85, 65.75), (24.20, 65.75), (24.10, 66.00), (23.70, 66.45),
        (23.65, 66.85), (23.30, 67.25), (23.60, 67.55), (22.90, 68.05), (21.60, 68.45),
        (20.60, 69.10), (19.00, 68.60), (18.20, 68.55), (17.70, 68.75), (17.10, 68.60),
        (17.20, 68.25), (17.90, 67.95), (16.70, 67.50), (16.10, 67.00), (15.50, 66.30),
        (14.60, 65.60), (14.30, 65.10), (13.60, 64.60), (14.00, 64.10), (12.60, 63.75),
        (12.10, 63.75), (10.90, 63.75), (10.00, 63.60), (10.00, 63.20), (11.50, 63.10),
        (12.20, 62.90), (12.10, 62.40), (12.30, 61.90), (12.70, 61.40), (12.85, 61.00),
        (12.30, 60.75), (12.50, 60.15), (11.80, 59.85), (11.70, 59.40), (11.20, 59.05),
        (11.25, 58.70), (11.35, 58.40), (11.65, 58.10), (11.85, 57.75), (12.00, 57.40),
        (12.30, 57.00), (12.60, 56.70), (12.90, 56.45), (12.75, 56.20), (12.55, 56.05),
        (12.90, 55.80), (12.95, 55.60), (12.85, 55.45),
    ],
}

# The two great lakes of the south: hexes mostly on them are not on the board.
WATER: dict[str, list[Point]] = {
    "Vänern": [
        (12.40, 58.35), (12.75, 58.60), (13.20, 58.50), (13.60, 58.70), (14.10, 59.00),
        (13.80, 59.30), (13.40, 59.35), (12.90, 59.25), (12.50, 59.00), (12.30, 58.70),
    ],
    "Vättern": [
        (14.15, 57.80), (14.45, 57.85), (14.75, 58.30), (14.90, 58.80), (14.60, 58.85),
        (14.40, 58.40), (14.15, 58.00),
    ],
}

# Rivers the lines had to bridge: their hexes are water.
RIVERS: dict[str, list[Point]] = {
    "Göta älv": [(12.35, 58.30), (12.10, 57.95), (11.95, 57.70)],
    "Dalälven": [(14.50, 61.00), (15.30, 60.55), (16.30, 60.30), (17.30, 60.60)],
    "Indalsälven": [(14.60, 63.20), (15.70, 63.00), (16.60, 62.80), (17.40, 62.50)],
    "Ume älv": [(17.20, 65.00), (18.20, 64.70), (19.50, 64.10), (20.25, 63.80)],
    "Lule älv": [(19.60, 66.70), (20.60, 66.30), (21.60, 65.90), (22.15, 65.60)],
    "Torne älv": [(24.15, 65.85), (23.70, 66.40), (23.60, 66.90), (23.30, 67.30)],
}

# The Scandinavian mountains along the Norwegian border, and the uplands of Småland.
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Kölen": [
        (12.40, 61.60, 30), (12.60, 62.60, 35), (13.20, 63.80, 40), (14.20, 64.90, 40),
        (15.40, 66.00, 45), (16.80, 67.10, 45), (18.40, 68.20, 40),
    ],
    "Jämtland fells": [(13.00, 63.20, 25)],
    "Småland highlands": [(14.60, 57.40, 25)],
}

# The divide on the Ore Line and the Meråker line: crossing into Norway climbs a summit.
RIDGES: dict[str, list[Point]] = {
    "Riksgränsen": [(18.30, 68.70), (18.10, 68.20)],
    "Meråker divide": [(11.70, 63.60), (11.60, 63.10)],
}
# fmt: on

# Gotland: Visby alone on its island hex, with a ferry hex towards the mainland.
VISBY_FERRY = "ferry-visby"

# Hand corrections after looking at the preview: the shore west of Haparanda, so that the
# border town is not cut off from Luleå.
FORCE_ON: set[Hex] = {(11, 18)}
# Hexes from which track could go nowhere (a city's spoke would be useless).
FORCE_OFF: set[Hex] = {(20, 4), (26, 11)}


def _ferry(geo: ConicGeography, result: Result) -> None:
    """The ferry hex west of Visby (towards the mainland): a special hex, the only way onto
    Gotland, as a ferry spot of the North America board (RW-p15-15)."""
    grid = result.grid
    at = result.cities["visby"]
    row, col = neighbour(*at, "W")
    if not geo.on_grid(row, col):
        result.problems.append("the ferry west of Visby is off the grid")
        return
    grid[row][col] = "S"
    shore = neighbour(row, col, "W")
    result.specials[VISBY_FERRY] = ((row, col), "visby")
    if grid[shore[0]][shore[1]] in "~CS":
        result.problems.append(f"the ferry west of Visby leads to {shore}, which takes no track")
    for side in ("E", "NE", "NW", "SW", "SE"):
        r, c = neighbour(*at, side)
        if geo.on_grid(r, c) and grid[r][c] not in "~":
            result.problems.append(f"Visby's neighbour {r},{c} is on the board")
    # A ferry lands on the shore first: the mainland cities beside the ferry hex get no spoke
    # towards it, so the ferry is no short cut into them.
    ferry = (row, col)
    result.blocked.update(
        (ferry, n) for n in (neighbour(row, col, s) for s in SIDES) if n != at and geo.on_grid(*n)
    )
    for i, city in enumerate(geo.cities):
        at_city = result.cities[city.id]
        if city.id == "visby" or ferry not in {neighbour(*at_city, x) for x in SIDES}:
            continue
        spokes = tuple(
            x
            for x in spokes_of(geo, grid, at_city, result.blocked)
            if neighbour(*at_city, x) != ferry
        )
        geo.cities[i] = replace(city, spokes=spokes)


def _extra_toml(geo: ConicGeography, result: Result) -> str:
    (row, col), city = result.specials[VISBY_FERRY]
    return (
        "\n[[special]]\n"
        "# The ferry to Gotland, beside Visby: track goes on it only with the Ferry Passage\n"
        "# card, which makes it free (house: the North America board's ferry spots and Ferry\n"
        "# Line card, RW-p15-15, RW-p21-23, RW-p21-24; rules/boards/sweden.py).\n"
        f'id = "{VISBY_FERRY}"\n'
        'kind = "ferry"\n'
        f'at = "{row},{col}"\n'
        f'city = "{city}"\n'
        'label = "Ferry to Gotland"\n'
        'params = { clause = "RW-p21-24" }  # only the Ferry Passage card opens it\n'
        'symbol = "F"\n'
        'source = "house"\n'
    )


MAP_HEADER = """\
# The Sweden board: Sweden from Skåne to Lapland in the railway era (1856-1902), with the
# Norwegian ports of Narvik and Trondheim and the island of Gotland.
#
# Not typed in from a printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right) with a conic projection, so a hex is about the same size anywhere.
# Sea, Norway beyond the two ports, Finland, the great lakes Vänern and Vättern and hexes only
# partly on land are "~"; hexes on the Göta, Dal, Indals, Ume, Lule and Torne rivers are "w";
# the Scandinavian mountains along the border and the Småland highlands are "m". Ridges mark
# the divides the Ore Line and the Meråker line climb into Norway. Gotland is one hex, Visby,
# reached only over its ferry hex ("S", the [[special]] of kind "ferry").
# Regenerate with: python tools/project_map.py sweden --write
"""

CITIES_HEADER = """\
# Cities of the Sweden board: the towns the Swedish state and private lines joined between
# 1856 and 1902, at their real relative positions (projected by tools/project_map.py).
#
# The Rail Barons solo book names Stockholm, Norrköping, Kalmar, Alvesta, Malmö (black,
# RB-067), Kiruna, Narvik (printed "Norvik" there, RB-109) and Storlien (RB-061, RB-067,
# RB-109). Everything else here (the other cities, colours, cubes, spokes) is our own: colours
# are spread so that every region has sources and destinations of every colour; Stockholm,
# Göteborg and Kiruna start with 3 cubes, other coloured cities 2, gray cities (mostly the
# junctions of the northern main line) 1: 78 cubes. Malmö and Norrköping had 3 until the
# solo calibration (docs/boards/sweden.md).
# Spokes face every neighbouring hex that is on the board.
# Regenerate with: python tools/project_map.py sweden --write
"""


GEO = ConicGeography(
    id="sweden",
    name="Sweden",
    cols=22,
    rows=48,
    lon_w=10.0,  # (unused by the conic projection; kept for the dataclass)
    lon_e=24.5,
    lat_n=68.8,
    lat_s=55.3,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 5),
    rulesets=("sweden",),
    ridge_comment=(
        "The divides where the Ore Line (Kiruna - Narvik) and the Meråker line (Storlien -\n"
        "Trondheim) cross into Norway."
    ),
    land=LAND,
    water=WATER,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    land_share=0.6,
    min_patch=8,
    add_specials=_ferry,
    extra_toml=_extra_toml,
    lon0=16.5,
    lat0=62.0,
    lat1=57.0,
    lat2=67.0,
    hex_km=38.0,
    x_w=-390.0,
    y_n=790.0,
)
