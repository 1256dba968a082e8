"""A board check shared by the boards' plug-ins: every city a card names is on the board."""

from __future__ import annotations

from railways.content.decks import load_barons, load_operations
from railways.content.maps import MapError
from railways.core.board import Board
from railways.core.cards import BaronDef, CardDef

# The card parameters that hold city ids (one, or several separated by commas).
CITY_PARAMS = ("city", "cities")


def missing_card_cities(board: Board) -> list[str]:
    """Problems, in plain words, for each baron or Operations card that names a city the
    board lacks (a typo in a deck would otherwise only show when the card is scored)."""
    try:
        decks: list[BaronDef | CardDef] = [
            *load_barons(board.id).values(),
            *load_operations(board.id).values(),
        ]
    except MapError as exc:
        return [f"the decks of {board.name} cannot be read: {exc}"]
    problems = []
    for card in decks:
        for key in CITY_PARAMS:
            value = card.params.get(key)
            if not isinstance(value, str):
                continue
            for city in (c for c in value.split(",") if c):
                if city not in board.cities:
                    problems.append(f"{card.name} ({card.id}) names {city!r}, not a city here")
    return problems
