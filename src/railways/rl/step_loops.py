"""The research step's loops over the engine's objects, compiled with mypyc (setup.py).

An environment's step walks the listing's build options (``railways.rl.encoding``), the
links' tiles and every seat's row (``railways.rl.observation``). Interpreted, each item of
those walks costs a few hundred instructions (attribute reads of compiled objects, dict
look-ups, generator steps); compiled, the engine's objects are read as C structs. No numpy
here: the module builds with the engine alone (numpy is an optional dependency), and
``encoding`` and ``observation`` turn the lists it returns into arrays.
"""

from __future__ import annotations

from typing import Any

from railways.core.build_option import BuildOption
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import DeliveryOption
from railways.core.state import GameState, Phase

# (index of the key's first slot, or None: no key; rank within the key; action)
Entry = tuple[int | None, Any, Any]


def delivery_entries(
    deliveries: dict[tuple[str, str], list[DeliveryOption]],
    bases: dict[str, dict[str, int]],
    cap: int,
    slots: int,
    seat: int,
    out: list[Entry],
) -> None:
    """Append each delivery option's entry to ``out``, in the listing's order: the index of
    its key's first slot (``("deliver", city, destination, links)``, the links capped at
    ``cap``), its rank (most points for ``seat`` first, then the listing's order) and its
    action. ``bases[city][destination]``: the first index of the key with one link; a
    key's lengths follow one another, ``slots`` indices each."""
    n = 0
    for options in deliveries.values():
        for option in options:
            action = option.action
            base: int | None = None
            dests = bases.get(action.city)
            if dests is not None:
                first = dests.get(option.destination)
                links = min(len(action.links), cap)
                if first is not None and links >= 1:
                    base = first + (links - 1) * slots
            out.append((base, (-option.points.get(seat, 0), n), action))
            n += 1


def split_entries(
    entries: list[Entry], out: dict[int, Any] | None
) -> tuple[dict[int, list[Entry]], list[Entry]]:
    """The first step of ``ActionEncoding._place``: the entries that share their key's first
    index with another action (by that index, in order) and those without a key (each
    action once); with ``out``, each entry alone at its index is written there (its key's
    first slot), in the entries' order. An action listed twice is one action."""
    first: dict[int, Entry] = {}
    clash: dict[int, list[Entry]] = {}
    keyless: list[Entry] = []
    for entry in entries:
        base = entry[0]
        action = entry[2]
        if base is None:
            if _absent(action, keyless):
                keyless.append(entry)
            continue
        before = first.get(base)
        if before is None:
            first[base] = entry
            continue
        if action == before[2]:
            continue  # listed twice (a first leg towards two targets): one action
        group = clash.get(base)
        if group is None:
            clash[base] = [before, entry]
        elif _absent(action, group):
            group.append(entry)
    if out is not None:
        for at, entry in first.items():
            if at not in clash:
                out[at] = entry[2]
    return clash, keyless


def _absent(action: Any, entries: list[Entry]) -> bool:
    """Whether no entry of ``entries`` stands for an action equal to ``action``."""
    return all(action != entry[2] for entry in entries)


class BuildCodes:
    """Each build option's *code*, ``base << tie_bits | tie``: ``base`` the index of its key's
    first slot in the action space, ``tie`` its rank among its key's builds (redirecting,
    then the cards played: the order of a key's slots); -1 for a build whose key the
    catalogue lacks or with more cards than ``tie`` holds.

    Kept on the option itself (``BuildOption.code``, with this object's ``owner`` number):
    the engine keeps its options from listing to listing (by route number, across games of
    a board), so an option's code is worked out once, and read back as two attributes
    (hashing a path's hexes is most of the work otherwise)."""

    def __init__(
        self,
        city_hexes: dict[Hex, str],
        builds: dict[tuple[tuple[Hex, ...], Side | None], int],
        extends: dict[tuple[Hex, str], int],
        tie_bits: int,
    ) -> None:
        self.city_hexes = city_hexes
        self.builds = builds
        self.extends = extends
        self.tie_bits = tie_bits
        _OWNERS[0] += 1
        self.owner = _OWNERS[0]  # (0: no owner, an option not coded yet)

    def base(self, path: tuple[Hex, ...], exit: Side | None) -> int | None:
        """The index of the first slot of the build's key, or None: not in the catalogue."""
        if not path:
            raise ValueError("a build without a path has no index")
        city_hexes = self.city_hexes
        end = city_hexes.get(path[-1])
        if path[0] not in city_hexes:
            return self.extends.get((path[0], end)) if end is not None else None
        return self.builds.get((path, exit))

    def code(self, option: BuildOption) -> int:
        """The option's code (see the class), kept on the option."""
        if option.code_owner == self.owner:
            return option.code
        base = self.base(option.path, option.exit)
        cards = len(option.cards)
        tie_bits = self.tie_bits
        code = -1
        if base is not None and cards < 1 << (tie_bits - 1):
            code = base << tie_bits | (1 << (tie_bits - 1) if option.redirect else 0) | cards
        option.code = code
        option.code_owner = self.owner
        return code


_OWNERS = [0]  # the last BuildCodes' owner number


def same_build(a: BuildOption, b: BuildOption) -> bool:
    """Whether two build options stand for equal Build Track actions."""
    return (
        a.path == b.path
        and a.exit == b.exit
        and a.redirect == b.redirect
        and a.cards == b.cards
        and a.seat == b.seat
    )


def place_builds(
    options: list[BuildOption], coder: BuildCodes, slots: int
) -> tuple[list[int], int, int] | None:
    """The builds' places, as ``place << (shift + tie) | ... | k`` ascending (``k``: the
    option's position in ``options``), ``shift`` and ``tie`` (a place is ``value >> (shift +
    tie)``, ``k`` is ``value & ((1 << shift) - 1)``); None when one needs the general
    placement (``ActionEncoding._place``): a code below 0 (no key), a build past its key's
    ``slots``, or tied in code with an option it does not equal.

    Builds are ranked by code (``BuildCodes``), then by their order in the listing; a build
    takes its key's first index (``base``) plus how many distinct builds of that key rank
    before it; an option equal to the one before it (a first leg listed towards two
    targets) is the same action and is left out. One number per build (not an index and a
    position) halves the integers made. Where no two builds share a key (the common case:
    no hand card helps), each takes its key's first index, and the sorted numbers
    ``code << shift | k`` are the places themselves (``tie``: the code's tie bits)."""
    n = len(options)
    shift = n.bit_length()
    keyed = [0] * n
    owner = coder.owner
    for k in range(n):
        option = options[k]
        code = option.code if option.code_owner == owner else coder.code(option)
        if code < 0:
            return None
        keyed[k] = code << shift | k
    keyed.sort()  # by code, then position: a stable sort of the codes
    tie_bits = coder.tie_bits
    low = (1 << shift) - 1
    last_code = last_base = last_k = -1
    repeated = False
    for value in keyed:
        code = value >> shift
        k = value & low
        if code == last_code:  # the same build listed twice (a first leg, two targets)?
            if not same_build(options[k], options[last_k]):
                return None
            repeated = True
        elif code >> tie_bits == last_base:
            return _slotted(options, keyed, shift, tie_bits, slots)
        else:
            last_code, last_base = code, code >> tie_bits
        last_k = k
    return (_first_of_each(keyed, shift) if repeated else keyed), shift, tie_bits


def _first_of_each(keyed: list[int], shift: int) -> list[int]:
    """``keyed`` (sorted) without the values whose code the value before them has."""
    out: list[int] = []
    last = -1
    for value in keyed:
        code = value >> shift
        if code != last:
            out.append(value)
            last = code
    return out


def _slotted(
    options: list[BuildOption], keyed: list[int], shift: int, tie_bits: int, slots: int
) -> tuple[list[int], int, int] | None:
    """``place_builds`` where builds share a key: each its key's next slot, in code order."""
    low = (1 << shift) - 1
    placed: list[int] = []
    last_code = -1
    last_base = -1
    last_k = -1
    slot = 0
    for value in keyed:
        code = value >> shift
        k = value & low
        if code == last_code:
            if not same_build(options[k], options[last_k]):
                return None
            last_k = k
            continue
        base = code >> tie_bits
        if base == last_base:
            slot += 1
            if slot >= slots:
                return None
        else:
            slot = 0
            last_base = base
        placed.append((base + slot) << shift | k)
        last_code = code
        last_k = k
    return placed, shift, 0


def track_cells(state: GameState, cols: int, owners: int, players: int) -> list[int]:
    """Every tile of every link as its cell of the track counts: ``(row * cols + col) *
    owners + column``, the column its owner's seat (other owners share the last one)."""
    cells: list[int] = []
    for link in state.links.values():
        owner = link.owner
        column = owner if 0 <= owner < players else players
        for h, _a, _b in link.tiles:
            q, r = h  # Hex.row and Hex.col, without their properties' calls
            cells.append((r * cols + q + (r - (r & 1)) // 2) * owners + column)
    return cells


class RowWriter:
    """Writes what follows the board planes in a seat's observation (``observation``'s
    ``_fill_rest``, plug-ins aside): the phase, each seat's row, cards and baron as the
    view shows them to the seat, the globals, the auction's high bidder, the cards on show
    and the Major Lines. ``at`` is each array's start in the flat vector."""

    def __init__(
        self,
        at: dict[str, int],
        players: int,
        owners: int,
        features: int,
        card_at: dict[str, int],
        baron_at: dict[str, int],
        phase_at: dict[Phase, int],
        lines: list[str],
    ) -> None:
        self.players = players
        self.owners = owners
        self.features = features
        self.card_at = card_at
        self.baron_at = baron_at
        self.phase_at = phase_at
        self.lines = lines
        self.n_cards = len(card_at)
        self.n_barons = len(baron_at)
        self.phase = at["phase"]
        self.rows = at["players"]
        self.hands = at["hands"]
        self.kept = at["kept"]
        self.barons = at["barons"]
        self.barons_dealt = at["barons_dealt"]
        self.high_bidder = at["high_bidder"]
        self.globals = at["globals"]
        self.display = at["display"]
        self.discard = at["discard"]
        self.major_lines = at["major_lines"]

    def write(self, game: Game, seat: int, own_links: list[int], cells: Any) -> None:
        """Write seat ``seat``'s rows into ``cells``, a float32 memoryview of its vector
        (zeros after the board planes); ``own_links``: each seat's complete links.

        What counts (cards) adds one to its cell, what is a value sets it: the two never
        share a cell."""
        state = game.state
        cells[self.phase + self.phase_at[state.phase]] = 1.0
        self._players(game, state, seat, own_links, cells)
        self._globals(state, seat, cells)

    def _rel(self, owner: int | None, seat: int) -> int:
        """An owner's row as the observer sees it (-1: none); other owners share the last."""
        if owner is None:
            return -1
        if 0 <= owner < self.players:
            return (owner - seat) % self.players
        return self.players

    def _count(self, start: int, names: list[str], cells: Any) -> None:
        card_at = self.card_at
        for name in names:
            i = card_at.get(name)
            if i is not None:
                cells[start + i] += 1.0

    def _players(
        self, game: Game, state: GameState, seat: int, own_links: list[int], cells: Any
    ) -> None:
        over = state.phase is Phase.GAME_OVER
        baron_at = self.baron_at
        for p in state.players:
            rel = (p.seat - seat) % self.players
            row = self.rows + rel * self.features
            baron = p.baron
            values = [
                p.cash,
                p.bonds,
                p.score,
                game.income(p.seat),
                p.engine,
                len(p.hand),
                len(p.kept),
                1 if baron else 0,
                1 if p.baron_revealed else 0,
                own_links[p.seat],
                len(p.delivered_colors),
                1 if state.to_act == p.seat else 0,
                1 if state.first_player == p.seat else 0,
            ]
            for i in range(len(values)):
                value = values[i]
                if value:
                    cells[row + i] = float(value)
            self._count(self.hands + rel * self.n_cards, p.hand, cells)
            self._count(self.kept + rel * self.n_cards, p.kept, cells)
            own = p.seat == seat
            # The view's rule (view_for): another seat's baron only once revealed or at the end.
            if baron and (own or p.baron_revealed or over):
                b = baron_at.get(baron)
                if b is not None:
                    cells[self.barons + rel * self.n_barons + b] = 1.0
            if own and state.phase is Phase.CHOOSE_BARON:  # the cards dealt: the chooser's only
                for dealt in p.barons_dealt:
                    cells[self.barons_dealt + baron_at[dealt]] = 1.0

    def _globals(self, state: GameState, seat: int, cells: Any) -> None:
        auction = state.auction
        high_bid = 0
        if auction is not None:
            high_bid = auction.high_bid
            rel = self._rel(auction.high_bidder, seat)
            if rel >= 0:
                cells[self.high_bidder + rel] = 1.0
        extra = state.extra_actions if state.extra_actions_seat is not None else 0
        values = [
            state.turn,
            state.round,
            high_bid,
            len(state.ops_deck),  # the decks and the bag by their sizes alone
            sum(state.bag.values()),
            state.ecm_needed or 0,
            len(state.ecm),
            extra,
            1 if state.end_trigger_turn is not None else 0,
            1 if state.phase is Phase.GAME_OVER else 0,
        ]
        start = self.globals
        for i in range(len(values)):
            value = values[i]
            if value:
                cells[start + i] = float(value)
        self._count(self.display, state.ops_display, cells)
        self._count(self.discard, state.ops_discard, cells)
        width = self.owners + 1
        major_lines = state.major_lines
        for i, line in enumerate(self.lines):
            rel = self._rel(major_lines.get(line), seat)
            cells[self.major_lines + i * width + rel + 1] = 1.0
