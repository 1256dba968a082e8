"""The solo game's actions, registered with the core action registry.

Two are player actions (Insurance, RB-056; claiming a Duel Baron, RB-075) and one closes the
turn when a Duel Baron could still be claimed after the third action. The ``railbot_*``
actions answer the choices the rulebook leaves to the player while a Railbot card is
resolved ("of your choice"): which cube leaves a city (RB-065), which city an Exhaust Goods
card takes from (RB-071), which Major Line (RB-072) and which Duel Baron (RB-076) the Railbot
claims, and on Portugal which gray city gets the Black City when no row card names one
(RB-086). None of these takes an action slot except Insurance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from railways.core.actions import Action, register


@register
@dataclass(frozen=True, slots=True)
class Insure(Action):
    """Put the Insurance token on a card in slot 1 or 2 of the Railbot row (two actions)."""

    card: str = ""
    kind: ClassVar[str] = "insure"

    def __str__(self) -> str:
        return f"P{self.seat + 1} insures Railbot card {self.card}"


@register
@dataclass(frozen=True, slots=True)
class ClaimDuelBaron(Action):
    """Claim a face-up Duel Baron whose goal is met, and score it (not an action)."""

    baron: str = ""
    kind: ClassVar[str] = "claim_duel_baron"

    def __str__(self) -> str:
        return f"P{self.seat + 1} claims Duel Baron {self.baron}"


@register
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn when Duel Barons could still be claimed after the third action."""

    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return f"P{self.seat + 1} ends the turn"


@register
@dataclass(frozen=True, slots=True)
class RailbotRemoveCube(Action):
    """Building Links: the cube colour the Railbot takes from ``city``."""

    city: str = ""
    color: str | None = None
    kind: ClassVar[str] = "railbot_remove_cube"

    def __str__(self) -> str:
        return f"P{self.seat + 1}: the Railbot removes {self.color} from {self.city}"


@register
@dataclass(frozen=True, slots=True)
class RailbotExhaust(Action):
    """Exhaust Goods: the city that loses the next cube of the card's colour."""

    city: str = ""
    color: str | None = None
    kind: ClassVar[str] = "railbot_exhaust"

    def __str__(self) -> str:
        return f"P{self.seat + 1}: the Railbot exhausts {self.color} from {self.city}"


@register
@dataclass(frozen=True, slots=True)
class RailbotClaimLine(Action):
    """Claim Major Line: the unclaimed Major Line the Railbot takes."""

    target: str | None = None
    kind: ClassVar[str] = "railbot_claim_line"

    def __str__(self) -> str:
        return f"P{self.seat + 1}: the Railbot claims Major Line {self.target}"


@register
@dataclass(frozen=True, slots=True)
class RailbotDuelBaron(Action):
    """Baron icon: the unclaimed Duel Baron the Railbot takes (its Opponent Effect follows)."""

    baron: str = ""
    kind: ClassVar[str] = "railbot_duel_baron"

    def __str__(self) -> str:
        return f"P{self.seat + 1}: the Railbot claims Duel Baron {self.baron}"


@register
@dataclass(frozen=True, slots=True)
class RailbotBlackCity(Action):
    """Portugal's Black City: the gray city that gets the Black New City tile when no Railbot
    row card names one (RB-086)."""

    city: str = ""
    kind: ClassVar[str] = "railbot_black_city"

    def __str__(self) -> str:
        return f"P{self.seat + 1}: the Railbot's Black City goes on {self.city}"


RAILBOT_CHOICES = (
    RailbotRemoveCube,
    RailbotExhaust,
    RailbotClaimLine,
    RailbotDuelBaron,
    RailbotBlackCity,
)
FREE_ACTIONS = (*RAILBOT_CHOICES, ClaimDuelBaron, EndTurn)
