"""Geography of the Europe board (see ``tools/mapgen/__init__.py``).

Europe from Lisbon to Moscow and from Christiania to Constantinople, with England and the
south of Scandinavia. Only the land polygons below are on the board: the continent (with
Finland and Asia Minor at the edges), Scandinavia, Great Britain and a strip of the Kuban.
Ireland, the Mediterranean islands and North Africa are left off.

Regenerate the board with ``python tools/project_map.py europe --write``.
"""

from __future__ import annotations

from mapgen import CUBES_KEPT, CityDef, Geography, MountainPoint, Point, centre

# fmt: off
# Hand corrections after looking at the preview.
FORCE_ON: set[tuple[int, int]] = {
    (5, 15), (6, 15), (7, 15), (8, 15),  # Jutland, too narrow for the land share
    (7, 16), (7, 18),  # the Great Belt and the Oresund either side of Copenhagen (water)
    (5, 17),  # the Halland coast south of Gothenburg
    (13, 8), (13, 9),  # Kent, and the Strait of Dover (water)
    (31, 0),  # the Tagus shore south of Lisbon
    (27, 8), (26, 10),  # the Catalan shore either side of Barcelona
    (24, 13),  # the Provence shore east of Marseille
    (26, 21), (27, 21),  # Apulia, east of Naples
    (12, 11),  # the Dutch shore south of Amsterdam
    (27, 30), (26, 31),  # Thrace behind Constantinople
}
FORCE_OFF: set[tuple[int, int]] = {
    # Shore and edge hexes from which a city's spoke would lead nowhere.
    (9, 5), (33, 3), (0, 32),
}
# fmt: on

CITIES: list[CityDef] = [
    # Iberia
    CityDef("lisbon", "Lisbon", 38.72, -9.14, "red", 2),
    CityDef("porto", "Porto", 41.15, -8.61, "gray", 1),
    CityDef("madrid", "Madrid", 40.42, -3.70, "red", 3),
    CityDef("seville", "Seville", 37.39, -5.98, "purple", 2),
    CityDef("valencia", "Valencia", 39.47, -0.38, "yellow", 2),
    CityDef("barcelona", "Barcelona", 41.39, 2.17, "blue", 3),
    CityDef("zaragoza", "Zaragoza", 41.65, -0.88, "purple", 2),
    CityDef("bilbao", "Bilbao", 43.26, -2.93, "black", 2),
    # France
    CityDef("bordeaux", "Bordeaux", 44.84, -0.58, "gray", 1),
    CityDef("toulouse", "Toulouse", 43.60, 1.44, "gray", 1),
    CityDef("marseille", "Marseille", 43.30, 5.37, "blue", 3),
    CityDef("lyon", "Lyon", 45.76, 4.84, "yellow", 3),
    CityDef("paris", "Paris", 48.86, 2.35, "red", 3),
    CityDef("strasbourg", "Strasbourg", 48.57, 7.75, "black", 2),
    # Britain
    CityDef("london", "London", 51.51, -0.13, "red", 3),
    CityDef("birmingham", "Birmingham", 52.49, -1.89, "black", 2),
    CityDef("manchester", "Manchester", 53.48, -2.24, "blue", 2, (9, 6)),
    # The Low Countries and Switzerland
    CityDef("brussels", "Brussels", 50.85, 4.35, "purple", 2),
    CityDef("amsterdam", "Amsterdam", 52.37, 4.90, "blue", 3),
    CityDef("geneva", "Geneva", 46.20, 6.14, "purple", 2),
    CityDef("zurich", "Zurich", 47.37, 8.54, "black", 2),
    # Germany
    CityDef("cologne", "Cologne", 50.94, 6.96, "yellow", 2),
    CityDef("frankfurt", "Frankfurt", 50.11, 8.68, "purple", 2),
    CityDef("munich", "Munich", 48.14, 11.58, "yellow", 2),
    CityDef("nuremberg", "Nuremberg", 49.45, 11.08, "black", 2),
    CityDef("hamburg", "Hamburg", 53.55, 9.99, "blue", 3),
    CityDef("leipzig", "Leipzig", 51.34, 12.37, "blue", 2),
    CityDef("berlin", "Berlin", 52.52, 13.40, "red", 3),
    CityDef("breslau", "Breslau", 51.11, 17.04, "purple", 2),
    CityDef("konigsberg", "Königsberg", 54.71, 20.51, "gray", 1),
    # Scandinavia
    CityDef("copenhagen", "Copenhagen", 55.68, 12.57, "yellow", 2),
    CityDef("christiania", "Christiania", 59.91, 10.75, "black", 2),
    CityDef("stockholm", "Stockholm", 59.33, 18.07, "purple", 2),
    # Italy
    CityDef("turin", "Turin", 45.07, 7.69, "purple", 2, (22, 13)),
    CityDef("milan", "Milan", 45.46, 9.19, "red", 3, (20, 15)),
    CityDef("genoa", "Genoa", 44.41, 8.93, "blue", 2),
    CityDef("venice", "Venice", 45.44, 12.32, "yellow", 2),
    CityDef("florence", "Florence", 43.77, 11.25, "black", 2),
    CityDef("rome", "Rome", 41.90, 12.50, "red", 3),
    CityDef("naples", "Naples", 40.85, 14.27, "purple", 2),
    # Austria-Hungary and the Balkans
    CityDef("vienna", "Vienna", 48.21, 16.37, "red", 3),
    CityDef("prague", "Prague", 50.08, 14.44, "yellow", 2),
    CityDef("trieste", "Trieste", 45.65, 13.78, "gray", 1),
    CityDef("budapest", "Budapest", 47.50, 19.04, "blue", 2),
    CityDef("krakow", "Kraków", 50.06, 19.94, "gray", 1),
    CityDef("lemberg", "Lemberg", 49.84, 24.03, "black", 2),
    CityDef("belgrade", "Belgrade", 44.79, 20.45, "gray", 1),
    CityDef("bucharest", "Bucharest", 44.43, 26.10, "yellow", 2),
    CityDef("constantinople", "Constantinople", 41.01, 28.98, "red", 2),
    # Russia
    CityDef("warsaw", "Warsaw", 52.23, 21.01, "red", 3),
    CityDef("riga", "Riga", 56.95, 24.11, "blue", 2),
    CityDef("minsk", "Minsk", 53.90, 27.57, "purple", 2),
    CityDef("st-petersburg", "St. Petersburg", 59.93, 30.34, "blue", 3),
    CityDef("moscow", "Moscow", 55.76, 37.62, "red", 3, (7, 37)),
    CityDef("kiev", "Kiev", 50.45, 30.52, "yellow", 2),
    CityDef("odessa", "Odessa", 46.48, 30.73, "blue", 2),
]

# -- geography (longitude, latitude) ---------------------------------------------------------------
# fmt: off

LAND: dict[str, list[Point]] = {
    # Clockwise from Gibraltar: the Atlantic coast, the North Sea, the Baltic, then off the
    # top and east edges, the Black Sea, Asia Minor, the Aegean, the Adriatic, Italy and the
    # Mediterranean coast back to Gibraltar.
    "the continent": [
        (-5.6, 36.0), (-6.3, 36.5), (-6.9, 37.2), (-7.4, 37.15), (-8.0, 37.0), (-8.9, 37.0),
        (-8.8, 37.9), (-8.9, 38.5), (-9.5, 38.75), (-9.3, 39.4), (-8.9, 40.2), (-8.7, 41.1),
        (-8.9, 41.9), (-8.9, 42.6), (-9.3, 43.0), (-8.3, 43.6), (-7.7, 43.75), (-6.0, 43.6),
        (-4.5, 43.45), (-3.8, 43.45), (-2.9, 43.4), (-1.8, 43.4),
        (-1.5, 43.5), (-1.25, 44.6), (-1.2, 45.6), (-1.4, 46.2), (-2.2, 47.1), (-3.0, 47.5),
        (-4.4, 47.8), (-4.8, 48.4), (-4.0, 48.7), (-3.0, 48.8), (-2.0, 48.65), (-1.6, 48.7),
        (-1.9, 49.7), (-1.3, 49.65), (-1.1, 49.4), (0.1, 49.45), (0.6, 49.85), (1.4, 50.1),
        (1.6, 50.75), (1.85, 50.95), (2.5, 51.1), (3.3, 51.35), (3.6, 51.45), (4.0, 51.9),
        (4.5, 52.4), (4.75, 52.95), (5.3, 53.3), (6.3, 53.4), (7.2, 53.5), (8.1, 53.55),
        (8.6, 53.9), (8.9, 54.3), (8.6, 55.0), (8.2, 55.5), (8.1, 56.5), (8.6, 57.1),
        (9.9, 57.6), (10.6, 57.7), (10.5, 57.2), (10.3, 56.5), (10.9, 56.4), (10.2, 56.0),
        (9.8, 55.6), (9.6, 55.2), (10.0, 54.8), (10.0, 54.5), (10.9, 54.4), (11.0, 54.0),
        (11.5, 54.0), (12.1, 54.2), (13.0, 54.4), (13.4, 54.7), (14.0, 54.1), (14.6, 53.95),
        (15.5, 54.2), (16.6, 54.55), (17.8, 54.8), (18.5, 54.75), (18.65, 54.4), (19.5, 54.45),
        (19.9, 54.6), (20.6, 54.9), (21.1, 55.3), (21.1, 56.0), (21.0, 56.6), (21.6, 57.4),
        (22.6, 57.75), (23.4, 57.0), (24.1, 57.0), (24.4, 57.4), (24.3, 58.3), (23.5, 58.6),
        (23.5, 59.2), (24.7, 59.45), (26.0, 59.6), (28.0, 59.5), (29.0, 59.9), (30.2, 59.9),
        (29.5, 60.2), (28.7, 60.6), (27.5, 60.5), (26.0, 60.4), (25.0, 60.15), (23.4, 59.95),
        (22.5, 60.2), (21.4, 60.6), (21.3, 61.5),
        # off the board to the north and east
        (21.3, 63.0), (45.0, 63.0), (45.0, 47.2),
        # the Sea of Azov, the Crimea and the Black Sea
        (38.3, 47.1), (37.5, 47.0), (36.3, 46.6), (35.3, 46.4), (34.9, 45.8), (35.5, 45.35),
        (36.5, 45.45), (36.1, 45.0), (35.1, 44.8), (34.3, 44.55), (33.6, 44.5), (33.4, 45.2),
        (32.5, 45.4), (33.6, 45.95), (32.0, 46.1), (31.5, 46.6), (30.75, 46.45), (30.2, 45.9),
        (29.7, 45.2), (29.7, 45.0), (28.8, 44.4), (28.65, 44.2), (28.6, 43.7), (28.0, 43.2),
        (27.7, 42.5), (28.0, 42.0), (28.6, 41.5), (29.1, 41.25),
        # Asia Minor's Black Sea coast, off the board, back along the Aegean
        (30.0, 41.2), (31.4, 41.3), (32.5, 41.8), (33.5, 42.0), (35.0, 42.1), (36.0, 41.7),
        (37.0, 41.1), (38.5, 40.95), (45.0, 40.9), (45.0, 34.0), (28.0, 34.0), (28.0, 36.7),
        (27.3, 37.4), (26.8, 38.4), (26.4, 39.1), (26.1, 39.9), (26.6, 40.3),
        # the Sea of Marmara: its south shore, the Bosporus, its north shore
        (27.5, 40.35), (29.0, 40.4), (29.9, 40.75), (29.1, 41.0), (29.0, 41.03), (28.0, 41.0),
        (27.0, 40.85), (26.6, 40.35),
        # Thrace, Greece, the Adriatic
        (26.0, 40.6), (25.0, 40.9), (24.2, 40.8), (23.5, 40.2), (22.9, 40.6), (22.5, 40.0),
        (23.0, 39.2), (23.0, 38.3), (23.7, 37.9), (24.0, 37.7), (23.1, 37.5), (22.9, 36.5),
        (22.4, 36.4), (21.7, 36.8), (21.1, 37.8), (21.6, 38.3), (21.0, 38.9), (20.7, 39.3),
        (20.0, 39.7), (19.4, 40.3), (19.5, 41.2), (19.4, 41.9), (18.6, 42.4), (18.1, 42.65),
        (17.3, 43.0), (16.4, 43.5), (15.9, 43.7), (15.2, 44.2), (14.9, 44.9), (14.4, 45.3),
        (13.9, 44.8), (13.6, 45.1), (13.75, 45.65), (13.1, 45.75), (12.4, 45.45), (12.3, 45.0),
        # Italy, down the Adriatic side, round the heel and toe, up the Tyrrhenian side
        (12.5, 44.5), (13.5, 43.6), (14.2, 42.5), (15.0, 42.0), (16.1, 41.9), (15.9, 41.5),
        (16.9, 41.1), (18.0, 40.6), (18.5, 40.15), (18.3, 39.8), (17.2, 40.4), (16.6, 39.9),
        (17.1, 39.0), (16.5, 38.4), (15.65, 38.0), (15.9, 38.7), (16.2, 39.3), (15.8, 40.0),
        (14.9, 40.3), (14.25, 40.8), (13.7, 41.25), (12.6, 41.5), (12.2, 41.8), (11.8, 42.1),
        (11.1, 42.4), (10.5, 43.0), (10.3, 43.55), (10.2, 43.9), (9.8, 44.1), (8.9, 44.4),
        # the Riviera, the Gulf of Lion, the Spanish Mediterranean coast
        (8.2, 43.9), (7.5, 43.75), (6.9, 43.5), (6.0, 43.1), (5.3, 43.3), (4.7, 43.4),
        (4.0, 43.5), (3.3, 43.25), (3.0, 42.6), (3.2, 42.3), (2.2, 41.4), (1.2, 41.1),
        (0.8, 40.7), (0.0, 39.9), (-0.3, 39.45), (0.2, 38.8), (-0.5, 38.3), (-0.8, 37.6),
        (-1.6, 37.2), (-2.2, 36.75), (-3.5, 36.7), (-4.4, 36.7), (-5.35, 36.15),
    ],
    "the Kuban": [
        (36.6, 45.3), (37.8, 46.0), (38.5, 46.6), (39.5, 46.8), (39.5, 44.0), (38.0, 44.4),
        (37.3, 44.9), (36.8, 45.1),
    ],
    "Scandinavia": [
        (4.8, 61.5), (5.0, 60.4), (5.3, 59.3), (5.6, 58.9), (6.5, 58.1), (7.0, 57.98),
        (8.5, 58.3), (9.5, 58.9), (10.3, 59.0), (10.6, 59.85), (10.9, 59.2), (11.2, 59.05),
        (11.6, 58.6), (11.9, 57.7), (12.4, 56.9), (12.7, 56.2), (13.0, 55.6), (13.4, 55.35),
        (14.2, 55.4), (14.6, 56.1), (15.6, 56.15), (16.4, 56.6), (16.6, 57.5), (16.9, 58.6),
        (18.0, 59.0), (18.9, 59.5), (18.6, 60.2), (17.5, 60.7), (17.4, 61.5), (17.4, 63.0),
        (4.8, 63.0),
    ],
    "Great Britain": [
        (1.3, 51.1), (0.3, 50.75), (-0.8, 50.75), (-1.3, 50.8), (-2.0, 50.6), (-3.3, 50.6),
        (-3.5, 50.3), (-4.2, 50.35), (-5.0, 50.0), (-5.7, 50.05), (-5.0, 50.5), (-4.2, 51.05),
        (-3.1, 51.2), (-2.7, 51.5), (-3.5, 51.4), (-4.3, 51.6), (-5.2, 51.7), (-4.6, 52.1),
        (-4.1, 52.5), (-4.5, 52.8), (-4.7, 53.3), (-3.9, 53.3), (-3.1, 53.35), (-3.0, 53.5),
        (-3.0, 54.0), (-3.3, 54.4), (-3.6, 54.65), (-3.2, 54.95), (-4.4, 54.7), (-5.1, 54.8),
        (-5.0, 55.5), (-4.9, 55.9), (-5.6, 56.2), (-5.8, 56.8), (-5.7, 57.6), (-5.1, 58.3),
        (-3.0, 58.6), (-3.6, 58.1), (-4.0, 57.6), (-2.0, 57.7), (-1.8, 57.5), (-2.1, 57.15),
        (-2.5, 56.5), (-2.6, 56.05), (-2.0, 55.8), (-1.6, 55.2), (-1.3, 54.6), (-0.5, 54.4),
        (-0.1, 54.1), (0.1, 53.6), (0.3, 53.2), (0.35, 52.95), (1.3, 52.9), (1.75, 52.5),
        (1.6, 52.0), (1.0, 51.8), (0.9, 51.5), (1.4, 51.35),
    ],
}

RIVERS: dict[str, list[Point]] = {
    # Straits the railways crossed by ferry, drawn as water hexes so that track may cross.
    "Strait of Dover": [(1.5, 51.05), (1.7, 50.98)],
    "Great Belt": [(10.0, 55.3), (11.0, 55.35)],
    "Oresund": [(12.75, 55.7), (12.85, 55.65)],
    "Rhine": [
        (4.3, 51.9), (5.9, 51.85), (6.8, 51.4), (6.96, 50.94), (7.6, 50.35), (8.2, 50.0),
        (8.45, 49.5), (7.8, 48.6), (7.6, 47.6), (8.5, 47.6), (9.5, 47.55),
    ],
    "Danube": [
        (8.2, 47.95), (10.0, 48.4), (11.4, 48.75), (12.1, 49.0), (13.45, 48.57), (14.3, 48.3),
        (16.37, 48.21), (17.1, 48.14), (18.0, 47.75), (19.04, 47.5), (18.9, 46.0), (19.3, 45.3),
        (20.45, 44.8), (21.5, 44.65), (22.6, 44.6), (23.6, 43.8), (25.4, 43.65), (26.1, 43.9),
        (27.9, 44.1), (28.2, 45.2), (29.6, 45.2),
    ],
    "Elbe": [
        (14.3, 50.5), (13.7, 51.05), (12.5, 51.8), (11.7, 52.1), (10.6, 53.2), (9.99, 53.55),
        (8.8, 53.9),
    ],
    "Vistula": [
        (19.94, 50.05), (21.0, 50.7), (21.0, 52.23), (19.1, 52.7), (18.6, 53.2), (18.8, 54.1),
        (18.9, 54.35),
    ],
    "Dnieper": [
        (32.05, 54.78), (30.8, 53.9), (30.3, 52.3), (30.52, 50.45), (32.0, 49.5), (34.5, 48.6),
        (35.1, 47.8), (33.4, 46.7), (32.5, 46.5),
    ],
    "Rhone": [(6.15, 46.2), (5.5, 45.8), (4.84, 45.76), (4.8, 44.9), (4.65, 44.0), (4.6, 43.6)],
    "Loire": [
        (3.1, 47.0), (2.5, 47.6), (1.9, 47.9), (0.7, 47.4), (-0.5, 47.4), (-1.55, 47.22),
        (-2.1, 47.3),
    ],
    "Po": [(7.7, 45.07), (8.6, 45.1), (9.7, 45.1), (10.8, 45.0), (11.8, 44.95), (12.4, 44.95)],
}

MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Alps": [
        (7.0, 44.2, 40), (6.8, 45.2, 60), (7.6, 45.9, 60), (8.6, 46.45, 70), (10.0, 46.6, 75),
        (11.5, 46.9, 75), (13.0, 47.0, 65), (14.5, 47.3, 50), (15.5, 47.5, 35),
    ],
    "Pyrenees": [(-1.5, 43.0, 25), (0.0, 42.8, 30), (1.5, 42.6, 30), (2.5, 42.5, 20)],
    "Cantabrian Mountains": [(-6.5, 43.0, 30), (-4.5, 43.0, 30)],
    "Iberian System": [(-2.5, 41.5, 30), (-1.5, 40.6, 30)],
    "Central System": [(-5.5, 40.3, 25), (-3.8, 40.9, 25)],
    "Sierra Nevada": [(-3.5, 37.1, 30), (-2.5, 37.2, 25)],
    "Massif Central": [(2.6, 44.8, 45), (3.0, 45.6, 35)],
    "Apennines": [
        (8.5, 44.4, 25), (10.0, 44.2, 30), (11.5, 43.8, 30), (12.8, 43.0, 35), (13.8, 42.2, 35),
        (14.8, 41.4, 35), (15.8, 40.4, 35), (16.2, 39.3, 30),
    ],
    "Carpathians": [
        (18.8, 49.3, 35), (20.5, 49.3, 40), (22.5, 49.0, 40), (24.0, 48.3, 50), (25.0, 47.5, 50),
        (25.6, 46.5, 45), (25.8, 45.6, 45), (24.5, 45.5, 40), (23.0, 45.4, 40), (22.4, 45.1, 30),
    ],
    "Dinaric Alps": [
        (15.5, 45.0, 40), (16.5, 44.2, 50), (18.0, 43.5, 60), (19.5, 42.6, 55), (20.5, 41.5, 50),
        (21.0, 40.3, 50), (21.8, 39.3, 50),
    ],
    "Balkan Mountains": [(22.8, 43.3, 30), (24.5, 42.8, 35), (26.5, 42.75, 25)],
    "Rhodopes": [(24.0, 41.7, 40), (25.3, 41.6, 35)],
    "Scandinavian mountains": [(7.2, 58.6, 40), (6.5, 59.5, 60), (8.0, 60.5, 70), (10.0, 61.5, 70)],
    "Scottish Highlands": [(-5.0, 57.0, 50), (-3.8, 56.9, 40)],
}

# The main divide of the Alps (the great passes: Mont Cenis, Simplon, Gotthard, Brenner,
# Semmering) and the crest of the Pyrenees.
RIDGES: dict[str, list[Point]] = {
    "Alpine divide": [
        (6.9, 44.3), (7.0, 45.5), (7.9, 45.95), (8.6, 46.55), (9.8, 46.5), (11.0, 46.9),
        (12.5, 47.05), (13.7, 47.1),
    ],
    "Pyrenean crest": [(-1.7, 43.1), (0.0, 42.75), (1.7, 42.5), (2.9, 42.45)],
}
# fmt: on

MAP_HEADER = """\
# The Europe board: the continent in the railway age (1835-1900), from Lisbon to Moscow and
# from Christiania to Constantinople, with England and the south of Scandinavia.
#
# Not typed in from the printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right). The seas, Ireland, the Mediterranean islands and North Africa are
# "~"; hexes on the Rhine, Danube, Elbe, Vistula, Dnieper, Rhone, Loire and Po, and the
# straits a railway crosses (Dover, the Danish belts), are "w"; the Alps, Pyrenees, the
# Spanish ranges, the Massif Central, the Apennines, Carpathians, Dinaric Alps, the Balkan
# ranges, the Scandinavian mountains and the Scottish Highlands are "m". Ridges follow the
# main divide of the Alps and the crest of the Pyrenees.
# Regenerate with: python tools/project_map.py europe --write
"""

CITIES_HEADER = """\
# Cities of the Europe board: the places that mattered in the railway age (1835-1900), at
# their real relative positions (projected by tools/project_map.py; a few in crowded places
# are moved a hex so that there is a hex between every two cities). Names are those of the
# time (Christiania, Königsberg, Breslau, Lemberg, Constantinople).
#
# The rulebooks name Moscow (Czar Nicholas I, RW-p19-39), Vienna and St. Petersburg (Franz
# Anton Gerstner, RW-p19-46), Lisbon and the Spanish cities (King Alfonso XII, RW-p19-41,
# RW-p19-42) and Paris (the Capital Charter example, RW-p21-14). Everything else (the other
# cities, colours, cubes, spokes) is our own: every region has cities of every colour; big
# cities and ports start with 3 cubes, other coloured cities 2, gray cities 1.
# Spokes face every neighbouring hex that is on the board.
# Regenerate with: python tools/project_map.py europe --write
"""


def _asia_minor(row: int, col: int) -> bool:
    """Asia Minor, beyond the Bosporus and the Dardanelles, is left off the board."""
    lon, lat = GEO.from_px(*centre(row, col))
    return (lon > 29.3 and lat < 41.3) or (lon > 26.3 and lat < 40.3)


GEO = Geography(
    id="europe",
    name="Europe",
    cols=40,
    rows=35,
    lon_w=-9.5,
    lon_e=38.5,
    lat_n=60.5,
    lat_s=36.0,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 5),
    rulesets=("europe",),
    ridge_comment=(
        "The main divide of the Alps and the crest of the Pyrenees: the way from France or\n"
        "Germany into Italy or Spain pays for the climb."
    ),
    land=LAND,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    off_board=_asia_minor,
    modules_toml=CUBES_KEPT,
)
