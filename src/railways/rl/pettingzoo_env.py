"""A PettingZoo AEC environment: ``env(map="eastern-us", players=4)``.

Agents are ``player_0`` .. ``player_{n-1}`` (seats). Each observation is a dict
``{"observation": float32 vector, "action_mask": int8 vector}`` (docs/rl.md), or with
``observation_type="dict"`` the observation as named arrays (``railways.rl.spaces``);
the acting agent's mask is its legal actions, everyone else's is all zeros. The reward
of a step is the change in each player's points by default: their score during the
game, their final score (with Rail Baron cards and bonds) once it ends, so an agent's
rewards add up to its final score; ``reward=`` picks another (``railways.rl.rewards``).
A game that passes ``max_actions`` actions is truncated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from railways.content.maps import DEFAULT_MAP
from railways.rl.encoding import ActionEncoding, Choice, More
from railways.rl.observation import ObservationEncoding
from railways.rl.render import RENDER_MODES, check_render_mode, render
from railways.rl.reuse import MaskPool
from railways.rl.rewards import DEFAULT_REWARD, check_reward, points, reward_value
from railways.rl.spaces import OBS_BOUND, make_observation, observation_space
from railways.rules import new_game

MAX_ACTIONS = 5000  # like `railways simulate`: a game that runs longer is cut off
__all__ = ["MAX_ACTIONS", "OBS_BOUND", "RailwaysAEC", "env", "points", "raw_env"]


class RailwaysAEC(AECEnv):  # type: ignore[misc]
    """A multiplayer game as a PettingZoo AEC environment: one agent per seat, agents
    ``player_0`` ... in seat order, each acting when the game says it is its turn.

    ``map`` and ``players`` choose the game, ``seed`` the seeds of the games ``reset``
    deals, ``max_actions`` truncates a game, ``observation_type`` is ``"flat"`` or
    ``"dict"``, ``reward`` one of railways.rl.rewards' kinds and ``modules`` the optional
    modules' ids (docs/rl.md).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": RENDER_MODES,  # railways.rl.render: a text summary
        "name": "railways_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        map: str = DEFAULT_MAP,
        players: int = 4,
        seed: int | None = None,
        max_actions: int = MAX_ACTIONS,
        render_mode: str | None = None,
        observation_type: str = "flat",
        reward: str = DEFAULT_REWARD,
        modules: Sequence[str] = (),
    ) -> None:
        super().__init__()
        # the optional modules' ids, as OpenSpiel's ``modules`` (none: the board's own)
        self.options = {"modules": list(modules)} if modules else None
        check_render_mode(render_mode)
        check_reward(reward)
        self.observation_type = observation_type
        self.reward = reward
        self.map_id = map
        self.players = players
        self.max_actions = max_actions
        self.render_mode = render_mode
        self._seeds = np.random.default_rng(seed)
        game = new_game(map, players=players, seed=0, options=self.options)
        self.actions = ActionEncoding(game)
        self.obs = ObservationEncoding(game)
        self._masks = MaskPool(self.actions.size)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.obs, self.actions.size, observation_type)
        self._obs_spaces = {a: obs_space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self.game = game
        self._legal: Mapping[int, Choice] = {}
        self._page: More | None = None  # the page of a section open now (docs/rl.md)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: its view of the game and the action mask."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete`` over the board's whole action catalogue."""
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (``seed`` reseeds the games dealt from now on)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**31 - 1))
        self.game = new_game(
            self.map_id, players=self.players, seed=game_seed, options=self.options
        )
        self.count = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._values = self._reward_values()
        self._select()

    def _select(self) -> None:
        self._page = None
        seat = self.game.to_act
        if seat is None:  # over: every agent is done; keep the selection for their last steps
            self._legal = {}
            return
        self.agent_selection = self.possible_agents[seat]
        self._legal = self.actions.legal_map(self.game, seat)

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees now, with its mask (all zeros unless it is to act)."""
        seat = self.agent_name_mapping[agent]
        acting = agent == self.agent_selection and not self.game.over
        mask = self._masks.mask(self._legal if acting else None)
        page = 0 if self._page is None or not acting else self._page.page
        return make_observation(self.obs, self.game, seat, mask, self.observation_type, page)

    def _reward_values(self) -> list[float]:
        return [reward_value(self.game, s, self.reward) for s in range(self.players)]

    def step(self, action: int | None) -> None:
        """Play the selected agent's ``action`` (an index its mask sets; ``None`` once the
        agent is done); ``ValueError`` for an index that is not legal now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing and must choose an action")
        index = int(action)
        chosen = self._legal.get(index)
        if chosen is None:
            raise ValueError(f"action {index} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        if isinstance(chosen, More):  # the next page: the same agent chooses again
            self._open(chosen)
            return
        self.game.apply(chosen)
        self.count += 1
        now = self._reward_values()
        for s, a in enumerate(self.possible_agents):
            self.rewards[a] = now[s] - self._values[s]
        self._values = now
        if self.game.over:
            self.terminations = {a: True for a in self.agents}
        elif self.count >= self.max_actions:
            self.truncations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()

    def _open(self, page: More) -> None:
        """Show the selected agent the page ``page`` opens; nothing else changes."""
        self._page = page
        self._legal = self.actions.legal_map(self.game, page.seat, page=page)
        self.rewards = {a: 0.0 for a in self.agents}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The position as text (railways.rl.render): returned ("ansi") or printed ("human")."""
        return render(self.game, f"{self.map_id}, {self.players} players", self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in this object."""
        pass


def raw_env(**kwargs: Any) -> RailwaysAEC:
    """PettingZoo's name for the environment without wrappers: ``RailwaysAEC(**kwargs)``."""
    return RailwaysAEC(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's usual guards (bounds, call order)."""
    wrapped: AECEnv = wrappers.AssertOutOfBoundsWrapper(raw_env(**kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
