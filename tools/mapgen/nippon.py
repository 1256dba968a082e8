"""Geography of the Nippon board (see ``tools/mapgen/__init__.py``).

Regenerate the board with ``python tools/project_map.py nippon --write``.

Honshu south of Akita, Shikoku and Kyushu; Hokkaido and the far north of Tohoku are off the
board. The straits (Kanmon between Honshu and Kyushu, Akashi and Naruto by Awaji, and the
narrows between Okayama and Takamatsu) are water hexes, so track may cross them at the water
price. The four port cities the Foreign Trade Ports card names (RW-p21-26) carry the city
flag ``port``.
"""

from __future__ import annotations

from mapgen import CUBES_KEPT, CityDef, Geography, Hex, MountainPoint, Point

PORT = ("port",)

# fmt: off
CITIES: list[CityDef] = [
    # Tohoku and the north of the Kanto plain: the solo game's out-of-play ring
    CityDef("yuzawa", "Yuzawa", 39.16, 140.50, "gray", 1),
    CityDef("sendai", "Sendai", 38.27, 140.87, "red", 3),
    CityDef("yamagata", "Yamagata", 38.24, 140.36, "yellow", 2),
    CityDef("fukushima", "Fukushima", 37.76, 140.47, "purple", 2),
    CityDef("aizu", "Aizu", 37.49, 139.93, "gray", 1),
    CityDef("koriyama", "Koriyama", 37.40, 140.38, "blue", 2),
    CityDef("iwaki", "Iwaki", 37.05, 140.89, "black", 2),
    CityDef("utsunomiya", "Utsunomiya", 36.56, 139.88, "yellow", 2),
    CityDef("maebashi", "Maebashi", 36.39, 139.06, "purple", 2),
    CityDef("chosi", "Chosi", 35.73, 140.83, "gray", 1, (20, 42)),
    # Kanto, the Japan Sea coast and the mountains
    CityDef("niigata", "Niigata", 37.92, 139.04, "blue", 2),
    CityDef("mito", "Mito", 36.37, 140.47, "gray", 1),
    CityDef("tokyo", "Tokyo", 35.68, 139.77, "red", 3, (19, 39)),
    CityDef("hanagawa", "Hanagawa", 35.48, 139.63, "yellow", 2, (21, 39), flags=PORT),
    CityDef("yokohama", "Yokohama", 35.44, 139.64, "blue", 3, (22, 37), flags=PORT),
    CityDef("kofu", "Kofu", 35.66, 138.57, "purple", 2),
    CityDef("nagano", "Nagano", 36.65, 138.18, "yellow", 2),
    CityDef("matsumoto", "Matsumoto", 36.24, 137.97, "gray", 1),
    CityDef("toyama", "Toyama", 36.70, 137.21, "purple", 2),
    CityDef("kanazawa", "Kanazawa", 36.56, 136.66, "red", 2),
    CityDef("fukui", "Fukui", 36.06, 136.22, "yellow", 2),
    # Tokaido and Kinki
    CityDef("shizuoka", "Shizuoka", 34.98, 138.38, "yellow", 2),
    CityDef("hamamatsu", "Hamamatsu", 34.71, 137.73, "black", 2),
    CityDef("nagoya", "Nagoya", 35.18, 136.91, "red", 3),
    CityDef("tsu", "Tsu", 34.72, 136.51, "blue", 2),
    CityDef("miyazu", "Miyazu", 35.54, 135.20, "gray", 1),
    CityDef("kyoto", "Kyoto", 35.01, 135.77, "purple", 3),
    CityDef("osaka", "Osaka", 34.69, 135.50, "red", 3),
    CityDef("kobe", "Kobe", 34.69, 135.20, "blue", 2, (25, 20), flags=PORT),
    CityDef("nara", "Nara", 34.69, 135.80, "yellow", 2, (26, 24)),
    CityDef("wakayama", "Wakayama", 34.23, 135.17, "black", 2),
    CityDef("himeji", "Himeji", 34.82, 134.69, "gray", 1, (25, 18)),
    # Chugoku and Shikoku
    CityDef("okayama", "Okayama", 34.66, 133.93, "purple", 2),
    CityDef("tottori", "Tottori", 35.50, 134.24, "gray", 1),
    CityDef("matsue", "Matsue", 35.47, 133.05, "blue", 2),
    CityDef("hiroshima", "Hiroshima", 34.39, 132.46, "red", 3),
    CityDef("yamaguchi", "Yamaguchi", 34.18, 131.47, "yellow", 2),
    CityDef("shimonoseki", "Shimonoseki", 33.96, 130.94, "black", 2),
    CityDef("takamatsu", "Takamatsu", 34.34, 134.05, "yellow", 2),
    CityDef("tokushima", "Tokushima", 34.07, 134.55, "purple", 2),
    CityDef("matsuyama", "Matsuyama", 33.84, 132.77, "blue", 2),
    CityDef("kochi", "Kochi", 33.56, 133.53, "black", 2),
    # Kyushu
    CityDef("fukuoka", "Fukuoka", 33.59, 130.40, "red", 3),
    CityDef("nagasaki", "Nagasaki", 32.75, 129.87, "purple", 3, flags=PORT),
    CityDef("kumamoto", "Kumamoto", 32.80, 130.71, "yellow", 2),
    CityDef("oita", "Oita", 33.24, 131.61, "blue", 2),
    CityDef("miyazaki", "Miyazaki", 31.91, 131.42, "gray", 1),
    CityDef("kagoshima", "Kagoshima", 31.60, 130.56, "black", 2),
]

LAND: dict[str, list[Point]] = {
    # Honshu south of about 39.6 N (the north edge is only a frame beyond the board).
    "Honshu": [
        (140.0, 40.5), (142.5, 40.5), (141.95, 39.6), (141.9, 39.3), (141.65, 38.9),
        (141.55, 38.55), (141.3, 38.4), (141.02, 38.2), (140.95, 37.8), (141.0, 37.4),
        (140.95, 37.0), (140.7, 36.6), (140.6, 36.3), (140.85, 35.75), (140.4, 35.3),
        (140.2, 35.0), (139.85, 34.9), (139.8, 35.0), (139.85, 35.3), (140.05, 35.55),
        (139.9, 35.67), (139.78, 35.62), (139.68, 35.45), (139.7, 35.3), (139.65, 35.15),
        (139.5, 35.3), (139.15, 35.25), (139.1, 35.05), (138.95, 34.7), (138.85, 34.6),
        (138.75, 34.95), (138.85, 35.1), (138.6, 35.1), (138.4, 34.95), (138.2, 34.6),
        (137.75, 34.65), (137.0, 34.58), (137.3, 34.75), (137.0, 34.85), (136.85, 34.75),
        (136.95, 34.95), (136.85, 35.05), (136.6, 34.75), (136.5, 34.7), (136.85, 34.48),
        (136.3, 34.1), (135.95, 33.7), (135.78, 33.45), (135.37, 33.73), (135.15, 34.0),
        (135.1, 34.25), (135.35, 34.45), (135.43, 34.65), (135.2, 34.67), (134.95, 34.64),
        (134.7, 34.77), (134.2, 34.6), (133.95, 34.55), (133.4, 34.4), (133.2, 34.38),
        (132.45, 34.33), (132.2, 34.15), (131.8, 34.0), (131.25, 33.95), (130.93, 33.92),
        (130.88, 34.3), (131.4, 34.42), (131.85, 34.7), (132.1, 34.9), (132.6, 35.45),
        (133.2, 35.6), (133.5, 35.5), (134.2, 35.55), (134.8, 35.65), (135.2, 35.6),
        (135.5, 35.5), (135.9, 35.7), (136.05, 35.65), (135.95, 35.95), (136.1, 36.25),
        (136.6, 36.6), (136.75, 36.95), (136.9, 37.3), (137.3, 37.52), (137.05, 37.1),
        (136.95, 36.85), (137.2, 36.78), (137.6, 36.95), (138.25, 37.17), (138.85, 37.6),
        (139.05, 37.95), (139.45, 38.2), (139.55, 38.55), (139.85, 38.95), (140.0, 39.3),
        (140.05, 39.6),
    ],
    "Awaji": [
        (134.9, 34.62), (135.03, 34.57), (134.95, 34.35), (134.85, 34.2), (134.68, 34.25),
        (134.8, 34.45),
    ],
    "Shikoku": [
        (134.05, 34.35), (134.6, 34.2), (134.62, 33.9), (134.3, 33.5), (134.2, 33.27),
        (133.85, 33.5), (133.55, 33.5), (133.2, 33.35), (132.95, 32.9), (132.65, 32.75),
        (132.5, 33.0), (132.4, 33.3), (132.05, 33.35), (132.4, 33.5), (132.7, 33.85),
        (133.0, 34.08), (133.4, 33.95), (133.7, 34.08),
    ],
    "Kyushu": [
        (130.9, 33.95), (131.2, 33.6), (131.65, 33.35), (131.6, 33.2), (131.9, 33.1),
        (131.9, 32.7), (131.6, 32.3), (131.45, 31.9), (131.35, 31.4), (131.1, 31.45),
        (130.8, 31.0), (130.65, 31.0), (130.75, 31.4), (130.6, 31.6), (130.3, 31.25),
        (130.2, 31.3), (130.2, 31.6), (130.2, 32.1), (130.4, 32.5), (130.6, 32.8),
        (130.3, 32.95), (130.35, 32.6), (130.1, 32.7), (129.85, 32.7), (129.75, 33.0),
        (129.7, 33.2), (129.95, 33.45), (130.3, 33.6), (130.5, 33.85),
    ],
}

RIVERS: dict[str, list[Point]] = {
    "Shinano": [(138.2, 36.65), (138.3, 36.95), (138.8, 37.4), (139.05, 37.92)],
    "Tone": [(139.0, 36.4), (139.6, 36.15), (140.2, 35.85), (140.8, 35.74)],
    "Kiso": [(137.6, 35.8), (137.1, 35.45), (136.75, 35.1)],
    "Yodo and Lake Biwa": [(136.2, 35.45), (136.0, 35.1), (135.75, 34.95), (135.45, 34.72)],
    "Kitakami": [(141.1, 39.3), (141.15, 38.9), (141.3, 38.45)],
    "Mogami": [(140.3, 38.25), (140.2, 38.75), (139.85, 38.92)],
    "Chikugo": [(130.95, 33.3), (130.6, 33.25), (130.35, 33.15)],
    # The straits: water hexes that join the islands.
    "Kanmon": [(130.95, 34.02), (130.9, 33.85)],
    "Akashi and Naruto": [(135.05, 34.7), (134.95, 34.55), (134.75, 34.25), (134.6, 34.15)],
    "Bisan narrows": [(133.93, 34.62), (133.95, 34.45), (134.0, 34.32)],
}

# Japan's mountain spines: the Ou range down Tohoku, the Echigo and Kanto mountains, the
# Japanese Alps, the Chugoku mountains, the Kii peninsula, Shikoku and Kyushu's highlands.
MOUNTAINS: dict[str, list[MountainPoint]] = {
    "Ou": [(140.75, 39.4, 14), (140.6, 38.6, 14), (140.25, 37.9, 12), (140.05, 37.2, 14)],
    "Dewa": [(140.05, 38.7, 8)],
    "Echigo": [(139.35, 37.4, 18), (139.0, 36.95, 18)],
    "Kanto mountains": [(138.8, 36.0, 16), (138.9, 35.75, 10)],
    "Hida (Northern Alps)": [(137.65, 36.75, 16), (137.55, 36.2, 16)],
    "Kiso and Akaishi": [(137.8, 35.75, 12), (138.15, 35.45, 14), (138.1, 35.15, 8)],
    "Fuji and Hakone": [(138.75, 35.35, 10)],
    "Ryohaku": [(136.75, 36.1, 14)],
    "Chugoku": [(132.4, 34.85, 14), (133.2, 35.1, 14), (134.0, 35.2, 14), (134.6, 35.25, 10)],
    "Kii": [(135.75, 34.15, 18), (136.05, 34.0, 16)],
    "Shikoku": [(132.9, 33.6, 12), (133.5, 33.8, 14), (134.1, 33.85, 12)],
    "Kyushu": [(131.1, 32.9, 14), (131.15, 32.45, 18), (130.9, 32.0, 12)],
}

# The passes where the first lines had to climb: Hakone on the Tokaido, Usui between the
# Kanto plain and Nagano, and the Ou watershed between Sendai and Yamagata.
RIDGES: dict[str, list[Point]] = {
    "Hakone": [(138.98, 35.05), (139.0, 35.4)],
    "Usui": [(138.6, 36.2), (138.72, 36.55)],
    "Ou watershed": [(140.6, 39.4), (140.55, 38.7), (140.45, 38.0)],
}
# fmt: on

FORCE_ON: set[Hex] = set()
# Hand corrections after `railways map check`: coastal hexes from which a city's spoke could
# lead nowhere are taken off the board.
FORCE_OFF: set[Hex] = {
    (29, 7),  # the Inland Sea shore below Yamaguchi
    (43, 4),  # Kagoshima Bay south of Kagoshima
}


MAP_HEADER = """\
# The Nippon board: Honshu south of Akita, Shikoku and Kyushu in the Meiji railway era
# (1872-1906), from the first line between Tokyo and Yokohama to the nationalisation.
#
# Not typed in from the printed board: generated by tools/project_map.py, which projects real
# latitudes and longitudes onto a {cols} x {rows} grid of pointy-top hexes ("row,col", odd rows
# shifted half a hex right). Sea and hexes only partly on land are "~"; hexes on the great
# rivers (Shinano, Tone, Kiso, Yodo with Lake Biwa, Kitakami, Mogami, Chikugo) and the
# straits between the islands (Kanmon, Akashi and Naruto by Awaji, the Bisan narrows) are
# "w"; the Ou, Echigo and Kanto mountains, the Japanese Alps, the Chugoku and Kii
# mountains and the highlands of Shikoku and Kyushu are "m". Ridges mark the Hakone and
# Usui passes and the Ou watershed.
# Regenerate with: python tools/project_map.py nippon --write
"""


CITIES_HEADER = """\
# Cities of the Nippon board: the places that mattered in the Meiji railway age, at their
# real relative positions (projected by tools/project_map.py; around Tokyo Bay and Osaka
# Bay some are moved a hex so that there is a hex between every two cities).
#
# The rulebooks name Tokyo and Yokohama (Shinbashi Station, RW-p22-16), the ports Hanagawa,
# Nagasaki, Yokohama and Kobe (Foreign Trade Ports, RW-p21-26: they carry the flag "port"),
# Osaka and Tokyo (Rail Barons, RW-p20-46, RW-p20-51) and the solo set-up's out-of-play
# cities (Miyazu, Chosi, Maebashi, Utsunomiya, Yuzawa, Koriyama, Iwaki, Aizu, Fukushima,
# Sendai and Yamagata). Hanagawa is spelt as the rulebook spells it; we read it as the
# treaty port on the bay beside Yokohama (the station between Shinbashi and Yokohama on the
# line of 1872) and put it a hex away from Yokohama. Yokohama is blue, so the blue cube of
# Shinbashi Station can be delivered there from Tokyo, which is red. Colours, cubes and the
# other cities are our own; four Rail Barons count blue, purple, yellow and gray cities, so
# each of those colours has eight to ten cities across the islands. The big cities start
# with 3 cubes, other coloured cities 2, gray cities 1.
# Spokes face every neighbouring hex that is on the board.
# Regenerate with: python tools/project_map.py nippon --write
"""


GEO = Geography(
    id="nippon",
    name="Nippon",
    cols=48,
    rows=45,
    lon_w=129.6,
    lon_e=142.0,
    lat_n=39.45,
    lat_s=31.15,
    cities=CITIES,
    map_header=MAP_HEADER,
    cities_header=CITIES_HEADER,
    players=(2, 4),
    rulesets=("nippon",),
    ridge_comment=(
        "The Hakone pass on the Tokaido, the Usui pass between the Kanto plain and Nagano,\n"
        "and the Ou watershed between Sendai and Yamagata."
    ),
    land=LAND,
    rivers=RIVERS,
    mountains=MOUNTAINS,
    ridges=RIDGES,
    force_on=FORCE_ON,
    force_off=FORCE_OFF,
    land_share=0.45,
    min_patch=4,
    modules_toml=CUBES_KEPT,
)
