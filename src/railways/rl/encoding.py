"""A fixed, exact action encoding per board: every legal action has one integer index.

The catalogue is a list of *keys*, built once from a new game of the board (its board,
ruleset and action kinds) and never from a position, so the same board, player count
and plug-ins give the same indices in every game. Kinds whose actions the board can
list in advance (barons, cities, colours, cards, amounts) get one index per key. Kinds
whose actions depend on the track (builds, deliveries, routes of plug-in kinds, a card
taken with a route) are *slotted*: each key has ``slots`` indices, and a section ends
with a *pool* of indices for what does not fit:

- the legal actions of a position that share a key are ranked (deliveries: the one that
  scores most for the mover first; builds: no card and no redirect first; ties: the
  engine's order) and take the key's slots in that order;
- past the last slot, and for actions whose key the catalogue lacks, actions take the
  pool's indices in order (by key, then rank; keyless ones in the engine's order).

So at every position the legal actions and the masks' indices are in one-to-one
correspondence (bids aside: ``legal_actions`` gives the lowest bid meaning "this or more",
and the mask marks each bid bucket from it). *Pages* make this hold for any number of
actions: where a section's actions past their keys' slots are more than its pool holds, the
pool's last index stands for a :class:`More`, and choosing it shows the same seat the next
page of that section (its remaining actions, placed by the same rule on the same indices,
with a ``More`` again where they do not fit). Bond returns past ``MAX_BONDS_RETURNED`` page
the same way by amount. A position that fits has the indices it had before pages.
docs/rl.md lists the sections:

- ``("bid", k)``: bid $k,000 for k below ``BID_BUCKETS``; the last bucket bids
  ``max(BID_BUCKETS, lowest legal bid)``;
- ``("link", path)`` / ``("leg", path, exit)`` / ``("extend", hex, city)``: a Build Track
  along one of the board's precomputed routes, the first leg of a longer one, or the
  finish of an own incomplete link ending at ``hex`` towards ``city``; ``BUILD_SLOTS``
  slots each (the same build with cards, or redirecting), then ``BUILD_POOL``;
- ``("deliver", source, destination, links)``: ``DELIVER_SLOTS`` slots each (routes,
  colours and cards sharing the ends and length), then ``DELIVER_POOL``;
- ``("take_operations_card", card, target, colour)``: ``TAKE_SLOTS``, then ``TAKE_POOL``;
- ``(kind, end city)`` for a plug-in kind that moves a cube along links (Fuel Depots):
  ``ROUTE_SLOTS``, then ``ROUTE_POOL``;
- ``(kind, field values...)``: every other kind, by the values of its fields.

``legal_map`` turns a position's ``legal_actions`` into a :class:`LegalMap`, a mapping
{index: action}; the mask is its keys. Decoding and encoding go through it.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    DeliverGoods,
    TakeOperationsCard,
)
from railways.core.board import Board, Color
from railways.core.build_option import BuildOption
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import LegalActions, legal_actions, long_routes, static_routes
from railways.rl.step_loops import BuildCodes, delivery_entries, place_builds, split_entries

Key = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class More:
    """The index that opens the next page of a section: its actions past what one page of
    the section holds (docs/rl.md, "Pages"). Choosing it changes nothing in the game: the
    same seat chooses again, among ``legal_map(game, seat, page=this)``."""

    seat: int
    section: str  # the section's name (its action kind)
    page: int  # the page it opens: 1 from the position's first page, and so on

    kind: ClassVar[str] = "more"

    def __str__(self) -> str:
        return f"P{self.seat + 1} more {self.section} (page {self.page + 1})"


# What an index stands for: an action of the engine, or the next page of a section.
Choice = Action | More

BID_BUCKETS = 20  # bids of $1,000 .. $19,000 one by one, then one bucket for the rest
MAX_PRODUCT = 20_000  # a plug-in kind whose field values multiply past this is refused
# The rules set no limit on bonds (RW-p4-23), so none on how many a player may return
# between Transcontinental's phases (RW-p9-15): the encoding indexes returns of 0 to this.
MAX_BONDS_RETURNED = 4096

BUILD_SLOTS, BUILD_POOL = 4, 4096
DELIVER_SLOTS, DELIVER_POOL = 2, 1024
TAKE_SLOTS, TAKE_POOL = 2, 512
ROUTE_SLOTS, ROUTE_POOL = 2, 256
TIE_BITS = 3  # a build's rank among its key's in build codes: redirect, then 0-3 cards
SIMPLE_INDICES_KEPT = 100_000  # the same for actions indexed by their fields, by value

# The kinds encoded by hand below; every other kind is encoded by its fields.
SPECIAL = frozenset({"bid", "build_track", "deliver_goods", "take_operations_card", "undo"})
# Field values of one kind that differ from ``field_domains``.
KIND_DOMAINS: dict[str, dict[str, list[Any]]] = {
    "return_bonds": {"amount": list(range(MAX_BONDS_RETURNED + 1))},
}


def _hex(h: Hex) -> tuple[int, int]:
    return (h.row, h.col)


@dataclass(frozen=True, slots=True)
class Section:
    """A run of indices: ``len(keys) * slots`` keyed ones, then ``pool`` more."""

    name: str
    start: int
    keys: tuple[Key, ...]
    slots: int
    pool: int

    @property
    def pool_start(self) -> int:
        return self.start + len(self.keys) * self.slots

    @property
    def end(self) -> int:
        return self.pool_start + self.pool

    def describe(self, index: int) -> str:
        if index >= self.pool_start:
            return f"{self.name} pool {index - self.pool_start}"
        k, slot = divmod(index - self.start, self.slots)
        text = " ".join(str(part) for part in self.keys[k])
        return text if self.slots == 1 else f"{text} #{slot}"


# (index the key's first slot has, or None: not in the catalogue; rank within the key; action)
_Entry = tuple[int | None, Any, Action]


class LegalMap(Mapping[int, Choice]):
    """The legal indices of a position and the action each stands for (``legal_map``); on
    a page past a section's pool, the index that opens the next page stands for a
    :class:`More`.

    A mapping like the dict it replaces, and iterated in the same order, but the builds
    (most of a position's actions) are kept as one list of numbers until asked for: an
    environment's step reads the mask (``ActionEncoding.mask``, one numpy write) and
    decodes one index (a binary search), and putting hundreds of builds in a dict per
    step cost more than the rest of the encoding. ``head`` holds the actions before the
    builds in the old order, ``tail`` those after them (deliveries); ``placed`` the builds
    as ``index << (shift + tie) | ... | k``, ascending: option ``k`` of ``builds`` (the
    listing's build options: their actions are made only when asked for, as the engine
    does) has ``index`` (``step_loops.place_builds`` makes them; ``tie``: the bits of a
    build's rank between its index and ``k``, where no two builds share a key)."""

    __slots__ = ("_at", "_builds", "_full", "_head", "_placed", "_shift", "_tail")

    def __init__(
        self,
        head: dict[int, Choice],
        tail: dict[int, Choice] | None = None,
        placed: list[int] | None = None,
        shift: int = 0,
        builds: Sequence[BuildOption] = (),
        tie: int = 0,
    ) -> None:
        self._head = head
        self._tail: dict[int, Choice] = {} if tail is None else tail
        self._placed: list[int] = [] if placed is None else placed
        self._shift = shift  # the bits of k (a build's position in ``builds``)
        self._at = shift + tie  # the bits below a build's index
        self._builds = builds
        self._full: dict[int, Choice] | None = None  # the whole mapping, once iterated

    def _dict(self) -> dict[int, Choice]:
        full = self._full
        if full is None:
            if not self._placed and not self._tail:
                full = self._head
            else:
                full = dict(self._head)
                builds, at = self._builds, self._at
                low = (1 << self._shift) - 1
                full.update((v >> at, builds[v & low].action) for v in self._placed)
                full.update(self._tail)
            self._full = full
        return full

    def __getitem__(self, index: int) -> Choice:
        found = self._head.get(index)
        if found is None:
            found = self._tail.get(index)
        if found is not None:
            return found
        placed, at = self._placed, self._at
        k = bisect.bisect_left(placed, index << at) if index >= 0 else len(placed)
        if k < len(placed) and placed[k] >> at == index:
            return self._builds[placed[k] & ((1 << self._shift) - 1)].action
        raise KeyError(index)

    def __contains__(self, index: object) -> bool:
        if not isinstance(index, int | np.integer):
            return False
        try:
            self[int(index)]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[int]:
        return iter(self._dict())

    def __len__(self) -> int:
        return len(self._head) + len(self._tail) + len(self._placed)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMap):
            return self._dict() == other._dict()
        if isinstance(other, Mapping):
            return self._dict() == dict(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mapping, compared by contents

    def __repr__(self) -> str:
        return f"LegalMap({self._dict()!r})"

    def indices(self) -> npt.NDArray[np.intp]:
        """The legal indices, ascending."""
        parts = [
            np.fromiter(self._head, dtype=np.intp, count=len(self._head)),
            self._build_indices(),
            np.fromiter(self._tail, dtype=np.intp, count=len(self._tail)),
        ]
        return np.sort(np.concatenate(parts))

    def _build_indices(self) -> npt.NDArray[np.intp]:
        placed = self._placed
        return np.fromiter(placed, dtype=np.intp, count=len(placed)) >> self._at

    def mark(self, mask: npt.NDArray[np.int8]) -> None:
        """Set ``mask`` to 1 at every legal index."""
        head, tail = self._head, self._tail
        if head:
            mask[np.fromiter(head, dtype=np.intp, count=len(head))] = 1
        if self._placed:
            mask[self._build_indices()] = 1
        if tail:
            mask[np.fromiter(tail, dtype=np.intp, count=len(tail))] = 1


class ActionEncoding:
    """The action catalogue of one board (and ruleset), with encoding and decoding.

    ``pools`` gives sections (by name) a pool of another size than the default (at least 2):
    a smaller pool makes a smaller action space and more pages (docs/rl.md, "Pages")."""

    def __init__(self, game: Game, pools: Mapping[str, int] | None = None) -> None:
        self.board: Board = game.board
        self.map_id = game.state.map_id
        self.max_links = game.board.tables.max_engine
        self.tile_limits = _tile_limits(game)
        self._city_hexes: dict[Hex, str] = {c.at: c.id for c in game.board.cities.values()}
        self.sections: dict[str, Section] = {}
        self.keys: list[Key] = []
        self.index: dict[Key, int] = {}  # a key -> the index of its first slot
        start = 0
        self._builds: dict[tuple[tuple[Hex, ...], Side | None], int] = {}
        self._extends: dict[tuple[Hex, str], int] = {}
        self._route_kinds: set[str] = set()
        for name in game.kinds.kinds:
            keys, slots, pool = self._section_of(game, name)
            if pools and name in pools and pool:
                if pools[name] < 2:
                    raise ValueError(f"the {name} pool must hold at least 2 indices")
                pool = pools[name]
            section = Section(name, start, tuple(keys), slots, pool)
            self.sections[name] = section
            for i, key in enumerate(keys):
                if key in self.index:
                    raise ValueError(f"the action catalogue has {key} twice")  # a bug
                self.index[key] = start + i * slots
            self.keys.extend(keys)
            start = section.end
        self.size = start
        self._starts = [s.start for s in self.sections.values()]
        self._by_start = list(self.sections.values())
        # Raw forms of the build keys (hex tuples, sides) for fast look-ups.
        for key, base in self.index.items():
            if key[0] == "link":
                self._builds[(tuple(Hex.from_offset(r, c) for r, c in key[1]), None)] = base
            elif key[0] == "leg":
                path = tuple(Hex.from_offset(r, c) for r, c in key[1])
                self._builds[(path, Side[key[2]])] = base
            elif key[0] == "extend":
                self._extends[(Hex.from_offset(*key[1]), key[2])] = base
        self._bid_base = self.index.get(("bid", 1))
        # city -> destination -> the index of ("deliver", city, destination, 1): the keys of
        # longer deliveries follow it, DELIVER_SLOTS indices each (``delivery_entries``)
        self._deliver_bases: dict[str, dict[str, int]] = {}
        for key, base in self.index.items():
            if key[0] == "deliver" and key[3] == 1:
                self._deliver_bases.setdefault(key[1], {})[key[2]] = base
        # each build option's code, kept on the option (``step_loops.BuildCodes``)
        self._coder = BuildCodes(self._city_hexes, self._builds, self._extends, TIE_BITS)
        # field-keyed action -> its index: actions are values (frozen, hashed by their fields),
        # and making the key from the fields is the slow part
        self._simple_index: dict[Action, int] = {}
        self._last_map: Mapping[int, Choice] | None = None
        self._last_reverse: dict[Choice, int] = {}

    # -- the catalogue ---------------------------------------------------------------
    def _section_of(self, game: Game, name: str) -> tuple[list[Key], int, int]:
        board = game.board
        cities = sorted(board.cities)
        if name == "undo":
            return [], 1, 0  # not offered to agents: an environment's step is final
        if name == "bid":
            return [("bid", k) for k in range(1, BID_BUCKETS + 1)], 1, 0
        if name == "build_track":
            return self._build_keys(game), BUILD_SLOTS, BUILD_POOL
        if name == "deliver_goods":
            keys = [
                ("deliver", a, b, n)
                for a in cities
                for b in cities
                if a != b
                for n in range(1, self.max_links + 1)
            ]
            return keys, DELIVER_SLOTS, DELIVER_POOL
        if name == "take_operations_card":
            return _card_keys(game), TAKE_SLOTS, TAKE_POOL
        kind = game.kinds.kinds[name]
        if any(f.name == "links" for f in _fields(kind.action_type)):
            # A plug-in's kind that moves a cube along a route (a Fuel Depot stop): keyed by
            # where the route ends, as the kind describes it (None: it names no city).
            self._route_kinds.add(name)
            return [(name, None), *((name, c) for c in cities)], ROUTE_SLOTS, ROUTE_POOL
        return _field_keys(game, name, kind.action_type), 1, 0

    def _build_keys(self, game: Game) -> list[Key]:
        board = game.board
        links: set[Key] = set()
        legs: set[Key] = set()
        for limit in self.tile_limits:
            for group in static_routes(board, limit, game.edge_costs).values():
                links.update(("link", tuple(_hex(h) for h in r.path)) for r in group)
            for leg in long_routes(board, limit, game.edge_costs):
                legs.add(("leg", tuple(_hex(h) for h in leg.path), leg.exit.name))
        # An incomplete link can end on any buildable hex; from there the engine offers
        # the cheapest route to each city within the tile limit.
        reach = max(self.tile_limits) + 1
        extends: set[Key] = set()
        city_hexes = {c.at: c.id for c in board.cities.values()}
        for h in board.hexes:
            if h in city_hexes or not board.is_buildable(h):
                continue
            for at, city in city_hexes.items():
                if h.distance(at) <= reach:
                    extends.add(("extend", _hex(h), city))
        return sorted(links) + sorted(legs) + sorted(extends)

    # -- actions to keys ------------------------------------------------------------
    def _build_base(self, action: BuildTrack) -> int | None:
        return self._coder.base(action.path, action.exit)

    def _field_base(self, action: Action) -> int:
        key = (action.kind, *(_plain(getattr(action, f.name)) for f in _fields(type(action))))
        base = self.index.get(key)
        if base is None:
            if action.kind == "return_bonds":
                raise ValueError(
                    f"{action}: the action space indexes returns of 0 to {MAX_BONDS_RETURNED} "
                    "bonds (railways.rl.encoding.MAX_BONDS_RETURNED)"
                )
            raise ValueError(f"{action} has no index in the catalogue of {self.map_id}")
        return base

    def _route_base(self, game: Game, action: Action) -> int | None:
        shown = game.kinds.get(action).describe(game, action).cities
        return self.index.get((action.kind, shown[-1] if shown else None))

    # -- positions ------------------------------------------------------------------
    def legal_map(
        self,
        game: Game,
        seat: int,
        legal: LegalActions | None = None,
        page: More | None = None,
    ) -> LegalMap:
        """Every legal index of ``seat`` now, with the action it stands for: the position's
        first page, or with ``page`` (a :class:`More` that a map of this position holds) the
        page it opens, which holds that section's actions alone. A section with more actions
        than its slots and pool hold gives its pool's last index to a ``More``."""
        if legal is None:
            legal = legal_actions(game, seat)
        out: dict[int, Choice] = {}
        # on a later page: the page's section's indices, and nothing else
        paged: dict[int, Choice] | None = None if page is None else {}
        takes: list[_Entry] = []
        returns: list[Action] = []
        routes: dict[str, list[_Entry]] = {}
        builds: list[_Entry] = []
        deliveries: list[_Entry] = []
        index = self.index
        cap = self.max_links
        key: Key
        rank: Any
        for order, action in enumerate(legal.simple):
            kind = action.kind
            if isinstance(action, BuildTrack):  # a step's own choices can be builds ...
                rank = (action.redirect, len(action.cards), -1, order)
                builds.append((self._build_base(action), rank, action))
            elif isinstance(action, DeliverGoods):  # ... or deliveries
                dest = game.route(action)[1][-1]
                key = ("deliver", action.city, dest, min(len(action.links), cap))
                deliveries.append((index.get(key), (0, -1, order), action))
            elif kind == "take_operations_card":
                assert isinstance(action, TakeOperationsCard)
                key = (kind, action.card, action.target, action.color)
                takes.append((index.get(key), order, action))
            elif kind in self._route_kinds:
                routes.setdefault(kind, []).append((self._route_base(game, action), order, action))
            elif kind == "bid":
                assert isinstance(action, Bid)
                out[self._bid_index(action.amount)] = action
            elif kind == "return_bonds":
                returns.append(action)
            else:
                i = self._simple_index.get(action)
                if i is None:
                    i = self._field_base(action)
                    if len(self._simple_index) > SIMPLE_INDICES_KEPT:
                        self._simple_index.clear()
                    self._simple_index[action] = i
                if i in out and out[i] != action:
                    raise ValueError(f"{action} and {out[i]} have one index")  # a bug
                out[i] = action
        if legal.min_bid is not None and self._bid_base is not None:
            low = legal.min_bid
            bid0 = self._bid_base - 1
            for k in range(max(1, low), BID_BUCKETS):
                out[bid0 + k] = Bid(seat=seat, amount=k)
            out[bid0 + BID_BUCKETS] = Bid(seat=seat, amount=max(low, BID_BUCKETS))
        if returns:
            self._place_returns(out, returns, seat, page, paged)
        if takes:
            self._place(out, self.sections["take_operations_card"], takes, seat, page, paged)
        for kind, entries in routes.items():
            self._place(out, self.sections[kind], entries, seat, page, paged)
        placed: tuple[list[int], int, int] | None = None
        build_options: list[BuildOption] = []
        if legal.builds and (page is None or page.section == "build_track"):
            build_options = list(legal.builds)
            if not builds and page is None:
                placed = place_builds(build_options, self._coder, BUILD_SLOTS)
            if placed is None:
                # The general way (builds among the simple actions too, builds without a key,
                # past their key's slots, or tied in rank but not equal): rank them one by one.
                builds.extend(
                    (self._option_base(o), (o.redirect, len(o.cards), n), o.action)
                    for n, o in enumerate(build_options)
                )
        if builds:
            self._place(out, self.sections["build_track"], builds, seat, page, paged)
        tail: dict[int, Choice] = {}
        if legal.deliveries and (page is None or page.section == "deliver_goods"):
            delivery_entries(
                legal.deliveries, self._deliver_bases, cap, DELIVER_SLOTS, seat, deliveries
            )
        if deliveries:
            self._place(tail, self.sections["deliver_goods"], deliveries, seat, page, paged)
        if paged is not None:
            if not paged:
                raise ValueError(f"{page} does not open a page of this position")
            return LegalMap(paged)
        if placed is None:
            return LegalMap(out, tail)
        return LegalMap(out, tail, placed[0], placed[1], build_options, placed[2])

    def _option_base(self, option: BuildOption) -> int | None:
        """The index of the first slot of the option's key (None: not in the catalogue)."""
        code = self._coder.code(option)
        return code >> TIE_BITS if code >= 0 else self._coder.base(option.path, option.exit)

    def _place(
        self,
        out: dict[int, Choice],
        section: Section,
        entries: list[_Entry],
        seat: int,
        page: More | None = None,
        paged: dict[int, Choice] | None = None,
    ) -> None:
        """Give each entry its key's next slot by rank, or the pool's next index, in ``out``;
        with ``page``, the indices of that page instead, in ``paged`` (when ``page`` opens
        this section's). An action listed twice is one action and gets one index."""
        if page is not None and page.section != section.name:
            return
        # (compiled: the entries alone at their key, written at once; the others by key)
        clash, keyless = split_entries(entries, out if page is None else None)
        if not clash and not keyless:
            return
        slots = section.slots
        over: list[_Entry] = []  # past their keys' slots, by key then rank; then keyless ones
        for base in sorted(clash):
            group = sorted(clash[base], key=_rank)
            if page is None:
                for slot, entry in enumerate(group[:slots]):
                    out[base + slot] = entry[2]
            over.extend(group[slots:])
        over.extend(keyless)
        rest = self._fill_pool(out if page is None else {}, section, over, seat, 1)
        if page is None:
            return
        assert paged is not None
        for number in range(1, page.page + 1):
            target = paged if number == page.page else {}
            rest = self._later_page(target, section, rest, seat, number)

    def _place_returns(
        self,
        out: dict[int, Choice],
        returns: list[Action],
        seat: int,
        page: More | None,
        paged: dict[int, Choice] | None,
    ) -> None:
        """Bond returns (Transcontinental): returning k bonds has index k of the section while
        k is at most ``MAX_BONDS_RETURNED``. Past it, the section pages: index
        ``MAX_BONDS_RETURNED`` opens the next page, where returning k has index
        ``k - MAX_BONDS_RETURNED * page`` (and so on)."""
        if page is not None and page.section != "return_bonds":
            return
        start = self.sections["return_bonds"].start
        width = MAX_BONDS_RETURNED  # amounts per page; the index after them opens the next
        amounts: dict[int, Action] = {}
        for action in returns:
            amounts.setdefault(int(getattr(action, "amount")), action)  # noqa: B009
        number = 0 if page is None else page.page
        low = width * number
        top = max(amounts)
        target = out if page is None else paged
        assert target is not None
        for amount, action in sorted(amounts.items()):
            if amount >= low and (amount < low + width or top <= low + width):
                target[start + amount - low] = action
        if top > low + width:
            target[start + width] = More(seat, "return_bonds", number + 1)

    def _fill_pool(
        self, out: dict[int, Choice], section: Section, over: list[_Entry], seat: int, page: int
    ) -> list[_Entry]:
        """Put ``over`` in the section's pool, in order; when they are more than it holds,
        its last index opens page ``page`` (a :class:`More`). The entries left for it."""
        start, size = section.pool_start, section.pool
        if len(over) <= size:
            for j, entry in enumerate(over):
                out[start + j] = entry[2]
            return []
        if size < 2:  # a page would show no action of its own
            raise ValueError(f"{self.map_id}: the {section.name} section has no pool to page")
        for j in range(size - 1):
            out[start + j] = over[j][2]
        out[start + size - 1] = More(seat, section.name, page)
        return over[size - 1 :]

    def _later_page(
        self, out: dict[int, Choice], section: Section, entries: list[_Entry], seat: int, page: int
    ) -> list[_Entry]:
        """Page ``page`` of a section: ``entries`` (what the pages before it left, by key then
        rank, keyless last) take their keys' slots in that order, the rest the pool, as on a
        position's first page. The entries left for the next page."""
        used: dict[int, int] = {}
        over: list[_Entry] = []
        for entry in entries:
            base = entry[0]
            if base is not None:
                slot = used.get(base, 0)
                if slot < section.slots:
                    used[base] = slot + 1
                    out[base + slot] = entry[2]
                    continue
            over.append(entry)
        return self._fill_pool(out, section, over, seat, page + 1)

    def _bid_index(self, amount: int) -> int:
        if self._bid_base is None:
            raise ValueError(f"{self.map_id} has no bids")
        return self._bid_base + max(1, min(amount, BID_BUCKETS)) - 1

    def mask(self, legal: Mapping[int, Choice]) -> npt.NDArray[np.int8]:
        """The action space's mask: 1 at each index of ``legal`` (a legal map), 0 elsewhere.

        int8, as Gymnasium's ``Discrete.sample(mask=)`` wants it.
        """
        out = np.zeros(self.size, dtype=np.int8)
        if isinstance(legal, LegalMap):
            legal.mark(out)
        else:
            out[np.fromiter(legal, dtype=np.intp, count=len(legal))] = 1
        return out

    def encode(self, game: Game, action: Choice, legal: Mapping[int, Choice] | None = None) -> int:
        """The index of ``action`` at this position of ``game`` (``legal``: its legal map,
        when already made; the first page unless said). Raises ValueError for an action the
        map does not hold (one the position does not list, or on a later page: ``path``)."""
        if isinstance(action, Bid):
            return self._bid_index(action.amount)
        kind = action.kind
        if (
            kind not in SPECIAL
            and kind not in self._route_kinds
            and kind != "return_bonds"
            and not isinstance(action, More)
        ):
            return self._field_base(action)
        if legal is None:
            legal = self.legal_map(game, action.seat)
        if legal is not self._last_map:
            self._last_map = legal
            self._last_reverse = {a: i for i, a in legal.items()}
        try:
            return self._last_reverse[action]
        except KeyError:
            raise ValueError(
                f"{action} is not among the actions listed now, so it has no index"
            ) from None

    def decode(self, game: Game, seat: int, index: int, page: More | None = None) -> Choice:
        """What ``index`` stands for now (on ``page``, when one is open); ValueError when it
        is not legal."""
        legal = self.legal_map(game, seat, page=page)
        if index not in legal:
            what = self.describe(index) if 0 <= index < self.size else "out of range"
            raise ValueError(f"action index {index} ({what}) is not legal now")
        return legal[index]

    def choose(
        self,
        game: Game,
        seat: int,
        pick: Callable[[LegalMap], int],
        legal: LegalActions | None = None,
    ) -> Action:
        """The action ``pick`` (a policy: a legal map to one of its indices) ends at: where
        it picks a ``More``, it picks again on the page that opens. ValueError for an index
        the map does not hold."""
        shown = self.legal_map(game, seat, legal)
        while True:
            index = int(pick(shown))
            chosen = shown.get(index)
            if chosen is None:
                raise ValueError(f"action index {index} is not legal now")
            if not isinstance(chosen, More):
                return chosen
            shown = self.legal_map(game, seat, legal, page=chosen)

    def pages(self, game: Game, seat: int, legal: LegalActions | None = None) -> list[LegalMap]:
        """The position's first page and every page its ``More`` indices open, in order: each
        legal action is on exactly one of them."""
        if legal is None:
            legal = legal_actions(game, seat)
        out: list[LegalMap] = []
        waiting = [self.legal_map(game, seat, legal)]
        while waiting:
            shown = waiting.pop(0)
            out.append(shown)
            waiting.extend(
                self.legal_map(game, seat, legal, page=c)
                for c in shown.values()
                if isinstance(c, More)
            )
        return out

    def path(self, game: Game, action: Action, legal: LegalActions | None = None) -> list[int]:
        """The indices that choose ``action`` from the position's first page: the ``More``
        indices of the pages before it, then its own. ValueError when it is not legal."""
        seat = action.seat
        if legal is None:
            legal = legal_actions(game, seat)
        steps: list[int] = []
        shown = self.legal_map(game, seat, legal)
        while True:
            try:
                return [*steps, self.encode(game, action, shown)]
            except ValueError:
                more = [(i, c) for i, c in shown.items() if isinstance(c, More)]
                section = self._section_name(action)
                ahead = [(i, c) for i, c in more if c.section == section]
                if not ahead:
                    raise
                steps.append(ahead[0][0])
                shown = self.legal_map(game, seat, legal, page=ahead[0][1])

    def _section_name(self, action: Action) -> str:
        if isinstance(action, BuildTrack):
            return "build_track"
        if isinstance(action, DeliverGoods):
            return "deliver_goods"
        return action.kind

    def section_of(self, index: int) -> Section:
        """The section of the action space that ``index`` falls in; ``ValueError`` if none."""
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is out of range (0 to {self.size - 1})")
        at = bisect.bisect_right(self._starts, index) - 1
        while self._by_start[at].end <= index:  # empty sections share a start
            at += 1
        return self._by_start[at]

    def describe(self, index: int) -> str:
        """What ``index`` stands for, in words: its section, key and slot."""
        return self.section_of(index).describe(index)


def _rank(entry: _Entry) -> Any:
    return entry[1]


def _tile_limits(game: Game) -> list[int]:
    """The tile limits a build can have: the base one and any a card gives."""
    base = game.build_rules(BuildTrack(seat=0)).max_tiles
    limits = {base}
    for card in game.ruleset.cards.values():
        tiles = card.params.get("tiles")
        if isinstance(tiles, int):
            limits.add(tiles)
    return sorted(limits)


_FIELDS: dict[type[Action], tuple[Any, ...]] = {}


def _fields(cls: type[Action]) -> tuple[Any, ...]:
    """An action class's fields but the seat (kept: ``fields`` is slow, and every listed
    action of a field-keyed kind asks)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f for f in fields(cls) if f.name != "seat")
    return found


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, Hex):
        return _hex(value)
    return value


def field_domains(game: Game) -> dict[str, list[Any]]:
    """The values each named action field can take on this board (sorted, stable)."""
    board, ruleset = game.board, game.ruleset
    cities = sorted(board.cities)
    cards = set(ruleset.cards)
    barons = set(ruleset.barons)
    for plugin in ruleset.plugins:
        # The solo plug-in's own cards and Duel Barons (its settings are not in the ruleset).
        smap = getattr(plugin, "solo_map", None)
        if smap is not None:
            cards.update(smap.cards)
            barons.update(smap.duel_barons)
    colors: list[Any] = [None, *(c.value for c in Color)]
    lines = sorted(board.major_lines)
    return {
        "city": cities,
        "source": cities,
        "target": [None, *cities, *[x for x in lines if x not in board.cities]],
        "color": colors,
        "card": sorted(cards),
        "cards": [(), *((c,) for c in sorted(cards))],
        "baron": sorted(barons),
        "amount": list(range(BID_BUCKETS + 1)),
        "redirect": [False, True],
    }


def _field_keys(game: Game, name: str, cls: type[Action]) -> list[Key]:
    domains = {**field_domains(game), **KIND_DOMAINS.get(name, {})}
    own: list[Sequence[Any]] = []
    for f in _fields(cls):
        if f.name not in domains:
            raise ValueError(
                f"action kind {name!r}: no index for its field {f.name!r} "
                "(railways.rl.encoding knows: " + ", ".join(sorted(domains)) + ")"
            )
        own.append(domains[f.name])
    size = 1
    for domain in own:
        size *= len(domain)
    if size > MAX_PRODUCT:
        raise ValueError(f"action kind {name!r}: {size} field combinations is too many to index")
    return [(name, *combo) for combo in itertools.product(*own)]


def _card_keys(game: Game) -> list[Key]:
    """Each card alone, and with every choice its effect offers at the start of a game.

    (Choices only narrow as a game goes on: gray cities get colours, tiles run out. A
    choice no new game offers, such as a Trading Depot's link, takes the pool.)
    """
    keys: set[Key] = set()
    for card_id, card in game.ruleset.cards.items():
        keys.add(("take_operations_card", card_id, None, None))
        for action in _take_options(game, card):
            keys.add(("take_operations_card", card_id, action.target, action.color))
    return sorted(keys, key=lambda k: tuple("" if v is None else str(v) for v in k))


def _take_options(game: Game, card: Any) -> Iterable[TakeOperationsCard]:
    return game.card_effect(card).take_options(game, 0, card)


__all__ = [
    "BID_BUCKETS",
    "MAX_BONDS_RETURNED",
    "ActionEncoding",
    "Choice",
    "LegalMap",
    "More",
    "Section",
    "field_domains",
]
