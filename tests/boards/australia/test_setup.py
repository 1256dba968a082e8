"""Set-up, score track, turn and end of Railways of Australia (AU-001..AU-022, AU-034,
AU-050..AU-057)."""

from __future__ import annotations

import pytest

from railways.core.actions import Pass
from railways.core.board import Color
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import new_game

from .helpers import act_as, end_now, start

CENTRAL_CARDS = {"hotel-alice-springs", "hotel-port-augusta", "town-wyndham", "town-tennant-creek"}
WEST_CARDS = {
    "town-mount-newman",
    "town-esperance",
    "town-halls-creek",
    "foreign-trade-ports-perth",
}


@pytest.mark.rules("AU-001", "AU-004", "AU-005")
def test_the_board_is_railways_of_australia_with_the_base_game_components():
    game = new_game("australia", players=4, seed=1)
    assert game.board.id == "australia"
    assert game.board.rulesets == ("australia",)
    # The base game's pieces: 217 track tiles, 25 goods of each colour.
    assert sum(game.board.tables.tile_supply.values()) == 217
    assert game.board.tables.goods_per_color == 25


@pytest.mark.rules("AU-011", "AU-012", "AU-013", "AU-014")
@pytest.mark.parametrize(
    ("players", "central", "west"),
    [(2, False, False), (3, True, False), (4, True, False), (5, True, True), (6, True, True)],
)
def test_cards_of_regions_not_in_play_are_removed(players, central, west):
    cards = set(new_game("australia", players=players, seed=1).ruleset.cards)
    assert CENTRAL_CARDS & cards == (CENTRAL_CARDS if central else set())
    assert WEST_CARDS & cards == (WEST_CARDS if west else set())


@pytest.mark.rules("AU-015")
@pytest.mark.parametrize(("players", "count"), [(2, 0), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_triple_gauge_cards_by_player_count(players, count):
    cards = new_game("australia", players=players, seed=1).ruleset.cards
    assert sum(1 for c in cards.values() if c.effect == "triple_gauge") == count


@pytest.mark.rules("AU-018")
def test_every_player_has_two_switch_tracks():
    game = new_game("australia", players=5, seed=1)
    left = view_for(game, None)["plugins"]["switch_tracks"]["left"]
    assert left == {str(s): 2 for s in range(5)}


@pytest.mark.rules("AU-020")
def test_the_board_score_track_steeper_and_ten_above_49():
    tables = new_game("australia", players=2, seed=1).board.tables
    assert [tables.income_for(s) for s in (0, 5, 10, 20, 30, 40, 49)] == [0, 5, 10, 15, 18, 15, 10]
    assert {tables.income_for(s) for s in range(50, 130)} == {10}
    base = new_game("eastern-us", players=2, seed=1).board.tables
    assert tables.income_for(10) > base.income_for(10)  # a steeper rise


@pytest.mark.rules("AU-020")
def test_the_base_game_score_track_can_be_chosen():
    game = new_game("australia", players=2, seed=1, options={"modules": ["base-score-track"]})
    base = new_game("eastern-us", players=2, seed=1).board.tables
    for score in (0, 10, 30, 49, 60, 100):
        assert game.board.tables.income_for(score) == base.income_for(score)
    with pytest.raises(ValueError, match="Australia"):
        new_game("eastern-us", players=2, seed=1, options={"modules": ["base-score-track"]})


@pytest.mark.rules("AU-006")
def test_a_score_above_50_shows_a_plus_50_token():
    game = start()
    game.state.players[0].score = 51
    game.state.players[1].score = 50
    tokens = [m for m in view_for(game, None)["markers"] if m["kind"] == "score_token"]
    assert [m["owner"] for m in tokens] == [0]


@pytest.mark.rules("AU-019", "AU-021", "AU-022")
def test_three_actions_each_per_turn_and_the_base_game_actions():
    game = start(players=3)
    seat = game.to_act
    act_as(game, seat, cash=30)
    kinds = {a.kind for a in legal_actions(game, seat).all()}
    assert {"pass", "build_track", "upgrade_engine", "take_operations_card"} <= kinds
    turn, taken = game.state.turn, 0
    game.state.round = 1
    game.state.order_index = 0
    while game.state.turn == turn and game.state.phase is Phase.ACTIONS:
        game.apply(Pass(seat=game.to_act))
        taken += 1
    assert taken == 3 * 3


@pytest.mark.rules("AU-034")
def test_every_new_card_kind_has_a_behaviour():
    game = new_game("australia", players=6, seed=1, options={"modules": ["black-stars"]})
    kinds = {c.effect for c in game.ruleset.cards.values()}
    new = {
        "company_merger",
        "federation",
        "mechanical_stoker",
        "navvy_camp",
        "newspaper_fame",
        "spirit_of_tasmania",
        "switchback",
        "tenders",
        "triple_gauge",
        "zig_zag",
        "town",
    }
    assert new <= kinds
    assert new <= set(game.ruleset.card_effects)


@pytest.mark.rules("AU-050", "AU-051", "AU-052", "AU-053", "AU-054", "AU-055", "AU-056")
@pytest.mark.parametrize(("players", "markers"), [(2, 9), (3, 11), (4, 13), (5, 15), (6, 16)])
def test_empty_city_markers_that_end_the_game(players, markers):
    assert new_game("australia", players=players, seed=1).state.ecm_needed == markers


@pytest.mark.rules("AU-057", "AU-050")
def test_a_point_less_for_each_bond_at_the_end():
    game = start()
    game.state.players[0].score, game.state.players[0].bonds = 30, 3
    game.state.players[1].score, game.state.players[1].bonds = 30, 0
    for p in game.state.players:
        p.baron = ""  # no Rail Baron bonus, to see the bonds alone
    end_now(game)
    assert game.state.final_scores == {0: 27, 1: 30}
    assert game.state.winner == 1


@pytest.mark.rules("AU-028", "AU-004")
def test_cities_start_with_their_printed_goods_and_towns_with_none():
    game = new_game("australia", players=2, seed=3)
    for cid, city in game.board.cities.items():
        if "town" in city.flags:
            assert game.state.cubes[cid] == []
        else:
            assert len(game.state.cubes[cid]) == city.cubes
    assert game.state.city_colors["canberra"] is Color.GRAY
