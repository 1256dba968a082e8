"""Digests of what the research environments hand out, to compare two trees to the bit.

For each of the twelve boards (4 players, 3 on boards that seat fewer), ``--steps``
masked-random steps of the PettingZoo AEC environment: at every step, every agent's
observation and mask (the acting agent's mask set, the others' zeros); for three solo
maps, ``--solo-steps`` masked-random steps of the Gymnasium solo environment (each step's
observation, mask and reward). One SHA-256 per case is printed; ``--check FILE`` compares
them with a file this tool printed before (exit status 1 on a difference).

Speed work on the environments (kept buffers, masks changed by difference) must leave
every digest as it was::

    python tools/rl_step_digests.py > before.txt      # on the untouched tree
    python tools/rl_step_digests.py --check before.txt
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

from railways.content.maps import available_maps
from railways.rl.bench import legal_indices
from railways.rl.gym_env import SoloEnv
from railways.rl.pettingzoo_env import raw_env

SOLO_MAPS = ("eastern-us", "australia", "portugal")


def _feed(digest: hashlib._Hash, obs: dict[str, np.ndarray]) -> None:
    digest.update(obs["observation"].tobytes())
    digest.update(obs["action_mask"].tobytes())


def pettingzoo_digest(map_id: str, steps: int, seed: int = 7) -> str:
    """Every agent's observation and mask at each of ``steps`` masked-random steps."""
    try:
        env = raw_env(map=map_id, players=4, seed=seed)
    except ValueError:
        env = raw_env(map=map_id, players=3, seed=seed)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    resets = seed
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            resets += 1
            env.reset(seed=resets)
            continue
        for other in env.agents:
            _feed(digest, env.observe(other))
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(legal_indices(mask))))
        digest.update(repr(sorted(env.rewards.items())).encode())
    return digest.hexdigest()


def solo_digest(map_id: str, steps: int, seed: int = 7) -> str:
    """Each solo step's observation, mask and reward over ``steps`` masked-random steps."""
    env = SoloEnv(map=map_id)
    obs, _info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    _feed(digest, obs)
    for done in range(steps):
        action = np.int64(rng.choice(legal_indices(obs["action_mask"])))
        obs, reward, terminated, truncated, _info = env.step(action)
        _feed(digest, obs)
        digest.update(repr(reward).encode())
        if terminated or truncated:
            obs, _info = env.reset(seed=seed + done)
            _feed(digest, obs)
    return digest.hexdigest()


def digests(steps: int, solo_steps: int) -> dict[str, str]:
    """Case name -> digest, boards then solo maps."""
    out = {f"pettingzoo {m}": pettingzoo_digest(m, steps) for m in available_maps()}
    out.update({f"solo {m}": solo_digest(m, solo_steps) for m in SOLO_MAPS})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=120, help="PettingZoo steps per board")
    parser.add_argument("--solo-steps", type=int, default=150, help="solo steps per map")
    parser.add_argument("--check", type=Path, help="compare with digests printed before")
    args = parser.parse_args(argv)
    found = digests(args.steps, args.solo_steps)
    if args.check is None:
        for case, value in found.items():
            print(f"{case}: {value}")
        return 0
    before = dict(line.rsplit(": ", 1) for line in args.check.read_text().splitlines() if line)
    differ = [case for case, value in found.items() if before.get(case) != value]
    for case in differ:
        print(f"differs: {case}")
    print(f"{len(found) - len(differ)} of {len(found)} cases the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
