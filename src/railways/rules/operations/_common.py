"""Small helpers shared by the card families of this package (no effects of its own)."""

from __future__ import annotations

from railways.core.board import Board
from railways.core.cards import CardDef, Icon


def param_int(card: CardDef, key: str, default: int) -> int:
    """A whole-number parameter of the card, or ``default`` when it has none."""
    value = card.params.get(key, default)
    return value if isinstance(value, int) else default


def param_cities(card: CardDef, key: str = "cities") -> list[str]:
    """City ids in a comma-separated text parameter, in the order written."""
    value = card.params.get(key, "")
    return [c.strip() for c in str(value).split(",") if c.strip()]


def half_up(price: int) -> int:
    """Half a price in $1,000s, rounded up: money only comes in whole thousands."""
    return (price + 1) // 2


def icon_problem(card: CardDef, icon: Icon) -> list[str]:
    """A card whose corner icon is not the one its effect is written for."""
    if card.icon is icon:
        return []
    return [f"{card.effect} needs the {icon.value!r} icon, not {card.icon.value!r}"]


def city_problems(board: Board, card: CardDef, cities: list[str], key: str) -> list[str]:
    """Cities a card names that are not on the board (or none named at all)."""
    if not cities:
        return [f"{card.effect} needs a city in params.{key}"]
    missing = [c for c in cities if c not in board.cities]
    return [f"params.{key}: {c!r} is not a city of {board.id}" for c in missing]
