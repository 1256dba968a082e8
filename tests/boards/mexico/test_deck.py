"""The Mexico decks against the rulebook: 12 Rail Barons (RW-p11-03) and 38 Operations cards
(RW-p11-04) with the appendix's MEX count of each kind (RW-p21, RW-p22), the Black Star cards
only with their module (RW-p11-02), the start cards and the display at set-up.

The card types themselves are tested with their effects (tests/rules/operations); here the
deck is: how many of each kind, which icon, which are start cards, and which cities they name.
"""

from __future__ import annotations

from collections import Counter

import pytest

from railways.content.decks import load_barons, load_operations
from railways.core.cards import CardDef

from ..wording import compendium_runs, copied
from .helpers import BLACK_STARS, MAP, game

# Typed in from the appendix's "MEX-n" entries: kind -> (copies, icon, start card).
APPENDIX = {
    "City Growth": (3, "x", False),  # RW-p21-17
    "Civil Engineers": (2, "hand", False),  # RW-p21-18
    "Engine Upgrade": (3, "hand", False),  # RW-p21-21
    "Express": (3, "hand", False),  # RW-p21-22
    "Government Land Grant": (2, "hand", False),  # RW-p21-28
    "Hotel": (4, "infinity", False),  # RW-p21-31
    "New Industry": (4, "x", False),  # RW-p22-03
    "Operations Growth": (2, "x", False),  # RW-p22-05
    "Passenger Lines": (1, "circle", True),  # RW-p22-06
    "Railroad Executive": (2, "x", False),  # RW-p22-09
    "Service Bounty": (4, "circle", True),  # RW-p22-12
    "Speed Record": (1, "circle", True),  # RW-p22-17
    "The Railroad Era Begins": (1, "circle", True),  # RW-p22-20
    "Trading Depot": (3, "infinity", False),  # RW-p22-23
    "Tunnel Engineer": (3, "hand", False),  # RW-p22-25
}
# Our choice of the Black Star kinds (docs/boards/mexico.md): those in no other map's deck.
STAR_KINDS = {"Engine Upgrade", "Operations Growth", "Trading Depot"}
# RW-p19-23 .. RW-p19-26: the four barons printed with the Black Star.
STAR_BARONS = {"Francisco I. Madero", "Matías Romero", "Pancho Villa", "Patrick Henry Cooney"}
BARONS = STAR_BARONS | {
    "Benito Juárez",  # RW-p19-27
    "Don Antonio Escandón",  # RW-p19-28
    "Ferdinand Maximilian",  # RW-p19-29
    "José Yves Limantour",  # RW-p19-30
    "Manuel González",  # RW-p19-31
    "Porfirio Díaz",  # RW-p19-32 (misprinted "Pofirio" in the compendium)
    "Sebastián Lerdo de Tejada",  # RW-p19-33
    "William Jackson Palmer",  # RW-p19-34
}


def _kind(card: CardDef) -> str:
    return card.name.split(":")[0]


@pytest.mark.rules(
    "RW-p11-04",
    "RW-p21-10",
    "RW-p21-17",
    "RW-p21-18",
    "RW-p21-21",
    "RW-p21-22",
    "RW-p21-28",
    "RW-p21-31",
    "RW-p22-03",
    "RW-p22-05",
    "RW-p22-06",
    "RW-p22-09",
    "RW-p22-12",
    "RW-p22-17",
    "RW-p22-20",
    "RW-p22-23",
    "RW-p22-25",
)
def test_with_the_black_stars_the_deck_is_the_appendix_counts() -> None:
    cards = game(modules=[BLACK_STARS]).ruleset.cards
    counts = Counter(_kind(c) for c in cards.values())
    assert counts == {kind: n for kind, (n, _icon, _start) in APPENDIX.items()}
    assert sum(counts.values()) == 38


@pytest.mark.rules("RW-p11-02", "RW-p21-07", "RW-p5-42")
def test_without_the_black_stars_their_cards_are_left_out() -> None:
    cards = game().ruleset.cards
    counts = Counter(_kind(c) for c in cards.values())
    expected = {k: n for k, (n, _i, _s) in APPENDIX.items() if k not in STAR_KINDS}
    assert counts == expected
    assert sum(counts.values()) == 38 - 8
    printed = load_operations(MAP)  # the box holds all 38
    assert len(printed) == 38
    stars = {c.id for c in printed.values() if c.only_with == BLACK_STARS}
    assert {_kind(printed[c]) for c in stars} == STAR_KINDS
    assert not stars & set(cards)


@pytest.mark.rules("RW-p11-03", "RW-p19-02", "RW-p19-08", "RW-p11-02")
def test_twelve_barons_of_which_the_four_black_stars_need_their_module() -> None:
    printed = load_barons(MAP)
    assert len(printed) == 12
    assert {b.name for b in printed.values()} == BARONS
    assert {b.name for b in printed.values() if b.only_with == BLACK_STARS} == STAR_BARONS
    plain = game().ruleset.barons
    assert {b.name for b in plain.values()} == BARONS - STAR_BARONS
    full = game(modules=[BLACK_STARS]).ruleset.barons
    assert {b.name for b in full.values()} == BARONS


@pytest.mark.rules("RW-p19-08", "RW-p4-12")
@pytest.mark.parametrize("seed", range(6))
def test_without_the_black_stars_no_player_is_dealt_one(seed: int) -> None:
    """Four players are dealt two barons each from the eight without the star."""
    g = game(players=4, seed=seed)
    dealt = [b for p in g.state.players for b in p.barons_dealt]
    assert len(dealt) == len(set(dealt)) == 8
    names = {g.ruleset.barons[b].name for b in dealt}
    assert names == BARONS - STAR_BARONS


@pytest.mark.rules("RW-p21-01", "RW-p21-02", "RW-p21-03", "RW-p21-04", "RW-p21-05", "RW-p21-06")
def test_each_kind_has_the_appendix_icon_and_start_mark() -> None:
    for card in game(modules=[BLACK_STARS]).ruleset.cards.values():
        _n, icon, start = APPENDIX[_kind(card)]
        assert card.icon.value == icon, card.id
        assert card.start is start, card.id


@pytest.mark.rules("RW-p21-09", "RW-p21-31", "RW-p22-12", "RB-104")
def test_city_named_cards_name_cities_of_this_board() -> None:
    g = game(modules=[BLACK_STARS])
    named = {c.id: c.params["city"] for c in g.ruleset.cards.values() if "city" in c.params}
    assert {_kind(g.ruleset.cards[cid]) for cid in named} == {"Hotel", "Service Bounty"}
    for card_id, city in named.items():
        assert city in g.board.cities, card_id
        assert g.board.cities[str(city)].name in g.ruleset.cards[card_id].name
    hotels = {c for cid, c in named.items() if cid.startswith("hotel-")}
    bounties = {c for cid, c in named.items() if cid.startswith("service-bounty-")}
    assert len(hotels) == 4 and len(bounties) == 4
    assert "salina-cruz" in bounties  # the solo appendix takes this one out (RB-104)


@pytest.mark.rules("RW-p22-12")
def test_service_bounties_go_to_cities_that_take_deliveries() -> None:
    g = game()
    for card in g.ruleset.cards.values():
        if card.effect == "service_bounty":
            city = g.board.cities[str(card.params["city"])]
            assert city.color.value != "gray", card.id


@pytest.mark.rules("RW-p4-01", "RW-p4-02", "RW-p4-03", "RW-p4-04", "RW-p22-12")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_display_at_set_up(players: int) -> None:
    """The three start goals and all four bounties (the deck has exactly four) lie face up,
    then two cards a player are dealt from the shuffled rest."""
    g = game(players, seed=20 + players)
    cards, display = g.ruleset.cards, g.state.ops_display
    start = {cid for cid, c in cards.items() if c.start}
    assert len(start) == 3 + 4
    assert start <= set(display)
    dealt = [c for c in display if c not in start]
    assert len(dealt) == 2 * players
    assert set(g.state.ops_deck) == set(cards) - start - set(dealt)
    assert len(g.state.ops_deck) == 30 - 7 - 2 * players


@pytest.mark.rules("RW-p22-10")
@pytest.mark.parametrize("seed", range(12))
def test_a_railroad_executive_is_never_dealt_at_set_up(seed: int) -> None:
    g = game(4, seed=seed)
    assert not any(g.ruleset.cards[c].effect == "railroad_executive" for c in g.state.ops_display)
    executives = [c for c in g.state.ops_deck if c.startswith("railroad-executive")]
    assert len(executives) == 2  # shuffled back in, not lost


@pytest.mark.rules("RW-p22-05", "RW-p21-07")
def test_an_operations_growth_dealt_at_set_up_deals_two_more() -> None:
    """Turned up in the starting deal, it goes to the discard pile and two more cards come,
    so each one turned up leaves one card more on the display than two a player."""
    seen = 0
    for seed in range(40):
        g = game(4, seed=seed, modules=[BLACK_STARS])
        discarded = [c for c in g.state.ops_discard if c.startswith("operations-growth")]
        if not discarded:
            continue
        seen += 1
        cards, display = g.ruleset.cards, g.state.ops_display
        assert not any(c.startswith("operations-growth") for c in display)
        takeable = [c for c in display if not cards[c].start]
        assert len(takeable) == 8 - len(discarded) + 2 * len(discarded)
        total = len(display) + len(g.state.ops_deck) + len(g.state.ops_discard)
        assert total == 38  # nothing lost: display, deck and discards hold every card
    assert seen > 0, "no seed turned one up: choose more seeds"


def test_every_card_and_baron_has_a_text_in_our_own_words() -> None:
    book = compendium_runs(6)
    for deck in (load_barons(MAP), load_operations(MAP)):
        for card in deck.values():
            assert card.text, card.id
            assert copied(card.text, book, 6) == [], card.id
