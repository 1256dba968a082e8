"""Rules plug-ins: the points at which a map's special rules or a variant hook in.

The core never asks which map it is playing. A map's rules (Eastern U.S.
Western Link, later ferries, time warps, regions) subclass :class:`Plugin`
and are listed in the :class:`Ruleset` the game is created with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from railways.core.cards import BaronDef, BaronEffect, CardDef, CardEffect
from railways.core.turns import TurnStructure

if TYPE_CHECKING:
    from railways.core.actions import Action
    from railways.core.board import MajorLine
    from railways.core.game import Delivery, Game
    from railways.core.hexgrid import Hex
    from railways.core.rng import Rng
    from railways.core.state import Link


@dataclass(frozen=True)
class BuildRestriction:
    """Hexes a seat may not lay track on, start from or link to now, and why."""

    hexes: frozenset[Hex]
    reason: str
    clause: str | None = None


class Plugin:
    """A rules plug-in. Every hook has a do-nothing default."""

    id: str = ""

    def setup(self, game: Game) -> None:
        """Called once after the board and decks are set up."""

    def legal_actions(self, game: Game, seat: int) -> list[Action]:
        """Extra actions this plug-in offers the seat in an action round."""
        return []

    def handles(self, action: Action) -> bool:
        """Whether this plug-in validates and performs ``action``."""
        return False

    def check(self, game: Game, action: Action) -> None:
        """Raise IllegalAction if ``action`` (one this plug-in handles) is illegal."""

    def perform(self, game: Game, action: Action) -> None:
        """Carry out a checked action this plug-in handles."""

    def after_build(self, game: Game, seat: int, link: Link) -> None:
        """Called after every Build Track action."""

    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        """Called after a cube is delivered and its points are scored."""

    def major_line_met(
        self, game: Game, seat: int, line: MajorLine, network: frozenset[str]
    ) -> bool | None:
        """Judge a Major Line requirement this plug-in owns; None if not its requirement."""
        return None

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        """Public (or the seat's own) plug-in state for views."""
        return {}

    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        """Hexes closed to the seat's builds now (Eastern U.S. solo: west of the mountains)."""
        return None

    def engine_level(self, game: Game, seat: int, level: int) -> int:
        """The engine level that counts for the seat's deliveries (a penalty may lower it)."""
        return level

    def determinize(self, game: Game, seat: int, rng: Rng) -> None:
        """Resample this plug-in's hidden state (deck orders) in a determinized copy."""


@dataclass(frozen=True)
class Ruleset:
    """Everything a game needs besides the board: plug-ins, decks and card behaviour."""

    id: str
    version: str
    plugins: tuple[Plugin, ...] = ()
    cards: Mapping[str, CardDef] = field(default_factory=dict)
    card_effects: Mapping[str, CardEffect] = field(default_factory=dict)
    barons: Mapping[str, BaronDef] = field(default_factory=dict)
    baron_effects: Mapping[str, BaronEffect] = field(default_factory=dict)
    turns: TurnStructure = field(default_factory=TurnStructure)
