"""OpenSpiel: the game as ``python_railways`` (and the solo game as ``python_railways_solo``),
registered with pyspiel on import.

``import railways.rl.openspiel_game`` then ``pyspiel.load_game("python_railways",
{"players": 4, "map": "eastern-us"})``, or ``pyspiel.load_game("python_railways_solo",
{"map": "eastern-us"})``. Needs the ``open_spiel`` package.

Chance: every draw the engine makes is a chance node of its own, whose outcomes are the
``n`` equally likely answers of that draw (``railways.rl.chance``): the deal's (the first
cubes in the cities, the decks' shuffles, the Rail Baron cards dealt, whatever the board's
set-up draws), then those of play (a cube from the bag, a card's place in a shuffle, an
event, a Railbot card). No seed is ever held. A player's action that draws is carried out
when its last draw is chosen; until then the state is a chance node. docs/rl.md says more.

Information: observations and information states are made from what the seat saw only. The
information state adds the seat's history to its current observation: every action as the
seat saw it (another seat's Rail Baron choice without the card) and a fingerprint of the
seat's observation after it, so what a draw showed the seat stays in its history.

Serialization is the history of actions and outcomes, one a line; deserializing replays it,
each step once (linear in the length).

Utility: 1 for the winner, 0 for everyone else (games cut off at ``max_actions``: 0 for all;
the solo game: 1 when the player wins); the reward comes at the end.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np
import pyspiel

from railways.content.maps import DEFAULT_MAP
from railways.core.actions import Action
from railways.core.game import Game
from railways.core.view import view_for
from railways.rl.chance import apply_with_draws, deal_with_draws
from railways.rl.encoding import ActionEncoding, Choice, LegalMap, More
from railways.rl.observation import ObservationEncoding
from railways.rules import new_game

SHORT_NAME = "python_railways"
SOLO_SHORT_NAME = "python_railways_solo"
# modules: the optional modules' ids, comma-separated ("" for the board's own only)
DEFAULTS: dict[str, Any] = {"players": 4, "map": DEFAULT_MAP, "max_actions": 5000, "modules": ""}
SOLO_DEFAULTS: dict[str, Any] = {"map": DEFAULT_MAP, "max_actions": 5000}
MIN_DRAW_BOUND = 256  # outcomes a draw may have at least (draw_bound)
MAX_DRAWS_PER_ACTION = 64  # for max_game_length only: an action's draws, loosely bounded
SECRET_FIELDS = ("baron",)  # an action with one of these shows other seats only its kind
FINGERPRINT_BYTES = 4  # of a seat's observation after an action, in its history


def _game_type(short_name: str, long_name: str, players: tuple[int, int]) -> pyspiel.GameType:
    solo = players == (1, 1)
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=SOLO_DEFAULTS if solo else DEFAULTS,
    )


_GAME_TYPE = _game_type(SHORT_NAME, "Railways of the World (Python)", (2, 6))
_SOLO_GAME_TYPE = _game_type(SOLO_SHORT_NAME, "Railways of the World: Rail Barons solo", (1, 1))


@dataclass(frozen=True)
class Spec:
    """What a state needs of its game (pyspiel may hand states a bare copy of the game)."""

    map_id: str
    players: int
    max_actions: int
    solo: bool = False
    modules: tuple[str, ...] = ()

    @property
    def options(self) -> dict[str, Any] | None:
        if self.solo:
            return {"solo": True}
        return {"modules": list(self.modules)} if self.modules else None

    @property
    def actions(self) -> ActionEncoding:
        return _encodings(self)[0]

    @property
    def obs(self) -> ObservationEncoding:
        return _encodings(self)[1]

    @property
    def draw_bound(self) -> int:
        return _encodings(self)[2]

    @property
    def row_width(self) -> int:
        """Numbers per action in the information-state tensor's history (``history_row``)."""
        return self.players + len(self.actions.sections) + 2 + FINGERPRINT_BYTES

    @property
    def section_starts(self) -> list[int]:
        return [section.start for section in self.actions.sections.values()]


@functools.cache
def _encodings(spec: Spec) -> tuple[ActionEncoding, ObservationEncoding, int, int]:
    template = new_game(spec.map_id, players=spec.players, seed=0, options=spec.options)
    dealt = template.state.rng.draws  # the deal's draws (for max_game_length only)
    return ActionEncoding(template), ObservationEncoding(template), draw_bound(template), dealt


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


@dataclass(frozen=True)
class Seen:
    """One action as the table saw it: who, its index (or only its kind's section, for a
    secret one, to the other seats), and each seat's fingerprint of what it saw after it.
    ``rows`` keeps each seat's row of the information-state tensor once made
    (``Engine.history_row``): the same every time, so clones share it."""

    actor: int
    index: int
    secret: bool
    text: str
    prints: tuple[bytes, ...]
    rows: dict[int, np.ndarray] = field(default_factory=dict, compare=False, repr=False)


class RailwaysGame(pyspiel.Game):  # type: ignore[misc]
    """The game as an OpenSpiel game (registered as ``python_railways``): ``params`` choose
    the board and player count; the engine's draws are chance nodes (docs/rl.md)."""

    game_type = _GAME_TYPE
    defaults = DEFAULTS

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**self.defaults, **(params or {})}
        solo = self.game_type is _SOLO_GAME_TYPE
        players = 1 if solo else int(values["players"])
        modules = tuple(m.strip() for m in str(values.get("modules", "")).split(",") if m.strip())
        spec = Spec(str(values["map"]), players, int(values["max_actions"]), solo, modules)
        if spec.max_actions < 1:
            raise ValueError("max_actions must be at least 1")
        dealt = _encodings(spec)[3]
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions.size,
            max_chance_outcomes=spec.draw_bound,
            num_players=spec.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # the deal's draws, then each action and its draws (loosely bounded, as
            # OpenSpiel allows)
            max_game_length=2 * dealt + spec.max_actions * (1 + MAX_DRAWS_PER_ACTION),
        )
        super().__init__(self.game_type, info, values)
        self.spec = spec

    def new_initial_state(self) -> RailwaysState:
        """A state before the deal (its first node is chance: the deal's first draw)."""
        return RailwaysState(self, self.spec)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RailwaysObserver:
        """An observer of a seat's view, for OpenSpiel's observation and information-state calls."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return RailwaysObserver(self.spec, iig_obs_type)


class RailwaysSoloGame(RailwaysGame):
    """The Rail Barons solo game as a one-player OpenSpiel game (``python_railways_solo``):
    ``params`` choose the board; the Railbot's draws, like every other, are chance nodes."""

    game_type = _SOLO_GAME_TYPE
    defaults = SOLO_DEFAULTS


class Engine:
    """The game as a chain of steps (the deal's draws, players' actions, draw outcomes),
    without pyspiel.

    Holds the engine's game, the legal actions, the action waiting for draws, what each seat
    has seen and every step so far. pyspiel clones a Python state by deep-copying its
    attributes: this copies only the game state (``Game.copy``: the board, ruleset and
    action kinds are shared, read-only). It pickles as its spec and steps, and unpickles by
    replaying them, so a serialized state is its history and nothing else.
    """

    def __init__(self, spec: Spec, outcomes: Sequence[int] = ()) -> None:
        """The engine before the deal, or after ``outcomes`` dealt (those past the deal are
        left to the caller: ``replay``)."""
        self.spec = spec
        self.game: Game | None = None  # none until the deal's last draw
        self.deal: list[int] = []  # the deal's outcomes so far
        self.deal_bound = 0  # outcomes of the deal's next draw
        self.legal: Mapping[int, Choice] = {}
        self.page: More | None = None  # the page of a section open now (docs/rl.md)
        self.pending: Pending | None = None
        self.seen: list[Seen] = []  # every action carried out, as the table saw it
        self.dealt_prints: tuple[bytes, ...] = ()  # what each seat saw of the deal
        self.steps: list[int] = []
        self.steps = list(outcomes[: self._deal(outcomes)])

    @classmethod
    def replay(cls, spec: Spec, steps: list[int]) -> Engine:
        """The engine after ``steps``, each taken once: the deal in one set-up, then the rest."""
        engine = cls(spec, steps)
        for step in steps[len(engine.steps) :]:
            engine.step(step)
        return engine

    def __reduce__(self) -> tuple[Any, ...]:
        return (Engine.replay, (self.spec, list(self.steps)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        twin = Engine.__new__(Engine)
        twin.spec = self.spec
        twin.game = None if self.game is None else self.game.copy()
        twin.deal = list(self.deal)
        twin.deal_bound = self.deal_bound
        twin.legal = self.legal  # never changed in place: a new map after each step
        twin.page = self.page
        pending = self.pending
        twin.pending = None
        if pending is not None:
            twin.pending = Pending(pending.action, list(pending.outcomes), pending.bound)
        twin.seen = list(self.seen)  # its entries are never changed
        twin.dealt_prints = self.dealt_prints
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
        if self.pending is not None:
            n = self.pending.bound
        elif self.game is None:
            n = self.deal_bound
        else:
            return []
        p = 1.0 / n
        return [(k, p) for k in range(n)]

    def step(self, action: int) -> None:
        """Take one step: a draw of the deal, a player's action index or a draw's outcome."""
        if self.game is None:
            if not 0 <= action < self.deal_bound:
                raise ValueError(f"outcome {action} is not below {self.deal_bound}")
            self._deal([*self.deal, action])
            self.steps.append(action)
            return
        if self.pending is None:
            chosen = self.legal.get(action)
            if chosen is None:
                raise ValueError(f"action {action} is not legal now")
            if isinstance(chosen, More):  # the next page of a section: the seat acts again
                assert self.game is not None
                self.page = chosen
                self.legal = self.spec.actions.legal_map(self.game, chosen.seat, page=chosen)
                self.steps.append(action)
                return
            self.pending = Pending(chosen, [], 0)
        else:
            if not 0 <= action < self.pending.bound:
                raise ValueError(f"outcome {action} is not below {self.pending.bound}")
            self.pending.outcomes.append(action)
        self.steps.append(action)
        self._carry_out()

    def _deal(self, outcomes: Sequence[int]) -> int:
        """Set the game up with ``outcomes`` as its draws (those past the deal are left);
        how many it used. Until the deal's last draw, the game stays unmade."""
        spec = self.spec
        dealt = deal_with_draws(spec.map_id, spec.players, spec.options, outcomes)
        if isinstance(dealt, int):
            self._check_bound(dealt)
            self.deal, self.deal_bound = list(outcomes), dealt
            return len(outcomes)
        self.game, used = dealt
        self.deal, self.deal_bound = list(outcomes[:used]), 0
        self.dealt_prints = self._fingerprints()
        self._refresh_legal()
        return used

    def _check_bound(self, bound: int) -> None:
        if bound > self.spec.draw_bound:
            raise ValueError(
                f"a draw of {bound} outcomes is past this game's bound of "
                f"{self.spec.draw_bound} (MIN_DRAW_BOUND in railways.rl.openspiel_game)"
            )

    def _carry_out(self) -> None:
        """Play the pending action with the outcomes drawn so far, or wait for its next draw."""
        pending, game = self.pending, self.game
        assert pending is not None and game is not None
        done = apply_with_draws(game, pending.action, pending.outcomes)
        if isinstance(done, int):
            self._check_bound(done)
            pending.bound = done
            self.legal = {}
            return
        index = self.steps[-1 - len(pending.outcomes)]  # the action's own step
        self.game = done
        self.pending = None
        action = pending.action
        secret = any(f.name in SECRET_FIELDS for f in fields(action))
        self.seen.append(Seen(action.seat, index, secret, str(action), self._fingerprints()))
        self._refresh_legal()

    def _fingerprints(self) -> tuple[bytes, ...]:
        """Each seat's fingerprint of its observation now (only what it may see)."""
        game, obs = self.game, self.spec.obs
        assert game is not None
        return tuple(
            hashlib.blake2b(
                obs.observe(game, seat).tobytes(), digest_size=FINGERPRINT_BYTES
            ).digest()
            for seat in range(self.spec.players)
        )

    def _refresh_legal(self) -> None:
        game = self.game
        assert game is not None
        seat = game.to_act
        self.page = None
        if self.terminal or seat is None:
            self.legal = {}
        else:
            self.legal = self.spec.actions.legal_map(game, seat)

    def history_row(self, seen: Seen, seat: int) -> np.ndarray:
        """``seen`` as ``seat`` saw it (``Spec.row_width`` numbers): the actor (one-hot, seats
        counted from ``seat``), the action's section (one-hot), its place in the section (0 to
        1; 0 and a hidden flag for another seat's secret action), then the fingerprint's
        bytes (0 to 1). Made once per action and seat."""
        row = seen.rows.get(seat)
        if row is not None:
            return row
        spec = self.spec
        sections = list(spec.actions.sections.values())
        k = int(np.searchsorted(spec.section_starts, seen.index, side="right")) - 1
        section = sections[k]
        row = np.zeros(spec.row_width, np.float32)
        row[(seen.actor - seat) % spec.players] = 1.0
        row[spec.players + k] = 1.0
        at = spec.players + len(sections)
        if seen.secret and seen.actor != seat:
            row[at + 1] = 1.0
        else:
            row[at] = (seen.index - section.start + 1) / (section.end - section.start)
        row[at + 2 :] = np.frombuffer(seen.prints[seat], np.uint8) / 255.0
        seen.rows[seat] = row
        return row


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
        """Every action carried out, as the table sees it (``str(action)``)."""
        return [seen.text for seen in self.engine.seen]

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
                return f"deal: draw {action} of {self.engine.deal_bound}"
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
            return f"dealing: {len(self.engine.deal)} draws so far"
        state = self.game.state
        scores = ", ".join(f"P{p.seat + 1} {p.score}" for p in state.players)
        waiting = "" if self.pending is None else ", waiting for a draw"
        actions = len(self.engine.seen)
        return f"turn {state.turn} {state.phase.value}, {actions} actions{waiting}; {scores}"


class RailwaysObserver:
    """Observations (and information states) of a seat, from what it saw only.

    The tensor is the observation, then the number of the page open to the seat (0: the
    position's first; docs/rl.md), then with perfect recall (OpenSpiel's information state)
    ``max_actions`` rows of history (``Engine.history_row``, zeros past the last action).
    The string is the view (and the page, where one is open), then with perfect recall each
    action as the seat saw it with its fingerprint.
    """

    def __init__(self, spec: Spec, iig_obs_type: Any) -> None:
        self.spec = spec
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        rows = spec.max_actions if self.perfect_recall else 0
        size = spec.obs.size
        self.tensor = np.zeros(size + 1 + rows * spec.row_width, np.float32)
        self.dict = {"observation": self.tensor[:size], "page": self.tensor[size : size + 1]}
        if self.perfect_recall:
            history = self.tensor[size + 1 :].reshape(rows, spec.row_width)
            self.dict["history"] = history

    def set_from(self, state: RailwaysState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.game is None:
            return
        self.dict["observation"][:] = self.spec.obs.observe(state.game, player)
        page = state.engine.page
        if page is not None and page.seat == player:
            self.dict["page"][0] = page.page
        if self.perfect_recall:
            engine, history = state.engine, self.dict["history"]
            seen = engine.seen[: len(history)]
            if seen:
                history[: len(seen)] = [engine.history_row(one, player) for one in seen]

    def string_from(self, state: RailwaysState, player: int) -> str:
        if state.game is None:
            return f"seat {player}: dealing"
        view = view_for(state.game, player)
        view.pop("log", None)  # the log repeats the actions in words
        text = f"seat {player}: " + json.dumps(view, sort_keys=True, separators=(",", ":"))
        page = state.engine.page
        if page is not None and page.seat == player:
            text += f" | page {page.page} of {page.section}"
        if self.perfect_recall:
            engine = state.engine
            past = [f"dealt {engine.dealt_prints[player].hex()}"]
            past += [f"{seen.text} {seen.prints[player].hex()}" for seen in engine.seen]
            text += " | " + " ; ".join(past)
        return text


pyspiel.register_game(_GAME_TYPE, RailwaysGame)
pyspiel.register_game(_SOLO_GAME_TYPE, RailwaysSoloGame)
