"""Great Britain's components, set-up and end (RW-p15-03..06, RW-p7-32, RW-p7-33)."""

from __future__ import annotations

import pytest

from railways.rules import new_game
from railways.rules.boards.great_britain import GreatBritain

from .helpers import MAP, end_now, start

# RW-p15-05: the Empty City Markers that end the game, 2 to 5 players.
ECM_BY_PLAYERS = {2: 10, 3: 12, 4: 14, 5: 16}


@pytest.mark.rules("RW-p15-03", "RW-p15-04")
def test_the_map_comes_with_ten_barons_27_operations_cards_and_the_humber_rule() -> None:
    game = new_game(MAP, players=4, seed=3)
    assert len(game.ruleset.barons) == 10
    assert len(game.ruleset.cards) == 27
    assert any(isinstance(p, GreatBritain) for p in game.ruleset.plugins)


@pytest.mark.rules("RW-p15-05")
@pytest.mark.parametrize(("players", "markers"), sorted(ECM_BY_PLAYERS.items()))
def test_empty_city_markers_that_end_the_game(players: int, markers: int) -> None:
    game = new_game(MAP, players=players, seed=2)
    assert game.state.ecm_needed == markers


@pytest.mark.rules("RW-p15-05", "RW-p15-06")
@pytest.mark.parametrize("players", [1, 6])
def test_the_board_is_for_two_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="2-5"):
        new_game(MAP, players=players, seed=2)


@pytest.mark.rules("RW-p15-06")
def test_five_players_each_bond_costs_a_point_and_the_highest_score_wins() -> None:
    game = start(players=5)
    # (score, bonds): final scores 30, 27, 31, 20, 5 by hand; barons set aside so that only
    # the bonds change the scores.
    rows = [(30, 0), (30, 3), (33, 2), (20, 0), (14, 9)]
    for p, (score, bonds) in zip(game.state.players, rows, strict=True):
        p.score, p.bonds, p.cash, p.baron = score, bonds, 100, ""
    end_now(game)
    assert game.state.final_scores == {0: 30, 1: 27, 2: 31, 3: 20, 4: 5}
    assert game.state.winner == 2


@pytest.mark.rules("RW-p7-32", "RW-p7-33", "RW-p3-18")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_cube_reduction_with_few_players(players: int) -> None:
    """The chart lists Great Britain as "don't reduce" for 2 and 3 players."""
    game = new_game(MAP, players=players, seed=5)
    for city in game.board.cities.values():
        assert len(game.state.cubes[city.id]) == city.cubes, city.id


@pytest.mark.rules("RW-p7-32", "RW-p7-33")
def test_the_cube_reduction_module_leaves_great_britain_alone() -> None:
    game = new_game(MAP, players=2, seed=5, options={"modules": ["cube-reduction"]})
    for city in game.board.cities.values():
        assert len(game.state.cubes[city.id]) == city.cubes, city.id


@pytest.mark.rules("RW-p4-01", "RW-p4-02", "RW-p4-03", "RW-p4-04")
@pytest.mark.parametrize("players", [2, 5])
def test_the_starting_display(players: int) -> None:
    """Passenger Lines, Speed Record and The Railroad Era Begins, 4 of the 5 Service
    Bounties, then twice as many cards as players from the shuffled deck."""
    game = new_game(MAP, players=players, seed=7)
    display = game.state.ops_display
    assert len(display) == 3 + 4 + 2 * players
    for card in ("passenger-lines", "speed-record", "railroad-era-begins"):
        assert card in display
    bounties = [c for c in display if c.startswith("service-bounty-")]
    assert len(bounties) == 4
    dealt = display[7:]
    assert all(not game.ruleset.cards[c].start for c in dealt)
    # 27 cards: 8 start cards (one bounty goes back to the box), the rest shuffled
    assert len(game.state.ops_deck) == 27 - 8 - len(dealt)
