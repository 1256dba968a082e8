"""Card data (Operations and Rail Baron cards) and the effect interfaces cards plug into.

A card is data: a name, an icon and an ``effect`` key with parameters. The
behaviour of each effect key is a Python object registered by a rules plug-in
(``railways.rules.cards``); the engine calls it at documented points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from railways.core.actions import TakeOperationsCard
    from railways.core.game import Delivery, Game
    from railways.core.track import CostRules


class Icon(Enum):
    """The symbol in a card's corner, which says how the card is used (RW-p5-36..41)."""

    GOAL = "circle"  # green circle: cannot be taken; first to achieve it scores
    DIAMOND = "diamond"  # purple diamond: kept; usable on one action per turn
    IMMEDIATE = "x"  # red X: used at once, then discarded
    HAND = "hand"  # hand of cards: kept until played, then discarded
    INFINITY = "infinity"  # kept face up for the rest of the game


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    effect: str
    icon: Icon
    start: bool = False
    params: Mapping[str, str | int] = field(default_factory=dict)
    text: str = ""
    source: str = "rulebook"


@dataclass(frozen=True, slots=True)
class BaronDef:
    id: str
    name: str
    effect: str
    points: int
    params: Mapping[str, str | int] = field(default_factory=dict)
    text: str = ""
    reveal_early: bool = False
    source: str = "rulebook"


class CardEffect:
    """Behaviour of one Operations card effect key. Defaults do nothing."""

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        from railways.core.actions import TakeOperationsCard

        return [TakeOperationsCard(seat=seat, card=card.id)]

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        """Raise IllegalAction if the choice that comes with taking the card is wrong."""

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        """Carry out what happens when the card is taken (red X cards act here)."""

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        """Adjust a Build Track action that uses this card."""
        return rules

    def upgrade_cost(self, game: Game, seat: int, card: CardDef, cost: int) -> int:
        """Adjust an Upgrade Engine action that uses this card."""
        return cost

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        """React to a delivery; ``holder`` is who keeps the card (None: on display)."""

    def after_upgrade(self, game: Game, seat: int, card: CardDef, holder: int | None) -> None:
        """React to an engine upgrade."""


class BaronEffect:
    """Scoring of one Rail Baron effect key."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        raise NotImplementedError

    def after_upgrade(self, game: Game, seat: int, baron: BaronDef) -> None:
        """React to an engine upgrade (George Pullman reveals himself)."""
