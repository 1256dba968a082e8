"""Express (RW-p21-22): on one delivery, the cube may go on past a city of its own colour.

A cube normally stops at the first city of its colour (RW-p5-28). Played on a Move Goods
action (``DeliverGoods.cards``), the card's delivery hook lets the cube pass one such city
(``params.passes``, 1 on the printed card); the route must pass one, or the card would be
spent for nothing, so a route that passes none is refused with it. Listing and sampling
offer deliveries with the card (``Game.delivery_cards``); the hand card is discarded once
used.
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.delivery import DeliveryHook, Refusal, Walk
from railways.core.game import Game


def _passed(game: Game, walk: Walk) -> int:
    """Cities of the cube's colour the walk has gone past (its start and end left out)."""
    colors = game.state.city_colors
    return sum(1 for city in walk.cities[1:-1] if colors[city] is walk.color)


class _PassCities(DeliveryHook):
    def __init__(self, passes: int) -> None:
        self.passes = passes

    def may_pass(self, game: Game, walk: Walk, city: str) -> bool:
        return _passed(game, walk) < self.passes

    def refuse_arrival(self, game: Game, walk: Walk) -> Refusal | None:
        if _passed(game, walk):
            return None
        return Refusal(
            "Express: this route passes no city of the cube's colour, so the card has "
            "nothing to do on it",
            "RW-p21-22",
        )


class Express(CardEffect):
    """The cube may pass one city of its colour on the delivery the card is played on."""

    def delivery_hook(self, game: Game, seat: int, card: CardDef) -> DeliveryHook | None:
        passes = card.params.get("passes", 1)
        return _PassCities(passes if isinstance(passes, int) else 1)

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        if card.icon is not Icon.HAND:
            return [f"{card.effect} needs the {Icon.HAND.value!r} icon, not {card.icon.value!r}"]
        return []

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "play on a delivery: the cube may go on past one city of its own colour"


EFFECTS: dict[str, CardEffect] = {"express": Express()}
