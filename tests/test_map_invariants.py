"""Invariants of the boards that ship with the game, and of the whole-board checker.

Every board found by ``available_maps()`` must load and pass ``check_board``.
The Eastern U.S. board has further tests for what the rulebooks say about it.
"""

from __future__ import annotations

import dataclasses

import pytest

from railways.content.mapcheck import check_board
from railways.content.maps import available_maps, load_map
from railways.core.board import GOODS_COLORS, Board, Color
from railways.core.hexgrid import Edge, Side
from railways.rules import board_plugins, check_map

MAPS = available_maps()

# Cities the rulebooks name for a board; each must exist on it.
RULEBOOK_CITIES: dict[str, tuple[str, ...]] = {
    "eastern-us": (
        # Western Link and its Major Line (RW-p10-10..18); Rail Barons (RW-p19-11, -12, -22).
        "New York",
        "Chicago",
        "Kansas City",
        "Des Moines",
        "Mobile",
        # Out of play in the solo game (RB-097).
        "Boston",
        "Providence",
        "New Haven",
        "Albany",
        "Buffalo",
        "Toronto",
        "Duluth",
        "Tulsa",
        "Little Rock",
        "Shreveport",
        "Dallas",
        # Transcontinental Major Lines and Gold Spike barons at the eastern end (RW-p9, RW-p20).
        "St. Louis",
        "Memphis",
        "New Orleans",
        "Fort Worth",
        "Charleston",
    ),
}

# The solo game plays Eastern U.S. without these cities and without Major Line F (RB-097).
SOLO_OUT_OF_PLAY = frozenset(
    {
        "boston",
        "providence",
        "new-haven",
        "albany",
        "buffalo",
        "toronto",
        "duluth",
        "tulsa",
        "little-rock",
        "shreveport",
        "dallas",
    }
)


def test_there_are_maps() -> None:
    assert "eastern-us" in MAPS


# -- every board ---------------------------------------------------------------------------------
@pytest.mark.parametrize("map_id", MAPS)
def test_board_loads(map_id: str) -> None:
    board = load_map(map_id)
    assert board.id == map_id
    assert board.cities
    assert board.min_players <= board.max_players


@pytest.mark.parametrize("map_id", MAPS)
def test_board_passes_whole_board_checks(map_id: str) -> None:
    board = load_map(map_id)
    # Cities a plug-in's rules join without track (Through Time's time gates) count as joined.
    plugins = board_plugins(board)
    joins = [j for p in plugins for j in p.board_joins(board)]
    # Special hexes a card opens to track (North America's and Sweden's ferries) count too.
    ferries = frozenset().union(*(p.track_specials for p in plugins))
    assert check_board(board, joins, ferries) == []


@pytest.mark.parametrize("map_id", MAPS)
def test_every_city_has_a_spoke_and_a_cube(map_id: str) -> None:
    for city in load_map(map_id).cities.values():
        assert city.spokes, city.name
        # A Through Time time gate is a city flagged so that prints no goods.
        assert city.cubes >= 1 or "time-gate" in city.flags, city.name


@pytest.mark.parametrize("map_id", sorted(RULEBOOK_CITIES))
def test_every_city_the_rulebooks_name_exists(map_id: str) -> None:
    board = load_map(map_id)
    missing = [name for name in RULEBOOK_CITIES[map_id] if board.city_by_name(name) is None]
    assert missing == []


# -- Eastern U.S. ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def eastern() -> Board:
    return load_map("eastern-us")


def test_eastern_size_is_like_the_printed_board(eastern: Board) -> None:
    assert 45 <= len(eastern.cities) <= 55


@pytest.mark.rules("RW-p10-15")
def test_chicago_is_red(eastern: Board) -> None:
    # Red cubes from a Western Link city are delivered to Chicago, so it takes red.
    assert eastern.cities["chicago"].color is Color.RED


def test_eastern_cities_keep_a_hex_between_them(eastern: Board) -> None:
    cities = sorted(eastern.cities.values(), key=lambda c: c.id)
    close = [
        (a.name, b.name)
        for i, a in enumerate(cities)
        for b in cities[i + 1 :]
        if a.at.distance(b.at) < 2
    ]
    assert close == []


def test_eastern_colours_and_cubes(eastern: Board) -> None:
    cities = list(eastern.cities.values())
    total = sum(c.cubes for c in cities)
    assert 100 <= total <= len(GOODS_COLORS) * eastern.tables.goods_per_color
    for color in GOODS_COLORS:
        assert 7 <= sum(1 for c in cities if c.color is color) <= 10, color
    assert 8 <= sum(1 for c in cities if c.color is Color.GRAY) <= 12
    for city in cities:
        # Four east-coast ports start with 4 (issue 15: the solo game's calibration).
        low, high = (1, 2) if city.color is Color.GRAY else (2, 4)
        assert low <= city.cubes <= high, city.name


def test_eastern_every_colour_can_be_delivered_in_every_part_of_the_board(eastern: Board) -> None:
    # Split the board into quarters at its middle; each quarter has a city of every colour,
    # so short deliveries of any colour exist everywhere.
    rows = [h.row for h in eastern.hexes]
    cols = [h.col for h in eastern.hexes]
    mid_row, mid_col = (min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2
    quarters: dict[tuple[bool, bool], set[Color]] = {}
    for city in eastern.cities.values():
        key = (city.at.row < mid_row, city.at.col < mid_col)
        quarters.setdefault(key, set()).add(city.color)
    assert len(quarters) == 4
    for key, colors in quarters.items():
        assert set(GOODS_COLORS) <= colors, key


@pytest.mark.rules("RW-p10-10", "RW-p10-12", "RW-p10-13")
def test_eastern_western_links(eastern: Board) -> None:
    links = {s.id: s for s in eastern.specials.values() if s.kind == "western_link"}
    assert set(links) == {"western-link-kansas-city", "western-link-des-moines"}
    for special in links.values():
        assert special.city in ("kansas-city", "des-moines")
        city = eastern.cities[special.city]
        # West of its city, reached through one of the city's spokes...
        assert city.at.neighbour(Side.W) == special.at
        assert Side.W in city.spokes
        # ...and on the board's west edge: nothing further west in its row.
        assert not any(h.row == special.at.row and h.col < special.at.col for h in eastern.hexes)
        assert special.at.col <= 2


@pytest.mark.rules("RW-p10-16", "RW-p10-17")
def test_eastern_new_york_kansas_city_line(eastern: Board) -> None:
    line = eastern.major_lines["NYKC"]
    assert line.points == 20
    assert set(line.endpoints) == {"new-york", "kansas-city"}
    assert line.requires == frozenset({"western_link"})
    assert line.source == "rulebook"


@pytest.mark.rules("RB-097")
def test_eastern_lines_a_to_f_and_the_solo_game(eastern: Board) -> None:
    lettered = {k: v for k, v in eastern.major_lines.items() if len(k) == 1}
    assert sorted(lettered) == list("ABCDEF")
    for line in lettered.values():
        assert 4 <= line.points <= 12
        assert len(set(line.endpoints)) == len(line.endpoints) >= 2
    # The solo game drops line F with the out-of-play cities: every other line must be
    # playable without them, and F is the line that uses one of them.
    for key, line in lettered.items():
        uses_out_of_play = bool(SOLO_OUT_OF_PLAY & set(line.endpoints))
        assert uses_out_of_play == (key == "F"), key


@pytest.mark.rules("RW-p19-11", "RW-p19-12")
def test_baron_cities_have_room_for_four_links(eastern: Board) -> None:
    # Henry Farnam and James Fisk score 2 points a link from Chicago or Mobile, up to 8.
    for city_id in ("chicago", "mobile"):
        assert len(eastern.cities[city_id].spokes) >= 4, city_id


# -- the checker finds real problems ------------------------------------------------------------
def _fence(board: Board, city_id: str) -> Board:
    """The board with every edge around a city made impassable."""
    at = board.cities[city_id].at
    fence = {Edge.of(at, side) for side in Side if at.neighbour(side) in board.hexes}
    return dataclasses.replace(board, impassable=board.impassable | fence)


def test_check_board_finds_a_cut_off_city(eastern: Board) -> None:
    problems = check_board(_fence(eastern, "boston"))
    assert any("cannot join Boston to the rest" in p for p in problems)
    assert any("spoke" in p and "Boston" in p and "impassable" in p for p in problems)
    # Line F (Boston - Washington) can no longer be completed.
    assert any(p.startswith("Major Line F:") for p in problems)


def test_check_board_finds_a_missing_western_link(eastern: Board) -> None:
    """The Western Link's plug-in checks that its Major Line can be completed."""
    board = dataclasses.replace(eastern, specials={})
    problems = check_map(board)
    assert any("NYKC needs a Western Link" in p for p in problems)


def test_check_board_counts_cubes_and_colours(eastern: Board) -> None:
    cities = {
        cid: dataclasses.replace(c, color=Color.GRAY, cubes=5) if c.color is Color.BLUE else c
        for cid, c in eastern.cities.items()
    }
    problems = check_board(dataclasses.replace(eastern, cities=cities))
    assert any("only 0 blue cities" in p for p in problems)
    assert any("more than the 125 in the game" in p for p in problems)


def test_check_board_finds_a_spoke_into_the_sea(eastern: Board) -> None:
    new_york = eastern.cities["new-york"]
    # East of New York is the Atlantic; a spoke there could never be built.
    assert new_york.at.neighbour(Side.E) not in eastern.hexes
    cities = dict(eastern.cities)
    cities["new-york"] = dataclasses.replace(new_york, spokes=new_york.spokes | {Side.E})
    problems = check_board(dataclasses.replace(eastern, cities=cities))
    assert any(p.startswith("spoke E of New York") for p in problems)
