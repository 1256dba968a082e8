"""What Railways of Australia keeps in ``state.plugin_data["australia"]``, and the towns.

A town (AU-028) begins the game as a city of the game's board flagged ``town``: gray, with no
goods, closed as a place to start a link. It is *built* by a link that ends there (AU-029..
AU-031) or by its card (AU-032): it then gets two random goods and is a gray city like any
other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railways.core.track import track_changed
from railways.rules.boards.australia.regions import TOWN

if TYPE_CHECKING:
    from railways.core.game import Game

KEY = "australia"
TOWN_COST = 5  # $5,000 to build a town with a link (AU-028)
TOWN_CUBES = 2  # goods a town gets when built, and again from its card (AU-031, AU-032)


def data(game: Game) -> dict[str, Any]:
    """``built`` (town ids), ``federation`` (the city with the token, or ""), ``navvy``
    (card id -> {city, points}), ``fame`` (card id -> Major Lines already counted)."""
    found: dict[str, Any] | None = game.state.plugin_data.get(KEY)
    if found is None:  # (not setdefault: asked for every action, the default made each time)
        found = game.state.plugin_data[KEY] = {
            "built": [],
            "federation": "",
            "navvy": {},
            "fame": {},
        }
    return found


def towns(game: Game) -> list[str]:
    """Every town of the game's board, built or not."""
    board = game.board
    found: list[str] = board.derived(
        "australia-towns",
        lambda: sorted(cid for cid, c in board.cities.items() if TOWN in c.flags),
    )
    return found


def unbuilt(game: Game) -> list[str]:
    built = data(game)["built"]
    return [t for t in towns(game) if t not in built]


def is_unbuilt(game: Game, city: str | None) -> bool:
    if city is None or city not in game.board.cities:
        return False
    return TOWN in game.board.cities[city].flags and city not in data(game)["built"]


def build_town(game: Game, town: str, why: str) -> None:
    """Make ``town`` a gray city with two random goods; a town built already gets two more
    goods instead (AU-031, AU-032)."""
    name = game.city_name(town)
    cubes = game.draw_cubes(TOWN_CUBES)
    colours = ", ".join(c.value for c in cubes) or "no goods (the bag is empty)"
    if town in data(game)["built"]:
        game.add_cubes(town, cubes)
        game.log(f"{name} is built already: it gets {colours} ({why})")
        return
    data(game)["built"].append(town)
    game.add_cubes(town, cubes)
    # A new city: what may be built to and from it, and what it costs, changes with it.
    track_changed(game.state)
    game.log(f"{name} is built as a gray city with {colours} ({why})")
