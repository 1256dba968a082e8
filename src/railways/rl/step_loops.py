"""The research step's loops over the engine's objects, compiled with mypyc (setup.py).

An environment's step walks the listing's build options (``railways.rl.encoding``), the
links' tiles and every seat's row (``railways.rl.observation``). Interpreted, each item of
those walks costs a few hundred instructions (attribute reads of compiled objects, dict
look-ups, generator steps); compiled, the engine's objects are read as C structs. No numpy
here: the module builds with the engine alone (numpy is an optional dependency), and
``encoding`` and ``observation`` turn the lists it returns into arrays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from railways.core.build_option import BuildOption
from railways.core.game import Game
from railways.core.state import GameState, Phase


def build_codes(options: list[BuildOption], code_of: dict[int, int], unseen: int) -> list[int]:
    """Each option's code as ``code_of`` keeps it under ``option_key``, or ``unseen``."""
    return [code_of.get(id(option) >> 4, unseen) for option in options]


def option_key(option: BuildOption) -> int:
    """What ``code_of`` keeps an option's code under: its identity, less the four low bits
    (two live objects are at least 16 bytes apart, so it is still unique while the option
    lives; an address's low bits are mostly zero, and as a dict key they crowded the
    dict's slots, several probes a look-up)."""
    return id(option) >> 4


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
    options: list[BuildOption],
    code_of: dict[int, int],
    learn: Callable[[BuildOption], int],
    slots: int,
    tie_bits: int,
    numbered: list[BuildOption | None] | None = None,
    numbered_codes: list[int] | None = None,
    seats: int = 1,
) -> tuple[list[int], int] | None:
    """The builds' places, as ``place << shift | k`` ascending (``k``: the option's position in
    ``options``), and ``shift``; None when one needs the general placement
    (``ActionEncoding._place``): a code below 0 (no key), a build past its key's ``slots``,
    or tied in code with an option it does not equal. ``code_of`` holds the codes by
    ``option_key``; ``learn`` works out (and keeps) the code of an option not in it.

    A code is ``base << tie_bits | tie``: builds are ranked by code, then by their order in
    the listing; a build takes its key's first index (``base``) plus how many distinct
    builds of that key rank before it; an option equal to the one before it (a first leg
    listed towards two targets) is the same action and is left out. One number per build
    (not an index and a position) halves the integers made.

    ``numbered`` and ``numbered_codes``, when given, keep the options without cards or
    redirect by their route number (``BuildOption.number``, where it is not -1) and seat
    (below ``seats``), and their codes: a list read and an identity check where the
    identity's dict look-up cost several times more (two options sharing a place, from two
    tile limits' slots, push each other out and take the dict)."""
    n = len(options)
    shift = n.bit_length()
    keyed: list[int] = []
    for k in range(n):
        option = options[k]
        # an option without cards or redirect by its seat and route number (the cards'
        # variants share the number, and would push each other out)
        number = option.number * seats + option.seat
        if option.cards or option.redirect or option.number < 0:
            number = -1
        code = -2
        if numbered is not None and numbered_codes is not None and 0 <= number < len(numbered):
            kept = numbered[number]
            if kept is option:
                code = numbered_codes[number]
            elif kept is not None and same_build(kept, option):
                # the same build in a new object (the listing made its options again after
                # the track changed): its code, without working it out through ``learn``
                code = numbered_codes[number]
                numbered[number] = option
        if code == -2:
            code = code_of.get(id(option) >> 4, -2)
            if code == -2:
                code = learn(option)
            if numbered is not None and numbered_codes is not None and number >= 0:
                _number(numbered, numbered_codes, number, option, code)
        if code < 0:
            return None
        keyed.append(code << shift | k)
    keyed.sort()  # by code, then position: a stable sort of the codes
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
    return placed, shift


def _number(
    numbered: list[BuildOption | None],
    numbered_codes: list[int],
    number: int,
    option: BuildOption,
    code: int,
) -> None:
    """Keep ``option`` and its code under its route number (the lists grown as needed)."""
    if number >= len(numbered):
        grown = max(number + 1, len(numbered) * 3 // 2)
        numbered.extend([None] * (grown - len(numbered)))
        numbered_codes.extend([0] * (grown - len(numbered_codes)))
    numbered[number] = option
    numbered_codes[number] = code


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
