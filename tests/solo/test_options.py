"""Adjusting the difficulty (RB-015..025): options of the solo game, carried by its record."""

from __future__ import annotations

import pytest

from railways.core.actions import Pass
from railways.core.board import Color
from railways.core.game import Game, Options
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import game_from_record, record_of

from .helpers import PLAYER, set_row, set_top, solo, solo_state, to_railbot


@pytest.mark.rules("RB-015", "RB-016", "RB-017")
def test_easier_start_with_five_thousand_and_no_bonds() -> None:
    game = solo(easy_start=True)
    player = game.state.players[PLAYER]
    assert player.cash == 5 and player.bonds == 0
    assert sum(e.amount for e in game.state.ledger) == 5
    assert solo().state.players[PLAYER].cash == 0


@pytest.mark.rules("RB-018", "RB-024", "RB-014", "RB-049")
@pytest.mark.parametrize(
    ("options", "target"),
    [
        ({}, 125),
        ({"target_score": 110}, 110),
        ({"target_score": 135}, 135),
        ({"duel_barons": True}, 140),
        ({"duel_barons": True, "target_score": 110}, 125),
    ],
)
def test_target_score(options: dict[str, object], target: int) -> None:
    assert solo_state(solo(**options)).target == target  # type: ignore[arg-type]


@pytest.mark.rules("RB-019", "RB-023", "RB-071")
@pytest.mark.parametrize(("change", "base"), [(-1, 2), (0, 3), (1, 4)])
def test_base_exhaust_one_less_or_one_more(change: int, base: int) -> None:
    game = solo(base_exhaust_change=change)
    assert solo_state(game).base_exhaust == base
    before = _reds(game)
    set_row(game, "eus-01", "exhaust-red", "eus-03")
    set_top(game, "exhaust-yellow")  # slot 2: Exhaust Red acts
    to_railbot(game)
    while solo_state(game).tasks:  # answer the choices with the first city offered
        game.apply(legal_actions(game, PLAYER).simple[0])
    assert _reds(game) == before - base


def _reds(game: Game) -> int:
    return sum(c.count(Color.RED) for c in game.state.cubes.values())


@pytest.mark.rules("RB-020", "RB-021")
@pytest.mark.parametrize("removed", [1, 2])
def test_one_or_two_more_railbot_cards_out_unseen(removed: int) -> None:
    game = solo(railbot_cards_removed=removed)
    s = solo_state(game)
    assert len(s.removed) == 3 + removed
    # RB-042: 25 cards, Final Evaluation among them; RB-044 and RB-020/021: 3 + removed set
    # aside unseen; RB-045: 3 in the row. Final Evaluation is never set aside (RB-046).
    assert len(s.deck) == 25 - 3 - removed - 3
    assert "final-evaluation" in s.deck and "final-evaluation" not in s.removed


@pytest.mark.rules("RB-022")
@pytest.mark.parametrize("limit", [3, 4])
def test_a_smaller_operations_display(limit: int) -> None:
    game = solo(operations_limit=limit)
    state = game.state
    assert len(state.ops_display) <= limit
    for _ in range(3):
        set_row(game, "taxation-1", "eus-03", "eus-05")  # no income yet: nothing to pay
        set_top(game, "exhaust-red")
        to_railbot(game)
        game.apply(Pass(seat=PLAYER))
        assert len(state.ops_display) <= limit


@pytest.mark.rules("RB-025")
@pytest.mark.parametrize("fewer", [1, 2])
def test_fewer_empty_city_markers_end_the_game(fewer: int) -> None:
    assert solo(fewer_empty_cities=fewer).state.ecm_needed == 8 - fewer


@pytest.mark.rules("RB-015")
def test_options_are_checked_and_carried_by_the_record() -> None:
    for bad in (
        {"target_score": "high"},
        {"base_exhaust_change": 2},
        {"operations_limit": 6},
        {"railbot_cards_removed": 3},
        {"fewer_empty_cities": -1},
        {"duel_barons": "yes"},
        {"colour": "red"},
    ):
        with pytest.raises(ValueError, match="options"):
            solo(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shorter_game"):
        new_game("eastern-us", players=1, options=Options(shorter_game=True, extra={"solo": True}))
    game = solo(seed=4, duel_barons=True, target_score=110, operations_limit=4)
    record = record_of(game)
    assert record.options["solo"] is True and record.options["operations_limit"] == 4
    again = game_from_record(record.to_dict())
    assert solo_state(again).target == 125 and solo_state(again).duel == solo_state(game).duel
