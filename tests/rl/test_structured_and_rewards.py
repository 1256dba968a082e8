"""The structured observation (``observation_type="dict"``) and the reward options."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from railways.core.rng import Rng
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import OBSERVATION_SCHEMA_VERSION, ObservationEncoding
from railways.rl.rewards import REWARDS, reward_value
from railways.rules import new_game

from .optional import need
from .test_secrets import _positions, secrets_changed


def flattened(arrays: dict[str, np.ndarray]) -> np.ndarray:
    return np.concatenate([a.ravel() for a in arrays.values()])


def test_schema_labels_every_labelled_axis() -> None:
    game = new_game("western-us", players=4, seed=1)
    obs = ObservationEncoding(game)
    schema = obs.schema()
    assert schema["version"] == OBSERVATION_SCHEMA_VERSION
    assert list(schema["arrays"]) == list(obs.shapes)
    for name, entry in schema["arrays"].items():
        assert tuple(entry["shape"]) == obs.shapes[name]
        for axis, labels in entry["labels"].items():
            assert len(labels) == entry["shape"][axis], (name, axis)
            assert len(set(labels)) == len(labels), (name, axis)
    assert schema["arrays"]["board"]["labels"][2][-1] == "track:other"


def test_the_arrays_are_the_flat_vector_cut_into_shapes() -> None:
    for game in _positions(players=3, seed=5, every=25, limit=200):
        obs = ObservationEncoding(game)
        for seat in range(3):
            arrays = obs.observe_arrays(game, seat)
            assert {k: a.shape for k, a in arrays.items()} == obs.shapes
            assert np.array_equal(flattened(arrays), obs.observe(game, seat))


def test_no_array_shows_another_seats_secrets() -> None:
    checked = 0
    for game in _positions(players=3, seed=9, every=20, limit=120):
        obs = ObservationEncoding(game)
        for seat in range(3):
            mine = obs.observe_arrays(game, seat)
            for other in {0, 1, 2} - {seat}:
                with secrets_changed(game, other):
                    now = obs.observe_arrays(game, seat)
                    for name in mine:
                        assert np.array_equal(now[name], mine[name]), (name, seat, other)
                checked += 1
    assert checked >= 30


def test_pettingzoo_api_test_with_the_dict_observation() -> None:
    need("pettingzoo")
    from pettingzoo.test import api_test

    from railways.rl.pettingzoo_env import env

    e = env(map="eastern-us", players=3, seed=2, observation_type="dict")
    api_test(e, num_cycles=20)
    e.reset(seed=2)
    observation = e.observe(e.agent_selection)
    assert set(observation["observation"]) == set(e.unwrapped.obs.shapes)
    assert e.observation_space(e.agent_selection).contains(observation)


def test_gymnasium_check_env_with_the_dict_observation() -> None:
    gymnasium = need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import railways.rl  # noqa: F401 - registers railways/Solo-v0

    made = gymnasium.make("railways/Solo-v0", map="eastern-us", observation_type="dict")
    check_env(made.unwrapped, skip_render_check=True)
    flat = gymnasium.make("railways/Solo-v0", map="eastern-us")
    a, _ = made.reset(seed=3)
    b, _ = flat.reset(seed=3)
    assert np.array_equal(flattened(a["observation"]), b["observation"])


def test_unknown_options_are_refused() -> None:
    need("pettingzoo")
    from railways.rl.gym_env import SoloEnv
    from railways.rl.pettingzoo_env import raw_env

    with pytest.raises(ValueError, match="observation_type"):
        raw_env(players=2, observation_type="pixels")
    with pytest.raises(ValueError, match="reward"):
        SoloEnv(reward="happiness")


def play_random(game: Any, seed: int) -> list[dict[str, float]]:
    """A random game to its end; each reward option's value (seat 0) after every action."""
    actions, rng = ActionEncoding(game), Rng(seed)
    values = [{r: reward_value(game, 0, r) for r in REWARDS}]
    while not game.over:
        seat = game.to_act
        legal = actions.legal_map(game, seat)
        game.apply(legal[sorted(legal)[rng.below(len(legal))]])
        values.append({r: reward_value(game, 0, r) for r in REWARDS})
    return values


def test_reward_values_end_where_the_options_say() -> None:
    game = new_game("eastern-us", players=2, seed=11)
    values = play_random(game, 11)
    final = game.state.final_scores
    assert final is not None
    end = values[-1]
    assert end["points"] == end["shaped"] == final[0]
    assert end["score_diff"] == final[0] - final[1]
    assert end["win_loss"] == (1.0 if game.state.winner == 0 else -1.0)
    for before in values[:-1]:  # the terminal options give nothing before the end
        assert before["score_diff"] == before["win_loss"] == 0.0
    bonds = [v["points"] - v["shaped"] for v in values[:-1]]
    assert max(bonds) > 0  # the shaped value charged bonds as they were issued


def test_pettingzoo_win_loss_rewards_add_up_to_plus_or_minus_one() -> None:
    need("pettingzoo")
    from railways.rl.pettingzoo_env import env

    e = env(players=2, seed=3, reward="win_loss")
    e.reset(seed=3)
    totals = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(20_000):
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winner = e.unwrapped.game.state.winner
    assert totals == {a: 1.0 if s == winner else -1.0 for s, a in enumerate(e.possible_agents)}


def test_solo_score_diff_is_the_final_score_less_the_target() -> None:
    gymnasium = need("gymnasium")
    import railways.rl  # noqa: F401

    made = gymnasium.make("railways/Solo-v0", reward="score_diff")
    obs, info = made.reset(seed=6)
    total, done = 0.0, False
    rng = np.random.default_rng(2)
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = made.step(action)
        total += reward
        done = terminated or truncated
    game = made.unwrapped.game
    assert game.over and game.state.final_scores is not None
    assert total == game.state.final_scores[0] - info["target"]  # no win bonus here
