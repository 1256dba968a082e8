"""Set-up and the end of a Railways Through Time game (TT-003, TT-005..007, TT-012,
RW-p13-05, RW-p13-07..10, RW-p14-16, RW-p14-17)."""

from __future__ import annotations

from collections import Counter

import pytest

from boards.board_helpers import end_now
from railways.content.decks import load_operations
from railways.content.maps import load_map
from railways.core.actions import Pass
from railways.rules import new_game
from railways.rules.boards.through_time.eras import eras_of, is_gate

from .helpers import MAP, start

START_CARDS = {"railroad-era-begins", "time-blazer", "speed-record", "passenger-lines"}
# The Operations cards of Railways Through Time as the appendix counts them (RTT column).
RTT_COUNTS = {
    "Boost": 2,
    "City Growth": 3,
    "Government Land Grant": 2,
    "Hotel": 8,
    "New Industry": 3,
    "Passenger Lines": 1,
    "Service Bounty": 8,
    "Speed Record": 1,
    "The Railroad Era Begins": 1,
    "Time Blazer": 1,
    "Time Bounty": 8,
    "Tunnel Engineer": 2,
}


@pytest.mark.rules("TT-003", "RW-p21-09", "RW-p21-12", "RW-p22-21", "RW-p22-22")
def test_the_deck_has_the_forty_cards_of_the_appendix() -> None:
    cards = load_operations(MAP)
    assert len(cards) == 40
    kinds = Counter(c.name.split(":")[0] for c in cards.values())
    assert kinds == RTT_COUNTS
    eras = sorted(c.params["era"] for c in cards.values() if c.effect == "time_bounty")
    assert eras == sorted(eras_of(load_map(MAP)).order)  # one Time Bounty per era


@pytest.mark.rules("TT-005", "RW-p13-07")
@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_players_get_every_printed_cube(players: int) -> None:
    game = new_game(MAP, players=players, seed=5)
    for cid, city in game.board.cities.items():
        assert len(game.state.cubes[cid]) == city.cubes, cid
    assert sum(len(c) for c in game.state.cubes.values()) == 11 * (players + 1)
    gates = [c for c in game.board.cities.values() if is_gate(c)]
    assert gates and all(game.state.cubes[g.id] == [] for g in gates)


@pytest.mark.rules("TT-006", "RW-p13-08", "RW-p13-10")
@pytest.mark.parametrize("players", [2, 4])
def test_the_display_starts_with_the_four_start_cards_and_twice_the_players(
    players: int,
) -> None:
    game = new_game(MAP, players=players, seed=3)
    display = game.state.ops_display
    assert set(display) >= START_CARDS
    bounties = [c for c in display if game.card(c).effect == "service_bounty"]
    assert len(bounties) == min(4, players + 1)  # four of those in play (RW-p22-12)
    dealt = [c for c in display if not game.card(c).start]
    assert len(dealt) == 2 * players
    deck = len(game.state.ops_deck)
    game2 = start(players=players, seed=3)
    while game2.state.turn == 1:  # everybody passes through the first turn
        seat = game2.to_act
        assert seat is not None
        game2.apply(Pass(seat=seat))
    assert len(game2.state.ops_deck) == deck - 1  # one more card turned up (RW-p13-10)


@pytest.mark.rules("TT-007", "RW-p13-09")
def test_the_cards_of_eras_not_played_are_out_of_the_game() -> None:
    game = new_game(MAP, players=2, seed=1, options={"eras": ["egypt", "wild-west", "future"]})
    chosen = {"egypt", "wild-west", "future"}
    in_game = set(game.state.ops_deck) | set(game.state.ops_display)
    assert in_game <= set(game.ruleset.cards)
    full = eras_of(load_map(MAP))
    for card in load_operations(MAP).values():
        era, city = card.params.get("era"), card.params.get("city")
        home = era if era is not None else full.of_city(str(city)) if city is not None else None
        if home is None or home in chosen:
            assert card.id in game.ruleset.cards, card.id  # not tied to an era, or played
        else:
            assert card.id not in game.ruleset.cards, card.id
    assert len(game.ruleset.cards) == 40 - 5 * 3  # a Hotel, Bounty, Time Bounty per era gone


@pytest.mark.rules("TT-012", "RW-p14-16")
@pytest.mark.parametrize(("players", "markers"), [(2, 9), (3, 11), (4, 13), (5, 15), (6, 19)])
def test_the_empty_city_markers_that_end_the_game(players: int, markers: int) -> None:
    assert new_game(MAP, players=players, seed=1).state.ecm_needed == markers


@pytest.mark.rules("RW-p14-17", "RW-p13-05")
def test_at_the_end_each_bond_costs_a_point_and_the_high_score_wins() -> None:
    game = start(players=2)
    game.state.players[0].score, game.state.players[0].bonds = 20, 3
    game.state.players[1].score, game.state.players[1].bonds = 18, 0
    # The income track of the board pays by the score (RW-p13-05: always in use).
    assert game.income(0) == game.board.tables.income_track[20]
    end_now(game)
    assert game.state.final_scores == {0: 17, 1: 18}
    assert game.state.winner == 1
