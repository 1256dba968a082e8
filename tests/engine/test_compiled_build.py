"""The optional mypyc build (``make mypyc``) plays exactly the games of the pure-Python engine.

Both engines run in child processes from this tree: one as built, one with
``RAILWAYS_PURE_PYTHON=1`` (which ignores the extension modules; ``railways._build``).
Each plays the same seeds (random bots through ``legal_actions``, the ``sample_action``
playout, greedy bots, an ``mcts`` bot on an iteration budget, and a random game on every
board) and reports every game's full state and record; the two reports must be equal.

Skipped where no compiled build is present (CI runs pure Python only).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from railways import _build

pytestmark = pytest.mark.skipif(
    not _build.compiled_files(),
    reason="no mypyc build in this tree (`make mypyc` makes one; `make test` and CI run "
    "the pure-Python engine only)",
)

PLAY = r"""
import hashlib, json, sys
from railways import _build
from railways.bots import make_bot
from railways.content.maps import available_maps
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.records import record_of
from railways.sim.checks import canonical, full_state

def report(game):
    state = json.dumps(canonical(full_state(game)), sort_keys=True)
    record = json.dumps(record_of(game).to_dict(), sort_keys=True, default=str)
    return {
        "actions": len(game.actions),
        "over": game.over,
        "scores": [p.score for p in game.state.players],
        "state": hashlib.sha256(state.encode()).hexdigest(),
        "record": hashlib.sha256(record.encode()).hexdigest(),
    }

def bots_game(map_id, players, names, seed, cap=5000):
    game = new_game(map_id, players=players, seed=seed)
    bots = [make_bot(names[i % len(names)], seed * 31 + i) for i in range(players)]
    while not game.over and len(game.actions) < cap:
        seat = game.to_act
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    return report(game)

def sampled_game(players, seed):
    game = new_game("eastern-us", players=players, seed=seed)
    rng = Rng(seed * 7919)
    while not game.over:
        game.apply(sample_action(game, game.to_act, rng))
    return report(game)

games = {}
for players in (2, 4, 6):
    games[f"random-{players}"] = bots_game("eastern-us", players, ["random"], 1)
    games[f"sampled-{players}"] = sampled_game(players, 2)
games["greedy-4"] = bots_game("eastern-us", 4, ["greedy"], 3)
games["mcts-3"] = bots_game("eastern-us", 3, ["mcts:iters=12", "greedy"], 4)
for map_id in available_maps():
    try:
        games[f"random-{map_id}"] = bots_game(map_id, 3, ["random"], 5, cap=400)
    except ValueError as error:  # a board that does not take three players
        games[f"random-{map_id}"] = str(error)
print(json.dumps({"compiled": _build.compiled_modules(), "games": games}))
"""


def _play(pure: bool) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop(_build.PURE_ENV, None)
    if pure:
        env[_build.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_compiled_build_plays_the_same_games_as_pure_python() -> None:
    compiled = _play(pure=False)
    pure = _play(pure=True)
    assert "railways.core.legal" in compiled["compiled"]  # the build was really used
    assert pure["compiled"] == []  # and really ignored
    assert compiled["games"]["random-4"]["over"] and compiled["games"]["mcts-3"]["over"]
    for name, game in pure["games"].items():
        assert compiled["games"][name] == game, name
    assert compiled["games"].keys() == pure["games"].keys()
