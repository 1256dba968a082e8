"""City Rotors: a coloured city that also takes a second colour, turning after each delivery
(RW-p7-01..06; the Western U.S. board plays with six of them, RW-p12-05..14).

A rotor sits on a coloured city: its upper part has the city's own colour, and through an
open slice it shows one colour of the wheel printed on the hex below. The city always takes
its own colour (RW-p7-04) and also the colour showing; a cube of either colour that reaches
it must be delivered there (RW-p7-05), and after every delivery to the city the rotor turns
one step clockwise to the next colour of the wheel (RW-p7-06). It starts turned to its own
colour, so at first it takes no second colour (RW-p7-03, RW-p12-05, RW-p12-06).

Which cities get one (RW-p7-03: about a quarter of the coloured cities; RW-p12-14: players
may pick others, more or fewer): the game option ``rotor_cities`` (a list of city ids) when
given, else the board's ``[modules.city-rotors] cities`` (the Western U.S. lists the six of
RW-p12-09..11), else a quarter of the board's coloured cities drawn at random at set-up.

The wheel (house): the rulebook does not print the order of the colours on the lower hex.
Ours has one slice per side of the hex, clockwise red, yellow, blue, purple, black and a
blank (gray) slice that shows no second colour, so "often" a second colour shows (RW-p7-04).
A board may give its own order as ``[modules.city-rotors] wheel = [...]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from railways.core.board import GOODS_COLORS, Color
from railways.core.delivery import DeliveryHook, Walk
from railways.core.plugins import Marker, OptionSpec
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.board import Board
    from railways.core.game import Delivery, Game

MODULE_ID = "city-rotors"
OPTION = "rotor_cities"  # the game option naming the rotor cities (RW-p12-14)
WHEEL: tuple[Color, ...] = (
    Color.RED,
    Color.YELLOW,
    Color.BLUE,
    Color.PURPLE,
    Color.BLACK,
    Color.GRAY,
)
SHARE = 4  # about one coloured city in four gets a rotor when nobody chose (RW-p7-03)


def board_settings(board: Board) -> Mapping[str, Any]:
    return board.module_params.get(MODULE_ID, {})


def wheel_of(board: Board) -> tuple[Color, ...]:
    """The colours of the lower hex, clockwise (the board's own order, or ours)."""
    names = board_settings(board).get("wheel")
    if isinstance(names, list) and names:
        return tuple(Color(n) for n in names)
    return WHEEL


def rotors(game: Game) -> dict[str, int]:
    """Each rotor city and the wheel slice it shows now (an index into the wheel)."""
    data: dict[str, int] = game.state.plugin_data.setdefault("city_rotors", {})
    return data


def showing(game: Game, city: str) -> Color | None:
    """The second colour a rotor city takes now (None: no rotor, or it shows no other)."""
    slot = rotors(game).get(city)
    if slot is None:
        return None
    color = wheel_of(game.board)[slot]
    if color is Color.GRAY or color is game.state.city_colors[city]:
        return None
    return color


def second_colors(game: Game) -> dict[str, Color]:
    """The rotor cities that take a second colour now, with it (``showing``), kept while the
    rotors and their cities' colours stay as they are (route rules are made for every
    delivery listed, drawn or checked). Do not modify the answer."""
    placed = rotors(game)
    own = list(map(game.state.city_colors.__getitem__, placed))
    hit = game.derived.get("rotor_second_colors")
    if hit is not None and hit[0] == placed and hit[1] == own:
        found: dict[str, Color] = hit[2]
        return found
    found = {city: color for city in placed if (color := showing(game, city))}
    game.derived["rotor_second_colors"] = (dict(placed), own, found)
    return found


def second_pairs(game: Game) -> frozenset[tuple[str, Color]]:
    """``second_colors`` as (city, colour) pairs, kept with it (a key of the kept
    deliveries, ``DeliveryHook.also_takes``)."""
    found = second_colors(game)
    hit = game.derived.get("rotor_second_pairs")
    if hit is not None and hit[0] is found:
        pairs: frozenset[tuple[str, Color]] = hit[1]
        return pairs
    pairs = frozenset(found.items())
    game.derived["rotor_second_pairs"] = (found, pairs)
    return pairs


def problems_with(board: Board, cities: object, where: str) -> list[str]:
    """What is wrong with a list of rotor cities for ``board`` (RW-p7-03: coloured cities)."""
    if not isinstance(cities, list) or not all(isinstance(c, str) for c in cities):
        return [f"{where}: expected a list of city ids"]
    out: list[str] = []
    if len(set(cities)) != len(cities):
        out.append(f"{where}: a city is named twice")
    for city in cities:
        found = board.cities.get(city)
        if found is None:
            out.append(f"{where}: {city!r} is not a city of {board.id}")
        elif found.color is Color.GRAY:
            out.append(f"{where}: {found.name} is gray; a City Rotor goes on a coloured city")
    return out


class RotorHook(DeliveryHook):
    """A rotor city takes the colour it shows as well as its own (RW-p7-04, RW-p7-05).

    Made for the rotors as they stand (the route rules are made afresh for each listing and
    check): the second colours are read once, and a hook with none in force changes nothing,
    so the routes are listed by the base rules' faster walk (the rotors start turned to their
    own colours, RW-p7-03, and the blank slice shows none). With some showing, all it changes
    is that those cities take one more colour each (``also_takes``): the integer walk lists
    the routes then too."""

    def __init__(self, game: Game) -> None:
        self.second = second_colors(game)
        self.pairs = second_pairs(game)

    def in_force(self, game: Game, seat: int) -> bool:
        return bool(self.second)

    def also_takes(self, game: Game, seat: int) -> frozenset[tuple[str, Color]]:
        # All the hook changes, by city alone: the integer walk lists the routes.
        return self.pairs

    def accepts(self, game: Game, walk: Walk) -> bool:
        return self.second.get(walk.cities[-1]) is walk.color


def rotor_hooks(game: Game) -> tuple[DeliveryHook, ...]:
    """The rotors' hook, kept while the second colours are the same (``second_colors``
    answers the same object until the rotors or their cities' colours change); none while
    no rotor shows a second colour (the hook would change nothing: ``in_force``)."""
    second = second_colors(game)
    hit = game.derived.get("rotor_hooks")
    if hit is None or hit[0] is not second:
        hit = game.derived["rotor_hooks"] = (second, (RotorHook(game),) if second else ())
    hooks: tuple[DeliveryHook, ...] = hit[1]
    return hooks


@register_plugin
class CityRotors(Module):
    id = MODULE_ID
    title = "City Rotors"
    summary = (
        "rotors on some coloured cities also take a second colour, turning after each delivery"
    )
    clauses = ("RW-p7-01", "RW-p7-02", "RW-p7-03", "RW-p7-04", "RW-p7-05", "RW-p7-06")
    option_keys = frozenset({OPTION})
    option_specs = (
        OptionSpec(
            OPTION,
            "With City Rotors: the coloured cities that get a rotor",
            clause="RW-p12-14",
            default="the board's own, or about one coloured city in four, drawn",
            title="Rotor cities",
            max_items=60,
            max_length=64,
            metavar="CITY,CITY,...",
        ),
    )

    @classmethod
    def option_choices(cls, board: Board) -> Mapping[str, Sequence[tuple[str, str]]]:
        colored = sorted(
            (cid, city.name) for cid, city in board.cities.items() if city.color is not Color.GRAY
        )
        return {OPTION: colored}

    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        if not any(c.color is not Color.GRAY for c in board.cities.values()):
            return "the board has no coloured city to put a rotor on"
        return None

    def check_board(self, board: Board) -> list[str]:
        settings = board_settings(board)
        out: list[str] = []
        if "cities" in settings:
            out += problems_with(board, settings["cities"], f"[modules.{MODULE_ID}] cities")
        names = settings.get("wheel")
        if names is not None:
            if not isinstance(names, list) or not names:
                out.append(f"[modules.{MODULE_ID}] wheel: expected a list of colours")
            else:
                for name in names:
                    if name not in {c.value for c in Color}:
                        out.append(f"[modules.{MODULE_ID}] wheel: {name!r} is not a colour")
                missing = [c.value for c in GOODS_COLORS if c.value not in names]
                if missing:
                    out.append(
                        f"[modules.{MODULE_ID}] wheel: every goods colour must be on it, so a "
                        f"rotor can be set to its city's colour (missing {', '.join(missing)})"
                    )
        return out

    @classmethod
    def check_options(cls, board: Board, extra: Mapping[str, Any]) -> None:
        """Refuse a ``rotor_cities`` option that does not suit the board (RW-p12-14)."""
        problems = problems_with(board, extra.get(OPTION), f"options.{OPTION}")
        if problems:
            raise ValueError("; ".join(problems))

    def chosen(self, game: Game) -> list[str]:
        picked = game.options.extra.get(OPTION)
        if isinstance(picked, list):
            return [str(c) for c in picked]
        listed = board_settings(game.board).get("cities")
        if isinstance(listed, list):
            return [str(c) for c in listed]
        colored = sorted(c for c, city in game.board.cities.items() if city.color is not Color.GRAY)
        game.state.rng.shuffle(colored)  # nobody chose: about a quarter, drawn (RW-p7-03)
        return sorted(colored[: max(1, round(len(colored) / SHARE))])

    def setup(self, game: Game) -> None:
        wheel = wheel_of(game.board)
        placed = rotors(game)
        for city in self.chosen(game):
            # Turned so the slice shows the city's own colour (RW-p7-03, RW-p12-05).
            placed[city] = wheel.index(game.state.city_colors[city])
        names = ", ".join(game.city_name(c) for c in sorted(placed))
        game.log(f"City Rotors on {names}")

    def delivery_hooks(self, game: Game) -> Sequence[DeliveryHook]:
        return rotor_hooks(game) if rotors(game) else ()

    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        placed = rotors(game)
        city = delivery.destination
        if city in placed:  # one step clockwise after every delivery there (RW-p7-06)
            placed[city] = (placed[city] + 1) % len(wheel_of(game.board))
            second = showing(game, city)
            game.log(
                f"{game.city_name(city)}'s City Rotor turns: "
                + (f"it now takes {second.value} too" if second else "no second colour shows")
            )

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        return {
            **super().view(game, seat),
            "city_rotors": {
                city: {
                    "color": game.state.city_colors[city].value,
                    "showing": wheel_of(game.board)[slot].value,
                    "takes": sorted(
                        {game.state.city_colors[city].value}
                        | ({s.value} if (s := showing(game, city)) else set())
                    ),
                }
                for city, slot in sorted(rotors(game).items())
            },
            # The same by colour, every colour always there (a fixed layout for learners).
            "rotor_second_colours": {
                color.value: sorted(c for c in rotors(game) if showing(game, c) is color)
                for color in GOODS_COLORS
            },
        }

    def own_markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        out: list[Marker] = []
        for city in sorted(rotors(game)):
            own = game.state.city_colors[city]
            second = showing(game, city)
            also = f"also takes {second.value}" if second else "shows no second colour"
            out.append(
                Marker(
                    kind="city-rotor",
                    label=f"City Rotor at {game.city_name(city)}: {own.value}, {also}",
                    symbol=second.letter if second else "·",
                    city=city,
                    help="RW-p7-04",
                )
            )
        return out
