"""Nippon: the board's own components, its port cities and two of its Rail Barons.

- **Components** (RW-p16-04, RW-p16-07): Nippon's box is the base game's except where noted;
  it has 16 New City tiles instead of 24 (four of each colour here, as the base game's 24 are
  split evenly), set up by this plug-in. The 164 track tiles are the board's ``tile_supply``.
- **Port cities** (RW-p21-26): the cities the Foreign Trade Ports card names carry the city
  flag ``port``; the plug-in lists them for the front ends and checks that the board has
  them. Shinbashi Station's own set-up (its blue cube in Tokyo, RW-p22-16) is the card's.
- **Rail Barons** (RW-p20-43..53): two goals no other board has: a point for each city of one
  colour the holder's own links reach (gray capped at 8), and the highest engine where a tie
  at the top level still scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from railways.core.board import Board, Color
from railways.core.cards import BaronDef, BaronEffect
from railways.core.game import Game
from railways.core.plugins import Marker, Plugin
from railways.rules.barons import strictly_best
from railways.rules.registry import register_plugin

PORT = "port"
# The port cities Foreign Trade Ports names (RW-p21-26), by their ids on our board.
PORTS = ("hanagawa", "nagasaki", "yokohama", "kobe")
# Shinbashi Station's line (RW-p22-16): a blue cube from Tokyo to Yokohama.
SHINBASHI_FROM, SHINBASHI_TO = "tokyo", "yokohama"
# RW-p16-07: 16 New City tiles; never red (RW-p5-13); the split is ours.
NEW_CITY_TILES = {Color.YELLOW: 4, Color.BLUE: 4, Color.PURPLE: 4, Color.BLACK: 4}


def connected_cities(game: Game, seat: int) -> set[str]:
    """Cities at either end of the seat's own complete links."""
    cities: set[str] = set()
    for link in game.own_links(seat):
        assert link.end is not None
        cities.update((link.start, link.end))
    return cities


class CitiesOfColor(BaronEffect):
    """Points per city of ``params.color`` the holder's links reach, up to ``params.cap``
    (RW-p20-44, RW-p20-45, RW-p20-48, RW-p20-50, RW-p20-53). A city counts by its colour
    now: an urbanized gray city has its New City tile's colour."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        color = Color(str(baron.params.get("color", "")))
        colors = game.state.city_colors
        count = sum(1 for city in connected_cities(game, seat) if colors[city] is color)
        total = count * baron.points
        cap = baron.params.get("cap")
        return min(total, cap) if isinstance(cap, int) else total


class HighestEngineTopTie(BaronEffect):
    """The highest engine alone, or level 8 even when others reach it too (RW-p20-52)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        engine = game.state.players[seat].engine
        alone = strictly_best(game, seat, lambda s: game.state.players[s].engine)
        at_top = engine >= game.board.tables.max_engine
        return baron.points if alone or at_top else 0


@register_plugin
class Nippon(Plugin):
    id = "nippon"
    baron_effects: Mapping[str, BaronEffect] = {
        "cities_of_color": CitiesOfColor(),
        "highest_engine_top_tie": HighestEngineTopTie(),
    }

    def setup(self, game: Game) -> None:
        game.state.new_city_tiles = dict(NEW_CITY_TILES)  # RW-p16-07

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        return [
            Marker(
                kind=PORT,
                label=f"{city.name}: a port city",
                symbol="P",
                city=city.id,
                help="RW-p21-26",
            )
            for city in sorted(game.board.cities.values(), key=lambda c: c.id)
            if PORT in city.flags
        ]

    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        for city_id in PORTS:
            city = board.cities.get(city_id)
            if city is None:
                problems.append(f"the port {city_id!r} (Foreign Trade Ports) is not on the board")
            elif PORT not in city.flags:
                problems.append(f"{city.name} is a port (Foreign Trade Ports) but has no flag")
        for city in board.cities.values():
            if PORT in city.flags and city.id not in PORTS:
                problems.append(f"{city.name} is flagged a port, which no rule names")
        ends = [board.cities.get(c) for c in (SHINBASHI_FROM, SHINBASHI_TO)]
        if None in ends:
            problems.append("Shinbashi Station's line needs Tokyo and Yokohama on the board")
        else:
            tokyo, yokohama = ends
            assert tokyo is not None and yokohama is not None
            if yokohama.color is not Color.BLUE or tokyo.color is Color.BLUE:
                problems.append(
                    "Shinbashi Station's blue cube must be deliverable from Tokyo to Yokohama: "
                    "Yokohama blue, Tokyo another colour"
                )
        return problems
