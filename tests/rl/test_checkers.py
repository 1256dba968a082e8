"""Every board through its libraries' own checkers, few steps each so CI stays quick.

The boards are the content's (``available_maps``, ``solo_maps``), not a list written
here: a new board is checked as soon as it is added. PettingZoo's ``api_test``,
``seed_test`` and ``render_test``; Gymnasium's ``check_env`` on every solo map;
OpenSpiel's ``random_sim_test`` with serialization (games cut off at ``max_actions``) on every
board, every solo map (``python_railways_solo``) and every optional module on a board that takes
it (PettingZoo's ``api_test`` too, through the env's ``modules=``); and Transcontinental
played far past the return of bonds by masked-random agents.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from railways.content.maps import available_maps, load_map
from railways.content.solo import solo_maps
from railways.rules.modules.base import module_classes

from .optional import need

BOARDS = available_maps()


def players(board: str) -> int:
    """Three players where the board takes them (its range otherwise): quick and typical."""
    b = load_map(board)
    return min(max(3, b.min_players), b.max_players)


def test_the_boards_are_all_here() -> None:
    assert len(BOARDS) >= 12 and "transcontinental" in BOARDS
    assert set(solo_maps()) <= set(BOARDS) and solo_maps()


@pytest.mark.parametrize("board", BOARDS)
def test_pettingzoo_api_seed_and_render_tests(board: str) -> None:
    need("pettingzoo")
    from pettingzoo.test import api_test, render_test, seed_test

    from railways.rl.pettingzoo_env import env

    n = players(board)

    def make(render_mode: str | None = None) -> Any:
        return env(map=board, players=n, seed=1, render_mode=render_mode)

    api_test(make(), num_cycles=30)
    seed_test(make, num_cycles=15)
    render_test(make)


def test_render_modes() -> None:
    need("pettingzoo")
    from railways.rl.pettingzoo_env import RailwaysAEC, raw_env

    assert RailwaysAEC.metadata["render_modes"] == ["human", "ansi"]
    e = raw_env(map="eastern-us", players=3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str)
    lines = text.splitlines()
    assert lines[0].startswith("eastern-us, 3 players: turn 1") and "to act: " in lines[0]
    assert len(lines) == 1 + 3 + 1  # the heading, a line per seat, the bag and deck
    assert raw_env(map="eastern-us", players=3).render() is None  # no mode: nothing
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    need("pettingzoo")
    from railways.rl.pettingzoo_env import raw_env

    e = raw_env(map="eastern-us", players=2, render_mode="human")
    e.reset(seed=2)
    assert e.render() is None
    assert capsys.readouterr().out.startswith("eastern-us, 2 players: turn 1")


@pytest.mark.parametrize("board", solo_maps())
def test_gymnasium_check_env_every_solo_map(board: str) -> None:
    gymnasium = need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import railways.rl  # noqa: F401 - registers railways/Solo-v0

    made = gymnasium.make("railways/Solo-v0", map=board, render_mode="ansi")
    # The render check too: this mode, then each declared mode through the spec.
    check_env(made.unwrapped)
    made.close()


@pytest.mark.parametrize("board", BOARDS)
def test_openspiel_random_sim_test_with_serialization(board: str) -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401 - registers python_railways

    params = {"players": players(board), "map": board, "max_actions": 80}
    game = pyspiel.load_game("python_railways", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def board_for(module: str) -> tuple[str, int]:
    """The first board (and player count, three where it may) that takes ``module`` alone:
    Eastern U.S., the base game, before the others."""
    from railways.rules import new_game

    for board in sorted(BOARDS, key=lambda b: b != "eastern-us"):
        b = load_map(board)
        for n in dict.fromkeys((players(board), b.min_players, 2)):
            if b.min_players <= n <= b.max_players:
                try:
                    new_game(board, players=n, seed=1, options={"modules": [module]})
                except ValueError:
                    continue
                return board, n
    raise AssertionError(f"no board takes the module {module}")


@pytest.mark.parametrize("module", sorted(module_classes()))
def test_openspiel_random_sim_test_every_module(module: str) -> None:
    """Each optional module on a board that takes it, through OpenSpiel's checker."""
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401 - registers python_railways

    board, n = board_for(module)
    params = {"players": n, "map": board, "max_actions": 80, "modules": module}
    game = pyspiel.load_game("python_railways", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("module", sorted(module_classes()))
def test_pettingzoo_api_test_every_module(module: str) -> None:
    """Each optional module on a board that takes it (``modules=``), through PettingZoo's
    ``api_test``: a few cycles, as CI's time allows."""
    need("pettingzoo")
    from pettingzoo.test import api_test

    from railways.rl.pettingzoo_env import env

    board, n = board_for(module)
    e = env(map=board, players=n, seed=1, modules=[module])
    api_test(e, num_cycles=8)
    assert module in e.unwrapped.game.options.extra["modules"]  # the game it checked


@pytest.mark.parametrize("board", solo_maps())
def test_openspiel_solo_random_sim_test_with_serialization(board: str) -> None:
    """The solo game as a one-player OpenSpiel game, the Railbot's draws chance nodes."""
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401 - registers python_railways_solo

    game = pyspiel.load_game("python_railways_solo", {"map": board, "max_actions": 80})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


TRANSCONTINENTAL_STEPS = 3000


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_transcontinental_masked_random_steps(seed: int) -> None:
    """3,000 masked-random steps (games restart when they end) with no error."""
    need("pettingzoo")
    from railways.rl.pettingzoo_env import raw_env

    e = raw_env(map="transcontinental", players=4, seed=seed)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, games, returns = 0, 1, 0
    while steps < TRANSCONTINENTAL_STEPS:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.reset()
            games += 1
            continue
        mask = e.observe(agent)["action_mask"]
        index = int(rng.choice(np.flatnonzero(mask)))
        returns += e._legal[index].kind == "return_bonds"
        e.step(index)
        steps += 1
    assert steps == TRANSCONTINENTAL_STEPS
    assert returns > 0  # past the return of bonds, where the catalogue once ran short
