"""Solo set-up: the board, the Railbot deck and row, the Operations display (RB-039..049)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from railways.content.maps import MapError, load_map
from railways.content.solo import load_solo, solo_maps
from railways.core.actions import Bid, PassBid
from railways.core.board import Color
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.solo import new_solo_game
from railways.rules.solo.railbot import setup_deck
from railways.rules.solo.state import SoloState
from support import TINY

from .helpers import PLAYER, real_solo, refused, solo_state

OUT_OF_PLAY = {
    "boston",
    "providence",
    "new-haven",
    "albany",
    "buffalo",
    "toronto",
    "duluth",
    "tulsa",
    "little-rock",
    "shreveport",
    "dallas",
}


@pytest.mark.rules("RB-039", "RB-096")
def test_a_solo_game_is_played_on_a_map_with_a_solo_appendix() -> None:
    """Choose a map (RB-039): Eastern U.S. has its appendix (RB-096); a board without one is
    refused, and the multiplayer entry point starts a solo game when asked."""
    assert "eastern-us" in solo_maps()
    game = new_game("eastern-us", players=1, seed=3, options={"solo": True})
    assert game.n == 1 and solo_state(game).target == 125
    with pytest.raises(MapError, match="no solo appendix"):
        new_solo_game(TINY, seed=1)
    with pytest.raises(ValueError, match="one player"):
        new_solo_game("eastern-us", ["A", "B"], seed=1)


@pytest.mark.rules("RB-040", "RB-043", "RB-097")
def test_cities_out_of_play_are_off_the_board_and_get_no_cubes() -> None:
    """RB-097 names eleven cities out of play: they are covered, get no cubes (RB-043) and
    do not count towards the Empty City Markers."""
    game = real_solo()
    smap = load_solo("eastern-us")
    assert smap.out_of_play_cities == OUT_OF_PLAY
    printed = load_map("eastern-us")
    assert set(printed.cities) >= OUT_OF_PLAY
    assert not OUT_OF_PLAY & set(game.board.cities)
    assert not OUT_OF_PLAY & set(game.state.cubes)
    for city in OUT_OF_PLAY:
        assert printed.cities[city].at not in game.board.hexes
    assert set(game.state.cubes) == set(printed.cities) - OUT_OF_PLAY
    assert game.state.ecm_needed == 8  # RB-097: Empty City Markers 8


@pytest.mark.rules("RB-041", "RB-055", "RB-097")
def test_major_line_f_and_lines_to_cities_out_of_play_are_gone() -> None:
    game = real_solo()
    printed = load_map("eastern-us")
    assert "F" in printed.major_lines and "F" not in game.board.major_lines
    for line in game.board.major_lines.values():
        assert not OUT_OF_PLAY & set(line.endpoints)
    assert set(game.board.major_lines) == {"A", "B", "C", "D", "E", "NYKC"}


@pytest.mark.rules("RB-003")
def test_the_not_in_play_discs_suffice() -> None:
    """Fifteen Not in Play discs cover the Eastern U.S. cities and lines out of play."""
    smap = load_solo("eastern-us")
    assert len(smap.out_of_play_cities) + len(smap.out_of_play_lines) <= 15


# The house calibration of the solo game (eastern-us/solo.toml [cubes]): these cities start the
# solo game with these cubes instead of the printed count, before the reduction.
SOLO_START = {
    "new-york": 4,
    "philadelphia": 4,
    "baltimore": 4,
    "charleston": 4,
    "washington": 3,
    "montgomery": 3,
    "norfolk": 3,
    "wilmington": 3,
    "savannah": 3,
}


@pytest.mark.rules("RB-043", "RB-098")
def test_one_cube_fewer_in_every_city() -> None:
    """Eastern U.S. solo: one cube fewer per city (a city keeps at least one, as RW-p10-19),
    counted from the printed board or, for the calibrated cities, the solo data."""
    printed = load_map("eastern-us")
    for seed in (1, 2):
        game = real_solo(seed)
        for city, cubes in game.state.cubes.items():
            start = SOLO_START.get(city, printed.cities[city].cubes)
            assert len(cubes) == max(1, start - 1), city
        total = sum(len(c) for c in game.state.cubes.values())
        assert total + sum(game.state.bag.values()) == 125


@pytest.mark.rules("RB-042", "RB-001", "RB-046", "RB-047")
def test_the_deck_is_the_maps_fourteen_cards_and_the_eleven_common_ones() -> None:
    """RB-042: the map's 14 cards and the 11 that name no map make 25. Final Evaluation names
    no map (RB-046, RB-047 set it apart only to place it), so it is the 11th common card: 10
    others, and 14 + 10 + 1 = 25 cards in all."""
    smap = load_solo("eastern-us")
    mine = [c for c in smap.cards.values() if c.map_id == "eastern-us"]
    common = [c for c in smap.cards.values() if c.map_id is None]
    assert smap.final_evaluation_id not in smap.cards
    assert len(mine) == 14 and len(common) + 1 == 11 and len(smap.cards) + 1 == 25
    # Common cards: an Exhaust card per goods colour, Taxation and Deadhead cards.
    kinds = Counter(c.kind for c in common)
    assert kinds["exhaust"] == 5 and kinds["taxation"] + kinds["deadhead"] == 5
    assert {c.color for c in common if c.kind == "exhaust"} == {
        Color.RED,
        Color.YELLOW,
        Color.BLUE,
        Color.PURPLE,
        Color.BLACK,
    }
    # Map cards: Building Links with 3-4 cities in play, slot marks, some with icons.
    in_play = set(real_solo().board.cities)
    for card in mine:
        assert card.kind == "links" and card.slot in (1, 2, 3)
        for chain in (card.cities, card.bottom):
            assert 3 <= len(chain) <= 4 and set(chain) <= in_play
    assert any("major_line" in c.icons for c in mine) and any("baron" in c.icons for c in mine)
    assert all(c.source == "house" for c in smap.cards.values())
    game = real_solo()
    s = solo_state(game)
    placed = [*s.deck, *s.removed, *[c for c in s.row if c]]
    assert sorted(placed) == sorted([*smap.cards, smap.final_evaluation_id])


@pytest.mark.rules("RB-044", "RB-045")
def test_three_slot_one_cards_go_unseen_and_three_more_make_the_row() -> None:
    smap = load_solo("eastern-us")
    replaced = 0
    for seed in range(40):
        game = real_solo(seed)
        s = solo_state(game)
        assert len(s.removed) == 3
        assert all(smap.cards[c].slot == 1 for c in s.removed)  # RB-044
        assert len(s.row) == 3
        for card in s.row:
            assert card is not None
            assert smap.cards[card].slot == 1  # RB-045: dealt from the same cards
            assert smap.cards[card].kind not in ("taxation", "deadhead")
        # A Taxation or Deadhead card of slot 1 that was not set aside is back in the deck.
        for cid, card in smap.cards.items():
            if card.slot == 1 and card.kind in ("taxation", "deadhead") and cid not in s.removed:
                assert cid in s.deck
                replaced += 1
        text = str(view_for(game, PLAYER))
        assert not any(f"'{c}'" in text for c in s.removed), "set-aside cards stay unseen"
    assert replaced


@pytest.mark.rules("RB-046", "RB-047")
def test_the_final_evaluation_card_among_the_bottom_three() -> None:
    """The generic rule (RB-047): Final Evaluation mixed with the bottom two cards."""
    smap = dataclasses.replace(load_solo("eastern-us"), final_evaluation="bottom")
    positions: Counter[int] = Counter()
    orders = set()
    for seed in range(60):
        game = real_solo(seed)
        s = SoloState(target=125, base_exhaust=3, ops_limit=5)
        setup_deck(game, smap, s, 0)
        # RB-042: 25 cards, Final Evaluation among them; RB-044: 3 set aside; RB-045: 3 in
        # the row; RB-046, RB-047: the rest, Final Evaluation put back near the bottom.
        assert len(s.deck) == 25 - 3 - 3
        positions[s.deck.index(smap.final_evaluation_id)] += 1
        orders.add(tuple(s.deck))
    assert set(positions) == {0, 1, 2}  # index 0 is the bottom of the deck
    assert len(orders) > 50  # shuffled


@pytest.mark.rules("RB-099")
def test_eastern_us_puts_final_evaluation_half_way_down() -> None:
    positions = set()
    for seed in range(60):
        s = solo_state(real_solo(seed))
        fe = s.deck.index("final-evaluation")
        positions.add(fe)
        assert abs(fe - (len(s.deck) - 1) // 2) <= 1  # the deck had one card fewer
    assert len(positions) >= 2


@pytest.mark.rules("RB-048", "RB-098")
def test_operations_display_two_bounties_and_two_cards() -> None:
    """Two random Service Bounties; Start cards and unused bounties out; Eastern U.S. deals two
    Operations cards (RB-098) where other maps deal one."""
    for seed in range(10):
        game = real_solo(seed)
        state = game.state
        cards = game.ruleset.cards
        display = state.ops_display
        assert len(display) == 4
        bounties = [c for c in display if cards[c].effect == "service_bounty"]
        assert len(bounties) == 2 and display[:2] == bounties
        everywhere = set(display) | set(state.ops_deck)
        for cid in everywhere:
            card = cards[cid]
            if card.effect != "service_bounty":
                assert not card.start, cid  # RB-048b: Start cards back in the box
        assert len([c for c in everywhere if cards[c].effect == "service_bounty"]) == 2
        for cid in everywhere:  # no card names a city out of play
            assert cards[cid].params.get("city") not in OUT_OF_PLAY


@pytest.mark.rules("RB-048", "RB-097")
def test_service_bounties_are_drawn_from_those_whose_cities_are_in_play() -> None:
    """The two bounties are a random draw (issue 15): our multiplayer deck has only two
    bounties for cities in play (Charleston, Memphis), so the solo game adds six house ones
    (Portland, Montreal, Jacksonville, New Orleans, Kansas City, Minneapolis)."""
    pool = {
        "charleston",
        "memphis",
        "portland",
        "montreal",
        "jacksonville",
        "new-orleans",
        "kansas-city",
        "minneapolis",
    }
    game = real_solo(0)
    cards = game.ruleset.cards
    bounties = {c.params["city"] for c in cards.values() if c.effect == "service_bounty"}
    assert bounties == pool
    drawn: set[frozenset[str]] = set()
    seen: set[str] = set()
    for seed in range(12):
        state = real_solo(seed).state
        cities = [cards[c].params["city"] for c in state.ops_display[:2]]
        assert len(set(cities)) == 2 and set(cities) <= pool
        drawn.add(frozenset(cities))
        seen.update(str(c) for c in cities)
    assert len(drawn) >= 6 and len(seen) >= 6  # not the same two every game


@pytest.mark.rules("RB-049", "RB-014")
def test_duel_barons_set_up() -> None:
    game = real_solo(duel_barons=True)
    s = solo_state(game)
    assert len(s.duel) == 4 and len(set(s.duel)) == 4
    assert s.target == 140
    assert solo_state(real_solo()).duel == []
    assert solo_state(real_solo()).target == 125


@pytest.mark.rules("RB-050")
def test_no_auction_the_player_acts_at_once() -> None:
    game = real_solo()
    assert game.state.phase is Phase.ACTIONS and game.state.round == 1
    assert game.to_act == PLAYER and game.state.auction is None
    refused(game, Bid(seat=PLAYER, amount=1), "RW-p4-28")
    refused(game, PassBid(seat=PLAYER), "RW-p4-28")
