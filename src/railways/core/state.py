"""The mutable state of one game. Only the engine (``railways.core.game``) changes it."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from enum import Enum
from typing import Any

from railways.core.actions import Action
from railways.core.board import Color
from railways.core.hexgrid import Hex, Side, copied_by_fields
from railways.core.rng import Rng


class Phase(Enum):
    CHOOSE_BARON = "choose_baron"
    AUCTION = "auction"
    ACTIONS = "actions"
    REACTION = "reaction"  # other seats may answer an action before it is carried out
    GAME_OVER = "game_over"


# Hot classes write their own ``__init__`` (``init=False``): mypyc compiles a hand-written
# one, while the ``__init__`` that @dataclass generates runs as interpreted Python, about
# ten times the instructions per object made (docs/performance.md, fifth round).
@dataclass(slots=True, init=False)
class Piece:
    """One track through a hex: part of link ``link`` between sides ``a`` and ``b``.

    ``a`` faces the link's first city; ``b`` faces the way it continues.
    """

    link: int
    owner: int
    a: Side
    b: Side
    # The track lies on a crossing tile although the track it crossed is gone
    # (no plain tile of its shape was left in the supply to swap back in).
    on_crossing: bool

    def __init__(
        self,
        link: int,
        owner: int,
        a: Side,
        b: Side,
        on_crossing: bool = False,
    ) -> None:
        self.link = link
        self.owner = owner
        self.a = a
        self.b = b
        self.on_crossing = on_crossing


@dataclass(slots=True, init=False)
class Link:
    """A chain of tiles from city ``start`` to city ``end`` (None while incomplete)."""

    id: int
    owner: int
    start: str
    tiles: list[tuple[Hex, Side, Side]]
    end: str | None
    built_turn: int
    # Seats that own the link together with ``owner`` and score for it too (AU-036).
    partners: list[int]

    def __init__(
        self,
        id: int,
        owner: int,
        start: str,
        tiles: list[tuple[Hex, Side, Side]],
        end: str | None = None,
        built_turn: int = 0,
        partners: list[int] | None = None,
    ) -> None:
        self.id = id
        self.owner = owner
        self.start = start
        self.tiles = tiles
        self.end = end
        self.built_turn = built_turn
        self.partners = [] if partners is None else partners

    @property
    def complete(self) -> bool:
        return self.end is not None

    @property
    def open_end(self) -> tuple[Hex, Side]:
        """The hex of the last tile and the side it points to (incomplete links)."""
        hex_, _a, b = self.tiles[-1]
        return hex_, b

    def other_city(self, city: str) -> str:
        assert self.end is not None
        return self.end if city == self.start else self.start


@dataclass(slots=True, init=False)
class LedgerEntry:
    seat: int
    amount: int
    reason: str
    turn: int

    def __init__(
        self,
        seat: int,
        amount: int,
        reason: str,
        turn: int,
    ) -> None:
        self.seat = seat
        self.amount = amount
        self.reason = reason
        self.turn = turn


@dataclass(slots=True, init=False)
class PlayerState:
    seat: int
    name: str
    cash: int
    bonds: int
    score: int
    engine: int
    baron: str | None
    barons_dealt: tuple[str, ...]
    baron_revealed: bool
    hand: list[str]
    kept: list[str]  # infinity and purple diamond cards
    diamond_used: dict[str, int]
    delivered_colors: set[str]
    bonds_issued_total: int
    deliveries: int

    def __init__(
        self,
        seat: int,
        name: str,
        cash: int = 0,
        bonds: int = 0,
        score: int = 0,
        engine: int = 1,
        baron: str | None = None,
        barons_dealt: tuple[str, ...] = (),
        baron_revealed: bool = False,
        hand: list[str] | None = None,
        kept: list[str] | None = None,
        diamond_used: dict[str, int] | None = None,
        delivered_colors: set[str] | None = None,
        bonds_issued_total: int = 0,
        deliveries: int = 0,
    ) -> None:
        self.seat = seat
        self.name = name
        self.cash = cash
        self.bonds = bonds
        self.score = score
        self.engine = engine
        self.baron = baron
        self.barons_dealt = barons_dealt
        self.baron_revealed = baron_revealed
        self.hand = [] if hand is None else hand
        self.kept = [] if kept is None else kept
        self.diamond_used = {} if diamond_used is None else diamond_used
        self.delivered_colors = set() if delivered_colors is None else delivered_colors
        self.bonds_issued_total = bonds_issued_total
        self.deliveries = deliveries


@dataclass(slots=True, init=False)
class AuctionState:
    order: list[int]
    index: int
    high_bid: int
    high_bidder: int | None
    passed: set[int]

    def __init__(
        self,
        order: list[int],
        index: int = 0,
        high_bid: int = 0,
        high_bidder: int | None = None,
        passed: set[int] | None = None,
    ) -> None:
        self.order = order
        self.index = index
        self.high_bid = high_bid
        self.high_bidder = high_bidder
        self.passed = set() if passed is None else passed


@dataclass(slots=True, init=False)
class Reaction:
    """An action held back while other seats may answer it (a card played against it).

    ``seats`` are the seats still to answer, in turn order; the first is to act.
    """

    action: Action
    seats: list[int]

    def __init__(
        self,
        action: Action,
        seats: list[int],
    ) -> None:
        self.action = action
        self.seats = seats


class Sharing:
    """Which hexes of track and which links a state may change in place (``GameState.own_pieces``,
    ``GameState.own_link``): those it copied or made since it was last copied. A copy of a state
    shares the others' ``Piece`` and ``Link`` objects (copying them was most of a search's copy and
    of freeing it), so each writer takes its own copy first.

    Bookkeeping, not part of the game: any two compare equal, so equal states compare equal
    however they share; a deep copy or pickle starts with nothing marked (it copies before
    its first write, which is always safe)."""

    def __init__(self) -> None:
        self.hexes: set[Hex] = set()
        self.links: set[int] = set()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sharing)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "Sharing()"

    def __copy__(self) -> Sharing:
        return Sharing()

    def __deepcopy__(self, memo: dict[int, object]) -> Sharing:
        return Sharing()

    def __reduce__(self) -> tuple[type[Sharing], tuple[()]]:
        return Sharing, ()


@dataclass(slots=True, init=False)
class GameState:
    """Everything about a game in progress. Copy with :meth:`clone`."""

    map_id: str
    players: list[PlayerState]
    rng: Rng
    cubes: dict[str, list[Color]]
    bag: dict[Color, int]
    city_colors: dict[str, Color]
    new_city_tiles: dict[Color, int]
    ecm: set[str]
    ecm_needed: int
    track: dict[Hex, list[Piece]]
    links: dict[int, Link]
    next_link_id: int
    turn: int
    phase: Phase
    round: int
    order: list[int]
    order_index: int
    first_player: int | None
    auction: AuctionState | None
    reaction: Reaction | None
    baron_deck: list[str]
    ops_deck: list[str]
    ops_display: list[str]
    ops_discard: list[str]
    extra_actions: int
    extra_actions_seat: int | None
    end_trigger_turn: int | None
    major_lines: dict[str, int]
    ledger: list[LedgerEntry]
    log: list[str]
    plugin_data: dict[str, Any]
    final_scores: dict[int, int] | None
    winner: int | None
    reveals: int
    first_engine: dict[int, int]
    tile_counts: dict[str, int] | None  # cache of track.tiles_in_use; None = stale
    # Goes up by one with every change of the track (track.track_changed): work derived
    # from the track (candidate links, the link graph) is kept by the Game under it.
    track_version: int
    # The hexes whose track each of the last track versions changed (None: not said), so
    # that work kept by the Game looks again at those hexes only (track.changed_hexes).
    track_log: list[tuple[int, tuple[Hex, ...] | None]]
    # What of ``track`` and ``links`` this state may change in place (``own_pieces``,
    # ``own_link``); the rest may be another state's too. Not game state (``Sharing``).
    sharing: Sharing

    def __init__(
        self,
        map_id: str,
        players: list[PlayerState],
        rng: Rng,
        cubes: dict[str, list[Color]],
        bag: dict[Color, int],
        city_colors: dict[str, Color],
        new_city_tiles: dict[Color, int],
        ecm: set[str] | None = None,
        ecm_needed: int = 0,
        track: dict[Hex, list[Piece]] | None = None,
        links: dict[int, Link] | None = None,
        next_link_id: int = 1,
        turn: int = 1,
        phase: Phase = Phase.CHOOSE_BARON,
        round: int = 0,
        order: list[int] | None = None,
        order_index: int = 0,
        first_player: int | None = None,
        auction: AuctionState | None = None,
        reaction: Reaction | None = None,
        baron_deck: list[str] | None = None,
        ops_deck: list[str] | None = None,
        ops_display: list[str] | None = None,
        ops_discard: list[str] | None = None,
        extra_actions: int = 0,
        extra_actions_seat: int | None = None,
        end_trigger_turn: int | None = None,
        major_lines: dict[str, int] | None = None,
        ledger: list[LedgerEntry] | None = None,
        log: list[str] | None = None,
        plugin_data: dict[str, Any] | None = None,
        final_scores: dict[int, int] | None = None,
        winner: int | None = None,
        reveals: int = 0,
        first_engine: dict[int, int] | None = None,
        tile_counts: dict[str, int] | None = None,
        track_version: int = 0,
        track_log: list[tuple[int, tuple[Hex, ...] | None]] | None = None,
        sharing: Sharing | None = None,
    ) -> None:
        self.map_id = map_id
        self.players = players
        self.rng = rng
        self.cubes = cubes
        self.bag = bag
        self.city_colors = city_colors
        self.new_city_tiles = new_city_tiles
        self.ecm = set() if ecm is None else ecm
        self.ecm_needed = ecm_needed
        self.track = {} if track is None else track
        self.links = {} if links is None else links
        self.next_link_id = next_link_id
        self.turn = turn
        self.phase = phase
        self.round = round
        self.order = [] if order is None else order
        self.order_index = order_index
        self.first_player = first_player
        self.auction = auction
        self.reaction = reaction
        self.baron_deck = [] if baron_deck is None else baron_deck
        self.ops_deck = [] if ops_deck is None else ops_deck
        self.ops_display = [] if ops_display is None else ops_display
        self.ops_discard = [] if ops_discard is None else ops_discard
        self.extra_actions = extra_actions
        self.extra_actions_seat = extra_actions_seat
        self.end_trigger_turn = end_trigger_turn
        self.major_lines = {} if major_lines is None else major_lines
        self.ledger = [] if ledger is None else ledger
        self.log = [] if log is None else log
        self.plugin_data = {} if plugin_data is None else plugin_data
        self.final_scores = final_scores
        self.winner = winner
        self.reveals = reveals
        self.first_engine = {} if first_engine is None else first_engine
        self.tile_counts = tile_counts
        self.track_version = track_version
        self.track_log = [] if track_log is None else track_log
        self.sharing = Sharing() if sharing is None else sharing

    def clone(self) -> GameState:
        return copy.deepcopy(self)

    def copy(self) -> GameState:
        """A copy that shares nothing mutable with this state, made field by field.

        Equal to :meth:`clone` in every field but many times cheaper: search bots copy a
        state for every playout. Strings, enums, tuples and ledger entries (never changed
        once made) are shared; plug-ins' data is deep-copied. The track's pieces and the
        links are shared copy-on-write: neither state changes one in place before taking
        its own copy (``own_pieces``, ``own_link``), so what this state owned is shared now.
        """
        auction = self.auction
        mine = self.sharing
        if mine.hexes:
            mine.hexes = set()
        if mine.links:
            mine.links = set()
        return GameState(
            map_id=self.map_id,
            players=[_copy_player(p) for p in self.players],
            rng=self.rng.copy(),
            cubes=_copied_cubes(self.cubes),
            bag=dict(self.bag),
            city_colors=self.city_colors.copy(),  # (a CityColors keeps its stamp)
            new_city_tiles=dict(self.new_city_tiles),
            ecm=set(self.ecm),
            ecm_needed=self.ecm_needed,
            track=dict(self.track),  # (the lists and pieces shared: ``own_pieces``)
            links=dict(self.links),  # (the links shared: ``own_link``)
            next_link_id=self.next_link_id,
            turn=self.turn,
            phase=self.phase,
            round=self.round,
            order=self.order[:],
            order_index=self.order_index,
            first_player=self.first_player,
            auction=None
            if auction is None
            else AuctionState(
                list(auction.order),
                auction.index,
                auction.high_bid,
                auction.high_bidder,
                set(auction.passed),
            ),
            reaction=None
            if self.reaction is None
            else Reaction(self.reaction.action, list(self.reaction.seats)),
            baron_deck=self.baron_deck[:],
            ops_deck=self.ops_deck[:],
            ops_display=self.ops_display[:],
            ops_discard=self.ops_discard[:],
            extra_actions=self.extra_actions,
            extra_actions_seat=self.extra_actions_seat,
            end_trigger_turn=self.end_trigger_turn,
            major_lines=dict(self.major_lines),
            ledger=self.ledger[:],
            log=self.log[:],
            plugin_data=copied_data(self.plugin_data) if self.plugin_data else {},
            final_scores=None if self.final_scores is None else dict(self.final_scores),
            winner=self.winner,
            reveals=self.reveals,
            first_engine=dict(self.first_engine),
            tile_counts=None if self.tile_counts is None else dict(self.tile_counts),
            track_version=self.track_version,
            track_log=self.track_log[:],
            sharing=Sharing(),
        )

    def own_pieces(self, hex_: Hex) -> list[Piece]:
        """The pieces on ``hex_`` (a new empty list if none), this state's own to change in
        place: copied first, list and pieces, if they may be another state's too."""
        track = self.track
        pieces = track.get(hex_)
        owned = self.sharing.hexes
        if hex_ in owned and pieces is not None:
            return pieces
        owned.add(hex_)
        if pieces is None:
            mine: list[Piece] = []  # (a new hex goes last, as setdefault puts it)
        else:
            mine = [Piece(p.link, p.owner, p.a, p.b, p.on_crossing) for p in pieces]
        track[hex_] = mine
        return mine

    def own_link(self, link_id: int) -> Link:
        """Link ``link_id``, this state's own to change in place: copied first (with its
        tiles and partners) if it may be another state's too."""
        link = self.links[link_id]
        owned = self.sharing.links
        if link_id in owned:
            return link
        owned.add(link_id)
        mine = Link(
            link.id,
            link.owner,
            link.start,
            link.tiles[:],
            link.end,
            link.built_turn,
            link.partners[:],
        )
        self.links[link_id] = mine
        return mine

    def add_link(self, link: Link) -> None:
        """Put a new link on the board (this state's own: no other state has it)."""
        self.links[link.id] = link
        self.sharing.links.add(link.id)

    def set_pieces(self, hex_: Hex, pieces: list[Piece]) -> None:
        """Put ``pieces`` on ``hex_`` instead of what was there (None or empty: nothing),
        not marked as this state's own: they may be shared pieces in a new list."""
        self.sharing.hexes.discard(hex_)
        if pieces:
            self.track[hex_] = pieces
        else:
            self.track.pop(hex_, None)

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, or None when it is over."""
        if self.phase is Phase.CHOOSE_BARON:
            for p in self.players:
                if p.baron is None:
                    return p.seat
            return None
        if self.phase is Phase.AUCTION:
            assert self.auction is not None
            return self.auction.order[self.auction.index]
        if self.phase is Phase.REACTION:
            assert self.reaction is not None
            return self.reaction.seats[0]
        if self.phase is Phase.ACTIONS:
            if self.extra_actions and self.extra_actions_seat is not None:
                return self.extra_actions_seat
            return self.order[self.order_index]
        return None

    def cubes_total(self) -> int:
        return sum(len(c) for c in self.cubes.values()) + sum(self.bag.values())


def copied_data(data: dict[str, Any]) -> dict[str, Any]:
    """``copy.deepcopy(data)`` for plug-ins' data, several times quicker: the plain
    containers plug-ins keep (dicts, lists, sets, tuples of strings and numbers) are copied
    here; anything else goes to ``copy.deepcopy`` with the same memo, so what is shared
    inside ``data`` stays shared in the copy, as deepcopy keeps it."""
    out = _copied(data, {})
    assert isinstance(out, dict)
    return out


def _copied(x: object, memo: dict[int, object]) -> object:
    kind = type(x)
    if kind is str or kind is int or kind is bool or kind is float or x is None:
        return x  # immutable: deepcopy returns these themselves
    found = memo.get(id(x))
    if found is not None:
        return found
    if kind is dict:
        assert isinstance(x, dict)
        table: dict[object, object] = {}
        memo[id(x)] = table
        for key, value in x.items():
            table[_copied(key, memo)] = _copied(value, memo)
        return table
    if kind is list:
        assert isinstance(x, list)
        items: list[object] = []
        memo[id(x)] = items
        for value in x:
            items.append(_copied(value, memo))
        return items
    if kind is set:
        assert isinstance(x, set)
        members = {_copied(value, memo) for value in x}
        memo[id(x)] = members
        return members
    if kind is tuple:
        assert isinstance(x, tuple)
        parts = [_copied(value, memo) for value in x]
        found = memo.get(id(x))  # the tuple was reached again through its own items
        if found is not None:
            return found
        if all(a is b for a, b in zip(parts, x, strict=True)):
            return x  # nothing inside changed: deepcopy keeps the tuple itself
        made = tuple(parts)
        memo[id(x)] = made
        return made
    return copy.deepcopy(x, memo)


# A state's big dicts are copied as a whole (a dict copied keeps its table: no resizing as
# a comprehension's inserts grow it), then each value is replaced by its own copy: the keys
# stay, so no insert finds the table full. Lists are copied by a slice (``list(x)`` is
# the generic, slower path when compiled).
def _copied_cubes(cubes: dict[str, list[Color]]) -> dict[str, list[Color]]:
    out = dict(cubes)
    for city, held in cubes.items():
        out[city] = held[:]
    return out


def _copy_player(p: PlayerState) -> PlayerState:
    return PlayerState(
        seat=p.seat,
        name=p.name,
        cash=p.cash,
        bonds=p.bonds,
        score=p.score,
        engine=p.engine,
        baron=p.baron,
        barons_dealt=p.barons_dealt,
        baron_revealed=p.baron_revealed,
        hand=p.hand[:],
        kept=p.kept[:],
        diamond_used=dict(p.diamond_used),
        delivered_colors=set(p.delivered_colors),
        bonds_issued_total=p.bonds_issued_total,
        deliveries=p.deliveries,
    )


# copy and pickle work compiled too (hexgrid)
copied_by_fields(Piece, Link, LedgerEntry, PlayerState, AuctionState, Reaction, GameState)
