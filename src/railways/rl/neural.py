"""A small neural policy in numpy: it scores every legal action index, and plays the best.

The network reads what an agent may read (docs/rl.md): the seat's observation arrays
(``ObservationEncoding``) and the action catalogue (``ActionEncoding``), never the engine.
Each legal index becomes a row of *action features*: its kind (the catalogue's section, one
hot), its key's first slot or not, its key's size (a delivery's links, a build's tiles), a
build's list price and the bonds it would need beyond the seat's cash; for each of the
key's two ends (a build's end hexes, a delivery's cities, an urbanized city), whether a city
is there, its goods cubes, whether it is empty, whose track is there and next to it; and the
cubes at each end that the other end's city takes (the deliveries a link between them opens).
The *state features* are the seat's own numbers, the globals, the phase and its lead over the
best other seat.

One hidden layer joins them: ``h = relu(A @ wa + s @ ws + b)``, ``logit = h @ v``, and a
softmax over the legal rows alone is the policy (the mask is the set of rows, so an illegal
index never has a probability). ``railways.rl.imitation`` trains it; ``save``/``load`` keep
it in a small ``.npz``; ``NeuralBot`` seats it at a table (``railways tournament``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from railways.core.actions import Action
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.legal import LegalActions
from railways.rl.encoding import ActionEncoding, More
from railways.rl.observation import GLOBAL_FEATURES, PHASES, PLAYER_FEATURES, ObservationEncoding

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]

CHECKPOINT_FORMAT = 1  # raised whenever the features or the arrays of a checkpoint change
# Each seat number over a typical size, so that each is about 0..1 (others as they are).
PLAYER_SCALES = {"cash": 20.0, "bonds": 5.0, "score": 50.0, "income": 10.0, "engine": 6.0}
PLAYER_SCALES |= {"hand": 5.0, "kept": 5.0, "links": 20.0, "delivered_colors": 5.0}
GLOBAL_SCALES = {"turn": 10.0, "round": 10.0, "high_bid": 20.0, "ops_deck_size": 50.0}
GLOBAL_SCALES |= {"bag_size": 100.0, "empty_cities": 10.0, "extra_actions": 3.0}
END_FEATURES = 7  # per end: a city, its cubes, empty, own / others' track there, and next to it
STATE_WIDTH = 1 + len(PLAYER_FEATURES) + len(GLOBAL_FEATURES) + len(PHASES) + 2


def _scales(names: tuple[str, ...], scales: dict[str, float]) -> F32:
    return np.array([scales.get(n, 1.0) for n in names], dtype=np.float32)


_PLAYER_DIV = _scales(PLAYER_FEATURES, PLAYER_SCALES)
_GLOBAL_DIV = _scales(GLOBAL_FEATURES, GLOBAL_SCALES)
_SCORE = PLAYER_FEATURES.index("score")
_CASH = PLAYER_FEATURES.index("cash")


def action_width(sections: int) -> int:
    """The length of an action's feature row, with ``sections`` kinds known."""
    return sections + 4 + 2 * END_FEATURES + 2


class Catalogue:
    """Per index of one board's catalogue, what its key says (made once per board)."""

    def __init__(self, actions: ActionEncoding, obs: ObservationEncoding, sections: list[str]):
        size = actions.size
        self.section = np.full(size, -1, dtype=np.int64)  # the kind, in ``sections``; -1: none
        self.static = np.zeros((size, 3), dtype=np.float32)  # first slot, size, list price
        self.ends = np.full((size, 2), -1, dtype=np.int64)  # board cells of the key's ends
        self.bond_value = float(actions.board.tables.bond_value)
        self.cells = obs.rows * obs.cols
        board = actions.board
        known = {name: i for i, name in enumerate(sections)}

        def cell(row: int, col: int) -> int:
            return row * obs.cols + col

        for section in actions.sections.values():
            self.section[section.start : section.end] = known.get(section.name, -1)
            for k, key in enumerate(section.keys):
                at = section.start + k * section.slots
                rows = slice(at, at + section.slots)
                self.static[at, 0] = 1.0
                ends, size_, price = _key_facts(key, board, obs)
                self.static[rows, 1] = size_
                self.static[rows, 2] = price
                for e, (row, col) in enumerate(ends[:2]):
                    self.ends[rows, e] = cell(row, col)
        self._channels = obs.channels
        # each cell's neighbours' cells (-1: off the grid, which reads the last, empty row)
        self.around = np.full((self.cells, 6), -1, dtype=np.int64)
        for h in board.hexes:
            for k, (_side, n) in enumerate(h.neighbours()):
                if 0 <= n.row < obs.rows and 0 <= n.col < obs.cols:
                    self.around[cell(h.row, h.col), k] = cell(n.row, n.col)

    def features(self, arrays: dict[str, F32], legal: I64, sections: int) -> F32:
        """The action rows of ``legal`` (indices) given the seat's observation arrays."""
        board = arrays["board"].reshape(self.cells, -1)
        ends = _end_features(board, self._channels, self.around)
        cash = float(arrays["players"][0][_CASH])
        rows = np.zeros((len(legal), action_width(sections)), dtype=np.float32)
        kinds = self.section[legal]
        known = kinds >= 0
        rows[np.flatnonzero(known), kinds[known]] = 1.0
        static = self.static[legal]
        rows[:, sections] = static[:, 0]
        rows[:, sections + 1] = static[:, 1]
        rows[:, sections + 2] = static[:, 2] / 10.0
        rows[:, sections + 3] = np.maximum(static[:, 2] - cash, 0.0) / self.bond_value
        at = sections + 4
        for e in range(2):
            rows[:, at + e * END_FEATURES : at + (e + 1) * END_FEATURES] = ends[self.ends[legal, e]]
        cubes, wants = _goods(board, self._channels)
        one, other = self.ends[legal, 0], self.ends[legal, 1]
        rows[:, -2] = (cubes[one] * wants[other]).sum(axis=1)
        rows[:, -1] = (cubes[other] * wants[one]).sum(axis=1)
        return rows


def _key_facts(
    key: tuple[Any, ...], board: Any, obs: ObservationEncoding
) -> tuple[list[tuple[int, int]], float, float]:
    """A key's ends (hex offsets), its size (scaled) and its tiles' list price ($1,000s)."""
    if key[0] in ("link", "leg"):
        path = key[1]
        tiles = [Hex.from_offset(r, c) for r, c in path[1:-1]]
        price = float(sum(board.tables.terrain_costs.of(board.hexes[h]) for h in tiles))
        return [path[0], path[-1]], max(len(path) - 2, 0) / 4.0, price
    if key[0] == "extend":
        return [key[1], obs.city_hex[key[2]]], 0.25, 0.0
    if key[0] == "deliver":
        return [obs.city_hex[key[1]], obs.city_hex[key[2]]], float(key[3]) / 6.0, 0.0
    cities = [
        obs.city_hex[part] for part in key[1:] if isinstance(part, str) and part in obs.city_hex
    ]
    return cities, 0.0, 0.0


def _end_features(board: F32, channels: dict[str, tuple[int, int]], around: I64) -> F32:
    """Per board cell, and a last row of zeros for "no end": a city, its cubes (/3), empty,
    own track there, anyone else's there, own track next to it, anyone else's next to it
    (a city holds no track: the track next to it says whose links reach it)."""
    track = board[:, channels["track"][0] : channels["track"][1]]
    own = np.append((track[:, 0] > 0).astype(np.float32), 0.0)
    others = np.append((track[:, 1:].sum(axis=1) > 0).astype(np.float32), 0.0)
    cubes = board[:, channels["cubes"][0] : channels["cubes"][1]].sum(axis=1) / 3.0
    out = np.zeros((len(board) + 1, END_FEATURES), dtype=np.float32)
    out[:-1, 0] = board[:, channels["city"][0]]
    out[:-1, 1] = cubes
    out[:-1, 2] = board[:, channels["empty_city"][0]]
    out[:, 3], out[:, 4] = own, others
    out[:-1, 5] = own[around].max(axis=1)
    out[:-1, 6] = others[around].max(axis=1)
    return out


def _goods(board: F32, channels: dict[str, tuple[int, int]]) -> tuple[F32, F32]:
    """Per board cell (and a last row of zeros for "no end"): its cubes of each goods
    colour, and whether its city takes that colour; so one end's cubes times the other's
    colour counts the deliveries a link between them would open."""
    cubes = board[:, channels["cubes"][0] : channels["cubes"][1]]
    colours = board[:, channels["city_color"][0] : channels["city_color"][1]][:, : cubes.shape[1]]
    pad = np.zeros((1, cubes.shape[1]), dtype=np.float32)
    return np.vstack([cubes, pad]), np.vstack([colours, pad])


def state_features(arrays: dict[str, F32]) -> F32:
    """A bias, the seat's numbers, the globals, the phase and the lead over the next seat."""
    me = arrays["players"][0] / _PLAYER_DIV
    others = arrays["players"][1:, _SCORE] if len(arrays["players"]) > 1 else np.zeros(1)
    lead = (arrays["players"][0][_SCORE] - float(others.max())) / 50.0
    return np.concatenate(
        [
            np.ones(1, dtype=np.float32),
            me,
            arrays["globals"] / _GLOBAL_DIV,
            arrays["phase"],
            np.array([lead, float(len(arrays["players"]) > 1)], dtype=np.float32),
        ]
    ).astype(np.float32)


@dataclass
class Network:
    """The weights: ``wa`` (action features), ``ws`` (state features), ``b``, ``v``; and the
    kinds (section names) the action rows' one-hot part stands for."""

    sections: list[str]
    wa: F32
    ws: F32
    b: F32
    v: F32

    @classmethod
    def initial(cls, sections: list[str], hidden: int, seed: int) -> Network:
        """Small random weights (a fixed ``seed``), so that training starts the same."""
        rng = np.random.default_rng(seed)
        width = action_width(len(sections))

        def weights(rows: int, cols: int) -> F32:
            out: F32 = (rng.standard_normal((rows, cols)) / np.sqrt(rows)).astype(np.float32)
            return out

        return cls(
            list(sections),
            weights(width, hidden),
            weights(STATE_WIDTH, hidden),
            np.zeros(hidden, dtype=np.float32),
            (weights(hidden, 1)[:, 0] * 0.1).astype(np.float32),
        )

    def arrays(self) -> dict[str, F32]:
        """The weight arrays by name (the arrays themselves: training updates them)."""
        return {"wa": self.wa, "ws": self.ws, "b": self.b, "v": self.v}

    def logits(self, rows: F32, state: F32) -> F32:
        """One logit per action row (all rows from one position, ``state`` its features)."""
        hidden = np.maximum(rows @ self.wa + (state @ self.ws + self.b), 0.0)
        out: F32 = hidden @ self.v
        return out

    def save(self, path: Path, **meta: str) -> None:
        """Write the weights and ``meta`` (the board, the setting) to ``path`` (``.npz``)."""
        arrays: dict[str, npt.NDArray[Any]] = {
            "format": np.array(CHECKPOINT_FORMAT, dtype=np.int64),
            "sections": np.array(self.sections, dtype=str),
            "meta_keys": np.array(list(meta), dtype=str),
            "meta_values": np.array(list(meta.values()), dtype=str),
            **self.arrays(),
        }
        np.savez_compressed(path, allow_pickle=False, **arrays)

    @classmethod
    def load(cls, path: Path) -> tuple[Network, dict[str, str]]:
        """A saved network and its meta; ``ValueError`` for a file of another format."""
        with np.load(path, allow_pickle=False) as data:
            found = int(data["format"]) if "format" in data else None
            if found != CHECKPOINT_FORMAT:
                raise ValueError(
                    f"{path}: checkpoint format {found}, this version reads {CHECKPOINT_FORMAT}"
                )
            meta = dict(zip(data["meta_keys"].tolist(), data["meta_values"].tolist(), strict=True))
            net = cls(
                [str(s) for s in data["sections"].tolist()],
                data["wa"].astype(np.float32),
                data["ws"].astype(np.float32),
                data["b"].astype(np.float32),
                data["v"].astype(np.float32),
            )
        if net.wa.shape[0] != action_width(len(net.sections)) or net.ws.shape[0] != STATE_WIDTH:
            raise ValueError(f"{path}: its weights do not fit this version's features")
        return net, meta


class Reader:
    """One board's encodings and catalogue facts, for one network's kinds."""

    def __init__(self, game: Game, sections: list[str]) -> None:
        self.actions = ActionEncoding(game)
        self.obs = ObservationEncoding(game)
        self.catalogue = Catalogue(self.actions, self.obs, sections)
        self.sections = len(sections)

    def position(
        self, game: Game, seat: int, legal: LegalActions | None = None, page: More | None = None
    ) -> tuple[Any, I64, F32, F32]:
        """The legal map (of ``page``, when given), its indices (sorted), their action rows
        and the state features."""
        by_index = self.actions.legal_map(game, seat, legal, page)
        indices = np.array(sorted(by_index), dtype=np.int64)
        arrays = self.obs.cut(self.obs.observe(game, seat))
        rows = self.catalogue.features(arrays, indices, self.sections)
        return by_index, indices, rows, state_features(arrays)


class NeuralBot:
    """A network seated as a bot: it plays the legal index with the highest logit."""

    def __init__(self, network: Network, name: str = "neural") -> None:
        self.network = network
        self.name = name
        self._readers: dict[tuple[int, int], Reader] = {}
        self.unindexed = 0  # positions the catalogue could not index (see ``choose``)

    def reader(self, game: Game) -> Reader:
        """The encodings of ``game``'s board and seats, made once."""
        key = (id(game.board), len(game.seats))
        if key not in self._readers:
            self._readers[key] = Reader(game, self.network.sections)
        return self._readers[key]

    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        """The legal action whose index the network scores highest. In a position the
        catalogue cannot index (more routes than its pool: ``ActionEncoding`` says so), the
        first of the engine's legal actions, counted in ``unindexed``."""
        try:
            by_index, indices, rows, state = self.reader(game).position(game, seat, legal)
        except ValueError:
            self.unindexed += 1
            first: Action = legal.all()[0]
            return first
        if len(indices) == 0:
            raise ValueError(f"{self.name}: no legal action has an index")
        best = int(indices[int(np.argmax(self.network.logits(rows, state)))])
        chosen = by_index[best]
        while isinstance(chosen, More):  # the next page of a section: score it in turn
            by_index, indices, rows, state = self.reader(game).position(game, seat, legal, chosen)
            chosen = by_index[int(indices[int(np.argmax(self.network.logits(rows, state)))])]
        action: Action = chosen
        return action


# -- checkpoints seated by name ------------------------------------------------------------
CHECKPOINTS = Path(__file__).parent / "checkpoints"


@lru_cache(maxsize=16)
def _loaded(path: Path) -> Network:
    return Network.load(path)[0]


def load_bot(path: str | Path, name: str = "neural") -> NeuralBot:
    """A bot playing the network saved at ``path`` (loaded once per process)."""
    return NeuralBot(_loaded(Path(path).resolve()), name)


def solo(seed: int) -> NeuralBot:
    """The network cloned from greedy's solo games on Eastern U.S. (``checkpoints/solo.npz``;
    the board it learned on is in its metadata, ``map``); ``railways simulate --solo --bot
    railways.rl.neural:solo`` seats it (``seed`` unused: it plays its best index)."""
    return load_bot(CHECKPOINTS / "solo.npz", "neural-solo")


def duel(seed: int) -> NeuralBot:
    """The network cloned from greedy's two-player games on Eastern U.S.: ``railways
    tournament --players 2 --bots greedy,railways.rl.neural:duel`` seats it."""
    return load_bot(CHECKPOINTS / "duel.npz", "neural-duel")
