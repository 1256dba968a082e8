"""Random solo games: invariants after every action, records, views, determinization."""

from __future__ import annotations

import json

import pytest

from railways.bots.random_bot import RandomBot
from railways.cli.simulate_solo import play_solo
from railways.core.actions import Pass, Undo
from railways.core.determinize import determinize
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules.solo.invariants import check_solo_invariants

from .helpers import PLAYER, refused, solo, solo_state

OPTION_SETS = [
    {},
    {"duel_barons": True},
    {"duel_barons": True, "base_exhaust_change": 1, "operations_limit": 3},
    {"easy_start": True, "target_score": 110, "railbot_cards_removed": 2, "fewer_empty_cities": 2},
]


@pytest.mark.rules("RB-013", "RB-050", "RB-059", "RB-063")
@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_random_solo_games_keep_every_invariant(index: int) -> None:
    """Whole random games end normally; after every action the engine's and the solo
    invariants hold, the record replays to the same game, and no view names a hidden card."""
    for seed in (index * 10 + 1, index * 10 + 2):
        result = play_solo("eastern-us", "random", seed, OPTION_SETS[index], check=True)
        assert result.problems == []
        assert result.finished and result.score is not None
        assert result.evaluations >= 1 or result.turns >= 2


def test_every_offered_action_is_accepted() -> None:
    game = solo(5, duel_barons=True)
    bot = RandomBot(5)
    steps = 0
    while not game.over and steps < 120:
        legal = legal_actions(game, PLAYER)
        actions = legal.all()
        assert actions, "the player always has something legal to do"
        for action in actions[:: max(1, len(actions) // 25)]:
            game.check(action)
        game.apply(bot.choose(game, PLAYER, legal))
        assert check_invariants(game) == [] and check_solo_invariants(game) == []
        steps += 1


def test_same_seed_same_game() -> None:
    a = play_solo("eastern-us", "random", 42, {"duel_barons": True}, check=False)
    b = play_solo("eastern-us", "random", 42, {"duel_barons": True}, check=False)
    assert json.dumps(a.__dict__, sort_keys=True) == json.dumps(b.__dict__, sort_keys=True)
    c = play_solo("eastern-us", "random", 43, {"duel_barons": True}, check=False)
    assert (c.score, c.actions) != (a.score, a.actions)


@pytest.mark.rules("RB-044")
def test_determinization_reshuffles_only_what_the_player_cannot_see() -> None:
    game = solo(7)
    s = solo_state(game)
    other = determinize(game, PLAYER, seed=3)
    o = solo_state(other)
    assert o.row == s.row and o.discard == s.discard
    assert sorted(o.deck + o.removed) == sorted(s.deck + s.removed)
    assert (o.deck, o.removed) != (s.deck, s.removed)
    low, high = s.evaluation_window
    assert low <= o.deck.index("final-evaluation") <= high
    assert view_for(other, PLAYER)["plugins"] == view_for(game, PLAYER)["plugins"]
    bot = RandomBot(1)
    while not other.over:
        other.apply(bot.choose(other, PLAYER, legal_actions(other, PLAYER)))
    assert check_solo_invariants(other) == []
    assert solo_state(game).deck == s.deck  # the original is untouched


def test_undo_within_the_turn_but_not_past_the_railbot_card() -> None:
    game = solo(2)
    game.apply(Pass(seat=PLAYER))
    game.apply(Undo(seat=PLAYER))
    assert game.state.round == 1
    game.apply(Pass(seat=PLAYER))
    game.apply(Pass(seat=PLAYER))  # draws the Railbot's card
    refused(game, Undo(seat=PLAYER), "RW-p4-39")


def test_no_undo_into_a_finished_turn() -> None:
    game = solo(2)
    turn = game.state.turn
    while game.state.turn == turn:
        legal = legal_actions(game, PLAYER)
        game.apply(legal.simple[0] if solo_state(game).tasks else Pass(seat=PLAYER))
    refused(game, Undo(seat=PLAYER), "RW-p4-39")


def test_simulate_solo_flag_reports_win_rate_and_scores() -> None:
    """`railways simulate --solo` is the solo simulation, with the target and the scores."""
    import json as _json

    from click.testing import CliRunner

    from railways.cli.main import _register, cli

    _register()
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "--solo",
            "--map",
            "eastern-us",
            "--bot",
            "random",
            "--games",
            "2",
            "--seed",
            "3",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    summary = _json.loads(result.output)
    assert summary["games"] == 2 and summary["finished"] == 2
    assert summary["target"] == 125
    assert 0.0 <= summary["win_rate"] <= 1.0
    assert summary["scores"]["min"] <= summary["scores"]["mean"] <= summary["scores"]["max"]
    refused = CliRunner().invoke(cli, ["simulate", "--bot", "random", "--games", "1"])
    assert refused.exit_code != 0 and "--solo" in refused.output


@pytest.mark.rules("RB-013", "RB-050", "RB-079", "RB-082", "RB-101", "RB-109", "RB-112")
@pytest.mark.parametrize("map_id", ["portugal", "sweden", "nippon", "great-britain", "mexico"])
def test_random_solo_games_on_every_solo_map(map_id: str) -> None:
    """A whole random game per solo map: the engine's and the solo invariants after every
    action (the Railbot's links complete and its own, every card in one place, cities out of
    play empty), the record replayed, no hidden card in any view."""
    for seed in (31, 32):
        result = play_solo(map_id, "random", seed, {}, check=True)
        assert result.problems == []
        assert result.finished and result.score is not None
        assert result.railbot_links > 0
