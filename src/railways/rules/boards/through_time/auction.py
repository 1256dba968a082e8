"""The turn of Railways Through Time: its own auction, and the Time Line chart at the end.

The auction (TT-008..010, RW-p13-11..15): bidding goes round in last turn's turn order.
Passing fixes your place from the back: the first to pass moves last, the next second to
last, and so on; each pays half of their own highest bid, rounded down (nothing if they
never bid). The last player left has the highest bid, pays all of it and moves first.
If nobody bids at all, the last player to pass moves first and pays nothing.

The rest of the turn is the base game's. When the game ends, the Time Line chart scores
before the final tally (TT-026).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railways.core.actions import Action, Bid, PassBid
from railways.core.state import Phase
from railways.core.turns import TurnStructure
from railways.rules.boards.through_time.timelines import data, score_lines

if TYPE_CHECKING:
    from railways.core.game import Game


def _auction(game: Game) -> dict[str, Any]:
    found: dict[str, Any] = data(game).setdefault("auction", {"bids": {}, "passed": []})
    return found


class TimeAuctionTurn(TurnStructure):
    id = "through-time"

    def start_turn(self, game: Game, first_turn: bool) -> None:
        previous = list(game.state.order)
        game.start_auction(first_turn)
        data(game)["auction"] = {"bids": {}, "passed": []}
        auction = game.state.auction
        if not first_turn and auction is not None and previous:
            auction.order = previous  # bid in last turn's turn order (TT-008, RW-p13-11)
            auction.index = 0

    def end_turn(self, game: Game) -> None:
        game.income_phase()
        game.draw_operations_card()
        if game.final_turn:
            score_lines(game)  # the Time Line chart (TT-026, RW-p14-15)
        game.next_turn_or_finish()


def after_auction_action(game: Game, action: Action) -> None:
    """Note each bid and pass; when the auction is over, settle it (TT-009, TT-010)."""
    if not isinstance(action, (Bid, PassBid)):
        return
    record = _auction(game)
    if isinstance(action, Bid):
        record["bids"][str(action.seat)] = action.amount
    else:
        record["passed"].append(action.seat)
    state = game.state
    if state.auction is not None:
        return
    # The base rules have just closed the auction: the winner paid the whole bid (TT-010).
    passed: list[int] = record["passed"]
    for seat in passed:
        half = record["bids"].get(str(seat), 0) // 2  # half, rounded down (TT-009)
        if half:
            game.pay(seat, half, "half of a passed bid")
    winner = [s for s in state.order if s not in passed]
    order = winner + list(reversed(passed))  # the first to pass moves last (RW-p13-12, -13)
    state.first_player = order[0]
    state.order = order
    state.order_index = 0
    state.round = 1
    state.phase = Phase.ACTIONS
    # The base rules have just logged their own first player; this auction decides otherwise.
    if state.log and state.log[-1].endswith(" is first player"):
        state.log.pop()
    game.log(
        f"{game.seats[order[0]]} is first player; turn order "
        + ", ".join(game.seats[s] for s in order)
        + " (the first to pass moves last)"
    )
