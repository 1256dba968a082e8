"""Random legal games on every map, checking the invariants after every action."""

from __future__ import annotations

import json

import pytest

from railways.bots.random_bot import RandomBot
from railways.cli.simulate import play_one
from railways.content.maps import available_maps, load_map
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.rules import new_game


def _board_counts() -> list[tuple[str, int]]:
    """Every board with every player count it allows (Mexico 2-4, Eastern U.S. 2-6 ...)."""
    out = []
    for map_id in available_maps():
        board = load_map(map_id)
        out += [(map_id, n) for n in range(board.min_players, board.max_players + 1)]
    return out


@pytest.mark.parametrize(("map_id", "players"), _board_counts())
def test_random_games_keep_every_invariant(map_id: str, players: int) -> None:
    """Whole random games end normally; invariants, record replay and views all hold."""
    for seed in range(2):
        result = play_one(map_id, players, ["random"], seed=1000 * players + seed, check=True)
        assert result.problems == []
        assert result.finished
        assert set(result.scores) == set(range(players))
        assert result.winner in result.scores


def test_every_offered_action_is_accepted() -> None:
    """Everything legal_actions offers applies, at every step of a game."""
    game = new_game("eastern-us", players=3, seed=5)
    bot = RandomBot(5)
    steps = 0
    while not game.over and steps < 150:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        actions = legal.all()
        assert actions, "a seat to act always has something legal to do"
        for action in actions[:: max(1, len(actions) // 25)]:
            game.check(action)  # raises if an offered action were illegal
        game.apply(bot.choose(game, seat, legal))
        assert check_invariants(game) == []
        steps += 1


def test_same_seed_same_actions_same_game() -> None:
    """Determinism: two runs of one seed and one bot give identical games."""
    a = play_one("eastern-us", 4, ["random"], seed=42, check=False)
    b = play_one("eastern-us", 4, ["random"], seed=42, check=False)
    assert json.dumps(a.__dict__, sort_keys=True) == json.dumps(b.__dict__, sort_keys=True)
    c = play_one("eastern-us", 4, ["random"], seed=43, check=False)
    assert (c.scores, c.actions) != (a.scores, a.actions)
