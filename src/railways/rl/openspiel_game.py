"""OpenSpiel: the game as ``python_railways``, registered with pyspiel on import.

``import railways.rl.openspiel_game`` then ``pyspiel.load_game("python_railways",
{"players": 4, "map": "eastern-us"})``. Needs the ``open_spiel`` package.

Chance: the game starts with one chance node, the deal (``seeds`` outcomes, equally
likely: the seed of the engine's setup, which places the first cubes, shuffles the
decks and deals the Rail Baron cards). From then on the engine holds no seed: every
draw the rules make during play (a cube from the bag, a card's place in a shuffle, an
event, a Railbot card) is a chance node of its own, whose outcomes are the ``n``
equally likely answers of that draw (``railways.rl.chance``). A player's action that
draws is carried out when its last draw is chosen; until then the state is a chance
node. docs/rl.md says more.

Information: observations and information states are made from the seat's view
(``view_for``) only. The information-state string is the seat's view plus every
action so far as the engine writes it for the table (``str(action)``, which hides
which Rail Baron card was kept); the information-state tensor is the seat's current
observation vector (``ObservationEncoding``), not the whole history.

Serialization is the history of actions and outcomes, one a line; deserializing
replays it, each step once (linear in the length).

Utility: 1 for the winner, 0 for everyone else (games cut off at ``max_actions``: 0
for all); the reward comes at the end.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from railways.core.actions import Action
from railways.core.game import Game
from railways.core.view import view_for
from railways.rl.chance import apply_with_draws, scripted
from railways.rl.encoding import ActionEncoding, LegalMap
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game

SHORT_NAME = "python_railways"
DEFAULTS: dict[str, Any] = {"players": 4, "map": "eastern-us", "seeds": 1000, "max_actions": 5000}
MIN_DRAW_BOUND = 256  # outcomes a draw may have at least (draw_bound)
MAX_DRAWS_PER_ACTION = 64  # for max_game_length only: an action's draws, loosely bounded

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

    @property
    def draw_bound(self) -> int:
        return _encodings(self.map_id, self.players)[2]


@functools.cache
def _encodings(map_id: str, players: int) -> tuple[ActionEncoding, ObservationEncoding, int]:
    template = new_game(map_id, players=players, seed=0)
    return ActionEncoding(template), ObservationEncoding(template), draw_bound(template)


def draw_bound(game: Game) -> int:
    """The most outcomes one draw of ``game`` may have: a cube of all the goods, a place in
    a shuffle or a deck of all the cards (Operations cards and Rail Barons), with room to
    spare for plug-ins' decks. A draw past it is refused (``RailwaysState``)."""
    state = game.state
    goods = sum(state.bag.values()) + sum(len(c) for c in state.cubes.values())
    cards = len(game.ruleset.cards) + len(game.ruleset.barons) + 1
    return max(goods, cards, MIN_DRAW_BOUND)


@dataclass
class Pending:
    """A player's action being carried out: the draw outcomes chosen for it so far, and how
    many outcomes its next draw has."""

    action: Action
    outcomes: list[int]
    bound: int


class RailwaysGame(pyspiel.Game):  # type: ignore[misc]
    """The game as an OpenSpiel game (registered as ``python_railways``): ``params`` choose
    the board and player count; the engine's draws are chance nodes (docs/rl.md)."""

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
            max_chance_outcomes=max(spec.seeds, spec.draw_bound),
            num_players=spec.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # the deal, then each action and its draws (loosely bounded, as OpenSpiel allows)
            max_game_length=1 + spec.max_actions * (1 + MAX_DRAWS_PER_ACTION),
        )
        super().__init__(_GAME_TYPE, info, values)
        self.spec = spec

    def new_initial_state(self) -> RailwaysState:
        """A state before the deal (its first node is chance)."""
        return RailwaysState(self, self.spec)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RailwaysObserver:
        """An observer of a seat's view, for OpenSpiel's observation and information-state calls."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return RailwaysObserver(self.spec, iig_obs_type)


class Engine:
    """The game as a chain of steps (the deal, players' actions, draw outcomes), without pyspiel.

    Holds the engine's game, the legal actions, the action waiting for draws, what the
    table has seen and every step so far. pyspiel clones a Python state by deep-copying
    its attributes: this copies only the game state (``Game.copy``: the board, ruleset and
    action kinds are shared, read-only). It pickles as its spec and steps, and unpickles by
    replaying them, so a serialized state is its history and nothing else.
    """

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.game: Game | None = None  # none until the deal
        self.legal: Mapping[int, Action] = {}
        self.pending: Pending | None = None
        self.public: list[str] = []  # every action as the table sees it
        self.steps: list[int] = []

    @classmethod
    def replay(cls, spec: Spec, steps: list[int]) -> Engine:
        engine = cls(spec)
        for step in steps:
            engine.step(step)
        return engine

    def __reduce__(self) -> tuple[Any, ...]:
        return (Engine.replay, (self.spec, list(self.steps)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        twin = Engine(self.spec)
        twin.game = None if self.game is None else self.game.copy()
        twin.legal = self.legal  # never changed in place: a new map after each step
        pending = self.pending
        if pending is not None:
            twin.pending = Pending(pending.action, list(pending.outcomes), pending.bound)
        twin.public = list(self.public)
        twin.steps = list(self.steps)
        return twin

    @property
    def chance(self) -> bool:
        return self.game is None or self.pending is not None

    @property
    def terminal(self) -> bool:
        if self.game is None or self.pending is not None:
            return False
        return self.game.over or len(self.game.actions) >= self.spec.max_actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.spec.seeds if self.pending is None else self.pending.bound
        p = 1.0 / n
        return [(k, p) for k in range(n)]

    def step(self, action: int) -> None:
        """Take one step: the deal, a player's action index or a draw's outcome."""
        if self.game is None:
            game = new_game(self.spec.map_id, players=self.spec.players, seed=action)
            self.game = scripted(game)
            self.steps.append(action)
            self._refresh_legal()
            return
        if self.pending is None:
            chosen = self.legal.get(action)
            if chosen is None:
                raise ValueError(f"action {action} is not legal now")
            self.pending = Pending(chosen, [], 0)
        else:
            if not 0 <= action < self.pending.bound:
                raise ValueError(f"outcome {action} is not below {self.pending.bound}")
            self.pending.outcomes.append(action)
        self.steps.append(action)
        self._carry_out()

    def _carry_out(self) -> None:
        """Play the pending action with the outcomes drawn so far, or wait for its next draw."""
        pending, game = self.pending, self.game
        assert pending is not None and game is not None
        done = apply_with_draws(game, pending.action, pending.outcomes)
        if isinstance(done, int):
            if done > self.spec.draw_bound:
                raise ValueError(
                    f"a draw of {done} outcomes is past this game's bound of "
                    f"{self.spec.draw_bound} (MIN_DRAW_BOUND in railways.rl.openspiel_game)"
                )
            pending.bound = done
            self.legal = {}
            return
        self.game = done
        self.pending = None
        self.public.append(str(pending.action))
        self._refresh_legal()

    def _refresh_legal(self) -> None:
        game = self.game
        assert game is not None
        seat = game.to_act
        if self.terminal or seat is None:
            self.legal = {}
        else:
            self.legal = self.spec.actions.legal_map(game, seat)


class RailwaysState(pyspiel.State):  # type: ignore[misc]
    """A position of the game for OpenSpiel: its history of chance outcomes and actions."""

    def __init__(self, game: pyspiel.Game, spec: Spec) -> None:
        super().__init__(game)
        self.engine = Engine(spec)

    @property
    def spec(self) -> Spec:
        return self.engine.spec

    @property
    def game(self) -> Game | None:
        return self.engine.game

    @property
    def pending(self) -> Pending | None:
        return self.engine.pending

    @property
    def public(self) -> list[str]:
        return self.engine.public

    # -- the OpenSpiel state API ---------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
        if self.engine.chance:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.game is not None
        seat = self.game.to_act
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        """Whether the game is over (or was cut off at its action limit)."""
        return self.engine.terminal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The draw waited for, as (outcome, probability) pairs, all equally likely."""
        return self.engine.chance_outcomes()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        legal = self.engine.legal
        return legal.indices().tolist() if isinstance(legal, LegalMap) else sorted(legal)

    def _apply_action(self, action: int) -> None:
        self.engine.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            pending = self.pending
            if pending is None:
                return f"deal {action}"
            return f"draw {action} of {pending.bound}"
        return self.spec.actions.describe(int(action))

    def returns(self) -> list[float]:
        """1 for the winner of a finished game, 0 for every other seat (and before the end)."""
        out = [0.0] * self.spec.players
        game = self.game
        if self.is_terminal() and game is not None and game.state.winner is not None:
            out[game.state.winner] = 1.0
        return out

    def __str__(self) -> str:
        if self.game is None:
            return "before the deal"
        state = self.game.state
        scores = ", ".join(f"P{p.seat + 1} {p.score}" for p in state.players)
        waiting = "" if self.pending is None else ", waiting for a draw"
        actions = len(self.public)
        return f"turn {state.turn} {state.phase.value}, {actions} actions{waiting}; {scores}"


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
