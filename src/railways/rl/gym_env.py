"""Gymnasium: the solo game against the Railbot as ``railways/Solo-v0``.

``import railways.rl`` registers it; then ``gymnasium.make("railways/Solo-v0",
map="eastern-us")`` (or ``gymnasium.make("railways.rl:railways/Solo-v0")`` without
the import). The agent is the player (seat 0); the Railbot's turns happen inside the
engine, and the choices its cards leave to the player are the agent's actions too.

Observations are ``{"observation", "action_mask"}`` as in the PettingZoo
environment (``observation_type="dict"``: the observation as named arrays). The
reward of a step is by default the change in the player's points (the final score
once the game ends), plus ``win_bonus`` at the end when the player reached the
target; ``reward=`` picks another (``railways.rl.rewards``; the bonus is added to
``"points"`` and ``"shaped"`` only). An index that is not legal now changes nothing and is rewarded
``illegal_penalty`` with ``info["illegal_action"] = True``: agents should follow the
mask, but random probes (``check_env`` makes some) must not break the episode.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from railways.content.maps import DEFAULT_MAP
from railways.rl.encoding import ActionEncoding, Choice, More
from railways.rl.observation import ObservationEncoding
from railways.rl.pettingzoo_env import MAX_ACTIONS
from railways.rl.render import RENDER_MODES, check_render_mode, render
from railways.rl.reuse import MaskPool
from railways.rl.rewards import DEFAULT_REWARD, check_reward, points, reward_value
from railways.rl.spaces import make_observation, observation_space
from railways.rules.solo import new_solo_game, solo_state

ENV_ID = "railways/Solo-v0"
BONUS_REWARDS = ("points", "shaped")  # the rewards win_bonus is added to


Obs = dict[str, Any]


class SoloEnv(gym.Env[Obs, np.int64]):
    """A solo game against the Railbot as a Gymnasium environment.

    ``map`` and ``options`` choose the solo game; an episode ends with the game, and
    ``win_bonus`` is added to the last reward of a won game (for the rewards that take it).
    An index the mask does not set costs ``illegal_penalty`` and changes nothing.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012 - gymnasium's own

    def __init__(
        self,
        map: str = DEFAULT_MAP,
        options: dict[str, Any] | None = None,
        win_bonus: float = 25.0,
        illegal_penalty: float = -1.0,
        max_actions: int = MAX_ACTIONS,
        render_mode: str | None = None,
        observation_type: str = "flat",
        reward: str = DEFAULT_REWARD,
    ) -> None:
        check_render_mode(render_mode)
        check_reward(reward)
        self.observation_type = observation_type
        self.reward = reward
        self.map_id = map
        self.solo_options = dict(options or {})
        self.win_bonus = win_bonus
        self.illegal_penalty = illegal_penalty
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.game = new_solo_game(map, seed=0, options=self.solo_options)
        self.actions = ActionEncoding(self.game)
        self.obs = ObservationEncoding(self.game)
        self._masks = MaskPool(self.actions.size)
        self.observation_space = observation_space(self.obs, self.actions.size, observation_type)
        self.action_space = spaces.Discrete(self.actions.size)
        self._legal: Mapping[int, Choice] = {}
        self._page: More | None = None  # the page of a section open now (docs/rl.md)
        self.count = 0

    def _observation(self) -> Obs:
        mask = self._masks.mask(None if self.game.over else self._legal)
        page = 0 if self._page is None else self._page.page
        return make_observation(self.obs, self.game, 0, mask, self.observation_type, page)

    def _value(self) -> float:
        return reward_value(self.game, 0, self.reward, solo_state(self.game).target)

    def _refresh(self) -> None:
        self._page = None
        self._legal = {} if self.game.over else self.actions.legal_map(self.game, 0)

    def _info(self) -> dict[str, Any]:
        return {"target": solo_state(self.game).target, "points": points(self.game, 0)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new solo game; the first observation and its info."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.game = new_solo_game(self.map_id, seed=game_seed, options=self.solo_options)
        self.count = 0
        self._refresh()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: np.int64) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play ``action``, then the Railbot's turn where one follows (Gymnasium's step)."""
        chosen = self._legal.get(int(action))
        if chosen is None:
            info = {**self._info(), "illegal_action": True}
            return self._observation(), self.illegal_penalty, False, False, info
        if isinstance(chosen, More):  # the next page of a section: choose again, no reward
            self._page = chosen
            self._legal = self.actions.legal_map(self.game, 0, page=chosen)
            return self._observation(), 0.0, False, False, self._info()
        before = self._value()
        self.game.apply(chosen)
        self.count += 1
        reward = self._value() - before
        terminated = self.game.over
        if terminated and self.game.state.winner == 0 and self.reward in BONUS_REWARDS:
            reward += self.win_bonus
        truncated = not terminated and self.count >= self.max_actions
        self._refresh()
        info = {**self._info(), "won": self.game.state.winner == 0} if terminated else self._info()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self._masks.mask(self._legal)

    def render(self) -> str | None:
        """The position as text (railways.rl.render): returned ("ansi") or printed ("human";
        ``reset`` and ``step`` print it too, Gymnasium's meaning of the mode)."""
        return render(self.game, f"{self.map_id} solo", self.render_mode)


def register_envs() -> None:
    """Register ``railways/Solo-v0`` with Gymnasium (again is harmless)."""
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="railways.rl.gym_env:SoloEnv")


register_envs()
