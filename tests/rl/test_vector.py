"""Gymnasium's vector envs run the solo env, sync and async, under the autoreset mode they
declare in ``metadata["autoreset_mode"]`` (the single env never resets itself)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from .optional import need

END = 10  # max_actions: every episode is truncated after this many steps


def masked(obs: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    """A legal index for each sub-env (any index where the mask is empty: a reset step)."""
    return np.array(
        [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
    )


@pytest.mark.parametrize(
    ("mode", "autoreset", "ends"),
    [
        # NEXT_STEP: the step after an end resets (its action ignored): ends at 10, 21
        ("sync", "NEXT_STEP", 2),
        ("async", "NEXT_STEP", 2),
        # SAME_STEP: the ending step resets at once: ends at 10, 20, 30
        ("sync", "SAME_STEP", 3),
    ],
)
def test_vector_env_runs_the_solo_env(mode: str, autoreset: str, ends: int) -> None:
    gymnasium = need("gymnasium")
    from gymnasium.vector import AutoresetMode

    import railways.rl  # noqa: F401 - registers railways/Solo-v0

    v = gymnasium.make_vec(
        "railways/Solo-v0",
        num_envs=2,
        vectorization_mode=mode,
        vector_kwargs={"autoreset_mode": AutoresetMode[autoreset]},
        max_actions=END,
    )
    try:
        assert v.metadata["autoreset_mode"] is AutoresetMode[autoreset]
        obs, _info = v.reset(seed=3)
        size = v.single_observation_space["observation"].shape[0]
        assert obs["observation"].shape == (2, size)
        assert obs["observation"].dtype == np.float32
        assert obs["action_mask"].shape == (2, v.single_action_space.n)
        # the two sub-envs play different games (seeds drawn from the one seed)
        assert not np.array_equal(obs["action_mask"][0], obs["action_mask"][1]) or not (
            np.array_equal(obs["observation"][0], obs["observation"][1])
        )
        rng = np.random.default_rng(0)
        counts = np.zeros(2, dtype=int)
        for _ in range(31):
            obs, reward, terminated, truncated, _info = v.step(masked(obs, rng))
            assert reward.shape == (2,)
            assert not terminated.any()  # no solo game ends in 10 actions
            counts += truncated
        assert counts.tolist() == [ends, ends]
    finally:
        v.close()


def test_the_single_env_declares_no_autoreset() -> None:
    need("gymnasium")
    from railways.rl.gym_env import SoloEnv

    assert "autoreset_mode" not in SoloEnv.metadata
