"""Alternate Rail Baron selection (RW-p8-07, RW-p8-08)."""

from __future__ import annotations

import pytest

from railways.core.actions import Pass
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.modules.late_barons import KeepBaron

from .helpers import refused, start


@pytest.mark.rules("RW-p8-07", "RW-p8-08", "RW-p4-12")
def test_barons_are_kept_only_after_the_first_major_line():
    plain = new_game("eastern-us", players=4, seed=2)
    assert plain.state.phase is Phase.CHOOSE_BARON  # the usual choice at set-up
    game = start(["late-barons"], seed=2)  # no choice at set-up: straight to turn 1
    seat = game.to_act
    assert seat is not None
    dealt = game.state.players[seat].barons_dealt
    assert len(dealt) == 2 and game.state.players[seat].baron == ""
    refused(game, KeepBaron(seat=seat, baron=dealt[0]), "RW-p8-08")
    assert not any(isinstance(a, KeepBaron) for a in legal_actions(game, seat).all())
    game.state.major_lines["some-line"] = (seat + 1) % 4  # someone completes a Major Line
    offered = legal_actions(game, seat).all()
    assert offered == [KeepBaron(seat=seat, baron=b) for b in dealt]
    refused(game, Pass(seat=seat), "RW-p8-08")
    refused(game, KeepBaron(seat=seat, baron="not-dealt"), "RW-p8-08")
    game.apply(KeepBaron(seat=seat, baron=dealt[1]))
    assert game.state.players[seat].baron == dealt[1]
    assert game.to_act == seat  # the choice comes before the action, not instead of it
    game.apply(Pass(seat=seat))


def test_each_seat_sees_only_its_own_two_cards():
    game = start(["late-barons"], seed=3)
    for seat in range(4):
        mine = set(game.state.players[seat].barons_dealt)
        view = view_for(game, seat)
        assert set(view["plugins"]["my_barons_dealt"]) == mine
        others = {b for p in game.state.players if p.seat != seat for b in p.barons_dealt}
        text = str(view)
        assert not [b for b in others if f"'{b}'" in text]
    assert "my_barons_dealt" not in view_for(game, None)["plugins"]


def test_late_barons_is_refused_where_the_board_makes_its_own_baron_choice():
    # The Transcontinental game deals its Western Rail Barons in a step of its own turn;
    # the auction variants change another step and combine (test_turn_steps.py).
    with pytest.raises(ValueError, match="both change the baron-choice step of a turn"):
        new_game("transcontinental", 4, 1, {"modules": ["late-barons"]})
    new_game("eastern-us", 4, 1, {"modules": ["late-barons", "worst-is-first"]})
