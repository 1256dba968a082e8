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
        # Builds and deliveries are counted, and only the one chosen is taken from the
        # listing: the same draws as listing every one of them first, without the lists.
        # The builds are counted only when their kind is drawn: until then a lazy listing
        # (core.build_listing.BuildList) need only say whether there is any.
        counts = {kind: len(actions) for kind, actions in groups.items()}
        if legal.builds:
            counts["build_track"] = 0  # (counted below if drawn)
        deliveries = sum(len(options) for options in legal.deliveries.values())
        if deliveries:
            counts["deliver_goods"] = deliveries
        if not counts:
            return Pass(seat=seat)
        kinds = sorted(counts)
        kind = kinds[self.rng.below(len(kinds))]
        if kind == "build_track":
            counts[kind] = len(legal.builds)
        pick = self.rng.below(counts[kind])
        if kind == "build_track" and legal.builds:
            return legal.builds[pick].action
        if kind == "deliver_goods" and deliveries:
            for options in legal.deliveries.values():
                if pick < len(options):
                    return options[pick].action
                pick -= len(options)
        return groups[kind][pick]
