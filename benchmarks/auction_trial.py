"""What going first is worth: a greedy bot that outbids the others in the opening turns.

The greedy bot opens the auction at the lowest bid in turns 1-4 when its plans are strong
and never outbids anyone (``GreedyBot._bid``). This trial seats one ``bidder`` (the greedy
bot, but in turns 1..TURNS it raises any high bid that is not its own by the least step,
while that stays within CAP thousand dollars) against three plain greedy bots, rotating
the seats every game as ``railways simulate --rotate-seats`` does, and prints its wins.
With ``TURNS`` 0 the bidder is the plain greedy bot (the control: par is 25% at four
players). The ``mcts`` bot's auction rule (``bid``, ``bid_turns``; docs/bots.md) came from
this trial.

Run:
    python benchmarks/auction_trial.py --cap 3 --turns 3 --games 200 --seed 1
    python benchmarks/auction_trial.py --turns 0 --games 200 --seed 1     # the control
"""

from __future__ import annotations

import argparse
import json

from railways import bots
from railways.bots.greedy import GreedyBot
from railways.cli.simulate import run_games, wilson
from railways.core.actions import Action, Bid, PassBid
from railways.core.game import Game
from railways.core.legal import LegalActions


def bidder_class(cap: int, turns: int) -> type[GreedyBot]:
    class Bidder(GreedyBot):
        name = "bidder"

        def _bid(self, game: Game, seat: int, legal: LegalActions) -> Action:
            low = legal.min_bid
            auction = game.state.auction
            if low is None or game.state.turn > turns or low > cap:
                return super()._bid(game, seat, legal)
            if auction is not None and auction.high_bidder == seat:
                return PassBid(seat=seat)
            return Bid(seat=seat, amount=low)

    return Bidder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=3, help="highest bid, $1,000s")
    parser.add_argument("--turns", type=int, default=3, help="opening turns it bids in")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default="eastern-us")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    # Registered for this process only, so that the simulator seats it by name.
    dict.__setitem__(bots.BOTS, "bidder", bots._plain(bidder_class(args.cap, args.turns)))
    seats = ["bidder"] + ["greedy"] * (args.players - 1)
    results = list(
        run_games(args.map, args.players, seats, args.seed, args.games, False, rotate=True)
    )
    wins = sum(1 for r in results if r.winner is not None and r.bots[r.winner] == "bidder")
    scores = [r.scores[r.bots.index("bidder")] for r in results if r.scores]
    low, high = wilson(wins, len(results))
    print(
        json.dumps(
            {
                "cap": args.cap,
                "turns": args.turns,
                "games": len(results),
                "wins": wins,
                "win_rate": round(wins / max(1, len(results)), 3),
                "wilson_95": [round(low, 3), round(high, 3)],
                "mean_score": round(sum(scores) / max(1, len(scores)), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
