"""The map loader: the tiny fixture loads, and each kind of mistake is reported as file:key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railways.content import maps as maps_module
from railways.content.maps import DEFAULT_MAP, MapError, available_maps, load_map, maps_root
from railways.core.board import Color, Terrain
from railways.core.hexgrid import Edge, Hex, Side
from railways.rules import check_map

TINY = Path(__file__).parent / "fixtures" / "maps" / "tiny"


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "tiny"
    shutil.copytree(TINY, target)
    return target


def _edit(path: Path, file: str, old: str, new: str, count: int = 1) -> None:
    text = (path / file).read_text()
    assert old in text, f"{old!r} not in {file}"
    (path / file).write_text(text.replace(old, new, count))


def _problems(path: Path) -> list[str]:
    with pytest.raises(MapError) as info:
        load_map(path)
    assert str(info.value) == "\n".join(info.value.problems)
    return info.value.problems


def _broken(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    path = _copy(tmp_path)
    _edit(path, file, old, new)
    return _problems(path)


def _has(problems: list[str], prefix: str, fragment: str) -> None:
    matching = [p for p in problems if p.startswith(prefix) and fragment in p]
    assert matching, f"no problem starting {prefix!r} containing {fragment!r} in {problems}"


# -- the good fixture ---------------------------------------------------------------------


def test_tiny_fixture_loads() -> None:
    board = load_map(TINY)
    assert board.id == "tiny"
    assert (board.min_players, board.max_players) == (2, 4)
    assert len(board.hexes) == 21
    assert board.hexes[Hex.from_offset(1, 2)] is Terrain.WATER
    assert board.hexes[Hex.from_offset(1, 3)] is Terrain.MOUNTAIN
    assert Hex.from_offset(0, 0) not in board.hexes
    west = board.cities["west"]
    assert west.at == Hex.from_offset(1, 0)
    assert west.color is Color.RED and west.cubes == 2
    assert west.spokes == frozenset({Side.E, Side.NE, Side.SE})
    assert board.city_by_name("eastville") is board.cities["east"]
    assert board.ridges == frozenset({Edge.of(Hex.from_offset(1, 3), Side.E)})
    assert board.crosses_ridge(Hex.from_offset(1, 4), Hex.from_offset(1, 3))
    special = board.specials["west"]
    assert special.kind == "western_link" and special.city == "east"
    assert board.major_lines["A"].endpoints == ("west", "east")
    assert board.tables.last_space == 100
    assert board.tables.ecm_by_players[4] == 14


def test_packaged_maps_are_folders_with_a_map_file() -> None:
    for map_id in available_maps():
        assert (maps_root() / map_id / "map.toml").is_file()


# -- one test per kind of mistake -----------------------------------------------------------


def test_the_default_board_is_data_beside_the_boards() -> None:
    """The board played when none is named comes from content/maps/default.toml: a
    built-in board that loads."""
    text = (maps_root() / "default.toml").read_text(encoding="utf-8")
    assert f'board = "{DEFAULT_MAP}"' in text
    assert DEFAULT_MAP in available_maps()
    assert load_map(DEFAULT_MAP).id == DEFAULT_MAP


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('board = "atlantis"', "default.toml:board: expected the id of a built-in board"),
        ("board = 3", "default.toml:board: expected the id of a built-in board"),
        ("board = ", "default.toml: "),
    ],
)
def test_a_bad_default_board_file_says_what_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str
) -> None:
    shutil.copytree(maps_root() / DEFAULT_MAP, tmp_path / DEFAULT_MAP)
    (tmp_path / "default.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(maps_module, "maps_root", lambda: tmp_path)
    with pytest.raises(MapError) as caught:
        maps_module.default_map.__wrapped__()
    assert problem in str(caught.value)


def test_unknown_terrain_letter(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", "~ . . . . ~", "~ . x . . ~")
    _has(problems, "map.toml:terrain.grid[row 0, col 2]: ", "unknown terrain letter 'x'")


def test_city_on_a_hex_not_on_the_board(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "cities.toml", 'at = "1,0"', 'at = "9,9"')
    _has(problems, "cities.toml:city[0].at: ", "hex 9,9 is not on the board")


def test_city_on_a_hex_not_marked_c(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "cities.toml", 'at = "1,0"', 'at = "2,0"')
    _has(problems, "cities.toml:city[0].at: ", "hex 2,0 is marked '.' in the terrain grid")


def test_c_mark_without_a_city(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", ". . . . . .", "C . . . . .")
    _has(problems, "map.toml:terrain.grid[row 2, col 0]: ", "marked 'C' but no city is placed")


def test_spoke_facing_off_the_board(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "cities.toml", 'spokes = ["E", "NE", "SE"]', 'spokes = ["E", "W"]')
    _has(problems, "cities.toml:city.west.spokes: ", "spoke W of Westport faces off the board")


def test_spoke_facing_another_city(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    # Move Southby to 2,0, whose north-east neighbour is Westport at 1,0.
    _edit(path, "map.toml", ". . . . . .", "C . . . . .")
    _edit(path, "map.toml", " . C . . S ~", " . . . . S ~")
    _edit(path, "cities.toml", 'at = "3,1"', 'at = "2,0"')
    _edit(path, "cities.toml", 'spokes = ["NE", "E", "W", "NW"]', 'spokes = ["NE", "E"]')
    _has(
        _problems(path),
        "cities.toml:city.south.spokes: ",
        "spoke NE of Southby faces straight into another city",
    )


def test_duplicate_city_name(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "cities.toml", 'name = "Southby"', 'name = "westport"')
    _has(problems, "cities.toml:city[2].name: ", "duplicate city name 'westport'")


def test_duplicate_city_id(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "cities.toml", 'id = "south"', 'id = "west"')
    _has(problems, "cities.toml:city[2].id: ", "duplicate city id 'west'")


def test_major_line_endpoint_that_is_no_city(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "major_lines.toml", '["west", "east"]', '["west", "atlantis"]')
    _has(problems, "major_lines.toml:line[0].endpoints[1]: ", "'atlantis' is not a city id")


def test_income_track_too_short_for_last_space(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "tables.toml", "last_space = 100", "last_space = 101")
    _has(problems, "tables.toml:income_track.income: ", "lists 101 spaces but the track runs")


def test_income_track_too_long_for_last_space(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "tables.toml", "last_space = 100", "last_space = 99")
    _has(problems, "tables.toml:income_track.income: ", "from 0 to 99 (100 spaces)")


def test_missing_ecm_count_for_a_player_count(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "tables.toml", ', "4" = 14 }', " }")
    _has(problems, "tables.toml:ecm.players: ", "no Empty City Marker count for 4 players")


def test_missing_engine_cost_for_a_level(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "tables.toml", '"5" = 8, ', "")
    _has(problems, "tables.toml:engine.costs: ", "no upgrade cost for engine level 5")


def test_unknown_key(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "cities.toml", 'color = "red"', 'colour = "red"')
    _has(problems, "cities.toml:city[0].colour: ", "unknown key (expected one of ")


def test_missing_source(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", '[terrain]\nsource = "house"\n', "[terrain]\n")
    _has(problems, "map.toml:terrain.source: ", "missing; say where the values come from")


def test_invalid_source(tmp_path: Path) -> None:
    problems = _broken(
        tmp_path, "map.toml", '[ridges]\nsource = "house"', '[ridges]\nsource = "guess"'
    )
    _has(problems, "map.toml:ridges.source: ", "'guess' is not a known source")


def test_bad_edge_text(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", '["1,3 E"]', '["1,3", "1,3 N"]')
    _has(problems, "map.toml:ridges.edges[0]: ", 'expected an edge as "row,col SIDE"')
    _has(problems, "map.toml:ridges.edges[1]: ", "unknown hex side 'N'")


def test_edge_not_between_board_hexes(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", '["1,3 E"]', '["1,0 W"]')
    _has(problems, "map.toml:ridges.edges[0]: ", "is not between two hexes of the board")


def test_special_hex_kind_must_be_a_name(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", 'kind = "western_link"', 'kind = "a portal!"')
    _has(problems, "map.toml:special[0].kind: ", "expected a kind name")


def test_special_hex_kind_no_plugin_gives_meaning(tmp_path: Path) -> None:
    """Kinds are the map's own words: the loader takes any, the plug-ins must know it."""
    target = tmp_path / "tiny"
    shutil.copytree(TINY, target)
    path = target / "map.toml"
    path.write_text(path.read_text().replace('kind = "western_link"', 'kind = "portal"'))
    board = load_map(str(target))
    assert board.specials["west"].kind == "portal"
    problems = check_map(board)
    assert any("west" in p and "'portal'" in p and "no plug-in" in p for p in problems), problems


def test_special_hex_city_unknown(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", 'city = "east"', 'city = "atlantis"')
    _has(problems, "map.toml:special.west.city: ", "'atlantis' is not a city id")


def test_invalid_toml(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "map.toml", 'name = "Tiny test board"', "name = Tiny")
    _has(problems, "map.toml: ", "not valid TOML")


def test_missing_file(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    (path / "cities.toml").unlink()
    _has(_problems(path), "cities.toml: ", "file is missing")


def test_unknown_map_id() -> None:
    with pytest.raises(MapError) as info:
        load_map("no-such-board")
    assert info.value.problems[0].startswith("no-such-board: no such map (known maps: ")


def test_all_problems_are_collected(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    _edit(path, "cities.toml", 'color = "red"', 'color = "red"\nweight = 3')
    _edit(path, "major_lines.toml", "points = 4", "points = -1")
    problems = _problems(path)
    assert problems == [
        "cities.toml:city[0].weight: unknown key (expected one of at, color, cubes, flags, id, "
        "name, source, spokes)",
        "major_lines.toml:line[0].points: expected a whole number >= 0, got -1",
    ]
