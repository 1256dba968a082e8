"""Observations as numpy arrays: what one seat may see, and nothing else.

Two ways make the same numbers. ``arrays(view)`` / ``flat(view)`` read a seat's view
(``railways.core.view.view_for``, the only door out of the engine for front ends) and the
public board. ``observe`` and ``observe_arrays``, what the environments call every step,
read the game state straight (``_fill_from_game``): building a whole JSON-ready view and
reading it back was most of a step's cost. That reader keeps the view's rules of secrecy
(``view_for``): another seat's Rail Baron card only once revealed or at the game's end,
the cards dealt only to the seat choosing, the decks and the bag by their sizes alone;
plug-ins are read through their own ``view(game, seat)``. tests/rl checks that both ways
give the same vector to the bit, and that no other seat's secret changes it.

Seats are listed from the observer's point of view: row 0 is the observer, row 1
the next seat, and so on; track of owners that are not seats (the solo Railbot) has
one more channel. docs/rl.md gives the layout and sizes.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt

from railways.core.board import GOODS_COLORS, Color, Terrain
from railways.core.game import Game
from railways.core.state import GameState, Phase
from railways.core.view import view_for
from railways.rl.encoding import field_domains
from railways.rl.reuse import held_elsewhere
from railways.rl.step_loops import RowWriter, track_cells

F32 = npt.NDArray[np.float32]
VECTORS_KEPT = 3  # vectors kept per seat for reuse (``observe``)

TERRAINS = list(Terrain)
COLORS = list(Color)
PHASES = list(Phase)
# Positions by the names a view uses (looking them up beats Enum calls and list.index).
_COLOR_AT = {c.value: i for i, c in enumerate(COLORS)}
_GOODS_AT = {c.value: i for i, c in enumerate(GOODS_COLORS)}
_PHASE_AT = {p.value: i for i, p in enumerate(PHASES)}
# The same positions by the members themselves, for reading the state.
_COLOR_OF = {c: i for i, c in enumerate(COLORS)}
_GOODS_OF = {c: i for i, c in enumerate(GOODS_COLORS)}
_PHASE_OF = {p: i for i, p in enumerate(PHASES)}
PLAYER_FEATURES = (
    "cash",
    "bonds",
    "score",
    "income",
    "engine",
    "hand",
    "kept",
    "has_baron",
    "baron_revealed",
    "links",
    "delivered_colors",
    "to_act",
    "first_player",
)
# The structured observation's schema (``ObservationEncoding.schema``); raised whenever an
# array, its shape's meaning or its labels change.
OBSERVATION_SCHEMA_VERSION = 1
GLOBAL_FEATURES = (
    "turn",
    "round",
    "high_bid",
    "ops_deck_size",
    "bag_size",
    "ecm_needed",
    "empty_cities",
    "extra_actions",
    "end_triggered",
    "over",
)


class PluginLayout:
    """Fixed slots for what plug-ins add to the view (``view["plugins"]``).

    Learnt from the view of a new game: a number or flag is one slot; a name (a city,
    card, baron or Major Line id), a list of names or of objects with an ``id``, and an
    object keyed by names are each one slot per name of the board's vocabulary (one-hot
    or many-hot); other objects are walked into. Values that do not fit their slot later
    are left at zero. Every value comes from the seat's view, like the rest.
    """

    def __init__(self, sample: dict[str, Any], vocabulary: list[str]) -> None:
        self.vocabulary = vocabulary
        self.index = {v: i for i, v in enumerate(vocabulary)}
        self.slots: list[tuple[tuple[str, ...], str]] = []
        self._walk(sample, ())
        self.size = sum(1 if how == "number" else len(vocabulary) for _p, how in self.slots)

    def _walk(self, value: Any, path: tuple[str, ...]) -> None:
        if isinstance(value, bool | int | float):
            self.slots.append((path, "number"))
        elif isinstance(value, str) or value is None:
            self.slots.append((path, "name"))
        elif isinstance(value, list):
            self.slots.append((path, "names"))
        elif isinstance(value, dict):
            if all(k in self.index for k in value):  # keyed by names (or empty)
                self.slots.append((path, "keys"))
            else:
                for key in sorted(value):
                    self._walk(value[key], (*path, key))

    def _name(self, value: Any) -> int | None:
        if isinstance(value, dict):
            value = value.get("id")
        return self.index.get(value) if isinstance(value, str) else None

    def fill(self, out: F32, plugins: dict[str, Any]) -> None:
        at = 0
        width = len(self.vocabulary)
        for path, how in self.slots:
            value: Any = plugins
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
            if how == "number":
                if isinstance(value, bool | int | float):
                    out[at] = float(value)
                at += 1
                continue
            if how == "name":
                items = [value]
            elif how == "keys":
                items = list(value) if isinstance(value, dict) else []
            else:
                items = list(value) if isinstance(value, list) else []
            for item in items:
                i = self._name(item)
                if i is not None:
                    out[at + i] += 1.0
            at += width


class ObservationEncoding:
    """Array layout for one board and player count (``players`` seats)."""

    def __init__(self, game: Game) -> None:
        board = game.board
        self.players = len(game.seats)
        self.rows = max(h.row for h in board.hexes) + 1
        self.cols = max(h.col for h in board.hexes) + 1
        self.cities = sorted(board.cities)
        self.city_hex = {c.id: (c.at.row, c.at.col) for c in board.cities.values()}
        self.cards = sorted(game.ruleset.cards)
        self.barons = sorted(game.ruleset.barons)
        self._card_at = {card: i for i, card in enumerate(self.cards)}
        self._baron_at = {baron: i for i, baron in enumerate(self.barons)}
        self.lines = sorted(board.major_lines)
        domains = field_domains(game)
        vocabulary = {*self.cities, *self.lines, *domains["card"], *domains["baron"]}
        self.plugins = PluginLayout(view_for(game, 0)["plugins"], sorted(vocabulary))
        self.owners = self.players + 1  # the seats, then any other owner (the Railbot)
        # board channels: on board, terrain, city, city colour, cubes, ECM, track by owner
        self.channels: dict[str, tuple[int, int]] = {}
        at = 0
        for name, width in (
            ("on_board", 1),
            ("terrain", len(TERRAINS)),
            ("city", 1),
            ("city_color", len(COLORS)),
            ("cubes", len(GOODS_COLORS)),
            ("empty_city", 1),
            ("track", self.owners),
        ):
            self.channels[name] = (at, at + width)
            at += width
        self.board_static = np.zeros((self.rows, self.cols, at), dtype=np.float32)
        for h, terrain in board.hexes.items():
            self.board_static[h.row, h.col, 0] = 1.0
            self.board_static[h.row, h.col, 1 + TERRAINS.index(terrain)] = 1.0
        for row, col in self.city_hex.values():
            self.board_static[row, col, self.channels["city"][0]] = 1.0
        self.shapes: dict[str, tuple[int, ...]] = {
            "board": self.board_static.shape,
            "players": (self.players, len(PLAYER_FEATURES)),
            "phase": (len(PHASES),),
            "globals": (len(GLOBAL_FEATURES),),
            "high_bidder": (self.owners,),
            "display": (len(self.cards),),
            "discard": (len(self.cards),),
            "hands": (self.players, len(self.cards)),
            "kept": (self.players, len(self.cards)),
            "barons": (self.players, len(self.barons)),
            "barons_dealt": (len(self.barons),),
            "major_lines": (len(self.lines), self.owners + 1),
            "plugins": (self.plugins.size,),
        }
        self.size = sum(int(np.prod(s)) for s in self.shapes.values())
        # Where each array lies in the flat vector (``flat`` fills views of one vector).
        self._spans: list[tuple[str, int, int, tuple[int, ...]]] = []
        at = 0
        for k, shape in self.shapes.items():
            n = int(np.prod(shape))
            self._spans.append((k, at, at + n, shape))
            at += n
        self._board_flat = self.board_static.ravel()
        self._at = {k: a for k, a, _b, _s in self._spans}  # each array's start in the vector
        self._nch = at_channels = self.board_static.shape[2]
        self._city_base = {  # a city's first board channel in the vector
            city: (r * self.cols + c) * at_channels for city, (r, c) in self.city_hex.items()
        }
        cubes = self.channels["cubes"][0]
        # The flat indices of the cities' cells before the track channels: where the board
        # planes (``_board``) can change during a game (``_update_template``).
        before_track = self.channels["track"][0]
        self._city_cells = np.array(
            [base + ch for base in sorted(self._city_base.values()) for ch in range(before_track)],
            dtype=np.intp,
        )
        self._cube_at = {  # a cube's board channel in the vector, by city and colour
            city: {color: base + cubes + i for color, i in _GOODS_OF.items()}
            for city, base in self._city_base.items()
        }
        self._rows = RowWriter(
            self._at,
            self.players,
            self.owners,
            len(PLAYER_FEATURES),
            self._card_at,
            self._baron_at,
            _PHASE_OF,
            self.lines,
        )
        # Owner columns of ``_track_counts`` in the order seat s sees them (itself first).
        self._seen_from = [
            np.array([*((s + r) % self.players for r in range(self.players)), self.players])
            for s in range(self.players)
        ]
        self._track_key: tuple[object, tuple[int, int, int]] | None = None
        self._track = np.zeros((self.rows * self.cols, self.owners), dtype=np.float32)
        self._own_links: list[int] = []  # each seat's complete links, kept with ``_track``
        # copies of the cubes, city colours and ECM markers ``_board_planes`` shows
        self._board_seen: tuple[dict[str, list[Color]], dict[str, Color], set[str]] | None = None
        self._board_planes = self._board_flat
        # seat -> (the board planes and track counts it was made from, its template)
        self._templates: dict[int, tuple[F32, F32, F32]] = {}
        # seat -> the vectors handed out, each with the board planes and track counts its
        # planes were last written from: written again once no one else holds them
        self._handed: dict[int, list[list[Any]]] = {}

    def _rel(self, owner: int | None, seat: int) -> int | None:
        """An owner's row as the observer sees it; other owners share the last row."""
        if owner is None:
            return None
        if 0 <= owner < self.players:
            return (owner - seat) % self.players
        return self.players

    def arrays(self, view: dict[str, Any]) -> dict[str, F32]:
        """The observation of ``view``'s seat, array by array (see ``shapes``)."""
        return self._fill(view, np.zeros(self.size, dtype=np.float32))

    def _fill(self, view: dict[str, Any], vector: F32) -> dict[str, F32]:
        """Write the observation into ``vector`` (zeros, ``size`` long); its arrays, as views."""
        seat = view["seat"]
        if seat is None:
            raise ValueError("observations are for a seat, not a spectator")
        out = {k: vector[a:b].reshape(shape) for k, a, b, shape in self._spans}
        board = out["board"]
        board.reshape(-1)[:] = self._board_flat
        cc, cu, ec, tr = (
            self.channels[k][0] for k in ("city_color", "cubes", "empty_city", "track")
        )
        city_hex = self.city_hex
        for city, color in view["city_colors"].items():
            r, c = city_hex[city]
            board[r, c, cc + _COLOR_AT[color]] = 1.0
        for city, cubes in view["cubes"].items():
            r, c = city_hex[city]
            for cube in cubes:
                board[r, c, cu + _GOODS_AT[cube]] += 1.0
        for city in view["empty_cities"]:
            r, c = self.city_hex[city]
            board[r, c, ec] = 1.0
        for link in view["links"]:
            rel = self._rel(link["owner"], seat)
            assert rel is not None
            for row, col, _a, _b in link["tiles"]:
                board[row, col, tr + rel] += 1.0
        out["phase"][_PHASE_AT[view["phase"]]] = 1.0
        for p in view["players"]:
            rel = self._rel(p["seat"], seat)
            assert rel is not None
            values = {
                "cash": p["cash"],
                "bonds": p["bonds"],
                "score": p["score"],
                "income": p["income"],
                "engine": p["engine"],
                "hand": len(p["hand"]),
                "kept": len(p["kept"]),
                "has_baron": p["has_baron"],
                "baron_revealed": p["baron_revealed"],
                "links": p["links"],
                "delivered_colors": len(p["delivered_colors"]),
                "to_act": view["to_act"] == p["seat"],
                "first_player": view["first_player"] == p["seat"],
            }
            out["players"][rel] = [float(values[k]) for k in PLAYER_FEATURES]
            _count(out["hands"][rel], p["hand"], self._card_at)
            _count(out["kept"][rel], p["kept"], self._card_at)
            if p["baron"] in self._baron_at:  # own, or revealed
                out["barons"][rel, self._baron_at[p["baron"]]] = 1.0
            for baron in p.get("barons_dealt", []):  # only in the observer's own entry
                out["barons_dealt"][self._baron_at[baron]] = 1.0
        auction = view["auction"]
        high_bid = 0
        if auction is not None:
            high_bid = auction["high_bid"]
            rel = self._rel(auction["high_bidder"], seat)
            if rel is not None:
                out["high_bidder"][rel] = 1.0
        globals_ = {
            "turn": view["turn"],
            "round": view["round"],
            "high_bid": high_bid,
            "ops_deck_size": view["ops_deck_size"],
            "bag_size": view["bag_size"],
            "ecm_needed": view["ecm_needed"] or 0,
            "empty_cities": len(view["empty_cities"]),
            "extra_actions": view["extra_actions"],
            "end_triggered": view["end_trigger_turn"] is not None,
            "over": view["phase"] == Phase.GAME_OVER.value,
        }
        out["globals"][:] = [float(globals_[k]) for k in GLOBAL_FEATURES]
        _count(out["display"], view["ops_display"], self._card_at)
        _count(out["discard"], view["ops_discard"], self._card_at)
        for i, line in enumerate(self.lines):
            owner = view["major_lines"].get(line)
            rel = self._rel(owner, seat)
            out["major_lines"][i, 0 if rel is None else rel + 1] = 1.0
        self.plugins.fill(out["plugins"], view["plugins"])
        return out

    def flat(self, view: dict[str, Any]) -> F32:
        """The observation as one vector: the arrays of ``shapes`` in order, flattened."""
        vector = np.zeros(self.size, dtype=np.float32)
        self._fill(view, vector)
        return vector

    def observe_arrays(self, game: Game, seat: int) -> dict[str, F32]:
        """Seat ``seat``'s observation array by array (``shapes``), what its view shows; the
        arrays are the flat vector's pieces, in its order."""
        return self.cut(self.observe(game, seat))

    def cut(self, vector: F32) -> dict[str, F32]:
        """The arrays of ``shapes`` as views into the flat ``vector``."""
        return {k: vector[a:b].reshape(shape) for k, a, b, shape in self._spans}

    def owner_labels(self) -> list[str]:
        """Owners as the observer sees them: itself, the seats after it, then any other."""
        return ["self", *(f"seat+{i}" for i in range(1, self.players)), "other"]

    def channel_labels(self) -> list[str]:
        """The board's channels, by name (``channels``), one label per channel."""
        parts = {
            "terrain": [t.value for t in TERRAINS],
            "city_color": [c.value for c in COLORS],
            "cubes": [c.value for c in GOODS_COLORS],
            "track": self.owner_labels(),
        }
        labels: list[str] = []
        for name, (_start, end) in self.channels.items():
            labels += [f"{name}:{v}" for v in parts[name]] if name in parts else [name]
            assert len(labels) == end
        return labels

    def schema(self) -> dict[str, Any]:
        """The structured observation's layout: for each array, its shape and the labels of
        its labelled axes (axis number to labels), under ``version``."""
        seats = self.owner_labels()[: self.players]
        labels: dict[str, dict[int, list[str]]] = {
            "board": {2: self.channel_labels()},
            "players": {0: seats, 1: list(PLAYER_FEATURES)},
            "phase": {0: [p.value for p in PHASES]},
            "globals": {0: list(GLOBAL_FEATURES)},
            "high_bidder": {0: self.owner_labels()},
            "display": {0: self.cards},
            "discard": {0: self.cards},
            "hands": {0: seats, 1: self.cards},
            "kept": {0: seats, 1: self.cards},
            "barons": {0: seats, 1: self.barons},
            "barons_dealt": {0: self.barons},
            "major_lines": {0: self.lines, 1: ["unclaimed", *self.owner_labels()]},
            "plugins": {},
        }
        arrays = {
            name: {"shape": list(shape), "labels": labels[name]}
            for name, shape in self.shapes.items()
        }
        return {"version": OBSERVATION_SCHEMA_VERSION, "arrays": arrays}

    def observe(self, game: Game, seat: int) -> F32:
        """Seat ``seat``'s observation, a vector no one else holds: the same numbers as
        ``flat(view_for(game, seat))``, read from the state under the view's rules.

        A vector this encoding handed out before is written again once nothing but the
        encoding holds it (``held_elsewhere``): brought up to date where the board changed
        since it was written, its rows written anew. A vector (or an array made from it
        without a copy) still held elsewhere is never changed; then the observation is a
        copy of the seat's template."""
        if not 0 <= seat < self.players:
            raise ValueError(f"observations are for a seat (0 to {self.players - 1}), not {seat}")
        common = self._board(game.state)
        track = self._track_counts(game)
        kept = self._handed.setdefault(seat, [])
        for entry in kept:
            if not held_elsewhere(entry):
                vector: F32 = entry[0]
                self._bring_up(seat, vector, entry[1], entry[2], common, track)
                entry[1], entry[2] = common, track
                vector[self._board_flat.size :] = 0.0
                break
        else:
            vector = self._template(game, seat).copy()
            if len(kept) < VECTORS_KEPT:
                kept.append([vector, common, track])
        self._fill_rest(game, seat, vector)
        return vector

    def forget(self) -> None:
        """Drop the work kept between observations (the board planes, the track counts,
        each seat's template and the vectors handed out): the next observation is made from
        scratch."""
        self._track_key = None
        self._board_seen = None
        self._templates.clear()
        self._handed.clear()

    def _template(self, game: Game, seat: int) -> F32:
        """Seat ``seat``'s vector of what seldom changes: the board planes (terrain, cities,
        their colours, cubes, ECM, the track as the seat sees it), zeros after them.

        Kept while the board's planes (``_board``) and the track counts (``_track_counts``)
        are the same objects: copying it is one memory copy, where writing the track's
        columns into the board planes (a strided numpy copy) and the cubes were most of an
        observation's cost."""
        common = self._board(game.state)
        track = self._track_counts(game)
        kept = self._templates.get(seat)
        if kept is not None:
            if kept[0] is not common or kept[1] is not track:
                self._bring_up(seat, kept[2], kept[0], kept[1], common, track)
                self._templates[seat] = (common, track, kept[2])
            return kept[2]
        template = np.zeros(self.size, dtype=np.float32)
        board = template[: common.size]
        board[:] = common
        tr = self.channels["track"][0]
        planes = board.reshape(self.rows * self.cols, self._nch)
        planes[:, tr : tr + self.owners] = track[:, self._seen_from[seat]]
        self._templates[seat] = (common, track, template)
        return template

    def _bring_up(
        self, seat: int, vector: F32, was_common: F32, was_track: F32, common: F32, track: F32
    ) -> None:
        """Bring seat ``seat``'s ``vector``, whose board planes were written from
        ``was_common`` and ``was_track``, up to ``common`` and ``track`` by writing only what
        differs: the cities' cells for the planes (the only ones that change: colours,
        cubes, ECM), the hexes whose counts changed for the track. Making it anew (zeroing
        and copying 80 KB, a strided copy of the track) cost ten times more, and the track
        changes on most steps."""
        if was_common is not common:
            cells = self._city_cells
            vector[cells] = common[cells]
        if was_track is not track:
            # the changed hexes (a hex twice when two owners' counts changed: written twice);
            # ``any(axis=1)`` over five owners was a slow reduction
            rows = np.flatnonzero(track != was_track) // self.owners
            if rows.size:
                tr = self.channels["track"][0]
                planes = vector[: self._board_flat.size].reshape(self.rows * self.cols, self._nch)
                planes[rows, tr : tr + self.owners] = track[np.ix_(rows, self._seen_from[seat])]

    def _board(self, state: GameState) -> F32:
        """The board planes but the track: terrain and cities, the cities' colours, the
        cubes and the ECM markers. Kept while those read the same: compared by value with
        copies taken when it was made (the state changes its cubes' lists in place), which
        costs a few dict and list comparisons, no objects."""
        cubes, colors, ecm = state.cubes, state.city_colors, state.ecm
        seen = self._board_seen
        if seen is not None and seen[0] == cubes and seen[1] == colors and seen[2] == ecm:
            return self._board_planes
        board = self._board_flat.copy()
        city_base = self._city_base
        cc, ec = self.channels["city_color"][0], self.channels["empty_city"][0]
        values = {city_base[city] + cc + _COLOR_OF[color]: 1.0 for city, color in colors.items()}
        for city in state.ecm:
            values[city_base[city] + ec] = 1.0
        cube_at = self._cube_at
        counted = Counter(cube_at[city][cube] for city, kept in cubes.items() for cube in kept)
        _write(board, {**counted, **values})
        self._board_planes = board
        self._board_seen = ({c: list(k) for c, k in cubes.items()}, dict(colors), set(ecm))
        return board

    def _fill_rest(self, game: Game, seat: int, vector: F32) -> None:
        """Write what follows the board planes into ``vector`` (a template: zeros there).

        The rows are written by ``step_loops.RowWriter`` (compiled) through a float32
        memoryview of the vector (a float32 written there costs less than one numpy call
        per array, and far less than numpy's item assignment); the plug-ins' slots here."""
        self._track_counts(game)  # the seats' link counts are kept with it
        self._rows.write(game, seat, self._own_links, vector.data)
        at = self._at
        if self.plugins.slots:
            plugins: dict[str, Any] = {}
            for plugin in game.ruleset.plugins:
                plugins.update(plugin.view(game, seat))
            start = at["plugins"]
            self.plugins.fill(vector[start : start + self.plugins.size], plugins)

    def _track_counts(self, game: Game) -> F32:
        """Tiles per hex (rows) and owner (columns: seats 0.., then every other owner).

        Kept while the game has the same state object and ``links_seen()``: the engine
        moves the track's version on every change of tiles or owners (``track_changed``; its
        own caches of links and networks rely on it) and an undo puts a new state in place.
        Each seat's number of complete links (``own_links``) is kept with it.
        """
        state = game.state
        seen = game.links_seen()
        key = self._track_key
        if key is not None and key[0] is state and key[1] == seen:
            return self._track
        cols, owners, players = self.cols, self.owners, self.players
        at = track_cells(state, cols, owners, players)
        size = self.rows * cols * owners
        tiles = np.bincount(np.array(at, dtype=np.intp), minlength=size)
        counts = tiles.astype(np.float32).reshape(self.rows * cols, owners)
        self._own_links = [len(game.own_links(s)) for s in range(players)]
        self._track, self._track_key = counts, (state, seen)
        return counts


def _write(vector: F32, values: dict[int, float] | dict[int, int]) -> None:
    """Set ``vector`` at each flat index of ``values`` to its value, in one numpy call."""
    n = len(values)
    vector[np.fromiter(values, dtype=np.intp, count=n)] = np.fromiter(
        values.values(), dtype=np.float32, count=n
    )


def _count(out: F32, names: list[str], at: dict[str, int]) -> None:
    """Add one to ``out`` at each name's position (names not in ``at`` are skipped)."""
    for name in names:
        i = at.get(name)
        if i is not None:
            out[i] += 1.0
