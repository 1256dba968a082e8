"""Random games on Railways Through Time for every player count and several choices of eras,
with every invariant checked after every action, every view searched for secrets and the
record replayed (as ``railways simulate`` checks its games)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from railways.bots import make_bot
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.sim.checks import ReplayCheck, secret_leaks

from .helpers import MAP

MAX_ACTIONS = 3000


def _checked_game(
    players: int, seed: int, eras: Sequence[str] | None, bots: Sequence[str] = ("random",)
) -> tuple[list[str], bool, dict[int, int]]:
    options = {} if eras is None else {"eras": list(eras)}
    game = new_game(MAP, players=players, seed=seed, options=options)
    seats = [make_bot(bots[i % len(bots)], seed * 31 + i) for i in range(players)]
    replay = ReplayCheck(range(100, MAX_ACTIONS + 1, 100))
    problems: list[str] = []
    count = 0
    while not game.over and count < MAX_ACTIONS and not problems:
        seat = game.to_act
        assert seat is not None
        game.apply(seats[seat].choose(game, seat, legal_actions(game, seat)))
        count += 1
        problems += check_invariants(game)
        if count % 50 == 0:
            problems += secret_leaks(game)
        replay.observe(game)
    if not problems:
        problems += replay.verify(game)
    return problems, game.over, dict(game.state.final_scores or {})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_on_the_default_eras_end_normally(players: int) -> None:
    problems, over, scores = _checked_game(players, 900 + players, None)
    assert problems == []
    assert over and set(scores) == set(range(players))


@pytest.mark.parametrize(
    ("players", "eras"),
    [
        (2, ["roman-empire", "wild-west", "future"]),
        (3, ["egypt", "medieval", "napoleonic", "industrial"]),
        (5, ["stone-age", "egypt", "roman-empire", "medieval", "wild-west", "future"]),
        (4, ["napoleonic", "industrial"]),
    ],
)
def test_random_games_on_chosen_eras_end_normally(players: int, eras: list[str]) -> None:
    problems, over, _scores = _checked_game(players, 950 + len(eras), eras)
    assert problems == []
    assert over


def test_a_greedy_game_against_random_bots_ends_normally() -> None:
    problems, over, scores = _checked_game(
        4, 977, None, bots=("greedy", "random", "random", "random")
    )
    assert problems == []
    assert over and scores[0] == max(scores.values())
