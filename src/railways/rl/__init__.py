"""Reinforcement-learning interfaces: a fixed action encoding, observations as arrays,
and environments for PettingZoo, Gymnasium and OpenSpiel (docs/rl.md).

Needs the ``rl`` extra (``pip install railways[rl]``): numpy, gymnasium, pettingzoo.
Importing this package registers ``railways/Solo-v0`` with Gymnasium.
"""

from __future__ import annotations

from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding

__all__ = ["ActionEncoding", "ObservationEncoding"]

try:  # Gymnasium is part of the rl extra; the encodings work without it
    from railways.rl.gym_env import register_envs
except ImportError:  # pragma: no cover - only without gymnasium
    pass
else:
    register_envs()
