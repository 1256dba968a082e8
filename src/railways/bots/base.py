"""The bot protocol: choose an action from a seat's legal actions."""

from __future__ import annotations

from typing import Protocol

from railways.core.actions import Action
from railways.core.game import Game
from railways.core.legal import LegalActions


class Bot(Protocol):
    """What a bot is: a ``name`` and a ``choose`` that picks one of the legal actions."""

    name: str

    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        """Pick one of ``legal``'s actions for ``seat``."""
        ...
