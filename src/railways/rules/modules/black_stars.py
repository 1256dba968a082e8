"""Black Star cards: Mexico's optional Rail Barons and Operations cards (RW-p11-02).

The rulebook marks some of the Mexico deck's cards with a Black Star and calls them optional
(RW-p19-08, RW-p21-07). Optional means the plain game goes without them, so a game has them
only when this module is chosen (``--with black-stars``). Which cards carry the star is data:
``only_with = "black-stars"`` in the board's ``barons.toml`` and ``operations.toml``;
``railways.rules.ruleset_for`` leaves such cards out of a game without the module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railways.content.decks import load_barons, load_operations
from railways.content.maps import MapError
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.board import Board

MODULE_ID = "black-stars"


def black_star_cards(map_id: str) -> tuple[list[str], list[str]]:
    """The ids of a board's Black Star barons and Operations cards."""
    barons = [b.id for b in load_barons(map_id).values() if b.only_with == MODULE_ID]
    cards = [c.id for c in load_operations(map_id).values() if c.only_with == MODULE_ID]
    return barons, cards


@register_plugin
class BlackStars(Module):
    id = MODULE_ID
    title = "Black Star cards"
    summary = "the optional Rail Barons and Operations cards marked with a black star"
    clauses = ("RW-p11-02", "RW-p19-08", "RW-p21-07")

    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        try:
            barons, cards = black_star_cards(board.id)
        except (MapError, ValueError):
            barons, cards = [], []
        if not barons and not cards:
            return f"the {board.name} decks have no Black Star cards"
        return None
