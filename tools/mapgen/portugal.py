"""Geography of the Portugal board (see ``tools/mapgen/__init__.py``).

Regenerate the board with ``python tools/project_map.py portugal --write``.

The board is Portugal with a strip of Spain along its land border (Galicia, León,
Extremadura, western Andalusia), from the Ría de Vigo to the Gulf of Cádiz. The Azores
(Açores) and Madeira are far out in the Atlantic; like the insets of a printed board they are
drawn in the sea west of the mainland, each at the end of a maritime lane: a row of water
hexes from Lisboa to the Açores and from Sagres to Madeira, the routes the Rail Barons solo
book names (RB-083, RB-085, RB-088), written as a ``[[border]]`` of kind ``maritime`` along
the lane. Track is laid on those hexes like any other; the board's plug-in
(``rules/boards/portugal.py``) keeps it to the lane and prices it.
"""

from __future__ import annotations

import itertools

from mapgen import CityDef, Geography, Hex, MountainPoint, Point, Result, neighbour

# fmt: off
CITIES: list[CityDef] = [
    # Minho, Douro and Trás-os-Montes; Galicia and León over the border
    CityDef("vigo", "Vigo", 42.24, -8.72, "blue", 3),
    CityDef("ourense", "Ourense", 42.34, -7.86, "black", 2),
    CityDef("viana-do-castelo", "Viana do Castelo", 41.69, -8.83, "yellow", 2),
    CityDef("braga", "Braga", 41.55, -8.42, "purple", 2),
    CityDef("porto", "Porto", 41.15, -8.61, "red", 3),
    CityDef("chaves", "Chaves", 41.74, -7.47, "gray", 1),
    CityDef("braganca", "Bragança", 41.81, -6.76, "black", 2),
    CityDef("vila-real", "Vila Real", 41.30, -7.74, "yellow", 2),
    CityDef("mirandela", "Mirandela", 41.49, -7.18, "gray", 1),
    CityDef("zamora", "Zamora", 41.50, -5.75, "purple", 2),
    CityDef("salamanca", "Salamanca", 40.97, -5.66, "red", 3),
    # Beira and Estremadura; Extremadura over the border
    CityDef("aveiro", "Aveiro", 40.64, -8.65, "blue", 2),
    CityDef("viseu", "Viseu", 40.66, -7.91, "black", 2),
    CityDef("guarda", "Guarda", 40.54, -7.27, "gray", 1),
    CityDef("coimbra", "Coimbra", 40.21, -8.43, "yellow", 3),
    CityDef("figueira-da-foz", "Figueira da Foz", 40.15, -8.86, "gray", 1),
    CityDef("covilha", "Covilhã", 40.28, -7.50, "purple", 2, (15, 14)),
    CityDef("castelo-branco", "Castelo Branco", 39.82, -7.49, "blue", 2),
    CityDef("leiria", "Leiria", 39.74, -8.81, "black", 2),
    CityDef("entroncamento", "Entroncamento", 39.47, -8.47, "gray", 1),
    CityDef("caldas-da-rainha", "Caldas da Rainha", 39.40, -9.14, "gray", 1),
    CityDef("santarem", "Santarém", 39.24, -8.69, "red", 2, (22, 8)),
    CityDef("portalegre", "Portalegre", 39.29, -7.43, "yellow", 2),
    CityDef("caceres", "Cáceres", 39.47, -6.37, "black", 2),
    CityDef("elvas", "Elvas", 38.88, -7.16, "purple", 2),
    CityDef("merida", "Mérida", 38.92, -6.34, "blue", 2),
    # Lisboa, Alentejo and the Algarve; Andalusia over the border
    CityDef("lisboa", "Lisboa", 38.72, -9.14, "red", 3),
    CityDef("setubal", "Setúbal", 38.52, -8.89, "blue", 2),
    CityDef("evora", "Évora", 38.57, -7.91, "red", 2),
    CityDef("beja", "Beja", 38.02, -7.86, "blue", 2),
    CityDef("sines", "Sines", 37.96, -8.87, "purple", 2),
    CityDef("sagres", "Sagres", 37.01, -8.94, "gray", 1),
    CityDef("portimao", "Portimão", 37.14, -8.54, "yellow", 2),
    CityDef("faro", "Faro", 37.02, -7.93, "red", 2, (35, 11)),
    CityDef("vila-real-de-santo-antonio", "Vila Real de Santo António", 37.19, -7.42, "gray", 1),
    CityDef("huelva", "Huelva", 37.26, -6.95, "yellow", 2),
    CityDef("sevilla", "Sevilla", 37.39, -5.98, "purple", 3),
    # The islands, as insets in the Atlantic (their hexes are set in ISLANDS below).
    CityDef("acores", "Açores", 37.74, -25.67, "yellow", 2, (25, 2), note="inset"),
    CityDef("madeira", "Madeira", 32.65, -16.91, "black", 2, (36, 3), note="inset"),
]

# The Atlantic and the Gulf of Cádiz: hexes mostly inside are not on the board.
WATER: dict[str, list[Point]] = {
    "Atlantic Ocean": [
        (-8.95, 42.6), (-8.85, 42.30), (-8.62, 42.29), (-8.78, 42.22), (-8.88, 42.10),
        (-8.87, 41.87), (-8.84, 41.70), (-8.78, 41.48), (-8.75, 41.30), (-8.70, 41.18),
        (-8.66, 41.02), (-8.70, 40.80), (-8.74, 40.62), (-8.80, 40.40), (-8.88, 40.15),
        (-8.95, 39.95), (-9.05, 39.70), (-9.08, 39.58), (-9.25, 39.42), (-9.40, 39.36),
        (-9.35, 39.20), (-9.42, 38.95), (-9.50, 38.78), (-9.45, 38.70), (-9.25, 38.68),
        (-9.15, 38.69), (-9.02, 38.76), (-8.97, 38.85), (-8.92, 38.78), (-8.95, 38.70),
        (-9.05, 38.64), (-9.20, 38.66), (-9.23, 38.60), (-9.22, 38.42), (-9.05, 38.45),
        (-8.92, 38.50), (-8.85, 38.45), (-8.80, 38.25), (-8.82, 38.05), (-8.88, 37.95),
        (-8.80, 37.70), (-8.82, 37.40), (-8.90, 37.20), (-9.00, 37.02), (-8.94, 36.99),
        (-8.75, 37.07), (-8.67, 37.09), (-8.54, 37.12), (-8.25, 37.08), (-8.00, 37.02),
        (-7.87, 36.96), (-7.65, 37.10), (-7.42, 37.17), (-7.10, 37.20), (-6.95, 37.18),
        (-6.60, 37.00), (-6.40, 36.80), (-6.30, 36.55), (-6.10, 36.30), (-5.0, 36.0),
        (-12.0, 36.0), (-12.0, 42.6),
    ],
}

# Rivers: their hexes are water.
RIVERS: dict[str, list[Point]] = {
    "Minho": [(-8.10, 42.15), (-8.40, 42.08), (-8.65, 41.98), (-8.86, 41.88)],
    "Douro": [
        (-5.45, 41.52), (-6.00, 41.45), (-6.30, 41.30), (-6.60, 41.15), (-6.90, 41.05),
        (-7.30, 41.10), (-7.80, 41.16), (-8.20, 41.08), (-8.62, 41.14),
    ],
    "Mondego": [(-7.90, 40.35), (-8.20, 40.27), (-8.43, 40.21), (-8.86, 40.15)],
    "Tejo": [
        (-5.45, 39.87), (-6.20, 39.70), (-6.85, 39.65), (-7.30, 39.65), (-7.70, 39.55),
        (-8.10, 39.45), (-8.45, 39.40), (-8.68, 39.20), (-8.90, 38.95),
    ],
    "Guadiana": [
        (-5.45, 38.97), (-6.34, 38.92), (-6.90, 38.87), (-7.20, 38.70), (-7.40, 38.40),
        (-7.50, 38.00), (-7.55, 37.70), (-7.45, 37.40), (-7.42, 37.20),
    ],
    "Guadalquivir": [(-5.45, 37.75), (-5.98, 37.39), (-6.10, 37.10), (-6.35, 36.80)],
}

# Uplands: Peneda-Gerês and the Galician massif, Montesinho and Sanabria, the Marão, the
# Serra da Estrela and the Lousã, the Sierra de Gata, Monchique and the Caldeirão, and the
# Sierra Morena.
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Peneda-Gerês": [(-8.30, 41.85, 12), (-7.95, 41.75, 10)],
    "Galician massif": [(-7.40, 42.25, 12), (-7.05, 42.20, 12)],
    "Montesinho and Sanabria": [(-6.95, 41.98, 10), (-6.55, 42.10, 12)],
    "Marão": [(-7.95, 41.33, 8)],
    "Serra da Estrela": [(-7.75, 40.45, 13), (-7.60, 40.32, 13)],
    "Lousã": [(-8.15, 40.08, 10), (-7.90, 40.15, 8)],
    "Sierra de Gata": [(-6.85, 40.27, 13), (-6.10, 40.40, 14)],
    "Monchique": [(-8.58, 37.30, 8)],
    "Caldeirão": [(-8.10, 37.27, 9), (-7.75, 37.32, 8)],
    "Sierra Morena": [(-6.90, 37.95, 14), (-6.25, 37.92, 15), (-5.60, 38.00, 12)],
}

# Ridges where the lines from the coast climb onto the Meseta: the Beira Alta's climb past
# the Estrela and the step between the Algarve and the Alentejo.
RIDGES: dict[str, list[Point]] = {
    "Beira Alta escarpment": [(-8.10, 40.85), (-7.95, 40.55), (-7.90, 40.30)],
    "Algarve uplands": [(-8.75, 37.40), (-8.20, 37.38), (-7.65, 37.42)],
}
# fmt: on

# The island insets and the maritime lanes to them (RB-083, RB-088): the island city's hex and
# the lane's hexes from the mainland port out to the island, set after looking at the
# preview. Lane hexes are water; a ``[[border]]`` of kind ``maritime`` per lane names them.
ISLANDS: dict[str, Hex] = {"acores": (25, 2), "madeira": (36, 3)}
LANES: dict[str, tuple[str, str, list[Hex]]] = {
    # id: (port, island, hexes from the port to the island)
    "maritime-acores": ("lisboa", "acores", [(25, 5), (25, 4), (25, 3)]),
    "maritime-madeira": ("sagres", "madeira", [(36, 6), (36, 5), (36, 4)]),
}

# Hand corrections after looking at the preview: coastal hexes kept so that Viana do Castelo
# and Porto are not left with two or three ways out.
FORCE_ON: set[Hex] = {(6, 8), (8, 8)}
# Coastal hexes from which track could go nowhere (a city's spoke would be useless).
FORCE_OFF: set[Hex] = {(0, 8), (18, 7), (36, 12)}


SIDES = ("E", "NE", "NW", "W", "SW", "SE")


def _side(a: Hex, b: Hex) -> str:
    return next(s for s in SIDES if neighbour(*a, s) == b)


def _islands(geo: Geography, result: Result) -> None:
    """Put the maritime lanes on the sea as water hexes, and check each joins its ends."""
    grid = result.grid
    for city_id, at in ISLANDS.items():
        if result.cities[city_id] != at:
            result.problems.append(f"{city_id} is not at its inset {at}")
    for lane_id, (port, island, hexes) in LANES.items():
        chain = [result.cities[port], *hexes, result.cities[island]]
        for a, b in itertools.pairwise(chain):
            if b not in {neighbour(*a, s) for s in SIDES}:
                result.problems.append(f"{lane_id}: {a} and {b} are not neighbours")
        for row, col in hexes:
            if grid[row][col] not in "~w":
                result.problems.append(f"{lane_id}: {row},{col} is not at sea")
            grid[row][col] = "w"


def _extra_toml(geo: Geography, result: Result) -> str:
    out = []
    for lane_id, (port, island, hexes) in LANES.items():
        chain = [result.cities[port], *hexes, result.cities[island]]
        edges = ", ".join(f'"{a[0]},{a[1]} {_side(a, b)}"' for a, b in itertools.pairwise(chain))
        out.append("\n[[border]]\n")
        out.append(
            f"# The maritime lane from {port} to {island} (RB-083, RB-085, RB-088): its edges run\n"
            "# from the port through the lane's water hexes to the island.\n"
        )
        out.append(f'id = "{lane_id}"\n')
        out.append('kind = "maritime"\n')
        names = {c.id: c.name for c in geo.cities}
        out.append(f'label = "Maritime lane {names[port]} - {names[island]}"\n')
        out.append(f'params = {{ port = "{port}", island = "{island}" }}\n')
        out.append('source = "house"\n')
        out.append(f"edges = [{edges}]\n")
    return "".join(out)


MAP_HEADER = """\
# The Portugal board: Portugal and the Spanish lands along its border, from the Ría de Vigo to
# the Gulf of Cádiz, in the railway era (1856-1900), with the Açores and Madeira as insets.
#
# Not typed in from a printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right). Sea and hexes only partly on land are "~"; hexes on the Minho,
# Douro, Mondego, Tejo, Guadiana and Guadalquivir are "w"; the northern massifs, the Serra da
# Estrela, the Sierra de Gata, the Algarve hills and the Sierra Morena are "m". The two
# maritime lanes (Lisboa - Açores, Sagres - Madeira) are water hexes out at sea, each named by
# a [[border]] of kind "maritime" that the board's plug-in reads (track on a lane joins only
# its port and its island, at $4,000 a hex).
# Regenerate with: python tools/project_map.py portugal --write
"""

CITIES_HEADER = """\
# Cities of the Portugal board: the towns the Portuguese lines of 1856-1900 joined, and the
# Spanish cities they reached over the border, at their real relative positions (projected by
# tools/project_map.py); the Açores and Madeira are insets at the end of their maritime lanes.
#
# The Rail Barons solo book names Lisboa, Sagres, the Açores and Madeira (RB-083..088) and
# asks for gray cities (its Black City, RB-086). Everything else here (the other cities,
# colours, cubes, spokes) is our own: colours are spread so that every region has sources and
# destinations of every colour; Lisboa, Porto, Coimbra and the big Spanish cities start with
# 3 cubes, other coloured cities 2, gray cities 1.
# Spokes face every neighbouring hex that is on the board; an island's only spoke faces its
# lane.
# Regenerate with: python tools/project_map.py portugal --write
"""


GEO = Geography(
    id="portugal",
    name="Portugal",
    cols=23,
    rows=38,
    lon_w=-10.6,
    lon_e=-5.6,
    lat_n=42.45,
    lat_s=36.85,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 5),
    rulesets=("portugal",),
    ridge_comment=(
        "The Beira Alta's climb past the Serra da Estrela and the step from the Algarve up\n"
        "to the Alentejo: the summits of the Beira Alta and the Linha do Sul."
    ),
    water=WATER,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    land_share=0.6,
    add_specials=_islands,
    extra_toml=_extra_toml,
)
