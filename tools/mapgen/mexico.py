"""Geography of the Mexico board (see ``tools/mapgen/__init__.py``).

Mexico from the U.S. border (with a strip of Arizona and Texas up to San Antonio) to the
Guatemalan border and the Yucatan. Baja California and the land beyond the borders are left
off: only the land polygon below is on the board.

Regenerate the board with ``python tools/project_map.py mexico --write``.
"""

from __future__ import annotations

from mapgen import CUBES_KEPT, CityDef, Geography, MountainPoint, Point

# fmt: off
# Hand corrections after looking at the preview.
FORCE_ON: set[tuple[int, int]] = {
    (11, 4), (12, 4), (12, 5),  # the coastal plain round Topolobampo, so it is no dead end
    (15, 17), (17, 18),  # the lagoon shore either side of Tampico
    (22, 21), (22, 23),  # the Gulf shore either side of Coatzacoalcos
    (26, 22), (27, 23),  # the Soconusco coast west of Tapachula
}
FORCE_OFF: set[tuple[int, int]] = set()
# fmt: on

CITIES: list[CityDef] = [
    # Sonora and Sinaloa (the Pacific north-west)
    CityDef("nogales", "Nogales", 31.33, -110.94, "yellow", 2),
    CityDef("hermosillo", "Hermosillo", 29.07, -110.96, "blue", 3),
    CityDef("guaymas", "Guaymas", 27.92, -110.90, "blue", 2),
    CityDef("topolobampo", "Topolobampo", 25.60, -109.05, "gray", 2),
    CityDef("culiacan", "Culiacán", 24.80, -107.39, "purple", 3),
    CityDef("mazatlan", "Mazatlán", 23.22, -106.42, "red", 2),
    CityDef("tepic", "Tepic", 21.50, -104.89, "gray", 1),
    CityDef("durango", "Durango", 24.02, -104.66, "black", 3),
    # Chihuahua and Coahuila (the north)
    CityDef("ciudad-juarez", "Ciudad Juárez", 31.74, -106.49, "red", 3),
    CityDef("chihuahua", "Chihuahua", 28.63, -106.07, "yellow", 3),
    CityDef("parral", "Parral", 26.93, -105.67, "black", 2),
    CityDef("torreon", "Torreón", 25.54, -103.41, "blue", 3),
    CityDef("piedras-negras", "Piedras Negras", 28.70, -100.52, "black", 2),
    CityDef("monclova", "Monclova", 26.91, -101.42, "gray", 1),
    # The north-east and Texas
    CityDef("san-antonio", "San Antonio", 29.42, -98.49, "purple", 3),
    CityDef("nuevo-laredo", "Nuevo Laredo", 27.48, -99.51, "purple", 3),
    CityDef("brownsville", "Brownsville", 25.90, -97.50, "yellow", 3),
    CityDef("monterrey", "Monterrey", 25.67, -100.31, "red", 3),
    CityDef("saltillo", "Saltillo", 25.42, -101.00, "yellow", 2, (12, 12)),
    CityDef("ciudad-victoria", "Ciudad Victoria", 23.74, -99.15, "gray", 1),
    CityDef("matehuala", "Matehuala", 23.65, -100.64, "gray", 1),
    CityDef("tampico", "Tampico", 22.25, -97.86, "blue", 3),
    # The central plateau
    CityDef("zacatecas", "Zacatecas", 22.77, -102.58, "black", 3, (14, 11)),
    CityDef("san-luis-potosi", "San Luis Potosí", 22.15, -100.98, "yellow", 3),
    CityDef("aguascalientes", "Aguascalientes", 21.88, -102.29, "gray", 1),
    CityDef("guadalajara", "Guadalajara", 20.67, -103.35, "red", 3),
    CityDef("manzanillo", "Manzanillo", 19.05, -104.32, "blue", 2),
    CityDef("leon", "León", 21.12, -101.68, "purple", 3),
    CityDef("queretaro", "Querétaro", 20.59, -100.39, "yellow", 3),
    CityDef("morelia", "Morelia", 19.70, -101.19, "black", 2),
    CityDef("toluca", "Toluca", 19.28, -99.66, "gray", 1, (21, 14)),
    CityDef("mexico-city", "Mexico City", 19.43, -99.13, "red", 3),
    CityDef("pachuca", "Pachuca", 20.10, -98.75, "black", 2, (18, 16)),
    CityDef("puebla", "Puebla", 19.04, -98.20, "purple", 3),
    CityDef("tuxpan", "Tuxpan", 20.95, -97.40, "yellow", 2),
    CityDef("veracruz", "Veracruz", 19.17, -96.13, "red", 3),
    # The south and the Isthmus
    CityDef("acapulco", "Acapulco", 16.85, -99.88, "blue", 3),
    CityDef("oaxaca", "Oaxaca", 17.06, -96.73, "purple", 3),
    CityDef("salina-cruz", "Salina Cruz", 16.17, -95.20, "red", 2),
    CityDef("coatzacoalcos", "Coatzacoalcos", 18.13, -94.46, "blue", 2),
    CityDef("villahermosa", "Villahermosa", 17.99, -92.93, "black", 2),
    CityDef("ciudad-del-carmen", "Ciudad del Carmen", 18.65, -91.83, "gray", 2),
    CityDef("tuxtla", "Tuxtla Gutiérrez", 16.75, -93.12, "gray", 1),
    CityDef("tapachula", "Tapachula", 14.90, -92.26, "yellow", 2),
    # The Yucatan
    CityDef("campeche", "Campeche", 19.85, -90.53, "purple", 2),
    CityDef("merida", "Mérida", 20.97, -89.62, "red", 3),
]

# -- geography (longitude, latitude) ---------------------------------------------------------------
# fmt: off

# The land on the board: mainland Mexico and the strip of the United States along the border,
# cut off to the east of Houston; the Gulf of California, the Pacific, the Gulf of Mexico, the
# Caribbean, Guatemala and Belize are outside.
LAND: dict[str, list[Point]] = {
    "Mexico and the border": [
        (-114.0, 33.5), (-95.0, 33.5),
        # the Gulf coast of Texas and Mexico
        (-95.0, 29.3), (-96.3, 28.6), (-97.0, 28.0), (-97.4, 27.6), (-97.35, 26.8),
        (-97.15, 25.95), (-97.55, 25.0), (-97.6, 24.0), (-97.75, 22.9), (-97.8, 22.2),
        (-97.5, 21.5), (-97.2, 20.9), (-96.8, 20.2), (-96.35, 19.6), (-96.05, 19.1),
        (-95.8, 18.75), (-95.0, 18.5), (-94.46, 18.1), (-93.7, 18.35), (-92.9, 18.5),
        (-92.0, 18.65), (-91.4, 18.6), (-90.7, 19.3), (-90.6, 19.85), (-90.4, 20.6),
        (-90.3, 21.1), (-89.6, 21.3), (-88.5, 21.5), (-87.3, 21.5), (-86.8, 21.2),
        # the Caribbean coast, then the borders with Belize and Guatemala
        (-87.0, 20.4), (-87.5, 19.6), (-87.7, 18.7), (-88.3, 18.45), (-89.15, 17.9),
        (-90.98, 17.85), (-90.98, 17.25), (-91.45, 17.25), (-90.45, 16.1), (-91.73, 16.05),
        (-92.2, 15.25), (-92.25, 14.55),
        # the Pacific coast, south-east to north-west
        (-93.0, 15.3), (-93.8, 15.9), (-94.5, 16.2), (-95.2, 16.1), (-96.0, 15.7),
        (-96.5, 15.65), (-97.8, 16.0), (-98.6, 16.4), (-99.88, 16.8), (-101.0, 17.3),
        (-101.6, 17.65), (-102.2, 17.95), (-103.3, 18.3), (-104.3, 19.0), (-105.0, 19.5),
        (-105.5, 20.3), (-105.3, 21.0), (-105.3, 21.55), (-106.0, 22.6), (-106.42, 23.15),
        (-107.0, 23.9), (-107.8, 24.5), (-108.4, 25.2), (-109.1, 25.55), (-109.5, 26.2),
        (-109.9, 26.7), (-110.3, 27.3), (-110.9, 27.85), (-111.5, 28.4), (-112.2, 29.0),
        (-112.8, 29.9), (-113.2, 30.8), (-114.0, 31.3),
    ],
}

RIVERS: dict[str, list[Point]] = {
    # The Rio Grande (Rio Bravo), the border from El Paso to the Gulf.
    "Rio Grande": [
        (-106.49, 31.76), (-105.7, 31.2), (-105.0, 30.6), (-104.4, 29.6), (-103.6, 29.1),
        (-103.2, 29.0), (-102.6, 29.6), (-101.9, 29.8), (-101.0, 29.4), (-100.5, 28.7),
        (-99.9, 27.9), (-99.5, 27.5), (-99.3, 26.9), (-99.1, 26.5), (-98.3, 26.1),
        (-97.5, 25.9), (-97.15, 25.95),
    ],
    # The lower Lerma, Lake Chapala and the Santiago gorge to the Pacific.
    "Lerma and Santiago": [
        (-102.0, 20.3), (-102.6, 20.25), (-103.0, 20.25), (-103.3, 20.55), (-104.0, 21.2),
        (-104.6, 21.5), (-105.2, 21.7),
    ],
    "Balsas": [(-98.5, 18.4), (-99.5, 18.1), (-100.4, 18.2), (-101.2, 18.35), (-102.0, 18.0)],
    "Panuco": [(-99.3, 21.8), (-98.6, 22.0), (-98.1, 22.15), (-97.85, 22.25)],
    "Papaloapan": [(-96.9, 18.0), (-96.2, 18.3), (-95.8, 18.7)],
    "Grijalva and Usumacinta": [(-93.3, 16.6), (-93.0, 17.4), (-92.9, 18.0), (-92.6, 18.5)],
}

MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Sierra Madre Occidental": [
        (-108.9, 30.6, 45), (-108.2, 29.2, 70), (-107.5, 27.8, 80), (-106.6, 26.4, 85),
        (-105.7, 24.9, 85), (-105.1, 23.4, 70), (-104.6, 22.2, 45),
    ],
    "Sierra Madre Oriental": [
        (-101.6, 25.3, 30), (-100.2, 25.0, 35), (-99.8, 24.0, 40), (-99.4, 22.7, 40),
        (-99.0, 21.5, 40), (-98.3, 20.4, 30),
    ],
    "Volcanic Belt": [(-103.7, 19.6, 25), (-102.2, 19.4, 30), (-100.4, 19.5, 25),
                      (-98.6, 19.05, 20), (-97.3, 18.95, 30)],
    "Sierra Madre del Sur": [
        (-103.0, 18.7, 30), (-101.2, 17.9, 45), (-99.6, 17.4, 45), (-98.0, 17.1, 45),
        (-96.3, 16.5, 30),
    ],
    "Chiapas highlands": [(-93.9, 16.3, 25), (-92.5, 16.6, 45), (-91.9, 15.6, 35)],
}

# The escarpments at the edge of the plateau: the way down to the Gulf (Monterrey to
# Orizaba) and to the Pacific (the "Devil's Backbone" between Durango and Mazatlan).
RIDGES: dict[str, list[Point]] = {
    "Gulf escarpment": [
        (-100.0, 24.6), (-99.6, 23.6), (-99.2, 22.3), (-98.6, 21.0), (-97.9, 20.0),
        (-97.4, 19.2), (-97.2, 18.5),
    ],
    "Pacific escarpment": [
        (-108.6, 29.0), (-107.7, 27.3), (-106.7, 25.6), (-105.8, 24.0), (-105.2, 22.6),
    ],
}
# fmt: on

MAP_HEADER = """\
# The Mexico board: Mexico in the railway age (1850-1910), from the U.S. border with a strip
# of Arizona and Texas to Guatemala and the Yucatan.
#
# Not typed in from the printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right). The Gulf of California, the Pacific, the Gulf of Mexico, Baja
# California and the land beyond the borders are "~"; hexes on the Rio Grande, the lower
# Lerma and the Santiago, the Balsas, the Panuco, the Papaloapan and the Grijalva are "w";
# the Sierra Madre Occidental, Oriental and del Sur, the volcanic belt and the Chiapas
# highlands are "m". Ridges follow the two escarpments at the edge of the plateau.
# Regenerate with: python tools/project_map.py mexico --write
"""

CITIES_HEADER = """\
# Cities of the Mexico board: the places that mattered in Mexico's railway age (1850-1910),
# at their real relative positions (projected by tools/project_map.py; a few in the crowded
# centre are moved a hex so that there is a hex between every two cities).
#
# The rulebooks name Mexico City (a Rail Baron, RW-p19-33), Chihuahua and Brownsville
# (RW-p19-25), Culiacan and Tampico (RW-p19-31) and, in the solo appendix, Guadalajara,
# Brownsville and the Salina Cruz Service Bounty (RB-102, RB-104). The solo game removes
# the purple cubes and places them on cities itself, so the board has purple cities and
# neither Guadalajara nor Brownsville is purple. Everything else (the other cities, colours,
# cubes, spokes) is our own: every region has cities of every colour; big cities and ports
# start with 3 cubes, other coloured cities 2, gray cities 1.
# Spokes face every neighbouring hex that is on the board.
# Regenerate with: python tools/project_map.py mexico --write
"""

GEO = Geography(
    id="mexico",
    name="Mexico",
    cols=32,
    rows=29,
    lon_w=-112.2,
    lon_e=-86.8,
    lat_n=32.4,
    lat_s=14.5,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 4),
    rulesets=("mexico",),
    ridge_comment=(
        "The Gulf escarpment (Monterrey to Orizaba) and the Pacific one (Sonora to Nayarit):\n"
        "the ways down from the plateau to either coast pay for the climb."
    ),
    land=LAND,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    modules_toml=CUBES_KEPT,
)
