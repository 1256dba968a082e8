"""The options of a solo game, read from ``Options.extra`` (so records carry them).

``{"solo": true}`` asks for a solo game; the rest are the Duel Barons variant (RB-049) and the
difficulty adjustments (RB-015..025). Each has a default that means "as the rulebook says".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

DUEL_BARONS_BONUS = 15  # RB-049b, RB-014


@dataclass(frozen=True)
class SoloOptions:
    """A solo game's choices: the Duel Barons variant and the difficulty adjustments.

    Each field's default is the rulebook's game; ``from_extra`` reads them from
    ``Options.extra`` and refuses a value the rulebook does not offer.
    """

    duel_barons: bool = False  # RB-049
    easy_start: bool = False  # start with $5,000 and no bonds (RB-017)
    target_score: int | None = None  # None: the map's (125, RB-014); 110 or 135 (RB-018, RB-024)
    base_exhaust_change: int = 0  # -1 or +1 (RB-019, RB-023)
    railbot_cards_removed: int = 0  # 1 or 2 more cards out unseen (RB-021)
    operations_limit: int = 5  # 3 or 4 (RB-022)
    fewer_empty_cities: int = 0  # 1 or 2 (RB-025)

    @classmethod
    def from_extra(cls, extra: Mapping[str, Any]) -> SoloOptions:
        """Read and check the solo keys; raise ValueError naming the option that is wrong."""
        data = dict(extra)
        if data.pop("solo", False) is not True:
            raise ValueError("options.solo: a solo game needs solo = true")
        known = {
            "duel_barons",
            "easy_start",
            "target_score",
            "base_exhaust_change",
            "railbot_cards_removed",
            "operations_limit",
            "fewer_empty_cities",
        }
        for key in data:
            if key not in known:
                raise ValueError(f"options.{key}: not an option of the solo game")

        def flag(key: str) -> bool:
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise ValueError(f"options.{key}: expected true or false")
            return value

        def number(key: str, default: int, low: int, high: int) -> int:
            value = data.get(key, default)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise ValueError(f"options.{key}: expected a whole number from {low} to {high}")
            return value

        target = data.get("target_score")
        if target is not None and (
            not isinstance(target, int) or isinstance(target, bool) or target < 1
        ):
            raise ValueError("options.target_score: expected a whole number of points")
        return cls(
            duel_barons=flag("duel_barons"),
            easy_start=flag("easy_start"),
            target_score=target,
            base_exhaust_change=number("base_exhaust_change", 0, -1, 1),
            railbot_cards_removed=number("railbot_cards_removed", 0, 0, 2),
            operations_limit=number("operations_limit", 5, 3, 5),
            fewer_empty_cities=number("fewer_empty_cities", 0, 0, 2),
        )
