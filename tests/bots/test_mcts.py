"""The search bot (mcts): legal moves only, repeatable for a seed and an iteration budget,
its options and level names, and the playout policy's moves."""

from __future__ import annotations

import pytest

from railways.bots import BOTS, LEVELS, make_bot, parse_spec
from railways.bots.easy import EasyBot
from railways.bots.greedy import GreedyBot
from railways.bots.mcts import (
    MctsBot,
    MctsSettings,
    best_delivery,
    evaluate,
    playout_action,
)
from railways.core.actions import Action, Bid, PassBid
from railways.core.game import Game
from railways.core.legal import DeliveryOption, delivery_options, legal_actions
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules import new_game
from railways.sim.checks import full_state


def _greedy_until(game: Game, actions: int) -> Game:
    bots = [GreedyBot(i) for i in range(game.n)]
    for _ in range(actions):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    while game.state.phase is not Phase.ACTIONS:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    return game


def _decisions(seed: int, iters: int, count: int) -> list[Action]:
    """``count`` decisions of an mcts seat 0 against greedy bots, from game ``seed``."""
    game = new_game("eastern-us", players=3, seed=seed)
    bots = [
        make_bot(f"mcts:iters={iters}", 5),
        GreedyBot(1),
        GreedyBot(2),
    ]
    chosen: list[Action] = []
    while not game.over and len(chosen) < count:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        action = bots[seat].choose(game, seat, legal)
        game.check(action)  # raises IllegalAction for an illegal choice
        if seat == 0:
            chosen.append(action)
        game.apply(action)
    return chosen


def test_mcts_plays_only_legal_actions_and_searches() -> None:
    bot = MctsBot(3, MctsSettings(iters=12))
    game = new_game("eastern-us", players=4, seed=8)
    others = [GreedyBot(i) for i in range(4)]
    searched = 0
    for _ in range(160):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        player = bot if seat == 2 else others[seat]
        action = player.choose(game, seat, legal)
        game.check(action)  # the engine's own check: raises IllegalAction if not legal
        if seat == 2:
            searched += bot.last_iterations > 0
        game.apply(action)
    assert searched >= 5  # it did search (not only hand over to greedy)


def test_the_root_narrows_to_what_the_budget_can_tell_apart() -> None:
    # by hand: the first of ceil(log2(w)) phases gives each of w candidates
    # budget / phases / w worlds; w shrinks (not below 2) until that is at least 16
    def width(**settings: float) -> int:
        return MctsBot(1, MctsSettings(**settings))._width()  # type: ignore[arg-type]

    assert width(iters=1000) == 8  # 1000 / 3 / 8 = 41 worlds
    assert width(iters=400) == 8  # 400 / 3 / 8 = 16.7
    assert width(iters=380) == 7  # 380 / 3 / 7 = 18.1
    assert width(iters=150) == 4  # 150 / 2 / 4 = 18.75; five would get 150 / 3 / 5 = 10
    assert width(iters=60) == 2  # never fewer than two
    assert width(iters=1000, width=5) == 5  # never more than asked
    assert width(time=1.0) == 8  # a time budget: no rate known before the first search
    timed = MctsBot(1, MctsSettings(time=1.0))
    timed.rate = 100.0  # iterations per second seen so far: 100 iterations for 1 s
    assert timed._width() == 3  # 100 / 2 / 3 = 16.7
    timed.rate = 2000.0
    assert timed._width() == 8
    game = _greedy_until(new_game("eastern-us", players=4, seed=6), 40)
    seat = game.to_act
    assert seat is not None
    bot = MctsBot(1, MctsSettings(iters=60))
    bot.choose(game, seat, legal_actions(game, seat))
    assert bot.last_width == 2 and bot.last_iterations == 60


def test_mcts_is_deterministic_for_a_seed_and_iterations() -> None:
    first = _decisions(seed=4, iters=10, count=8)
    again = _decisions(seed=4, iters=10, count=8)
    assert len(first) == 8
    assert first == again


def test_search_leaves_the_real_game_unchanged() -> None:
    game = _greedy_until(new_game("eastern-us", players=4, seed=6), 40)
    before = full_state(game)
    actions = list(game.actions)
    seat = game.to_act
    assert seat is not None
    bot = MctsBot(1, MctsSettings(iters=20))
    bot.choose(game, seat, legal_actions(game, seat))
    assert bot.last_iterations > 0
    assert full_state(game) == before
    assert game.actions == actions and not game.unrecorded


def test_playout_policy_moves_are_legal_over_a_whole_game() -> None:
    game = new_game("eastern-us", players=4, seed=12)
    rng = Rng(3)
    kinds: set[str] = set()
    for _ in range(3000):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        action = playout_action(game, seat, rng)
        game.check(action)
        game.play(action)
        kinds.add(action.kind)
    assert game.over
    assert {"build_track", "deliver_goods", "pass"} <= kinds
    assert isinstance(evaluate(game, 0), float)


def test_playout_delivery_is_the_best_listed_one() -> None:
    """The playout's delivery is, by its rule, the best of the full listing: its own points
    less half of the others' (read off the listing's points) is the largest listed, the
    first such in the listing's order, and there is none when no listed delivery is worth
    a point (the bounded walk skips only routes that could not be better)."""
    game = new_game("eastern-us", players=4, seed=21)
    rng = Rng(5)
    checked = 0
    while not game.over:
        seat = game.to_act
        assert seat is not None
        if game.state.phase is Phase.ACTIONS and game.turns.step_actions(game, seat) is None:
            listed = [o for opts in delivery_options(game, seat).values() for o in opts]

            def worth(option: DeliveryOption, seat: int = seat) -> float:
                theirs = sum(p for s, p in option.points.items() if s != seat)
                return option.points.get(seat, 0) - 0.5 * theirs

            top = max((worth(o) for o in listed), default=0.0)
            chosen = best_delivery(game, seat)
            if top >= 1:
                assert chosen is not None
                assert [worth(o) for o in listed if o.action == chosen] == [top]
                # the first of the best in the listing's order when one needs no card
                plain = [o.action for o in listed if not o.action.cards and worth(o) == top]
                if plain:
                    assert chosen == plain[0]
                checked += 1
            else:
                assert chosen is None
        game.play(playout_action(game, seat, rng))
    assert checked >= 20


def test_evaluation_at_the_end_prefers_the_winner() -> None:
    game = new_game("eastern-us", players=3, seed=2)
    rng = Rng(9)
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.play(playout_action(game, seat, rng))
    final = game.state.final_scores
    assert final is not None and game.state.winner is not None
    values = {s: evaluate(game, s) for s in range(3)}
    assert max(values, key=lambda s: values[s]) == game.state.winner
    # by hand: own final score less the mean of the others', plus 5 for the win
    w = game.state.winner
    others = [final[s] for s in range(3) if s != w]
    assert values[w] == pytest.approx(final[w] - sum(others) / 2 + 5)


def test_bot_names_options_and_levels() -> None:
    assert parse_spec("mcts:iters=200:c=1.5") == ("mcts", {"iters": "200", "c": "1.5"})
    bot = make_bot("mcts:iters=7:width=3", 1)
    assert isinstance(bot, MctsBot)
    assert bot.settings == MctsSettings(iters=7, width=3)
    assert isinstance(make_bot("mcts:time=1.5"), MctsBot)
    assert "mcts:iters=50" in BOTS and "greedy" in BOTS and "hard" in BOTS
    assert "mcts:depth=3" not in BOTS and "greedy:iters=3" not in BOTS and "nobody" not in BOTS
    for bad in ("mcts:iters", "mcts:iters=x", "mcts:iters=-1", "mcts:iters=0:time=0"):
        with pytest.raises(ValueError):
            make_bot(bad)
    assert LEVELS == {"easy": "easy", "medium": "greedy", "hard": "mcts"}
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("medium"), GreedyBot)
    assert isinstance(make_bot("hard"), MctsBot)


def test_easy_bot_is_legal_and_repeatable() -> None:
    def run() -> list[Action]:
        game = new_game("eastern-us", players=2, seed=5)
        bots = [EasyBot(1), EasyBot(2)]
        out: list[Action] = []
        for _ in range(80):
            seat = game.to_act
            assert seat is not None
            legal = legal_actions(game, seat)
            action = bots[seat].choose(game, seat, legal)
            game.check(action)
            game.apply(action)
            out.append(action)
        return out

    assert run() == run()


def _to_auction(game: Game, turn: int) -> Game:
    """Play greedy bots until the auction of ``turn`` is under way."""
    bots = [GreedyBot(i) for i in range(game.n)]
    while not (game.state.phase is Phase.AUCTION and game.state.turn == turn):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    return game


def test_mcts_outbids_to_go_first_only_in_the_opening_turns() -> None:
    """In turns 1..bid_turns it raises the high bid by the least step while that stays
    within ``bid``; it does not raise its own bid, bids nothing later, and with
    ``bid_turns=0`` leaves the auction to the greedy bot."""
    game = _to_auction(new_game("eastern-us", players=4, seed=3), turn=1)
    seat = game.to_act
    assert seat is not None and game.state.auction is not None
    assert game.state.auction.high_bidder is None
    bot = MctsBot(1, MctsSettings(iters=20))
    first = bot.choose(game, seat, legal_actions(game, seat))
    assert first == Bid(seat=seat, amount=1)  # the lowest opening bid is $1,000 (RW-p4-32)
    game.apply(first)
    rival = game.to_act
    assert rival is not None and rival != seat
    game.apply(Bid(seat=rival, amount=2))
    while game.to_act != seat:  # the others pass; the bot is asked again
        other = game.to_act
        assert other is not None
        game.apply(PassBid(seat=other))
    assert bot.choose(game, seat, legal_actions(game, seat)) == Bid(seat=seat, amount=3)
    game.apply(Bid(seat=seat, amount=3))
    assert game.to_act == rival  # the rival may answer; a bid of 4 would pass the cap
    game.apply(Bid(seat=rival, amount=4))
    assert game.to_act == seat
    assert bot.choose(game, seat, legal_actions(game, seat)) == PassBid(seat=seat)

    late = _to_auction(new_game("eastern-us", players=4, seed=3), turn=4)
    mover = late.to_act
    assert mover is not None
    legal = legal_actions(late, mover)
    chosen = MctsBot(1, MctsSettings(iters=20)).choose(late, mover, legal)
    assert chosen == GreedyBot(1).choose(late, mover, legal)  # turn 4: greedy's auction
    never = MctsBot(1, MctsSettings(iters=20, bid_turns=0))
    opening = _to_auction(new_game("eastern-us", players=4, seed=3), turn=1)
    opener = opening.to_act
    assert opener is not None
    legal = legal_actions(opening, opener)
    assert never.choose(opening, opener, legal) == GreedyBot(1).choose(opening, opener, legal)
