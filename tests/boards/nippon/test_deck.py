"""The Nippon Operations deck against the appendix (RW-p21, RW-p22: the RON counts).

The card types themselves are tested with their effects; here the deck is: how many of each
kind, which corner icon, which are start cards, that The Railroad Era Begins gives way to
Shinbashi Station (RW-p22-16), and that every card naming a city names one of this board
(RW-p21-09).
"""

from __future__ import annotations

from collections import Counter

import pytest

from railways.rules import new_game
from railways.rules.texts import card_text

from .helpers import MAP

# Typed in from the appendix's "RON-n" entries: kind -> (copies, icon, start card).
APPENDIX = {
    "Boomtown": (2, "x", False),  # RW-p21-11
    "City Growth": (4, "x", False),  # RW-p21-17
    "Civil Engineers": (2, "hand", False),  # RW-p21-18
    "Coal Fueled Engines": (3, "hand", False),  # RW-p21-19
    "Diplomatic Relations": (2, "x", False),  # RW-p21-20
    "Express": (2, "hand", False),  # RW-p21-22
    "Foreign Trade Ports": (1, "x", False),  # RW-p21-26
    "Hot Springs": (1, "hand", False),  # RW-p21-30
    "Hotel": (6, "infinity", False),  # RW-p21-31
    "Local Campaign": (6, "hand", False),  # RW-p21-32
    "Long Distance": (1, "circle", True),  # RW-p22-01
    "New Industry": (5, "x", False),  # RW-p22-03
    "Service Bounty": (2, "circle", True),  # RW-p22-12
    "Shinbashi Station": (1, "circle", True),  # RW-p22-16
    "Speed Record": (1, "circle", True),  # RW-p22-17
    # The Railroad Era Begins (RON-1, RW-p22-20) is replaced by Shinbashi Station.
}


def _kind(name: str) -> str:
    return name.split(":")[0]


@pytest.mark.rules(
    "RW-p16-06",
    "RW-p21-10",
    "RW-p21-11",
    "RW-p21-17",
    "RW-p21-18",
    "RW-p21-19",
    "RW-p21-20",
    "RW-p21-22",
    "RW-p21-26",
    "RW-p21-30",
    "RW-p21-31",
    "RW-p21-32",
    "RW-p22-01",
    "RW-p22-03",
    "RW-p22-12",
    "RW-p22-16",
    "RW-p22-17",
)
def test_copies_of_each_kind_are_the_appendix_counts() -> None:
    cards = new_game(MAP, players=3, seed=1).ruleset.cards
    counts = Counter(_kind(c.name) for c in cards.values())
    assert counts == {kind: n for kind, (n, _icon, _start) in APPENDIX.items()}
    # The appendix lists 40 Nippon cards with The Railroad Era Begins; it is replaced.
    assert sum(counts.values()) == 40 - 1


@pytest.mark.rules("RW-p22-16", "RW-p22-20")
def test_shinbashi_station_replaces_the_railroad_era_begins() -> None:
    cards = new_game(MAP, players=3, seed=1).ruleset.cards
    assert not any(c.effect == "railroad_era_begins" for c in cards.values())
    (shinbashi,) = [c for c in cards.values() if c.name == "Shinbashi Station"]
    assert shinbashi.start
    assert dict(shinbashi.params) == {
        "from": "tokyo",
        "to": "yokohama",
        "color": "blue",
        "points": 1,
    }


@pytest.mark.rules("RW-p21-01", "RW-p21-02", "RW-p21-03", "RW-p21-04", "RW-p21-05", "RW-p21-06")
def test_each_kind_has_the_appendix_icon_and_start_mark() -> None:
    cards = new_game(MAP, players=3, seed=1).ruleset.cards
    for card in cards.values():
        _n, icon, start = APPENDIX[_kind(card.name)]
        assert card.icon.value == icon, card.id
        assert card.start is start, card.id


@pytest.mark.rules("RW-p21-09", "RW-p21-31", "RW-p21-32", "RW-p22-12")
def test_city_named_cards_name_cities_of_this_board() -> None:
    game = new_game(MAP, players=3, seed=1)
    named = {c.id: c.params["city"] for c in game.ruleset.cards.values() if "city" in c.params}
    kinds = {_kind(game.ruleset.cards[cid].name) for cid in named}
    assert kinds == {"Hotel", "Local Campaign", "Service Bounty"}
    for card_id, city in named.items():
        assert city in game.board.cities, card_id
        assert game.board.cities[str(city)].name in game.ruleset.cards[card_id].name
    for prefix, n in (("hotel-", 6), ("local-campaign-", 6), ("service-bounty-", 2)):
        cities = [c for cid, c in named.items() if cid.startswith(prefix)]
        assert len(set(cities)) == n, prefix


@pytest.mark.rules("RW-p21-26")
def test_foreign_trade_ports_names_the_four_port_cities() -> None:
    game = new_game(MAP, players=3, seed=1)
    (card,) = [c for c in game.ruleset.cards.values() if c.name == "Foreign Trade Ports"]
    assert str(card.params["cities"]).split(",") == ["hanagawa", "nagasaki", "yokohama", "kobe"]
    assert card.params["count"] == 1


@pytest.mark.rules("RW-p22-12")
def test_service_bounty_cities_take_deliveries() -> None:
    game = new_game(MAP, players=3, seed=1)
    for card in game.ruleset.cards.values():
        if card.name.startswith("Service Bounty"):
            assert game.board.cities[str(card.params["city"])].color.value != "gray"


def test_the_solo_books_cards_exist() -> None:
    """The solo appendix takes the Sendai Hotel and the Aizu and Yamagata Local Campaigns out
    of this deck, so the multiplayer deck has them."""
    names = {c.name for c in new_game(MAP, players=3, seed=1).ruleset.cards.values()}
    assert {"Hotel: Sendai", "Local Campaign: Aizu", "Local Campaign: Yamagata"} <= names


def test_every_card_shows_a_text() -> None:
    game = new_game(MAP, players=3, seed=1)
    names = {cid: c.name for cid, c in game.board.cities.items()}
    for card in game.ruleset.cards.values():
        text = card_text(card, names, game.ruleset.card_effects)
        assert text and text != card.effect.replace("_", " "), card.id
