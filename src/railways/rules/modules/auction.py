"""The two First Player Auction variants (RW-p7-35..36, RW-p8-01..03).

Each replaces the ``auction`` step of a turn (``railways.core.turns``), so they combine
with modules that change other steps (the Alternate Rail Baron selection), but not with
each other or with Worst is First, which replace the same step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railways.core.actions import Action, Bid, PassBid
from railways.core.turns import AuctionStep
from railways.rules.modules.base import Module
from railways.rules.modules.simple import begin_actions
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.game import Game


class FirstTurnInOrder(AuctionStep):
    """No auction on the first turn; the usual one after it."""

    def start(self, game: Game, first_turn: bool) -> None:
        if not first_turn:  # RW-p7-36: the usual auction, opened by the first turn's leader
            self.below().start(game, first_turn)
            return
        # RW-p7-35: seat 1 stands for the least experienced player; later seats are paid
        # $1,000 for each place they sit behind.
        for place in range(1, game.n):
            game.receive(place, place, "first turn seat compensation")
        begin_actions(game, list(range(game.n)))


@register_plugin
class AuctionVariant1(Module):
    id = "auction-v1"
    title = "First Player Auction Variant 1"
    summary = "no auction on turn 1: seat 1 starts and each later seat gets $1,000 per place"
    clauses = ("RW-p7-35", "RW-p7-36")
    turn_steps = (FirstTurnInOrder,)


def _v2(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = game.state.plugin_data.setdefault(
        "auction_v2", {"bids": {}, "passed": []}
    )
    return data


class OrderedAuction(AuctionStep):
    """The usual auction, bid in last turn's order; ``after_action`` settles it."""

    def start(self, game: Game, first_turn: bool) -> None:
        previous = list(game.state.order)
        self.below().start(game, first_turn)
        game.state.plugin_data["auction_v2"] = {"bids": {}, "passed": []}
        auction = game.state.auction
        if not first_turn and auction is not None and previous:
            auction.order = previous  # RW-p8-03: bid in last turn's order
            auction.index = 0


@register_plugin
class AuctionVariant2(Module):
    """Dropping out of the auction fixes your place: the first to pass goes last."""

    id = "auction-v2"
    title = "First Player Auction Variant 2"
    summary = "the order of passing sets the turn order; passers pay half their bid"
    clauses = ("RW-p8-01", "RW-p8-02", "RW-p8-03")
    turn_steps = (OrderedAuction,)

    def after_action(self, game: Game, action: Action) -> None:
        if not isinstance(action, (Bid, PassBid)):
            return
        data = _v2(game)
        if isinstance(action, Bid):
            data["bids"][str(action.seat)] = action.amount
        else:
            data["passed"].append(action.seat)
        if game.state.auction is not None:
            return
        # The auction just ended: the winner (if any) paid in full (RW-p8-02); every
        # passer pays half of their own last bid, rounded up (RW-p8-01).
        passed: list[int] = data["passed"]
        rest = [s for s in range(game.n) if s not in passed]
        for seat in passed:
            bid = data["bids"].get(str(seat), 0)
            if bid:
                game.pay(seat, -(-bid // 2), "half of a losing bid")
        order = rest + list(reversed(passed))
        begin_actions(game, order)
