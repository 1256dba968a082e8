"""The action encoding: every legal action has an index, the mask is the legal set, and
index -> action -> index round-trips over random games (4 players and solo)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from railways.core.actions import Bid
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.rng import Rng
from railways.rl.encoding import BID_BUCKETS, ActionEncoding
from railways.rules import new_game
from railways.rules.solo import new_solo_game

GAMES: dict[str, Callable[[int], Game]] = {
    "eastern-us-4": lambda seed: new_game("eastern-us", players=4, seed=seed),
    "eastern-us-3": lambda seed: new_game("eastern-us", players=3, seed=seed),
    "solo": lambda seed: new_solo_game("eastern-us", seed=seed),
}


def _check_position(game: Game, enc: ActionEncoding) -> dict[int, object]:
    seat = game.to_act
    assert seat is not None
    legal = legal_actions(game, seat)
    by_index = enc.legal_map(game, seat, legal)
    mask = enc.mask(by_index)
    assert set(mask.nonzero()[0].tolist()) == set(by_index)
    # Every legal action of the engine has its index in the mask ...
    listed = {enc.encode(game, a, by_index) for a in legal.all()}
    assert listed <= set(by_index)
    # ... and the mask holds nothing else, but for the bid amounts above the lowest
    # (legal_actions lists the lowest bid and means "this or more").
    extra = set(by_index) - listed
    for i in extra:
        action = by_index[i]
        assert isinstance(action, Bid) and legal.min_bid is not None
        assert action.amount > legal.min_bid
    for i, action in by_index.items():
        assert game.allows(action), f"{enc.describe(i)}: {action} is refused"
        assert enc.encode(game, action, by_index) == i  # index -> action -> index
    for i in sorted(by_index)[:: max(1, len(by_index) // 3)]:  # decode lists anew: a few
        assert enc.decode(game, seat, i) == by_index[i]
    return by_index


@pytest.mark.parametrize("name", sorted(GAMES))
def test_round_trips_over_random_games(name: str) -> None:
    make = GAMES[name]
    game = make(11)
    enc = ActionEncoding(game)
    rng = Rng(7)
    seen_kinds: set[str] = set()
    steps = 0
    while not game.over and steps < 250:
        by_index = _check_position(game, enc)
        indices = sorted(by_index)
        action = by_index[indices[rng.below(len(indices))]]
        seen_kinds.add(action.kind)
        game.apply(action)
        steps += 1
    assert "build_track" in seen_kinds


def test_catalogue_is_the_same_for_every_game_of_a_board() -> None:
    a = ActionEncoding(new_game("eastern-us", players=4, seed=1))
    b = ActionEncoding(new_game("eastern-us", players=4, seed=99))
    assert a.keys == b.keys
    assert a.size > 1000


def test_bid_buckets() -> None:
    game = new_game("eastern-us", players=3, seed=5)
    enc = ActionEncoding(game)
    for _p in game.state.players:  # choose barons until the auction starts
        seat = game.to_act
        assert seat is not None
        legal = enc.legal_map(game, seat)
        game.apply(legal[min(legal)])
    seat = game.to_act
    assert seat is not None and game.state.auction is not None
    by_index = enc.legal_map(game, seat)
    bids = sorted(a.amount for a in by_index.values() if isinstance(a, Bid))
    low = game.state.auction.high_bid + 1
    assert bids == list(range(low, BID_BUCKETS + 1))
    assert enc.encode(game, Bid(seat=seat, amount=500)) == enc.index[("bid", BID_BUCKETS)]


def test_illegal_index_is_refused_with_a_reason() -> None:
    game = new_game("eastern-us", players=4, seed=2)
    enc = ActionEncoding(game)
    seat = game.to_act
    assert seat is not None
    illegal = next(i for i in range(enc.size) if i not in enc.legal_map(game, seat))
    with pytest.raises(ValueError, match="not legal now"):
        enc.decode(game, seat, illegal)
    with pytest.raises(ValueError, match="out of range"):
        enc.decode(game, seat, enc.size)
