"""The easy level: the greedy bot's values, but it often settles for a lesser move.

In the action rounds it takes its best move only half of the time; otherwise one of its
next three ideas (never one valued below zero when something better is there). The seed
makes it repeatable. Auctions and the Rail Baron choice are the greedy bot's.
"""

from __future__ import annotations

from railways.bots.greedy import GreedyBot, _Context
from railways.core.actions import Action
from railways.core.game import Game
from railways.core.legal import LegalActions
from railways.core.rng import Rng
from railways.core.state import Phase

BEST_SHARE = 2  # 1 in this many decisions takes the best move
RUNNERS_UP = 3


class EasyBot:
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.greedy = GreedyBot(seed)
        self.rng = Rng(seed ^ 0x5EA5)

    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        state = game.state
        best = self.greedy.choose(game, seat, legal)
        if (
            state.phase is not Phase.ACTIONS
            or "solo" in state.plugin_data
            or self.rng.below(BEST_SHARE) == 0
        ):
            return best
        scored = sorted(
            self.greedy._score_all(_Context(game, seat), legal), key=lambda s: (-s.value, s.order)
        )
        others = [s.action for s in scored[1 : 1 + RUNNERS_UP] if s.value >= 0 and s.action != best]
        return others[self.rng.below(len(others))] if others else best
