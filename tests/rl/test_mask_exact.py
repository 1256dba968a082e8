"""The action space is exact on every board: at every position of random and greedy games,
the legal actions and the masks' indices (of the position's pages: docs/rl.md) are in
one-to-one correspondence, each index decodes to its action and each action encodes to its
index.

(Bids are the one expansion: ``legal_actions`` gives the lowest bid meaning "this or more";
the legal set below has one bid per bucket from it, as docs/rl.md says.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from railways.bots import make_bot
from railways.bots.base import Bot
from railways.bots.random_bot import RandomBot
from railways.content.maps import available_maps
from railways.core.actions import Action, Bid
from railways.core.game import Game
from railways.core.legal import LegalActions, legal_actions
from railways.rl.encoding import BID_BUCKETS, MAX_BONDS_RETURNED, ActionEncoding, Choice, More
from railways.rules import new_game
from railways.rules.solo import new_solo_game

from .optional import need

need("numpy")


def legal_set(legal: LegalActions) -> set[Action]:
    """Every legal action listed, bids expanded to one per bucket (docs/rl.md)."""
    seat = legal.seat
    # A set: legal_actions can list an action twice (a long route's first leg, once for
    # each target it leads to); it is one action.
    out = {a for a in legal.all() if not isinstance(a, Bid)}
    if legal.min_bid is not None:
        low = legal.min_bid
        out.update(Bid(seat=seat, amount=k) for k in range(max(1, low), BID_BUCKETS))
        out.add(Bid(seat=seat, amount=max(low, BID_BUCKETS)))
    return out


def check_position(
    game: Game, enc: ActionEncoding, deep: bool
) -> tuple[LegalActions, Mapping[int, Choice]]:
    """Check the position's pages (the first, and any a section's ``More`` opens): one index
    per legal action over them, every index a legal action or the one ``More`` of a page."""
    seat = game.to_act
    assert seat is not None
    legal = legal_actions(game, seat)
    expected = legal_set(legal)
    pages = enc.pages(game, seat, legal)
    shown = [c for p in pages for c in p.values() if not isinstance(c, More)]
    mores = [c for p in pages for c in p.values() if isinstance(c, More)]
    assert len(mores) == len(pages) - 1  # each "more" opens one page
    assert len(shown) == len(expected)  # one index per legal action ...
    assert set(shown) == expected  # ... and every index is a legal action
    for by_index in pages:
        assert all(0 <= i < enc.size for i in by_index)
        mask = enc.mask(by_index)
        assert mask.shape == (enc.size,)
        assert mask.nonzero()[0].tolist() == sorted(by_index)
        for i, action in by_index.items():
            assert enc.encode(game, action, by_index) == i, enc.describe(i)
    by_index = pages[0]
    if deep:  # decode lists the position anew: every index, now and then
        for i, action in by_index.items():
            assert enc.decode(game, seat, i) == action
        assert enc.legal_map(game, seat) == by_index  # the same position, the same indices
    return legal, by_index


def play(game: Game, bots: Sequence[Bot], steps: int, deep_every: int = 40) -> int:
    """Check every position of ``game`` for ``steps`` actions; the bots choose."""
    enc = ActionEncoding(game)
    n = 0
    while not game.over and n < steps:
        legal, _ = check_position(game, enc, deep=n % deep_every == 0)
        game.apply(bots[legal.seat % len(bots)].choose(game, legal.seat, legal))
        n += 1
    return n


def mixed(seed: int) -> list[Bot]:
    return [RandomBot(seed), make_bot("greedy", seed + 1), RandomBot(seed + 2), make_bot("greedy")]


def randoms(seed: int, count: int = 4) -> list[Bot]:
    return [RandomBot(seed + i) for i in range(count)]


@pytest.mark.parametrize("board", available_maps())
def test_every_board_random_and_greedy(board: str) -> None:
    """4 players (3 where a board takes no more), random and greedy seats."""
    try:
        game = new_game(board, players=4, seed=5)
    except ValueError:
        game = new_game(board, players=3, seed=5)
    assert play(game, mixed(5), 120) > 0
    assert play(new_game(game.state.map_id, players=len(game.seats), seed=9), randoms(9), 160) > 0


def test_solo_game() -> None:
    game = new_solo_game("eastern-us", seed=4)
    assert play(game, [RandomBot(4)], 250) > 0


def test_modules_events_mines_hotels() -> None:
    options = {"modules": ["event-deck", "hotels", "mines"]}
    game = new_game("eastern-us", players=4, seed=3, options=options)
    assert play(game, mixed(3), 150) > 0


def test_western_us_modules_and_fuel_depots() -> None:
    """Western U.S. with its own modules (rotors, Fuel Depots): stops and carried cubes."""
    game = new_game("western-us", players=4, seed=2)
    kinds: set[str] = set()
    enc = ActionEncoding(game)
    bots = randoms(2)
    n = 0
    while not game.over and n < 600:
        legal, by_index = check_position(game, enc, deep=False)
        kinds.update(a.kind for a in by_index.values())
        game.apply(bots[legal.seat].choose(game, legal.seat, legal))
        n += 1
    assert {"place_fuel_depot", "stop_at_fuel_depot"} <= kinds


@pytest.mark.slow
def test_transcontinental_past_the_return_of_bonds() -> None:
    """Regression: a random Transcontinental game reaches the return of bonds between the
    phases with more than 20 bonds held; the old encoding had no index for returning 21,
    and every environment stopped there (about 350 random steps)."""
    game = new_game("transcontinental", players=4, seed=3)
    enc = ActionEncoding(game)
    bots = randoms(3)
    most = 0
    n = 0
    while not game.over and n < 900:
        legal, by_index = check_position(game, enc, deep=False)
        returns = [a for a in by_index.values() if a.kind == "return_bonds"]
        most = max(most, len(returns))
        game.apply(bots[legal.seat].choose(game, legal.seat, legal))
        n += 1
    assert n > 350
    assert most > 21  # the position that crashed was reached and has its indices
    assert enc.sections["return_bonds"].end - enc.sections["return_bonds"].start == (
        MAX_BONDS_RETURNED + 1
    )


@pytest.mark.slow
def test_pettingzoo_plays_transcontinental_past_350_steps() -> None:
    """Regression: the masked random PettingZoo game no longer stops at the return of
    bonds (it did after about 350 steps)."""
    need("pettingzoo")
    import numpy as np

    from railways.rl.pettingzoo_env import raw_env

    e = raw_env(map="transcontinental", players=4, seed=1)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    most = 0
    for _agent in e.agent_iter(900):
        obs, _r, terminated, truncated, _i = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        returns = sum(a.kind == "return_bonds" for a in e._legal.values())
        most = max(most, returns)
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 350
    assert most > 21  # it held more than 20 bonds when the phases changed


def test_portugal_random_game_pages_its_deliveries() -> None:
    """A random four-player Portugal game reaches, after 379 actions, more deliveries past
    their keys' slots than the pool holds (the hole pages close): its pages are exact too."""
    game = new_game("portugal", players=4, seed=11)
    enc = ActionEncoding(game)
    bots = [RandomBot(7 + i) for i in range(4)]
    for _ in range(370):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    paged = 0
    for _ in range(12):
        legal, by_index = check_position(game, enc, deep=False)
        paged += any(isinstance(c, More) for c in by_index.values())
        game.apply(bots[legal.seat].choose(game, legal.seat, legal))
    assert paged > 0


def test_bond_returns_past_the_catalogue_page() -> None:
    """Returning more bonds than ``MAX_BONDS_RETURNED`` (the rules set no limit): the
    section's last index opens the next page, where the amounts go on from index 0."""
    game = new_game("transcontinental", players=4, seed=3)
    bots = randoms(3)
    seat = game.to_act
    while seat is not None and not any(
        a.kind == "return_bonds" for a in legal_actions(game, seat).all()
    ):
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
        seat = game.to_act
    assert seat is not None
    held = 2 * MAX_BONDS_RETURNED + 5
    game.state.players[seat].bonds = held  # a position the rules allow, set up directly
    enc = ActionEncoding(game)
    check_position(game, enc, deep=False)
    pages = enc.pages(game, seat)
    assert len(pages) == 3
    section = enc.sections["return_bonds"]
    more = section.start + MAX_BONDS_RETURNED
    assert [p[more] for p in pages[:2]] == [More(seat, "return_bonds", n) for n in (1, 2)]
    last = pages[2]
    assert [getattr(a, "amount") for a in last.values()] == list(  # noqa: B009
        range(2 * MAX_BONDS_RETURNED, held + 1)
    )
    amount = MAX_BONDS_RETURNED + 7
    action = pages[1][section.start + 7]
    assert getattr(action, "amount") == amount  # noqa: B009
    assert enc.path(game, action) == [more, section.start + 7]
