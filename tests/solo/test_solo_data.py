"""The house calibration keys of a map's solo data: ``[cubes]`` (a city's cubes in the solo
game only) and the loader's checks of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import railways.rules.solo as solo_package
from railways.content.maps import MapError, load_map, map_dir
from railways.content.solo import load_solo
from railways.rules import new_game
from railways.rules.solo import new_solo_game


def _copy(tmp_path: Path, map_id: str, extra: str) -> Path:
    """A copy of a packaged map folder with ``extra`` appended to its solo.toml, the map's own
    ``[cubes]`` table (its last table, where it has one) left out, so that the test's counts are
    the only house ones."""
    folder = tmp_path / map_id
    shutil.copytree(map_dir(map_id), folder)
    solo = folder / "solo.toml"
    text = solo.read_text().split("\n[cubes]\n")[0]
    if extra.startswith("["):  # a table goes last, a plain key first (before any table)
        solo.write_text(text + "\n" + extra + "\n")
    else:
        solo.write_text(extra + "\n" + text)
    return folder


def test_cube_counts_of_the_solo_data_change_the_solo_board_only(tmp_path: Path) -> None:
    # Great Britain's solo game takes no cube off (cube_reduction 0): what the data says goes.
    folder = _copy(tmp_path, "great-britain", "[cubes]\nlondon = 5\nbristol = 1")
    smap = load_solo(folder)
    assert dict(smap.city_cubes) == {"london": 5, "bristol": 1}
    printed = load_map("great-britain")
    assert (printed.cities["london"].cubes, printed.cities["bristol"].cubes) != (5, 1)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solo_package, "load_solo", lambda _map_id: smap)
        game = new_solo_game("great-britain", seed=1)
    assert len(game.state.cubes["london"]) == 5 and len(game.state.cubes["bristol"]) == 1
    assert game.board.cities["london"].cubes == 5
    other = next(c for c in game.board.cities if c not in ("london", "bristol"))
    assert len(game.state.cubes[other]) == printed.cities[other].cubes
    multi = new_game("great-britain", players=3, seed=1)  # the multiplayer board as printed
    assert multi.board.cities["london"].cubes == printed.cities["london"].cubes


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("[cubes]\natlantis = 3", "'atlantis' is not a city in play"),
        ("[cubes]\nedinburgh = 3", "'edinburgh' is not a city in play"),  # out of play
        ("[cubes]\nlondon = 0", "expected a whole number of at least 1"),
        ("cubes = 3", "expected a table of city = cubes"),
    ],
)
def test_wrong_cube_counts_are_reported(tmp_path: Path, extra: str, message: str) -> None:
    folder = _copy(tmp_path, "great-britain", extra)
    with pytest.raises(MapError, match=message):
        load_solo(folder)
