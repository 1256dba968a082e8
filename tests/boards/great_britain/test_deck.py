"""The Great Britain Operations deck against the appendix (RW-p21, RW-p22: the ROGB counts).

The card types themselves are tested with their effects; here the deck is: how many of each
kind, which corner icon, which are start cards, and that every card naming a city names one
of this board (RW-p21-09).
"""

from __future__ import annotations

from collections import Counter

import pytest

from railways.rules import new_game
from railways.rules.texts import card_text

from .helpers import MAP

# Typed in from the appendix's "ROGB-n" entries: kind -> (copies, icon, start card).
APPENDIX = {
    "City Growth": (3, "x", False),  # RW-p21-17
    "Government Land Grant": (2, "hand", False),  # RW-p21-28
    "Hotel": (6, "infinity", False),  # RW-p21-31
    "New Industry": (4, "x", False),  # RW-p22-03
    "Passenger Lines": (1, "circle", True),  # RW-p22-06
    "Railroad Inspector": (2, "hand", False),  # RW-p22-11
    "Service Bounty": (5, "circle", True),  # RW-p22-12
    "Speed Record": (1, "circle", True),  # RW-p22-17
    "The Railroad Era Begins": (1, "circle", True),  # RW-p22-20
    "Tunnel Engineer": (2, "hand", False),  # RW-p22-25
}


def _kind(name: str) -> str:
    return name.split(":")[0]


@pytest.mark.rules(
    "RW-p15-04",
    "RW-p21-10",
    "RW-p21-17",
    "RW-p21-28",
    "RW-p21-31",
    "RW-p22-03",
    "RW-p22-06",
    "RW-p22-11",
    "RW-p22-12",
    "RW-p22-17",
    "RW-p22-20",
    "RW-p22-25",
)
def test_copies_of_each_kind_are_the_appendix_counts() -> None:
    cards = new_game(MAP, players=3, seed=1).ruleset.cards
    counts = Counter(_kind(c.name) for c in cards.values())
    assert counts == {kind: n for kind, (n, _icon, _start) in APPENDIX.items()}
    assert sum(counts.values()) == 27


@pytest.mark.rules("RW-p21-01", "RW-p21-02", "RW-p21-03", "RW-p21-04", "RW-p21-05", "RW-p21-06")
def test_each_kind_has_the_appendix_icon_and_start_mark() -> None:
    cards = new_game(MAP, players=3, seed=1).ruleset.cards
    for card in cards.values():
        _n, icon, start = APPENDIX[_kind(card.name)]
        assert card.icon.value == icon, card.id
        assert card.start is start, card.id


@pytest.mark.rules("RW-p21-09", "RW-p21-31", "RW-p22-12")
def test_city_named_cards_name_cities_of_this_board() -> None:
    game = new_game(MAP, players=3, seed=1)
    named = {c.id: c.params["city"] for c in game.ruleset.cards.values() if "city" in c.params}
    kinds = {_kind(game.ruleset.cards[cid].name) for cid in named}
    assert kinds == {"Hotel", "Service Bounty"}
    for card_id, city in named.items():
        assert city in game.board.cities, card_id
        assert game.board.cities[city].name in game.ruleset.cards[card_id].name
    # Each city is named once per kind: six different Hotel cities, five bounty cities.
    hotels = [c for cid, c in named.items() if cid.startswith("hotel-")]
    bounties = [c for cid, c in named.items() if cid.startswith("service-bounty-")]
    assert len(set(hotels)) == 6 and len(set(bounties)) == 5


@pytest.mark.rules("RW-p22-12")
def test_service_bounty_cities_take_deliveries() -> None:
    """A bounty pays for a delivery into its city, so the city must not be gray."""
    game = new_game(MAP, players=3, seed=1)
    for card in game.ruleset.cards.values():
        if card.name.startswith("Service Bounty"):
            assert game.board.cities[str(card.params["city"])].color.value != "gray"


def test_the_solo_books_cards_exist() -> None:
    """The solo appendix takes the Barnstaple Service Bounty and the Plymouth Hotel out of
    this deck, so the multiplayer deck has them."""
    cards = new_game(MAP, players=3, seed=1).ruleset.cards
    names = {c.name for c in cards.values()}
    assert {"Service Bounty: Barnstaple", "Hotel: Plymouth"} <= names


def test_every_card_shows_a_text() -> None:
    game = new_game(MAP, players=3, seed=1)
    names = {cid: c.name for cid, c in game.board.cities.items()}
    for card in game.ruleset.cards.values():
        text = card_text(card, names, game.ruleset.card_effects)
        assert text and text != card.effect.replace("_", " "), card.id
