"""Western U.S.: the Rail Baron goals of this board that the base game has no effect for.

The board's other rules are data: its tables (RW-p12-04, RW-p12-15..16), the City Rotors and
Fuel Depots it is played with by default (map.toml ``[modules]``, RW-p12-05..14; the
modules themselves are ``railways.rules.modules.city_rotors`` and ``fuel_depots``) and its
decks. Jay Cooke scores for the most bonds (RW-p20-03); Cyrus K. Holliday and James J. Hill
score for each named gray city that has been urbanized and that they are connected to
(RW-p20-05..08).
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.board import Board, Color
from railways.core.cards import BaronDef, BaronEffect
from railways.core.game import Game
from railways.core.plugins import Plugin
from railways.rules.barons import strictly_best
from railways.rules.registry import register_plugin


class MostBonds(BaronEffect):
    """More bonds issued than every other player; a tie scores nothing (RW-p20-03, RW-p19-03)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        players = game.state.players  # the certificates held, as Jay Gould's fewest count them
        if strictly_best(game, seat, lambda s: players[s].bonds):
            return baron.points
        return 0


def urbanized(game: Game, city: str) -> bool:
    """A gray city of the board that now has a New City tile on it (RW-p5-13)."""
    printed = game.board.cities[city].color
    return printed is Color.GRAY and game.state.city_colors[city] is not Color.GRAY


class UrbanizedCities(BaronEffect):
    """``points`` for each named city that is urbanized and that one of the seat's own
    complete links reaches (RW-p20-05..08)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        cities = [c for c in str(baron.params.get("cities", "")).split(",") if c]
        reached: set[str] = set()
        for link in game.own_links(seat):
            assert link.end is not None
            reached.update((link.start, link.end))
        return baron.points * sum(1 for c in cities if c in reached and urbanized(game, c))


@register_plugin
class WesternUS(Plugin):
    id = "western_us"
    baron_effects: Mapping[str, BaronEffect] = {
        "most_bonds": MostBonds(),
        "urbanized_cities": UrbanizedCities(),
    }

    def check_board(self, board: Board) -> list[str]:
        problems = []
        for city in ("dodge-city", "santa-fe", "richland", "idaho-falls"):
            found = board.cities.get(city)
            if found is None:
                problems.append(f"the Rail Barons name {city}, which is not on the board")
            elif found.color is not Color.GRAY:
                problems.append(
                    f"{found.name} must be gray: a Rail Baron scores when it is urbanized "
                    "(RW-p20-05..08)"
                )
        return problems
