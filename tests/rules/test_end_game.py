"""The end of the game: the Empty City Marker trigger, final scoring and the winner (RW-p6)."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import BuildTrack, DeliverGoods, Pass, UpgradeEngine
from railways.core.board import Color
from railways.core.state import Phase

from .rw_helpers import (
    SOUTH_EAST,
    WEST_SOUTH,
    all_pass_auction,
    build,
    finish_turn,
    refused,
    tiny,
)

B, R = Color.BLUE, Color.RED


def near_the_end(markers_left: int = 1, owner: int = 0):
    """Tiny board: ``owner`` has Westport-Southby-Eastville; Westport holds one blue cube."""
    game = tiny(players=2, cash=40)
    build(game, owner, WEST_SOUTH)
    build(game, owner, SOUTH_EAST)
    state = game.state
    state.players[owner].engine = 2
    support.set_cubes(game, "west", [B])
    support.set_cubes(game, "east", [])
    state.ecm = {"east"}
    state.ecm_needed = len(state.ecm) + markers_left
    state.round = 1
    support.make_turn(game, 0)
    return game


def deliver_last_cube(game, seat: int = 0):
    game.apply(DeliverGoods(seat=seat, city="west", color="blue", links=(1, 2)))


def play_turn(game) -> list[int]:
    """Auction (all pass) and three rounds of passes; returns the seats that acted."""
    all_pass_auction(game)
    acted = []
    turn = game.state.turn
    while game.state.phase is Phase.ACTIONS and game.state.turn == turn:
        seat = game.to_act
        acted.append(seat)
        game.apply(Pass(seat=seat))
    return acted


@pytest.mark.rules("RW-p6-09", "RW-p3-08", "RW-p5-33")
def test_the_last_needed_marker_triggers_the_end():
    game = near_the_end(markers_left=1)
    assert game.state.end_trigger_turn is None
    deliver_last_cube(game)
    assert game.state.ecm == {"east", "west"}
    assert game.state.end_trigger_turn == 1
    assert game.state.phase is Phase.ACTIONS


@pytest.mark.rules("RW-p6-09")
def test_fewer_markers_than_needed_do_not_trigger_the_end():
    game = near_the_end(markers_left=2)
    deliver_last_cube(game)
    assert len(game.state.ecm) == game.state.ecm_needed - 1
    assert game.state.end_trigger_turn is None
    finish_turn(game)
    play_turn(game)
    assert game.state.phase is Phase.AUCTION and game.state.turn == 3


@pytest.mark.rules("RW-p6-10", "RW-p3-09")
def test_after_the_trigger_the_turn_finishes_and_one_more_full_turn_is_played():
    game = near_the_end()
    deliver_last_cube(game)
    # the rest of this turn: everyone gets their remaining actions
    rest = []
    while game.state.turn == 1:
        rest.append(game.to_act)
        game.apply(Pass(seat=game.to_act))
    assert rest == [1, 0, 1, 0, 1]
    assert game.state.phase is Phase.AUCTION
    # one more full turn: auction and three actions each
    acted = play_turn(game)
    assert acted == game.state.order * 3
    assert sorted(acted) == [0, 0, 0, 1, 1, 1]
    assert game.state.phase is Phase.GAME_OVER
    assert game.state.turn == 2


@pytest.mark.rules("RW-p6-10")
def test_a_trigger_on_the_very_last_action_of_a_turn_still_gives_a_full_turn_more():
    game = near_the_end(owner=1)
    state = game.state
    for _ in range(5):
        game.apply(Pass(seat=game.to_act))
    assert (state.round, game.to_act) == (3, 1)  # the turn's last action
    deliver_last_cube(game, seat=1)
    assert state.end_trigger_turn == 1
    assert state.phase is Phase.AUCTION and state.turn == 2
    acted = play_turn(game)
    assert sorted(acted) == [0, 0, 0, 1, 1, 1]
    assert state.phase is Phase.GAME_OVER


@pytest.mark.rules("RW-p6-10")
def test_nothing_can_be_done_once_the_game_is_over():
    game = near_the_end()
    deliver_last_cube(game)
    finish_turn(game)
    play_turn(game)
    assert game.over
    for seat in (0, 1):
        refused(game, Pass(seat=seat), "RW-p6-10")
        refused(game, UpgradeEngine(seat=seat), "RW-p6-10")
        refused(game, BuildTrack(seat=seat, path=WEST_SOUTH), "RW-p6-10")


def end_now(game) -> None:
    """Scenario: the end was triggered last turn, so this turn is the final one."""
    game.state.end_trigger_turn = game.state.turn - 1
    finish_turn(game)
    assert game.over


@pytest.mark.rules("RW-p6-11", "RW-p6-12", "RW-p6-14", "RW-p4-25")
def test_each_bond_costs_a_point_at_the_end():
    game = tiny(players=3)
    for p, (score, bonds) in zip(game.state.players, [(20, 0), (20, 3), (5, 9)], strict=True):
        p.score, p.bonds, p.cash = score, bonds, 100
    end_now(game)
    assert game.state.final_scores == {0: 20, 1: 17, 2: -4}
    assert game.state.winner == 0


@pytest.mark.rules("RW-p6-15", "RW-p6-14")
def test_most_points_wins():
    game = tiny(players=3)
    for p, score in zip(game.state.players, [10, 31, 30], strict=True):
        p.score = score
    game.state.players[2].cash = 500
    end_now(game)
    assert game.state.winner == 1


@pytest.mark.rules("RW-p6-16")
def test_a_tie_on_points_goes_to_the_player_with_more_links():
    game = tiny(players=2, cash=40)
    build(game, 1, WEST_SOUTH)
    for p in game.state.players:
        p.score = 12
    game.state.players[0].cash = 999  # money only counts if links tie as well
    end_now(game)
    assert game.state.final_scores[0] == game.state.final_scores[1]
    assert game.state.winner == 1


@pytest.mark.rules("RW-p6-17")
def test_a_tie_on_points_and_links_goes_to_the_player_with_more_money():
    game = tiny(players=2, cash=40)
    build(game, 0, WEST_SOUTH)
    build(game, 1, SOUTH_EAST)
    for p in game.state.players:
        p.score = 12
    end_now(game)
    # both collected the same income; seat 1 spent 6 on track, seat 0 only 2
    assert game.state.players[0].cash > game.state.players[1].cash
    assert game.state.winner == 0


@pytest.mark.rules("RW-p6-16", "RW-p6-12")
def test_bonds_are_taken_off_before_ties_are_looked_at():
    game = tiny(players=2, cash=40)
    build(game, 1, WEST_SOUTH)  # seat 1 has more links
    game.state.players[0].score = 14
    game.state.players[1].score = 15
    game.state.players[1].bonds = 2
    end_now(game)
    assert game.state.final_scores == {0: 14, 1: 13}
    assert game.state.winner == 0


@pytest.mark.rules("RW-p4-18", "RW-p6-14")
def test_points_past_the_end_of_the_track_count_in_full():
    game = tiny(players=2)
    last = game.board.tables.last_space
    game.state.players[0].score = last + 12
    game.state.players[1].score = last + 3
    end_now(game)
    assert game.state.final_scores == {0: last + 12, 1: last + 3}
    assert game.state.winner == 0


@pytest.mark.rules("RW-p6-13", "RW-p3-01")
def test_rail_barons_are_revealed_and_scored_at_the_end():
    game = support.start(players=3, seed=5)
    state = game.state
    for p in state.players:
        p.score = 10
        assert not p.baron_revealed
    expected = {}
    end_now(game)
    for p in state.players:
        assert p.baron_revealed
        baron = game.ruleset.barons[p.baron]
        bonus = game.ruleset.baron_effects[baron.effect].score(game, p.seat, baron)
        expected[p.seat] = 10 - p.bonds + bonus
    assert state.final_scores == expected
