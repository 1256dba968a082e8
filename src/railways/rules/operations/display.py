"""Cards that act on the Operations display itself (RW-p22-05)."""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.actions import TakeOperationsCard
from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.rules.operations._common import icon_problem, param_int


class OperationsGrowth(CardEffect):
    """Turned up from the deck, it is discarded and two more cards are dealt face up
    (RW-p22-05). The starting deal turns it up too. It never stays to be taken."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return icon_problem(card, Icon.IMMEDIATE)

    def on_reveal(self, game: Game, card: CardDef) -> None:
        game.log(f"{card.name} is turned up: discarded, and more cards are dealt")
        game.discard(card.id)
        for _ in range(param_int(card, "cards", 2)):
            game.draw_operations_card()

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        # Only a display dealt without reveals (a variant's own deal) could show it.
        raise IllegalAction(f"{card.name} only deals cards when turned up", "RW-p22-05")

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        n = param_int(card, "cards", 2)
        return f"when turned up from the deck: discarded, and {n} more cards are dealt face up"


EFFECTS: dict[str, CardEffect] = {
    "operations_growth": OperationsGrowth(),
}
