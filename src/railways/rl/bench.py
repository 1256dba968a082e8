"""Step rates of the research interfaces, for ``railways bench`` (plain numbers, no checks).

A *masked random* step: read the acting agent's observation and mask, pick one of the
mask's indices uniformly (numpy's generator, seeded) and step with it; a finished or
truncated game is reset from the next seed outside the count. Making the environment
(the action catalogue, the board tables) is not timed.

The indices are found as docs/rl.md advises, ``np.flatnonzero(mask.view(np.bool_))``: the
int8 mask's bytes read as booleans, no copy. numpy's nonzero over int8 takes some ten times
longer over a mask of ~90,000 indices (~135 us against ~15 us, more than the rest of the
choice), which is the loop's cost, not the environment's.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, TypedDict

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from railways.rl.gym_env import SoloEnv
    from railways.rl.pettingzoo_env import RailwaysAEC


class StepRate(TypedDict):
    map: str
    players: int
    steps: int
    seconds: float
    steps_per_s: float


def _rate(map_id: str, players: int, steps: int, elapsed: float) -> StepRate:
    return {
        "map": map_id,
        "players": players,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "steps_per_s": round(steps / elapsed, 1) if elapsed else 0.0,
    }


def legal_indices(mask: npt.NDArray[np.int8]) -> npt.NDArray[np.intp]:
    """The indices a 0/1 int8 mask sets (the same as ``np.flatnonzero(mask)``, faster)."""
    return np.flatnonzero(mask.view(np.bool_))


def pettingzoo_steps(map_id: str, players: int, steps: int, seed: int) -> StepRate:
    """Masked random steps of the PettingZoo AEC environment (observe + mask + step)."""
    from railways.rl.pettingzoo_env import raw_env

    env = raw_env(map=map_id, players=players, seed=seed)
    done, elapsed = pettingzoo_loop(env, steps, seed)
    return _rate(map_id, players, done, elapsed)


def pettingzoo_loop(env: RailwaysAEC, steps: int, seed: int) -> tuple[int, float]:
    """``steps`` masked random steps of ``env`` from a reset with ``seed``: (steps, seconds)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    elapsed = 0.0
    done = 0
    resets = seed
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            resets += 1
            env.reset(seed=resets)
            continue
        start = time.perf_counter()
        obs = env.observe(agent)
        env.step(int(rng.choice(legal_indices(obs["action_mask"]))))
        elapsed += time.perf_counter() - start
        done += 1
    return done, elapsed


def gymnasium_solo_steps(map_id: str, steps: int, seed: int) -> StepRate:
    """Masked random steps of the Gymnasium solo environment (``railways/Solo-v0``)."""
    from railways.rl.gym_env import SoloEnv

    done, elapsed = gymnasium_loop(SoloEnv(map=map_id), steps, seed)
    return _rate(map_id, 1, done, elapsed)


def gymnasium_loop(env: SoloEnv, steps: int, seed: int) -> tuple[int, float]:
    """``steps`` masked random steps of ``env`` from a reset with ``seed``: (steps, seconds)."""
    obs, _info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    elapsed = 0.0
    done = 0
    while done < steps:
        start = time.perf_counter()
        action = np.int64(rng.choice(legal_indices(obs["action_mask"])))
        obs, _reward, terminated, truncated, _info = env.step(action)
        elapsed += time.perf_counter() - start
        done += 1
        if terminated or truncated:
            obs, _info = env.reset(seed=seed + done)
    return done, elapsed
