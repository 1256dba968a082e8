"""Time Lines (TT-022..026, RW-p14-10..15): claimed by the first to join their cities on
their own era's board, later ones only once joined to the first, scored by the chart at the
end (house values: 1 line 4 points, 2 lines 9, 3 lines 15)."""

from __future__ import annotations

import pytest

import support
from boards.board_helpers import end_now
from railways.content.maps import load_map
from railways.rules.boards.through_time.eras import TIME_LINE, eras_of, is_gate, time_lines
from railways.rules.boards.through_time.timelines import chart_points, claims

from .helpers import MAP, connect, start

JENA_BERLIN = "napoleonic-2"
ALTAMIRA_SKARA = "stone-age-2"


@pytest.mark.rules("TT-022", "RW-p14-10")
def test_every_era_has_one_or_two_time_lines_and_nothing_else() -> None:
    board = load_map(MAP)
    eras = eras_of(board)
    lines = time_lines(board)
    assert len(lines) == len(board.major_lines)  # no Major Line but the Time Lines
    for era in eras.order:
        mine = [line for line in lines if eras.of_city(line.endpoints[0]) == era]
        assert 1 <= len(mine) <= 2, era
        for line in mine:
            assert {eras.of_city(e) for e in line.endpoints} == {era}
            assert TIME_LINE in line.requires and line.points == 0


@pytest.mark.rules("TT-023", "TT-026", "RW-p14-11", "RW-p14-12", "RW-p14-15")
def test_the_first_to_join_a_line_claims_it_and_scores_nothing_yet() -> None:
    game = start()
    connect(game, 0, "jena", "berlin")
    assert game.state.major_lines == {JENA_BERLIN: 0}
    assert claims(game, 0) == [JENA_BERLIN]
    assert game.state.players[0].score == 0  # claimed, not scored
    # The other player joins the same two cities with track of their own: too late.
    option = support.link_option(game, 1, "jena", "berlin")
    support.make_turn(game, 1)
    game.state.players[1].cash = 50
    game.apply(option.action)
    assert game.state.major_lines == {JENA_BERLIN: 0}
    assert claims(game, 1) == []


@pytest.mark.rules("RW-p14-12", "TT-023")
def test_track_that_meets_at_a_time_gate_does_not_join_a_line() -> None:
    game = start()
    connect(game, 0, "jena", "gate-napoleonic-west")
    connect(game, 0, "berlin", "gate-napoleonic-west")
    assert game.network(0, "jena") >= {"berlin"}  # joined by track, but only at the gate
    assert JENA_BERLIN not in game.state.major_lines


@pytest.mark.rules("TT-024", "RW-p14-13")
def test_a_later_line_is_claimed_only_once_joined_to_the_first() -> None:
    game = start()
    connect(game, 0, "jena", "berlin")
    connect(game, 0, "altamira", "skara-brae")  # the Stone Age line, on its own
    assert ALTAMIRA_SKARA not in game.state.major_lines
    connect(game, 0, "jena", "gate-napoleonic-west")
    assert ALTAMIRA_SKARA not in game.state.major_lines
    connect(game, 0, "skara-brae", "gate-stone-age-east")  # now joined through time
    assert game.state.major_lines[ALTAMIRA_SKARA] == 0
    assert claims(game, 0) == [JENA_BERLIN, ALTAMIRA_SKARA]


@pytest.mark.rules("TT-026", "RW-p14-15")
def test_the_chart_scores_the_lines_held_at_the_end() -> None:
    assert [chart_points(n) for n in range(7)] == [0, 4, 9, 15, 22, 30, 38]
    game = start()
    connect(game, 0, "jena", "berlin")
    connect(game, 0, "altamira", "skara-brae")
    connect(game, 0, "jena", "gate-napoleonic-west")
    connect(game, 0, "skara-brae", "gate-stone-age-east")
    score = game.state.players[0].score
    end_now(game)
    final = game.state.final_scores
    assert final is not None
    assert final[0] == score + 9 - game.state.players[0].bonds  # two lines: 9 (house)
    assert not any(
        is_gate(game.board.cities[c]) for line in time_lines(game.board) for c in line.endpoints
    )
