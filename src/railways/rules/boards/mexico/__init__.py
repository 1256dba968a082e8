"""Mexico: the one Rail Baron goal no other board has (RW-p19-23), and a check of the decks.

The board has no rules of its own beyond its decks. Its Black Star cards (RW-p11-02) are
the ``black-stars`` module (``railways.rules.modules.black_stars``). Its solo appendix, the
purple cubes (RB-102, RB-105..108), is ``solo``.
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.board import Board
from railways.core.cards import BaronDef, BaronEffect
from railways.core.game import Game
from railways.core.plugins import Plugin
from railways.rules.boards.deck_cities import missing_card_cities
from railways.rules.registry import register_plugin


def hotels_held(game: Game, seat: int) -> int:
    """The Hotel cards a player keeps (a Hotel is kept for the rest of the game)."""
    return sum(1 for c in game.state.players[seat].kept if game.card(c).effect == "hotel")


def tiers(baron: BaronDef) -> list[tuple[int, int]]:
    """``params.tiers`` ("2:3,3:4,4:5": 2 hotels give 3 points ...) as (count, points),
    highest count first."""
    out = []
    for part in str(baron.params.get("tiers", "")).split(","):
        count, _, points = part.partition(":")
        out.append((int(count), int(points)))
    return sorted(out, reverse=True)


class HotelsHeld(BaronEffect):
    """Points by the number of Hotels held at the end (Francisco I. Madero, RW-p19-23)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        held = hotels_held(game, seat)
        return next((points for count, points in tiers(baron) if held >= count), 0)


@register_plugin
class Mexico(Plugin):
    id = "mexico"
    baron_effects: Mapping[str, BaronEffect] = {"hotels_held": HotelsHeld()}
    solo_hook = "railways.rules.boards.mexico.solo:MexicoSolo"

    def check_board(self, board: Board) -> list[str]:
        return missing_card_cities(board)
