"""The environments pass their libraries' own API checkers (few steps, to stay quick)."""

from __future__ import annotations

import numpy as np
import pytest

from .optional import need


def test_pettingzoo_api_test() -> None:
    need("pettingzoo")
    from pettingzoo.test import api_test

    from railways.rl.pettingzoo_env import env

    api_test(env(), num_cycles=60)


def test_pettingzoo_game_plays_to_its_end_and_rewards_add_up() -> None:
    need("pettingzoo")
    from railways.rl.pettingzoo_env import env

    e = env(players=2, seed=3)
    e.reset(seed=3)
    totals = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(20_000):
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    game = e.unwrapped.game
    assert game.over
    finals = game.state.final_scores
    assert finals is not None
    assert totals == {f"player_{s}": float(points) for s, points in finals.items()}


def test_pettingzoo_refuses_an_illegal_index_and_keeps_the_game() -> None:
    need("pettingzoo")
    from railways.rl.pettingzoo_env import raw_env

    e = raw_env(players=4)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = len(e.game.actions)
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert len(e.game.actions) == before


def test_gymnasium_check_env() -> None:
    gymnasium = need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import railways.rl  # noqa: F401 - registers railways/Solo-v0

    made = gymnasium.make("railways/Solo-v0", map="eastern-us")
    check_env(made.unwrapped, skip_render_check=True)


def test_solo_episode_reward_is_the_final_score_plus_the_bonus() -> None:
    gymnasium = need("gymnasium")
    made = gymnasium.make("railways.rl:railways/Solo-v0", win_bonus=1000.0)
    obs, info = made.reset(seed=4)
    total, done = 0.0, False
    rng = np.random.default_rng(1)
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = made.step(action)
        total += reward
        done = terminated or truncated
    game = made.unwrapped.game
    assert game.over and game.state.final_scores is not None
    bonus = 1000.0 if game.state.winner == 0 else 0.0
    assert total == game.state.final_scores[0] + bonus
    # an illegal index changes nothing and costs the penalty
    made.reset(seed=4)
    mask = made.unwrapped.action_masks()
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = len(made.unwrapped.game.actions)
    _obs, reward, terminated, _tr, info = made.step(illegal)
    assert info["illegal_action"] and reward == -1.0 and not terminated
    assert len(made.unwrapped.game.actions) == before


def test_pettingzoo_same_seed_same_game() -> None:
    need("pettingzoo")
    from railways.rl.pettingzoo_env import raw_env

    def play(seed: int) -> list[np.ndarray]:
        e = raw_env(players=3)
        e.reset(seed=seed)
        seen = []
        for _ in range(40):
            obs = e.observe(e.agent_selection)
            seen.append(obs["observation"])
            e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        return seen

    a, b, c = play(8), play(8), play(9)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_gymnasium_make_finds_the_env_in_a_fresh_interpreter() -> None:
    """``gymnasium.make("railways.rl:railways/Solo-v0")`` imports the package that registers
    the id; nothing needs importing first."""
    need("gymnasium")
    import subprocess
    import sys

    script = (
        "import sys, gymnasium\n"
        "assert 'railways.rl' not in sys.modules\n"
        "env = gymnasium.make('railways.rl:railways/Solo-v0', reward='win_loss',"
        " observation_type='dict')\n"
        "obs, info = env.reset(seed=1)\n"
        "assert 'railways/Solo-v0' in gymnasium.registry\n"
        "print(sorted(obs['observation'])[0], int(obs['action_mask'].sum()) > 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["barons", "True"]
