"""The greedy bot: legal, deterministic, sensible, and better than random play."""

from __future__ import annotations

import json

import pytest

from railways.bots import BOTS, make_bot
from railways.bots.greedy import GreedyBot
from railways.cli.simulate import play_one
from railways.core.legal import legal_actions
from railways.rules import new_game


def test_greedy_is_registered() -> None:
    assert "greedy" in BOTS
    assert isinstance(make_bot("greedy", 3), GreedyBot)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_greedy_plays_whole_legal_games(players: int) -> None:
    """Every seat greedy: each action it picks is accepted and the game ends normally."""
    game = new_game("eastern-us", players=players, seed=40 + players)
    bots = [GreedyBot(i) for i in range(players)]
    steps = 0
    while not game.over and steps < 3000:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        action = bots[seat].choose(game, seat, legal)
        game.check(action)  # raises IllegalAction if the bot broke a rule
        game.apply(action)
        steps += 1
    assert game.over, "greedy games end by the Empty City Markers"
    assert game.state.final_scores is not None


def test_greedy_games_are_sensible() -> None:
    """Four greedy bots: few bonds, engines upgraded, points scored, Major Lines taken."""
    result = play_one("eastern-us", 4, ["greedy"], seed=7, check=True)
    assert result.problems == []
    assert result.finished
    assert max(result.bonds.values()) <= 10
    assert sum(result.engines.values()) / 4 >= 2
    assert min(result.scores.values()) > 0
    assert result.major_lines >= 1


def test_greedy_beats_random() -> None:
    """One greedy bot against three random ones wins at least 8 of 10 games."""
    wins = 0
    for seed in range(1, 11):
        result = play_one("eastern-us", 4, ["greedy", "random", "random", "random"], seed, False)
        assert result.finished
        wins += result.winner == 0
    assert wins >= 8


def test_greedy_is_deterministic_for_a_seed() -> None:
    """Same seed, same game: the same choices; whole games come out identical."""
    game = new_game("eastern-us", players=3, seed=11)
    a, b = GreedyBot(5), GreedyBot(5)
    for _ in range(60):
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        chosen = a.choose(game, seat, legal)
        assert b.choose(game, seat, legal) == chosen
        assert a.choose(game, seat, legal) == chosen  # asking again changes nothing
        game.apply(chosen)
    first = play_one("eastern-us", 3, ["greedy"], seed=12, check=False)
    second = play_one("eastern-us", 3, ["greedy"], seed=12, check=False)
    assert json.dumps(first.__dict__, sort_keys=True) == json.dumps(second.__dict__, sort_keys=True)
