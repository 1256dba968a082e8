"""The lazy build listing (``LegalActions.builds``, a ``build_listing.BuildList``).

Most listings' builds are never read in full (a random player reads them only when it draws
the build kind), so what a listing left unmade must not change what later listings offer
nor what the game plays: random games played reading the builds only as the bot needs them
are played again with every listing read in full at once, and must take the same actions.
At every position of the lazy games the builds, once read, are the eager listing
(``build_options``) of a copy of the game without its kept work, and ``bool`` of the lazy
listing (answered from the slots' count) is that of the list.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from railways.bots.random_bot import RandomBot
from railways.core.actions import Action
from railways.core.legal import BuildList, build_options, legal_actions
from railways.rules import new_game

CASES = [("eastern-us", 4, 5), ("eastern-us", 3, 6), ("western-us", 4, 7), ("australia", 3, 8)]


def _played(map_id: str, players: int, seed: int, read_all: bool) -> list[Action]:
    game = new_game(map_id, players=players, seed=seed)
    bots = [RandomBot(seed * 31 + i) for i in range(players)]
    played: list[Action] = []
    while not game.over and len(played) < 400:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        if read_all:
            list(legal.builds)
        action = bots[seat].choose(game, seat, legal)
        game.apply(action)
        played.append(action)
    return played


@pytest.mark.parametrize(("map_id", "players", "seed"), CASES)
def test_lazy_listings_play_the_same_games(map_id: str, players: int, seed: int) -> None:
    lazy = _played(map_id, players, seed, read_all=False)
    assert lazy == _played(map_id, players, seed, read_all=True)


def test_lazy_listing_is_the_eager_one() -> None:
    game = new_game("eastern-us", players=4, seed=11)
    bots = [RandomBot(11 * 31 + i) for i in range(4)]
    lazy = 0
    while not game.over and len(game.actions) < 300:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        builds = legal.builds
        if isinstance(builds, BuildList):
            lazy += 1
            fresh = game.copy()
            fresh.derived.clear()
            eager = build_options(fresh, seat)
            assert bool(builds) == bool(eager)
            if len(game.actions) % 5 == 0:  # now and then read before the bot draws
                assert builds == eager
                assert builds[-1] == eager[-1] and builds[:3] == eager[:3]
                assert copy.deepcopy(builds) == eager == pickle.loads(pickle.dumps(builds))
        game.apply(bots[seat].choose(game, seat, legal))
    assert lazy > 50  # most listings of the actions phase are lazy


def test_reading_after_the_game_changed_raises() -> None:
    game = new_game("eastern-us", players=4, seed=12)
    bot = RandomBot(1)
    while True:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        if isinstance(legal.builds, BuildList) and legal.simple:
            break
        game.apply(bot.choose(game, seat, legal))
    builds = legal.builds
    assert builds  # known from the slots, without listing
    game.apply(legal.simple[0])
    with pytest.raises(RuntimeError, match="list them again"):
        len(builds)
