"""OpenSpiel: the game as ``python_railways``, registered with pyspiel on import.

``import railways.rl.openspiel_game`` then ``pyspiel.load_game("python_railways",
{"players": 4, "map": "eastern-us"})``. Needs the ``open_spiel`` package.

Chance: the engine draws goods cubes, cards and the turn order from its own seeded
generator inside the actions that cause the draws, so a draw is not a separate step
an outside caller could choose. Rather than change the engine, the game starts with
one chance node whose outcomes are the game seeds (``seeds`` of them, equally
likely); after it every step is a player's, and the rest of the game is determined by
the seed and the actions, as in the engine. Players never see the seed, so to them
the draws are as random as real ones. docs/rl.md says more.

Information: observations and information states are made from the seat's view
(``view_for``) only. The information-state string is the seat's view plus every
action so far as the engine writes it for the table (``str(action)``, which hides
which Rail Baron card was kept); the information-state tensor is the seat's current
observation vector (``ObservationEncoding``), not the whole history.

Utility: 1 for the winner, 0 for everyone else (games cut off at ``max_actions``: 0
for all); the reward comes at the end.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from railways.core.actions import Action
from railways.core.game import Game
from railways.core.view import view_for
from railways.rl.encoding import ActionEncoding
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game

SHORT_NAME = "python_railways"
DEFAULTS: dict[str, Any] = {"players": 4, "map": "eastern-us", "seeds": 1000, "max_actions": 5000}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Railways of the World (Python)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


@dataclass(frozen=True)
class Spec:
    """What a state needs of its game (pyspiel may hand states a bare copy of the game)."""

    map_id: str
    players: int
    seeds: int
    max_actions: int

    @property
    def actions(self) -> ActionEncoding:
        return _encodings(self.map_id, self.players)[0]

    @property
    def obs(self) -> ObservationEncoding:
        return _encodings(self.map_id, self.players)[1]


@functools.cache
def _encodings(map_id: str, players: int) -> tuple[ActionEncoding, ObservationEncoding]:
    template = new_game(map_id, players=players, seed=0)
    return ActionEncoding(template), ObservationEncoding(template)


def _copy_game(game: Game) -> Game:
    """A copy that shares the board, ruleset and kinds (read-only) but not the state."""
    import copy

    twin = copy.copy(game)
    twin.actions = list(game.actions)
    twin.history = list(game.history)
    twin.state = copy.deepcopy(game.state)  # also gives the copy its own derived caches
    return twin


class RailwaysGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**DEFAULTS, **(params or {})}
        spec = Spec(
            str(values["map"]),
            int(values["players"]),
            int(values["seeds"]),
            int(values["max_actions"]),
        )
        if spec.seeds < 1:
            raise ValueError("seeds must be at least 1")
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions.size,
            max_chance_outcomes=spec.seeds,
            num_players=spec.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=spec.max_actions + 1,
        )
        super().__init__(_GAME_TYPE, info, values)
        self.spec = spec

    def new_initial_state(self) -> RailwaysState:
        return RailwaysState(self, self.spec)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RailwaysObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return RailwaysObserver(self.spec, iig_obs_type)


class Engine:
    """The engine's game and its legal actions, copied cheaply.

    pyspiel clones a Python state by deep-copying its attributes; this holder copies
    only the game state (the board, ruleset and action kinds are shared, read-only).
    """

    def __init__(self, game: Game, legal: dict[int, Action]) -> None:
        self.game = game
        self.legal = legal

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(_copy_game(self.game), dict(self.legal))


class RailwaysState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: pyspiel.Game, spec: Spec) -> None:
        super().__init__(game)
        self.spec = spec
        self.engine: Engine | None = None  # none until the chance node picks the seed
        self.public: list[str] = []  # every action as the table sees it

    @property
    def game(self) -> Game | None:
        return None if self.engine is None else self.engine.game

    @property
    def _legal(self) -> dict[int, Action]:
        return {} if self.engine is None else self.engine.legal

    # -- the OpenSpiel state API ---------------------------------------------------------
    def current_player(self) -> int:
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.game.to_act
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        if self.game is None:
            return False
        return self.game.over or len(self.game.actions) >= self.spec.max_actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.spec.seeds
        return [(s, p) for s in range(self.spec.seeds)]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal) if player == self.current_player() else []

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            game = new_game(self.spec.map_id, players=self.spec.players, seed=int(action))
            self.engine = Engine(game, {})
        else:
            chosen = self.engine.legal.get(int(action))
            if chosen is None:
                raise ValueError(f"action {action} is not legal now")
            self.engine.game.apply(chosen)
            self.public.append(str(chosen))
        game = self.engine.game
        seat = game.to_act
        if self.is_terminal() or seat is None:
            self.engine.legal = {}
        else:
            self.engine.legal = self.spec.actions.legal_map(game, seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.spec.actions.describe(int(action))

    def returns(self) -> list[float]:
        out = [0.0] * self.spec.players
        if self.game is not None and self.game.over and self.game.state.winner is not None:
            out[self.game.state.winner] = 1.0
        return out

    def __str__(self) -> str:
        if self.game is None:
            return "before the deal"
        state = self.game.state
        scores = ", ".join(f"P{p.seat + 1} {p.score}" for p in state.players)
        return f"turn {state.turn} {state.phase.value}, {len(self.public)} actions; {scores}"


class RailwaysObserver:
    """Observations (and information states) of a seat, from its view only."""

    def __init__(self, spec: Spec, iig_obs_type: Any) -> None:
        self.spec = spec
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(spec.obs.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RailwaysState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.spec.obs.observe(state.game, player)

    def string_from(self, state: RailwaysState, player: int) -> str:
        if state.game is None:
            return f"seat {player}: before the deal"
        view = view_for(state.game, player)
        view.pop("log", None)  # the log repeats the actions in words
        text = f"seat {player}: " + json.dumps(view, sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            text += " | " + " ; ".join(state.public)
        return text


pyspiel.register_game(_GAME_TYPE, RailwaysGame)
