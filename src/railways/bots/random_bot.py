"""A bot that plays uniformly random legal moves, seeded for repeatable games.

It first picks a kind of action (build, deliver, pass, ...) and then one move
of that kind, so the hundreds of candidate links do not drown out the rest.
"""

from __future__ import annotations

from railways.core.actions import Action, Bid, Pass, PassBid
from railways.core.game import Game
from railways.core.legal import LegalActions
from railways.core.rng import Rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        if legal.min_bid is not None:
            # Bid now and then, a little above the high bid, so auctions stay short.
            if self.rng.below(3) == 0 and legal.min_bid <= 3:
                return Bid(seat=seat, amount=legal.min_bid + self.rng.below(2))
            return PassBid(seat=seat)
        groups: dict[str, list[Action]] = {}
        for action in legal.simple:
            groups.setdefault(action.kind, []).append(action)
        if legal.builds:
            groups["build_track"] = [b.action for b in legal.builds]
        deliveries: list[Action] = [o.action for opts in legal.deliveries.values() for o in opts]
        if deliveries:
            groups["deliver_goods"] = deliveries
        if not groups:
            return Pass(seat=seat)
        kinds = sorted(groups)
        chosen = groups[kinds[self.rng.below(len(kinds))]]
        return chosen[self.rng.below(len(chosen))]
