"""The Europe decks against the rulebook: 10 Rail Barons (RW-p11-09) and 29 Operations cards
(RW-p11-10) with the appendix's EUR count of each kind (RW-p21, RW-p22), the start cards and
the display at set-up, and the cities the charters, hotels and bounties name.

The card types themselves are tested with their effects (tests/rules/operations).
"""

from __future__ import annotations

from collections import Counter

import pytest

from railways.content.decks import load_barons, load_operations
from railways.core.cards import CardDef
from railways.rules import new_game

from ..wording import compendium_runs, copied
from .helpers import MAP, game

# Typed in from the appendix's "EUR-n" entries: kind -> (copies, icon, start card).
APPENDIX = {
    "Capital Charter": (2, "infinity", False),  # RW-p21-13
    "City Charter": (3, "infinity", False),  # RW-p21-15
    "City Growth": (3, "x", False),  # RW-p21-17
    "Hotel": (6, "infinity", False),  # RW-p21-31
    "New Industry": (4, "x", False),  # RW-p22-03
    "Passenger Lines": (1, "circle", True),  # RW-p22-06
    "Service Bounty": (5, "circle", True),  # RW-p22-12
    "Speed Record": (1, "circle", True),  # RW-p22-17
    "The Railroad Era Begins": (1, "circle", True),  # RW-p22-20
    "Tunnel Engineer": (3, "hand", False),  # RW-p22-25
}
BARONS = {
    "Dr. Ernst Werner Siemens",  # RW-p19-35
    "Otto Von Bismarck",  # RW-p19-36
    "Jacob Brønnum Scavenius Estrup",  # RW-p19-37
    "Alexander Lyman Holley",  # RW-p19-38
    "Czar Nicholas I",  # RW-p19-39
    "King Alfonso XII",  # RW-p19-41
    "Johannes Scharrer",  # RW-p19-43
    "Friedrich List",  # RW-p19-44
    "King Charles Albert",  # RW-p19-45
    "Franz Anton Gerstner",  # RW-p19-46
}
# The capitals of the age's great powers and kingdoms on the board.
CAPITALS = {
    "paris",
    "berlin",
    "london",
    "vienna",
    "rome",
    "madrid",
    "lisbon",
    "st-petersburg",
    "constantinople",
    "brussels",
    "copenhagen",
    "stockholm",
    "christiania",
}


def _kind(card: CardDef) -> str:
    return card.name.split(":")[0]


@pytest.mark.rules(
    "RW-p11-10",
    "RW-p21-10",
    "RW-p21-13",
    "RW-p21-15",
    "RW-p21-17",
    "RW-p21-31",
    "RW-p22-03",
    "RW-p22-06",
    "RW-p22-12",
    "RW-p22-17",
    "RW-p22-20",
    "RW-p22-25",
)
def test_the_deck_is_the_appendix_counts() -> None:
    cards = game().ruleset.cards
    counts = Counter(_kind(c) for c in cards.values())
    assert counts == {kind: n for kind, (n, _icon, _start) in APPENDIX.items()}
    assert sum(counts.values()) == 29
    assert len(load_operations(MAP)) == 29  # nothing in the box waits for a module


@pytest.mark.rules("RW-p11-09", "RW-p19-02")
def test_ten_barons_of_europe() -> None:
    barons = game().ruleset.barons
    assert len(barons) == 10
    assert {b.name for b in barons.values()} == BARONS
    assert not any(b.only_with for b in load_barons(MAP).values())


@pytest.mark.rules("RW-p21-01", "RW-p21-02", "RW-p21-04", "RW-p21-05", "RW-p21-06")
def test_each_kind_has_the_appendix_icon_and_start_mark() -> None:
    for card in game().ruleset.cards.values():
        _n, icon, start = APPENDIX[_kind(card)]
        assert card.icon.value == icon, card.id
        assert card.start is start, card.id


@pytest.mark.rules("RW-p21-09", "RW-p21-13", "RW-p21-14", "RW-p21-15", "RW-p21-31", "RW-p22-12")
def test_city_named_cards_name_cities_of_this_board() -> None:
    g = game()
    named = {c.id: c.params["city"] for c in g.ruleset.cards.values() if "city" in c.params}
    kinds = {_kind(g.ruleset.cards[cid]) for cid in named}
    assert kinds == {"Capital Charter", "City Charter", "Hotel", "Service Bounty"}
    for card_id, city in named.items():
        assert city in g.board.cities, card_id
        assert g.board.cities[str(city)].name in g.ruleset.cards[card_id].name
    by_kind: dict[str, set[str]] = {}
    for card_id, city in named.items():
        by_kind.setdefault(_kind(g.ruleset.cards[card_id]), set()).add(str(city))
    assert len(by_kind["City Charter"]) == 3
    assert len(by_kind["Hotel"]) == 6
    assert len(by_kind["Service Bounty"]) == 5
    # The Capital Charters name capitals, Paris among them (the rulebook's example).
    assert "paris" in by_kind["Capital Charter"] and len(by_kind["Capital Charter"]) == 2
    assert by_kind["Capital Charter"] <= CAPITALS
    # A City Charter is for a town on the way, not a capital.
    assert not by_kind["City Charter"] & CAPITALS


@pytest.mark.rules("RW-p22-12")
def test_service_bounties_go_to_cities_that_take_deliveries() -> None:
    g = game()
    for card in g.ruleset.cards.values():
        if card.effect == "service_bounty":
            city = g.board.cities[str(card.params["city"])]
            assert city.color.value != "gray", card.id


@pytest.mark.rules("RW-p4-01", "RW-p4-02", "RW-p4-03", "RW-p4-04", "RW-p22-12")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_display_at_set_up(players: int) -> None:
    """The three start goals and four of the five bounties lie face up (the fifth is out of
    the game), then two cards a player are dealt from the shuffled rest."""
    g = game(players, seed=30 + players)
    cards, display = g.ruleset.cards, g.state.ops_display
    goals = {cid for cid, c in cards.items() if c.start and c.effect != "service_bounty"}
    bounties = {cid for cid, c in cards.items() if c.effect == "service_bounty"}
    assert len(goals) == 3 and len(bounties) == 5
    assert goals <= set(display)
    shown = [c for c in display if c in bounties]
    assert len(shown) == 4
    dealt = [c for c in display if not cards[c].start]
    assert len(dealt) == 2 * players
    left_out = bounties - set(shown)
    assert not left_out & (set(g.state.ops_deck) | set(display))
    assert len(g.state.ops_deck) == 29 - 3 - 5 - 2 * players  # start cards never go in it


@pytest.mark.rules("RW-p4-02")
def test_which_bounty_is_left_out_depends_on_the_shuffle() -> None:
    left_out = set()
    for seed in range(16):
        g = game(3, seed=seed)
        bounties = {c for c, d in g.ruleset.cards.items() if d.effect == "service_bounty"}
        left_out |= bounties - set(g.state.ops_display)
    assert len(left_out) > 1


@pytest.mark.rules("RW-p11-02", "RW-p21-07")
def test_the_black_star_option_is_refused_on_europe() -> None:
    """The Black Stars are Mexico's alone."""
    with pytest.raises(ValueError, match="no Black Star cards"):
        new_game(MAP, players=3, seed=1, options={"modules": ["black-stars"]})


def test_every_card_and_baron_has_a_text_in_our_own_words() -> None:
    book = compendium_runs(6)
    for deck in (load_barons(MAP), load_operations(MAP)):
        for card in deck.values():
            assert card.text, card.id
            assert copied(card.text, book, 6) == [], card.id
