"""The greedy bot plays the Rail Barons solo game: it builds and delivers rather than pass."""

from __future__ import annotations

import statistics

from railways.bots import make_bot
from railways.core.legal import legal_actions
from railways.rules.solo import new_solo_game
from railways.rules.solo.actions import FREE_ACTIONS

SEEDS = (1, 2, 3)


def _play(bot: str, seed: int) -> tuple[int, int, int]:
    """Final score, passes and the player's own (non-free) actions of one solo game."""
    game = new_solo_game("eastern-us", seed=seed)
    player = make_bot(bot, seed * 31)
    passes = own = 0
    for _ in range(3000):
        if game.over:
            break
        action = player.choose(game, 0, legal_actions(game, 0))
        if not isinstance(action, FREE_ACTIONS):
            own += 1
            passes += action.kind == "pass"
        game.apply(action)
    assert game.over and game.state.final_scores is not None
    return game.state.final_scores[0], passes, own


def test_greedy_plays_the_solo_game() -> None:
    greedy = [_play("greedy", seed) for seed in SEEDS]
    random = [_play("random", seed) for seed in SEEDS]
    passes = sum(p for _s, p, _o in greedy)
    actions = sum(o for _s, _p, o in greedy)
    assert passes * 3 < actions, f"greedy passed {passes} of {actions} actions"
    assert statistics.fmean(s for s, _p, _o in greedy) > statistics.fmean(s for s, _p, _o in random)
