"""What the new card types say about themselves: a text in our own words for the front ends
(``CardEffect.summary``), and the checks of a deck's data against the board
(``CardEffect.check_card``)."""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.core.cards import CardDef, Icon
from railways.rules.cards import CARD_EFFECTS
from railways.rules.texts import card_text

from .eus_cards import card

H, X, K, G = Icon.HAND, Icon.IMMEDIATE, Icon.INFINITY, Icon.GOAL
# Each effect key with a card as a deck would list it, and the words its text must carry.
CARDS: list[tuple[CardDef, tuple[str, ...]]] = [
    (card("te", "tunnel_engineer", H), ("build", "mountain", "ridge", "half")),
    (card("ce", "civil_engineers", H, water=1), ("build", "water", "$1k")),
    (card("hs", "hot_springs", H, points=1), ("build", "mountain", "1 point")),
    (card("cf", "coal_fueled_engines", H), ("upgrade", "half", "rounded up")),
    (card("eu", "engine_upgrade", H), ("upgrade", "nothing")),
    (card("bo", "boost", H, discount=5), ("upgrade", "$5k")),
    (card("bt", "boomtown", X), ("New City", "gray", "no cubes")),
    (card("sm", "add_cubes", X, cities="chicago", count=3), ("3 random cubes", "Chicago")),
    (
        card("ftp", "add_cubes", X, cities="boston,new-york", count=1),
        ("1 random cube ", "Boston, New York"),
    ),
    (card("og", "operations_growth", X, cards=2), ("turned up", "2 more cards")),
    (card("ld", "long_distance", G, tiles=4, points=2), ("4 or more tiles", "scores 2")),
    (card("nt", "new_train", G, level=4, points=4), ("level 4", "scores 4")),
    (card("lc", "local_campaign", H, city="atlanta", points=3), ("3", "Atlanta", "no cubes")),
    (card("cc", "capital_charter", K, city="chicago", points=1), ("Chicago", "one Capital")),
    (card("cy", "city_charter", K, city="boston"), ("only you", "Boston")),
]


@pytest.mark.parametrize("entry", CARDS, ids=lambda e: e[0].effect)
def test_every_new_card_type_has_its_own_text(entry: tuple[CardDef, tuple[str, ...]]) -> None:
    board = load_map("eastern-us")
    names = {cid: c.name for cid, c in board.cities.items()}
    deck_card, words = entry
    text = card_text(deck_card, names, CARD_EFFECTS)
    assert text == CARD_EFFECTS[deck_card.effect].summary(deck_card, names)
    for word in words:
        assert word in text, text


@pytest.mark.parametrize("entry", CARDS, ids=lambda e: e[0].effect)
def test_every_new_card_type_accepts_its_deck_entry(entry: tuple[CardDef, tuple[str, ...]]) -> None:
    deck_card, _words = entry
    assert CARD_EFFECTS[deck_card.effect].check_card(load_map("eastern-us"), deck_card) == []


@pytest.mark.parametrize("entry", CARDS, ids=lambda e: e[0].effect)
def test_a_new_card_type_under_the_wrong_icon_is_reported(
    entry: tuple[CardDef, tuple[str, ...]],
) -> None:
    deck_card, _words = entry
    wrong = Icon.DIAMOND  # none of them is a purple-diamond card
    bad = CardDef(deck_card.id, deck_card.name, deck_card.effect, wrong, params=deck_card.params)
    problems = CARD_EFFECTS[deck_card.effect].check_card(load_map("eastern-us"), bad)
    assert problems == [
        f"{deck_card.effect} needs the {deck_card.icon.value!r} icon, not 'diamond'"
    ]


@pytest.mark.parametrize("effect", ["local_campaign", "capital_charter", "city_charter"])
def test_a_card_naming_a_city_must_name_one_of_the_board(effect: str) -> None:
    board = load_map("eastern-us")
    icon = H if effect == "local_campaign" else K
    handler = CARD_EFFECTS[effect]
    assert handler.check_card(board, card("a", effect, icon, city="sacramento")) == [
        "params.city: 'sacramento' is not a city of eastern-us"
    ]
    assert handler.check_card(board, card("b", effect, icon)) == [
        f"{effect} needs a city in params.city"
    ]
