"""Europe: the one Rail Baron goal no other board has (RW-p19-41, RW-p19-42), and a check of
the decks.

The board has no rules of its own beyond its decks; its Capital and City Charters are card
types shared with other decks (``railways.rules.operations``).
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.board import Board
from railways.core.cards import BaronDef, BaronEffect
from railways.core.game import Game
from railways.core.plugins import Plugin
from railways.rules.boards.deck_cities import missing_card_cities
from railways.rules.registry import register_plugin


def cities_reached(game: Game, seat: int) -> set[str]:
    """The cities at either end of the seat's own complete links: the cities the player is
    connected to, as the "connected to the most cities" goals count them."""
    out: set[str] = set()
    for link in game.own_links(seat):
        assert link.end is not None
        out.update((link.start, link.end))
    return out


class PointsPerListedCity(BaronEffect):
    """Points for each city of a list the player is connected to (King Alfonso XII: 2 for
    each Spanish city, RW-p19-41; the list leaves Lisbon out, RW-p19-42)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        listed = {c for c in str(baron.params.get("cities", "")).split(",") if c}
        return baron.points * len(listed & cities_reached(game, seat))


@register_plugin
class Europe(Plugin):
    id = "europe"
    baron_effects: Mapping[str, BaronEffect] = {"per_listed_city": PointsPerListedCity()}

    def check_board(self, board: Board) -> list[str]:
        return missing_card_cities(board)
