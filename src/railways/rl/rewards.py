"""Reward options of the environments: each step's reward is the change of a value.

A seat's rewards over a game add up to the value at its end (from 0 at the start), so
the options differ only in what the value is and when it moves:

- ``"points"`` (the default): the seat's score during the game, its final score (with
  Rail Baron cards and bonds) once the game ends;
- ``"shaped"``: the score less the bonds held during the game (a bond costs its point
  when it is issued, not at the end), the final score once the game ends; the same
  total as ``"points"``, sooner;
- ``"score_diff"``: 0 until the end, then the final score less the best other seat's
  (solo: less the target score);
- ``"win_loss"``: 0 until the end, then 1 for the winner and -1 for everyone else
  (solo: 1 when the target was reached).

A game cut off at ``max_actions`` ends without a final score: ``"score_diff"`` and
``"win_loss"`` then give 0.
"""

from __future__ import annotations

from railways.core.game import Game

REWARDS = ("points", "shaped", "score_diff", "win_loss")
DEFAULT_REWARD = "points"


def check_reward(reward: str) -> None:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}; got {reward!r}")


def points(game: Game, seat: int) -> int:
    """A seat's points so far: its final score once the game is over."""
    final = game.state.final_scores
    if final is not None and seat in final:
        return final[seat]
    return game.state.players[seat].score


def reward_value(game: Game, seat: int, reward: str, target: int | None = None) -> float:
    """The value whose change is ``seat``'s reward (module doc); ``target``: the solo game's."""
    final = game.state.final_scores
    over = game.over and final is not None
    if reward == "points":
        return float(points(game, seat))
    if reward == "shaped":
        if over:
            return float(points(game, seat))
        p = game.state.players[seat]
        return float(p.score - p.bonds)
    if not over or final is None:
        return 0.0
    if reward == "score_diff":
        others = [score for s, score in final.items() if s != seat]
        best = target if target is not None else max(others, default=0)
        return float(final[seat] - best)
    if reward == "win_loss":
        return 1.0 if game.state.winner == seat else -1.0
    raise ValueError(f"reward must be one of {', '.join(REWARDS)}; got {reward!r}")
