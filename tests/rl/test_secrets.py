"""Observations carry no other seat's secrets.

Like ``railways.sim.checks.secret_leaks`` does for views, but by experiment: change
what seat ``s`` must not know (another seat's kept and dealt Rail Baron cards, the
Rail Baron and Operations deck orders, the bag, the random generator) and ``s``'s
observation must stay the same to the bit. To show the check could fail, changing
``s``'s own baron must change its observation.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from railways.core.board import GOODS_COLORS
from railways.core.game import Game
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game


@contextmanager
def secrets_changed(game: Game, other: int) -> Iterator[None]:
    """Swap seat ``other``'s barons for deck ones, reorder the decks, change the bag."""
    state = game.state
    p = state.players[other]
    saved = (
        p.baron,
        p.barons_dealt,
        list(state.baron_deck),
        list(state.ops_deck),
        dict(state.bag),
        state.rng.state,
    )
    try:
        if state.baron_deck:
            if p.baron and not p.baron_revealed:
                p.baron, state.baron_deck[0] = state.baron_deck[0], p.baron
            if p.barons_dealt:
                p.barons_dealt = (state.baron_deck[-1], *p.barons_dealt[1:])
        state.baron_deck.reverse()
        state.ops_deck.reverse()
        first, second = GOODS_COLORS[0], GOODS_COLORS[1]
        if state.bag[first] > 0:  # same size, other contents
            state.bag[first] -= 1
            state.bag[second] += 1
        state.rng.state = (state.rng.state * 7 + 3) % (2**61)
        yield
    finally:
        (p.baron, p.barons_dealt, state.baron_deck, state.ops_deck, state.bag) = saved[:5]
        state.rng.state = saved[5]


def _positions(players: int, seed: int, every: int, limit: int) -> Iterator[Game]:
    game = new_game("eastern-us", players=players, seed=seed)
    enc = ActionEncoding(game)
    rng = Rng(seed)
    steps = 0
    while not game.over and steps < limit:
        if steps % every == 0:
            yield game
        seat = game.to_act
        assert seat is not None
        legal = enc.legal_map(game, seat)
        game.apply(legal[sorted(legal)[rng.below(len(legal))]])
        steps += 1


def test_no_observation_shows_another_seats_secrets() -> None:
    checked = 0
    for game in _positions(players=4, seed=21, every=7, limit=160):
        obs = ObservationEncoding(game)
        for seat in range(4):
            mine = obs.observe(game, seat)
            for other in range(4):
                if other == seat:
                    continue
                with secrets_changed(game, other):
                    assert np.array_equal(obs.observe(game, seat), mine), (
                        f"seat {seat}'s observation changed with seat {other}'s secrets "
                        f"at turn {game.state.turn} ({game.state.phase.value})"
                    )
                checked += 1
    assert checked > 100


def test_own_secrets_are_seen() -> None:
    """The experiment above can fail: a seat's own baron is in its observation."""
    game = new_game("eastern-us", players=3, seed=8)
    obs = ObservationEncoding(game)
    assert game.state.phase is Phase.CHOOSE_BARON
    seat = game.to_act
    assert seat is not None
    before = obs.observe(game, seat)
    with secrets_changed(game, seat):  # its dealt cards change: it must notice
        assert not np.array_equal(obs.observe(game, seat), before)
    enc = ActionEncoding(game)
    while game.state.phase is Phase.CHOOSE_BARON:
        s = game.to_act
        assert s is not None
        legal = enc.legal_map(game, s)
        game.apply(legal[min(legal)])
    for s in range(3):
        before = obs.observe(game, s)
        with secrets_changed(game, s):
            assert not np.array_equal(obs.observe(game, s), before)


def test_solo_observation_hides_the_railbot_deck() -> None:
    """The Railbot's deck order and the cards set aside never reach the observation."""
    from railways.rules.solo import new_solo_game, solo_state

    game = new_solo_game("eastern-us", seed=13, options={"duel_barons": True})
    obs = ObservationEncoding(game)
    enc = ActionEncoding(game)
    rng = Rng(4)
    checked = 0
    while not game.over and checked < 30:
        solo = solo_state(game)
        mine = obs.observe(game, 0)
        deck, removed = list(solo.deck), list(solo.removed)
        if len(deck) > 1:
            solo.deck.reverse()  # another order, and a set-aside card swapped in: same sizes
            if removed:
                solo.deck[0], solo.removed[0] = removed[0], solo.deck[0]
            try:
                assert np.array_equal(obs.observe(game, 0), mine)
            finally:
                solo.deck[:], solo.removed[:] = deck, removed
            checked += 1
        legal = enc.legal_map(game, 0)
        game.apply(legal[sorted(legal)[rng.below(len(legal))]])
    assert checked >= 10
