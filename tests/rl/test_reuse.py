"""The environments' kept observations and masks (``railways.rl.reuse``): an array still
held outside is never written again, and a reused one reads as a new one would.

Random masked steps of both environments, every agent observed at every step: some
observations are kept (as they are, as a view, as the structured arrays), the rest
dropped so that their arrays are reused; at the end every kept array still reads what it
read when handed out, and at every step the mask is the one ``ActionEncoding.mask`` makes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .optional import need

need("numpy")
need("gymnasium")
need("pettingzoo")

from railways.rl.bench import legal_indices  # noqa: E402
from railways.rl.gym_env import SoloEnv  # noqa: E402
from railways.rl.pettingzoo_env import raw_env  # noqa: E402
from railways.rl.reuse import MaskPool, held_elsewhere  # noqa: E402


def _snapshot(obs: dict[str, Any]) -> tuple[bytes, bytes]:
    inner = obs["observation"]
    if isinstance(inner, dict):
        inner = np.concatenate([a.ravel() for a in inner.values()])
    return inner.tobytes(), obs["action_mask"].tobytes()


def test_held_elsewhere_counts_views_and_dicts() -> None:
    entry: list[Any] = [np.zeros(4)]
    assert not held_elsewhere(entry)
    view = entry[0][1:]
    assert held_elsewhere(entry)
    del view
    assert not held_elsewhere(entry)
    holder = {"observation": entry[0]}
    assert held_elsewhere(entry)
    holder.clear()
    assert not held_elsewhere(entry)


def test_mask_pool_writes_by_difference() -> None:
    pool = MaskPool(10)
    first = pool.mask({1: None, 4: None})  # type: ignore[dict-item]
    assert first.tolist() == [0, 1, 0, 0, 1, 0, 0, 0, 0, 0]
    second = pool.mask({2: None})  # type: ignore[dict-item]
    assert second is not first  # ``first`` is still held here
    assert first.tolist() == [0, 1, 0, 0, 1, 0, 0, 0, 0, 0]
    del first
    third = pool.mask({7: None})  # type: ignore[dict-item]
    assert third.tolist() == [0, 0, 0, 0, 0, 0, 0, 1, 0, 0]
    del second, third
    assert pool.mask(None).tolist() == [0] * 10


def test_pettingzoo_kept_observations_never_change() -> None:
    for observation_type in ("flat", "dict"):
        env = raw_env(map="eastern-us", players=4, seed=3, observation_type=observation_type)
        env.reset(seed=3)
        rng = np.random.default_rng(3)
        kept: list[tuple[Any, tuple[bytes, bytes]]] = []
        for n in range(60):
            agent = env.agent_selection
            for other in env.agents:
                obs = env.observe(other)
                if (n + len(other)) % 5 == 0:
                    kept.append((obs, _snapshot(obs)))
                elif n % 7 == 0:  # a view alone keeps the vector too
                    inner = obs["observation"]
                    part = inner["board"] if isinstance(inner, dict) else inner[:100]
                    kept.append(({"part": part}, (part.tobytes(), b"")))
            mask = env.observe(agent)["action_mask"]
            legal = env._legal
            assert mask.tobytes() == env.actions.mask(legal).tobytes()
            env.step(int(rng.choice(legal_indices(mask))))
        for obs, (inner, mask_bytes) in kept:
            if "part" in obs:
                assert obs["part"].tobytes() == inner
            else:
                assert _snapshot(obs) == (inner, mask_bytes)


def test_solo_kept_observations_never_change() -> None:
    env = SoloEnv(map="eastern-us")
    obs, _info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    kept: list[tuple[Any, tuple[bytes, bytes]]] = []
    for n in range(60):
        if n % 4 == 0:
            kept.append((obs, _snapshot(obs)))
        assert obs["action_mask"].tobytes() == env.actions.mask(env._legal).tobytes()
        masks = env.action_masks()
        assert masks.tobytes() == obs["action_mask"].tobytes()
        obs, _reward, terminated, truncated, _info = env.step(
            np.int64(rng.choice(legal_indices(obs["action_mask"])))
        )
        if terminated or truncated:
            obs, _info = env.reset(seed=n)
    for held, before in kept:
        assert _snapshot(held) == before
