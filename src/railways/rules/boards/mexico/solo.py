"""Mexico's purple cubes in the solo game (RB-102, RB-105..108).

The solo appendix takes the purple cubes out of the bag and sets them beside the board, where
only its rules place them: two at set-up, one for each purple cube icon on a resolved Railbot
card and each New Industry card. A purple cube that goes back in the bag goes beside the board
instead. Whenever the Exhaust Purple card or Final Evaluation is revealed, and once more after
the last turn, the player loses points by the purple cubes on the board.

Its data is the ``[scarce_color]`` table of ``solo.toml`` and the ``place`` key of a Railbot
card (the city its purple icon names), read here; the count of cubes beside the board is kept
in the solo state's ``own`` table under ``supply``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from railways.content.solo import RailbotCard, SoloMap
from railways.core.board import Board, Color
from railways.core.game import Game
from railways.rules.solo.hooks import SoloHook, Task
from railways.rules.solo.state import solo_map, solo_state

PLAYER = 0
TABLE = "scarce_color"  # the table of solo.toml
PLACE = "place"  # the key of a Railbot card whose purple icon names a city
PLACE_TASK = "place_scarce"  # the task that puts one cube on that city
_KEYS = {"source", "color", "setup", "new_city_tiles", "new_industry", "card", "penalty"}
SUPPLY = "supply"  # the key of the solo state's own table: purple cubes beside the board


def supply(game: Game) -> int:
    """The cubes of the scarce colour beside the board, out of the bag (RB-102)."""
    found: int = solo_state(game).own.get(SUPPLY, 0)
    return found


def set_supply(game: Game, count: int) -> None:
    solo_state(game).own[SUPPLY] = count


@dataclass(frozen=True)
class ScarceColor:
    """The scarce colour: out of the bag, set beside the board, placed only by the rules, and a
    penalty for those on the board when a card is revealed."""

    color: Color
    setup: Mapping[str, int]  # cubes put on these cities at set-up (RB-102)
    new_city_tiles: bool  # False: that colour's New City tiles go back in the box (RB-102)
    new_industry: int  # cubes a New Industry card adds to its city (RB-105)
    card: str  # the Railbot card whose reveal costs the penalty (RB-105)
    penalty: tuple[int, ...]  # points lost for 1, 2, ... cubes on the board (RB-106, RB-107)

    def points_lost(self, cubes: int) -> int:
        if cubes <= 0 or not self.penalty:
            return 0
        return self.penalty[min(cubes, len(self.penalty)) - 1]


def _whole(file: str, key: str, value: object, p: list[str]) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        p.append(f"{file}:{key}: expected a whole number of at least 0, got {value!r}")
        return 0
    return value


def read_scarce(raw: object, board: Board, p: list[str]) -> ScarceColor | None:
    """The ``[scarce_color]`` table, checked against the printed board."""
    file, key = "solo.toml", TABLE
    if raw is None:
        return None
    if not isinstance(raw, dict):
        p.append(f"{file}:{key}: expected a table")
        return None
    p += [f"{file}:{key}.{k}: unknown key" for k in raw if k not in _KEYS]
    try:
        color = Color(raw.get("color"))
    except ValueError:
        p.append(f"{file}:{key}.color: expected a goods colour")
        return None
    setup: dict[str, int] = {}
    for city, n in dict(raw.get("setup", {})).items():
        if city not in board.cities:
            p.append(f"{file}:{key}.setup: {city!r} is not a city of {board.id}")
        setup[city] = _whole(file, f"{key}.setup.{city}", n, p)
    penalty = raw.get("penalty", [])
    if not isinstance(penalty, list) or not all(isinstance(v, int) for v in penalty):
        p.append(f"{file}:{key}.penalty: expected a list of points")
        penalty = []
    return ScarceColor(
        color=color,
        setup=setup,
        new_city_tiles=bool(raw.get("new_city_tiles", True)),
        new_industry=_whole(file, f"{key}.new_industry", raw.get("new_industry", 0), p),
        card=str(raw.get("card", "")),
        penalty=tuple(penalty),
    )


def _place_problems(smap: SoloMap, board: Board, scarce: ScarceColor | None) -> list[str]:
    """The Railbot card the penalty waits for, and the cities the cards' icons name."""
    out = []
    if scarce is not None and scarce.card not in smap.cards:
        out.append(f"solo.toml:{TABLE}.card: {scarce.card!r} is not a Railbot card")
    in_play = (set(board.cities) | set(board.towns)) - smap.out_of_play_cities
    for card in smap.cards.values():
        place = card.own.get(PLACE)
        if place is not None and place not in in_play:
            out.append(f"railbot.toml:{card.id}.{PLACE}: {place!r} is not a city in play")
    return out


def scarce_of(game: Game) -> ScarceColor | None:
    """The game's scarce colour (None when its solo appendix has none)."""
    appendix = solo_map(game).appendix
    return appendix if isinstance(appendix, ScarceColor) else None


def scarce_count(game: Game) -> int:
    """Cubes of the scarce colour on the board (RB-105)."""
    scarce = scarce_of(game)
    if scarce is None:
        return 0
    return sum(cubes.count(scarce.color) for cubes in game.state.cubes.values())


def penalty(game: Game, scarce: ScarceColor, when: str) -> None:
    """RB-105..108: lose points by the number of purple cubes on the board."""
    count = scarce_count(game)
    lost = scarce.points_lost(count)
    color = scarce.color.value
    game.log(f"{when}: {count} {color} cube{'' if count == 1 else 's'} on the board")
    if lost:
        game.score(PLAYER, -lost, f"{count} {color} cubes on the board")


def place(game: Game, city: str, count: int, why: str) -> None:
    """Put cubes of the scarce colour from beside the board on a city (RB-102, RB-105)."""
    scarce = scarce_of(game)
    if scarce is None or city not in game.state.cubes:
        return
    placed = min(count, supply(game))
    if placed:
        set_supply(game, supply(game) - placed)
        game.add_cubes(city, [scarce.color] * placed)
        plural = "" if placed == 1 else "s"
        name = game.city_name(city)
        game.log(f"{placed} {scarce.color.value} cube{plural} on {name} ({why})")
    if placed < count:
        game.log(
            f"No {scarce.color.value} cube is left beside the board for {game.city_name(city)}"
        )


def setup(game: Game, scarce: ScarceColor) -> None:
    """RB-102: the scarce colour leaves the bag before the cities are filled; its New City
    tiles go back in the box; the set-up cubes go on their cities.

    The cities are filled again from the other colours, a cube a city at a time (every
    city its first cube, then every city its second...), so that when the other colours
    cannot fill the board (ours prints 107 cubes and the bag holds 100 that are not
    purple) the last cubes missing are those of the biggest cities and no city starts
    empty."""
    state, board = game.state, game.board
    color = scarce.color
    for city in sorted(state.cubes):
        for cube in state.cubes[city]:
            state.bag[cube] += 1
        state.cubes[city] = []
    set_supply(game, state.bag[color])
    state.bag[color] = 0
    reduction = board.tables.cube_reduction.get(game.n, 0)
    want = {c: max(1, board.cities[c].cubes - reduction) for c in sorted(state.cubes)}
    for layer in range(max(want.values(), default=0)):
        for city, n in want.items():
            if layer < n:
                state.cubes[city].extend(game.draw_cubes(1))
    if not scarce.new_city_tiles:
        state.new_city_tiles[color] = 0
    for city, n in sorted(scarce.setup.items()):
        place(game, city, n, "set-up")


class MexicoSolo(SoloHook):
    """The purple cubes as the solo game's hook (``Mexico.solo_hook``)."""

    def appendix_keys(self) -> frozenset[str]:
        return frozenset({TABLE})

    def card_keys(self) -> frozenset[str]:
        return frozenset({PLACE})

    def read_appendix(self, smap: SoloMap, board: Board, problems: list[str]) -> object:
        scarce = read_scarce(smap.own.get(TABLE), board, problems)
        problems += _place_problems(smap, board, scarce)
        return scarce

    def setup(self, game: Game) -> None:
        scarce = scarce_of(game)
        if scarce is not None:
            setup(game, scarce)

    def cube_returned(self, game: Game, color: Color) -> None:
        """RB-102: a purple cube back in the bag goes beside the board instead."""
        scarce = scarce_of(game)
        if scarce is not None and color is scarce.color and game.state.bag[color] > 0:
            game.state.bag[color] -= 1
            set_supply(game, supply(game) + 1)

    def new_industry(self, game: Game, city: str, why: str) -> None:
        """RB-105: a New Industry card brings a purple cube too."""
        scarce = scarce_of(game)
        if scarce is not None and scarce.new_industry:
            place(game, city, scarce.new_industry, why)

    def card_drawn(self, game: Game, card_id: str) -> bool:
        """RB-105, RB-108: the penalty when the Exhaust Purple card (then set aside) or Final
        Evaluation is revealed."""
        scarce = scarce_of(game)
        if scarce is None:
            return False
        if card_id == scarce.card:
            penalty(game, scarce, "the Exhaust Purple card is revealed")
            return True
        if card_id == solo_map(game).final_evaluation_id:
            penalty(game, scarce, "Final Evaluation is revealed")
        return False

    def card_icon_tasks(self, game: Game, card: RailbotCard) -> list[Task]:
        """RB-105: the purple cube icon's city gets a cube."""
        city = card.own.get(PLACE)
        return [{"kind": PLACE_TASK, "city": city}] if isinstance(city, str) else []

    def do_task(self, game: Game, task: Task) -> bool:
        if task["kind"] != PLACE_TASK:
            return False
        place(game, task["city"], 1, "the Railbot card's cube icon")
        return True

    def held(self, game: Game) -> dict[Color, int]:
        """The purple cubes beside the board (RB-102)."""
        scarce = scarce_of(game)
        return {} if scarce is None else {scarce.color: supply(game)}

    def final_points(self, game: Game) -> int:
        """RB-108: the penalty a third time, after the last turn."""
        scarce = scarce_of(game)
        if scarce is None:
            return 0
        count = scarce_count(game)
        lost = scarce.points_lost(count)
        if lost:
            game.log(f"After the last turn: {count} {scarce.color.value} cubes cost {lost}")
        return -lost

    def removal_saves(self, game: Game, color: Color | str | None) -> int:
        """The step of the penalty table one cube fewer saves, at each reveal still to come
        (the Exhaust Purple card, Final Evaluation, the end of the game)."""
        scarce = scarce_of(game)
        if scarce is None or color not in (scarce.color, scarce.color.value):
            return 0
        count = scarce_count(game)
        if count <= 0:
            return 0
        solo = solo_state(game)
        events = 1  # after the last turn
        if solo.evaluations == 0 and game.state.end_trigger_turn is None:
            events += 1  # Final Evaluation's reveal
        if scarce.card not in solo.discard:
            events += 1  # the Exhaust Purple card's reveal
        return (scarce.points_lost(count) - scarce.points_lost(count - 1)) * events
