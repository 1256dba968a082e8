"""A policy over observations and action masks, seated as a bot (``railways tournament``).

``PolicyBot(policy)`` plays ``policy(observation, mask) -> index`` at any table: the
observation is ``ObservationEncoding``'s vector of the seat (its view only), the mask
``ActionEncoding``'s (docs/rl.md), and the index must be one the mask sets. Name it from an
entry point to seat it by name: ``railways tournament --bots greedy,my_pkg.bots:make`` with
``def make(seed): return PolicyBot(my_policy, name="mine")``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from railways.core.actions import Action
from railways.core.game import Game
from railways.core.legal import LegalActions
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding

Policy = Callable[[np.ndarray, np.ndarray], int]


class PolicyBot:
    """``policy(observation, mask) -> index`` seated as a bot (the module says how)."""

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name
        # the encodings of each board (and player count) this bot has sat at
        self._encodings: dict[tuple[int, int], tuple[ActionEncoding, ObservationEncoding]] = {}

    def encodings(self, game: Game) -> tuple[ActionEncoding, ObservationEncoding]:
        """The action and observation encodings of ``game``'s board and seats, made once."""
        key = (id(game.board), len(game.seats))
        if key not in self._encodings:
            self._encodings[key] = (ActionEncoding(game), ObservationEncoding(game))
        return self._encodings[key]

    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        """The action at the index the policy picks (on the page it opens, where it picks a
        section's "more" index: docs/rl.md); ``ValueError`` if it is not legal."""
        actions, obs = self.encodings(game)
        observation = obs.observe(game, seat)
        try:
            return actions.choose(
                game, seat, lambda shown: self.policy(observation, actions.mask(shown)), legal
            )
        except ValueError as error:
            raise ValueError(f"{self.name}: {error}") from None
