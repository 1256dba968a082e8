"""The rules engine: a game's state, the moves that are legal in it, and applying them.

``Game`` is created from a board, a ruleset, seat names, a seed and options;
it never reads files or clocks. ``apply`` checks an action completely before
changing anything, so an illegal action raises :class:`IllegalAction` and
leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from railways.core import core_kinds
from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    ChooseBaron,
    DeliverGoods,
    PassBid,
    TakeOperationsCard,
    Undo,
    UpgradeEngine,
    Urbanize,
)
from railways.core.board import GOODS_COLORS, Board, Color, MajorLine
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.city_colors import CityColors
from railways.core.delivery import DeliveryHook, DeliveryRules, RouteLink
from railways.core.errors import IllegalAction
from railways.core.hexgrid import copied_by_fields
from railways.core.kinds import ActionKind, KindRegistry
from railways.core.plugins import BuildRestriction, EdgeCosts, Plugin, Ruleset
from railways.core.rng import DEFAULT_RNG, RNG_KINDS, Rng, make_rng
from railways.core.state import (
    AuctionState,
    GameState,
    LedgerEntry,
    Link,
    Phase,
    PlayerState,
    Reaction,
)
from railways.core.track import BuildPlan, CostRules, lay, plan_build, remove_incomplete
from railways.core.turns import (
    ActionsStep,
    EndCheckStep,
    IncomeStep,
    OperationsCardStep,
    TurnStructure,
)

# New City tiles: none are red (RW-p5-13). The split of the 24 tiles is house.
NEW_CITY_TILES: Mapping[Color, int] = {
    Color.YELLOW: 6,
    Color.BLUE: 6,
    Color.PURPLE: 6,
    Color.BLACK: 6,
}
ROUNDS_PER_TURN = 3
# Undo replays the effective history from the latest snapshot at or before where it goes
# back to (a state copy kept every SNAPSHOT_EVERY effective actions, the last
# SNAPSHOTS_KEPT of them), so a record full of build-and-undo costs a few actions a turn
# instead of the whole game each time. Every copy (and freeing it later) cost about as
# much as 1.5 actions of a sampled playout: one every 32 actions, not 16, halves that for
# an undo's replay of 16 actions on average instead of 8. An undo only ever goes back
# one action, so the latest two snapshots are all it may need.
SNAPSHOT_EVERY = 32
SNAPSHOTS_KEPT = 2
# Until a game's first undo, one snapshot every SNAPSHOT_EVERY_UNTIL_UNDO effective
# actions: most games (playouts, bots, research steps) are never undone, and each copy cost
# ~4% of a sampled playout. The first undo then replays up to that many actions (a few
# milliseconds); a game that was undone once takes one every SNAPSHOT_EVERY from then on.
SNAPSHOT_EVERY_UNTIL_UNDO = 128

_NONE: frozenset[str] = frozenset()
_COLOR_VALUES: dict[Color, str] = {
    c: c.value for c in Color
}  # no network: a Major Line without requirements needs none

# How a copy of a game (``Game.copy``) takes over each entry of ``Game.derived``: a
# function that returns what the copy may keep (the entry itself when nothing in it is
# ever changed in place). The modules that make the entries register them here
# (railways.core.legal); an entry without one is left out and the copy works it out again.
DERIVED_FORKS: dict[str, Callable[[Any], Any]] = {}
# Looked up once: an Enum member read from its class is a slow attribute lookup (its
# metaclass has a __getattr__), and ``_check`` runs for every candidate of a listing.
_GAME_OVER: Final = Phase.GAME_OVER
_GRAY: Final = Color.GRAY
_RED: Final = Color.RED
_COLOR_OF_VALUE: Final[dict[str, Color]] = {c.value: c for c in Color}
_GOAL: Final = Icon.GOAL
_DIAMOND: Final = Icon.DIAMOND
_ACTIONS: Final = Phase.ACTIONS
# A seat's kept networks (Game._own_joined): what the links were seen as, the union-find,
# and each link joined by id with its two cities.
_Joined = tuple[tuple[int, int, int], dict[str, str], dict[int, tuple[str, str]]]
# A deck's cards by id, with their effect where it listens to a hook (Game._listening_cards).
_CardsBy = dict[str, tuple[CardDef, CardEffect] | None]


@dataclass(frozen=True)
class Options:
    """Game options. Variants add fields here with defaults that mean 'off'."""

    shorter_game: bool = False  # two fewer Empty City Markers (RW-p8-06)
    extra: Mapping[str, Any] = field(default_factory=dict)
    rng: str = DEFAULT_RNG  # the random generator (railways.core.rng); not a rule

    def to_dict(self) -> dict[str, Any]:
        """The options' JSON form, as records and the web API carry them (``extra`` flat)."""
        out = {"shorter_game": self.shorter_game, **dict(self.extra)}
        if self.rng != DEFAULT_RNG:  # absent means the old default, so old records stay as-is
            out["rng"] = self.rng
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Read the JSON form; raises ``ValueError`` naming an option with a wrong value."""
        data = dict(data)
        shorter = data.pop("shorter_game", False)
        if not isinstance(shorter, bool):
            raise ValueError("options.shorter_game must be true or false")
        rng = data.pop("rng", DEFAULT_RNG)
        if rng not in RNG_KINDS:
            raise ValueError(f"options.rng: expected one of {', '.join(RNG_KINDS)}")
        return cls(shorter_game=shorter, extra=data, rng=rng)


# Hot classes write their own ``__init__`` (``init=False``): mypyc compiles a hand-written
# one, while the ``__init__`` that @dataclass generates runs as interpreted Python, about
# ten times the instructions per object made (docs/performance.md, fifth round).
@dataclass(frozen=True, init=False)
class Delivery:
    """A completed delivery, passed to plug-ins and card effects."""

    seat: int
    color: Color
    source: str
    destination: str
    cities: tuple[str, ...]
    links: tuple[int, ...]
    points: Mapping[int, int]

    def __init__(
        self,
        seat: int,
        color: Color,
        source: str,
        destination: str,
        cities: tuple[str, ...],
        links: tuple[int, ...],
        points: Mapping[int, int],
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "destination", destination)
        object.__setattr__(self, "cities", cities)
        object.__setattr__(self, "links", links)
        object.__setattr__(self, "points", points)


class Game:
    """One game of Railways of the World."""

    def __init__(
        self,
        board: Board,
        ruleset: Ruleset,
        seats: list[str],
        seed: int,
        options: Options | None = None,
        *,
        _like: tuple[Any, ...] | None = None,
        rng: Rng | None = None,
    ) -> None:
        """A new game dealt with ``seed`` (``options.rng`` names the generator); ``rng``, when
        given, is the generator itself, to deal and play with in place of one made from the seed
        (OpenSpiel's chance nodes answer the deal's draws through it: ``railways.rl.chance``).
        Such a game's seed means nothing, so it cannot undo back to its very start."""
        if _like is not None:  # a copy or an unpickled game: every field given (_FIELDS)
            self._take_fields(_like)
            return
        if not board.min_players <= len(seats) <= board.max_players:
            raise ValueError(
                f"{board.name} is for {board.min_players}-{board.max_players} "
                f"players, not {len(seats)}"
            )
        self.board = board
        self.ruleset = ruleset
        self.seats = list(seats)
        self.seed = seed
        self.options = options or Options()
        self.turns = ruleset.turns  # the turn's steps (railways.core.turns)
        self._plain_rounds, self._plain_ending = _plain_turn(self.turns)
        # The effect keys of the deck's cards: only these are ever asked anything.
        self.deck_effects = tuple(sorted({card.effect for card in ruleset.cards.values()}))
        self.kinds = KindRegistry.of(
            [
                *core_kinds.before_plugins(),
                *(kind for plugin in ruleset.plugins for kind in plugin.action_kinds()),
                *(k for e in self.deck_effects for k in ruleset.card_effects[e].action_kinds()),
                *core_kinds.after_plugins(),
            ]
        )
        self.kinds.note_plugins(ruleset.plugins)
        self.edge_costs = EdgeCosts.of(ruleset.plugins)
        self.actions: list[Action] = []  # every accepted action, undo included
        self.history: list[tuple[Action, int, int]] = []  # effective: (action, rng draws, reveals)
        self.derived: dict[str, Any] = {}
        self._listeners: dict[str, frozenset[str]] = {}  # hook -> effect keys with their own
        # Set by ``play``: actions were carried out without being recorded, so the
        # history no longer leads to the state and undo is refused.
        self.unrecorded = False
        self._dealing = False  # True while the starting display is dealt (setup only)
        # (len(history), a copy of the state then) every SNAPSHOT_EVERY effective actions,
        # the last SNAPSHOTS_KEPT of them: an undo replays from the latest one at or before
        # the position it goes back to, not from the start.
        self._snapshots: list[tuple[int, GameState]] = []
        self.state = self._setup(rng)

    @property
    def state(self) -> GameState:
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        # Work derived from a state (candidate links, the link graph) is kept in
        # ``derived`` under the state's track_version; a new state starts it afresh.
        self._state = state
        self.derived = {}

    def copy(self) -> Game:
        """An independent copy for search: the same state, history and caches.

        No ``deepcopy``: the state is copied field by field (``GameState.copy``), the
        board, ruleset and kinds (never changed during a game) are shared, and each
        cache in ``derived`` is handed over as ``DERIVED_FORKS`` says.
        """
        twin = self._shallow()
        twin.seats = list(self.seats)
        twin.actions = list(self.actions)
        twin.history = list(self.history)
        twin._dealing = False
        twin._snapshots = list(self._snapshots)  # never changed, only replaced: shared
        twin.state = self.state.copy()  # (this also empties twin.derived)
        for key, value in self.derived.items():
            fork = DERIVED_FORKS.get(key)
            if fork is not None:
                twin.derived[key] = fork(value)
        return twin

    def __copy__(self) -> Game:
        """``copy.copy``: a new game object sharing every field (state included)."""
        return self._shallow()

    def _shallow(self) -> Game:
        # Made through __init__ (a compiled class cannot be made without it), told to take
        # every field from this game instead of setting one up.
        values = self._field_values()
        return Game(self.board, self.ruleset, self.seats, self.seed, self.options, _like=values)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle remakes the game from its fields, through __init__ as a copy is made. The
        # kept work (``derived``) stays behind: it is made again when first asked for, and
        # compiled, its entries (classes with hand-written ``__init__``) cannot be unpickled.
        return _unpickled_game, (self._field_values()[:-1] + ({},),)

    def _field_values(self) -> tuple[Any, ...]:
        """Every field, in the order of ``_FIELDS``."""
        return (
            self.board,
            self.ruleset,
            self.seats,
            self.seed,
            self.options,
            self.turns,
            self._plain_rounds,
            self._plain_ending,
            self.deck_effects,
            self.kinds,
            self.edge_costs,
            self.actions,
            self.history,
            self._listeners,
            self.unrecorded,
            self._dealing,
            self._snapshots,
            self._state,
            self.derived,
        )

    def _take_fields(self, values: tuple[Any, ...]) -> None:
        """Every field from ``values`` (``_field_values``), shared, not copied."""
        (
            self.board,
            self.ruleset,
            self.seats,
            self.seed,
            self.options,
            self.turns,
            self._plain_rounds,
            self._plain_ending,
            self.deck_effects,
            self.kinds,
            self.edge_costs,
            self.actions,
            self.history,
            self._listeners,
            self.unrecorded,
            self._dealing,
            self._snapshots,
            self._state,
            self.derived,
        ) = values

    # -- setup ---------------------------------------------------------------
    def _setup(self, given: Rng | None) -> GameState:
        board, n = self.board, len(self.seats)
        rng = make_rng(self.options.rng, self.seed) if given is None else given
        bag = {c: board.tables.goods_per_color for c in GOODS_COLORS}
        state = GameState(
            map_id=board.id,
            players=[PlayerState(seat=i, name=name) for i, name in enumerate(self.seats)],
            rng=rng,
            cubes={cid: [] for cid in board.cities},
            bag=bag,
            city_colors=CityColors({cid: c.color for cid, c in board.cities.items()}),
            new_city_tiles=dict(NEW_CITY_TILES),
        )
        self.state = state
        reduction = board.tables.cube_reduction.get(n, 0)
        for cid in sorted(board.cities):  # RW-p3-18, RW-p10-19
            count = max(1, board.cities[cid].cubes - reduction)
            state.cubes[cid].extend(self.draw_cubes(count))
        needed = board.tables.ecm_by_players[n]
        if self.options.shorter_game:
            needed -= 2
        state.ecm_needed = needed
        if not any(p.deals_operations for p in self.ruleset.plugins):
            self._setup_operations()  # the solo game deals its own display (RB-048)
        for card_id in list(state.ops_display):  # start cards that change the board
            card = self.card(card_id)
            if card.effect in self._listening("at_setup"):
                self.card_effect(card).at_setup(self, card)
        barons = sorted(self.ruleset.barons)
        rng.shuffle(barons)
        for p in state.players:  # RW-p4-12
            if len(barons) >= 2:
                p.barons_dealt = (barons.pop(), barons.pop())
            else:
                p.baron = ""  # no baron deck on this map
        state.baron_deck = barons
        for plugin in self.ruleset.plugins:
            plugin.setup(self)
        if all(p.baron is not None for p in state.players):
            self._start_turn(first_turn=True)
        return state

    def _setup_operations(self) -> None:
        state, cards = self.state, self.ruleset.cards
        start = sorted(cid for cid, c in cards.items() if c.start)
        display: list[str] = []
        pools: dict[str, tuple[int, list[str]]] = {}
        for cid in start:
            pool = self.card_effect(cards[cid]).start_pool(cards[cid])
            if pool is None:
                display.append(cid)
            else:
                pools.setdefault(pool[0], (pool[1], []))[1].append(cid)
        for name in sorted(pools):  # a few of a pool's start cards, drawn (RW-p4-02)
            size, pool_cards = pools[name]
            self.state.rng.shuffle(pool_cards)
            display += sorted(pool_cards[:size])
        state.ops_display = display
        deck = sorted(cid for cid, c in cards.items() if not c.start)
        state.rng.shuffle(deck)
        state.ops_deck = deck
        dealt = self.deal_operations(state.ops_deck, 2 * len(self.seats))  # RW-p4-04
        state.ops_display += dealt
        # The starting deal turns cards face up too, so each is told it was revealed
        # (Operations Growth, Local Campaign); a card a reveal deals meanwhile obeys the
        # setup deal's rule (RW-p22-10).
        self._dealing = True
        for card_id in dealt:
            if card_id in state.ops_display:
                card = self.card(card_id)
                self.card_effect(card).on_reveal(self, card)
        self._dealing = False

    def deal_operations(self, deck: list[str], count: int) -> list[str]:
        """Deal up to ``count`` cards off the top of ``deck`` for the starting display.

        A card whose effect may not be dealt at setup goes back into the deck at a
        random place while other cards are left (RW-p22-10).
        """
        dealt: list[str] = []
        while len(dealt) < count and deck:
            card = deck.pop()
            if not self._dealable(card) and any(self._dealable(c) for c in deck):
                deck.insert(self.state.rng.below(len(deck) + 1), card)
                continue
            dealt.append(card)
        return dealt

    def _dealable(self, card_id: str) -> bool:
        card = self.card(card_id)
        return self.card_effect(card).dealt_at_setup(card)

    # -- helpers used by plug-ins and card effects -----------------------------
    @property
    def n(self) -> int:
        return len(self.seats)

    def draw_cubes(self, count: int) -> list[Color]:
        """Draw up to ``count`` random cubes from the bag (fewer if it runs out)."""
        bag = self.state.bag
        out: list[Color] = []
        if count <= 0:
            return out
        rng = self.state.rng
        total = sum(bag.values())
        # The bag's counts in GOODS_COLORS' order, read once (not twice per colour per cube);
        # the bag itself is written as each cube is drawn.
        left = [bag[color] for color in GOODS_COLORS]
        for _ in range(count):
            if total == 0:
                break
            pick = rng.below(total)
            for i in range(len(left)):
                if pick < left[i]:
                    left[i] -= 1
                    total -= 1
                    color = GOODS_COLORS[i]
                    bag[color] -= 1
                    out.append(color)
                    break
                pick -= left[i]
        return out

    def draw_cube_of(self, color: Color, count: int) -> list[Color]:
        """Take up to ``count`` cubes of one colour from the bag."""
        taken = min(count, self.state.bag[color])
        self.state.bag[color] -= taken
        return [color] * taken

    def take_cube(self, city: str, color: Color) -> None:
        """Return one cube of a city to the bag (not a delivery); an emptied city gets its ECM."""
        self.state.cubes[city].remove(color)
        self.state.bag[color] += 1
        self._place_ecm(city)

    def add_cubes(self, city: str, cubes: list[Color]) -> None:
        if cubes:
            self.state.cubes[city].extend(cubes)
            self.state.ecm.discard(city)

    def pay(self, seat: int, amount: int, reason: str) -> None:
        """Pay the bank, issuing exactly the bonds the shortfall needs (RW-p4-23)."""
        player = self.state.players[seat]
        if amount > player.cash:
            value = self.board.tables.bond_value
            bonds = -(-(amount - player.cash) // value)
            player.bonds += bonds
            player.bonds_issued_total += bonds
            player.cash += bonds * value
            self._ledger(seat, bonds * value, f"issued {bonds} bond(s)")
        player.cash -= amount
        self._ledger(seat, -amount, reason)

    def receive(self, seat: int, amount: int, reason: str) -> None:
        self.state.players[seat].cash += amount
        self._ledger(seat, amount, reason)

    def _ledger(self, seat: int, amount: int, reason: str) -> None:
        self.state.ledger.append(LedgerEntry(seat, amount, reason, self.state.turn))

    def score(self, seat: int, points: int, reason: str) -> None:
        if points:
            self.state.players[seat].score += points
            self.log(f"{self.seats[seat]} scores {points} ({reason})")

    def log(self, text: str) -> None:
        self.state.log.append(text)

    def card(self, card_id: str) -> CardDef:
        return self.ruleset.cards[card_id]

    def card_effect(self, card: CardDef) -> CardEffect:
        return self.ruleset.card_effects[card.effect]

    def income(self, seat: int) -> int:
        """The income the seat's score earns on the income track (RW-p6-01), before cards."""
        return self.board.tables.income_for(self.state.players[seat].score)

    def city_name(self, city: str) -> str:
        """The printed name of the city with id ``city``."""
        return self.board.cities[city].name

    def own_links(self, seat: int) -> list[Link]:
        """The seat's complete links, those it co-owns included (a Company Merger)."""
        return [  # ``end`` rather than ``complete``: asked after every build, over every link
            lk
            for lk in self.state.links.values()
            if lk.end is not None and (lk.owner == seat or seat in lk.partners)
        ]

    def route_links(self) -> dict[int, RouteLink]:
        """The plug-ins' ways over track that count as links for deliveries, by id (below 0).

        Kept until the track changes (``state.track_version``), like the link graph.
        """
        hit = self.derived.get("route_links")
        if hit is not None and hit[0] == self.state.track_version:
            found: dict[int, RouteLink] = hit[1]
            return found
        found = {r.id: r for p in self.ruleset.plugins for r in p.route_links(self)}
        self.derived["route_links"] = (self.state.track_version, found)
        return found

    def link_owners(self, link_id: int) -> tuple[int, ...]:
        """Who scores a point when a cube travels along the link (a co-owner too, AU-036)."""
        if link_id < 0:
            return (self.route_links()[link_id].owner,)
        link = self.state.links[link_id]
        return (link.owner, *link.partners) if link.partners else (link.owner,)

    def network(self, seat: int, start: str) -> frozenset[str]:
        """Cities reachable from ``start`` over the seat's own complete links."""
        return self._reach(self._own_adjacency(seat), start)

    def links_seen(self) -> tuple[int, int, int]:
        """What work kept about the links is kept under: the track's version, and (for
        states written directly, as tests do) how many links there are and have been."""
        state = self.state
        return state.track_version, state.next_link_id, len(state.links)

    def _own_adjacency(self, seat: int) -> dict[str, list[str]]:
        """City -> cities one own link away. Kept until the track (or who owns it) changes:
        asked after every build, by the Major Lines and by plug-ins. Do not modify it."""
        hit = self.derived.get("own_adjacency")
        if hit is None or hit[0] != self.links_seen():
            hit = self.derived["own_adjacency"] = (self.links_seen(), {})
        every: dict[int, dict[str, list[str]]] = hit[1]
        adjacency = every.get(seat)
        if adjacency is not None:
            return adjacency
        adjacency = every[seat] = {}
        for link in self.own_links(seat):
            assert link.end is not None
            adjacency.setdefault(link.start, []).append(link.end)
            adjacency.setdefault(link.end, []).append(link.start)
        return adjacency

    def has_own_link_to(self, seat: int, city: str) -> bool:
        """Whether one of the seat's own complete links (``own_links``) ends at ``city``: the
        cities of the kept union-find (``_own_joined``), with no walk over every link."""
        return city in self._own_joined(seat)

    def _own_parts(self, seat: int) -> dict[str, str]:
        """Each city on the seat's own links -> a city that stands for its separate network
        (``_own_joined`` flattened)."""
        joined = self._own_joined(seat)
        return {city: _root(joined, city) for city in list(joined)}

    def _own_joined(self, seat: int) -> dict[str, str]:
        """The seat's own networks as a union-find over its complete links (city -> a city
        of the same network, towards its root: ``_root``), kept per seat and brought up to
        date by the links added since: the Major Lines are checked after every complete
        build, and joining every link again each time was most of that check. Where a link
        it joined is gone, no longer the seat's or between other cities (a union cannot be
        undone), it is joined afresh. Do not modify it but through ``_root``."""
        every: dict[int, _Joined] | None = self.derived.get("own_joined")
        if every is None:
            every = self.derived["own_joined"] = {}
        seen = self.links_seen()
        kept = every.get(seat)
        if kept is not None and kept[0] == seen:
            return kept[1]
        joined, ends = ({}, {}) if kept is None else (kept[1], kept[2])
        fresh: list[Link] = []
        found = 0
        for link in self.state.links.values():
            end = link.end
            if end is None or (link.owner != seat and seat not in link.partners):
                continue
            had = ends.get(link.id)
            if had is None:
                fresh.append(link)
            elif had[0] == link.start and had[1] == end:
                found += 1
            else:
                found = -1  # not the link it joined: afresh
                break
        if found != len(ends):
            joined, ends = {}, {}
            fresh = self.own_links(seat)
        for link in fresh:
            end = link.end
            assert end is not None
            a, b = _root(joined, link.start), _root(joined, end)
            if a != b:
                joined[a] = b
            ends[link.id] = (link.start, end)
        every[seat] = (seen, joined, ends)
        return joined

    @staticmethod
    def _reach(adjacency: dict[str, list[str]], start: str) -> frozenset[str]:
        seen = {start}
        todo = [start]
        while todo:
            city = todo.pop()
            for nxt in adjacency.get(city, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)

    def reveal_baron(self, seat: int) -> None:
        player = self.state.players[seat]
        if not player.baron_revealed:
            player.baron_revealed = True
            self.state.reveals += 1

    # -- whose turn ----------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    @property
    def over(self) -> bool:
        return self.state.phase is _GAME_OVER

    # -- applying actions ------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Check ``action`` completely, then carry it out. Raises IllegalAction."""
        if isinstance(action, Undo):
            self._undo(action)
            return
        draws, reveals = self.state.rng.draws, self.state.reveals
        self._carry_out(action)
        self.actions.append(action)
        self.history.append((action, self.state.rng.draws - draws, self.state.reveals - reveals))
        effective = len(self.history)
        # More actions than effective ones: this game (or the one it replays for) was undone.
        if effective % SNAPSHOT_EVERY == 0 and (
            effective % SNAPSHOT_EVERY_UNTIL_UNDO == 0 or len(self.actions) != effective
        ):
            self._snapshots = [
                *self._snapshots[-(SNAPSHOTS_KEPT - 1) :],
                (len(self.history), self.state.copy()),
            ]

    def play(self, action: Action) -> None:
        """``apply`` for playouts: checked and carried out alike, but not recorded.

        Neither ``actions`` nor ``history`` grows, so a search copy that plays out a
        whole game does no bookkeeping it would throw away; the game can no longer be
        undone or saved as a record (``unrecorded`` is set). Undo is not accepted here.
        """
        if isinstance(action, Undo):
            raise IllegalAction("undo is not possible in a playout", "RW-p4-39")
        self._carry_out(action)
        self.unrecorded = True

    def _carry_out(self, action: Action) -> None:
        """Check ``action``, perform it, let plug-ins follow up and move the turn on.

        An action another seat may answer with a card waits instead (``_hold``).
        """
        kind, checked = self._check(action)
        if self.state.phase is _ACTIONS and kind.advances_turn and self._hold(action):
            return
        self._perform(kind, action, checked)

    def _perform(self, kind: ActionKind, action: Action, checked: object) -> None:
        kind.perform(self, action, checked)
        for plugin in self._hooked("after_action"):
            plugin.after_action(self, action)
        if kind.advances_turn:
            self._after_action(action)

    # -- answers to another seat's action (a card such as the Railroad Inspector) -------------
    def _hold(self, action: Action) -> bool:
        """Hold ``action`` back while the seats whose cards may answer it do so, in turn order
        after its actor. False (and nothing changes) when no card may answer it."""
        cards = self._in_play("may_react", hands=True)
        if not cards:
            return False
        able = {
            holder
            for card, effect, holder in cards
            if holder is not None
            and holder != action.seat
            and effect.may_react(self, action, card, holder)
        }
        if not able:
            return False
        state = self.state
        order = state.order if action.seat in state.order else list(range(self.n))
        i = order.index(action.seat)
        seats = [s for s in (*order[i + 1 :], *order[:i]) if s in able]
        state.reaction = Reaction(action, seats)
        state.phase = Phase.REACTION
        names = ", ".join(self.seats[s] for s in seats)
        self.log(f"{self.seats[action.seat]}'s action waits: {names} may answer it")
        return True

    def pass_reaction(self) -> None:
        """The seat to answer lets the held action go; after the last one it is carried out."""
        reaction = self.state.reaction
        assert reaction is not None
        self.log(f"{self.seats[reaction.seats.pop(0)]} lets it go ahead")
        if reaction.seats:
            return
        self._release()
        kind, checked = self._check(reaction.action)  # nothing but answers happened since
        self._perform(kind, reaction.action, checked)

    def cancel_held(self) -> Action:
        """Stop the held action: it is not carried out, yet it uses its actor's action."""
        reaction = self.state.reaction
        assert reaction is not None
        self._release()
        self._after_action(reaction.action)
        return reaction.action

    def _release(self) -> None:
        self.state.reaction = None
        self.state.phase = Phase.ACTIONS

    def open_cities(self) -> list[str]:
        """The board's cities an Urbanize or a card may name now (``Plugin.open_cities``),
        sorted: the targets listings offer."""
        board = self.board
        cities: list[str] = list(board.derived("sorted_city_ids", lambda: sorted(board.cities)))
        for plugin in self.kinds.openers:  # the others leave every city open
            only = plugin.open_cities(self)
            if only is not None:
                cities = [c for c in cities if c in only]
        return cities

    def gray_cities(self) -> tuple[str, ...]:
        """The open cities (``open_cities``) that are gray, in that order: what Urbanize and
        a New Industry card may name."""
        colors = self.state.city_colors
        if self.kinds.openers:
            return tuple([city for city in self.open_cities() if colors[city] is _GRAY])
        # Every city open. Asked by Urbanize and New Industry at every listing, and the
        # colours seldom change: kept under the colours' stamp (``CityColors``), or for
        # colours without one with a copy of them, kept while they are equal.
        stamp = colors.stamp if isinstance(colors, CityColors) else 0
        kept = self.derived.get("gray_cities")
        if kept is not None and (kept[0] == stamp if stamp else kept[1] == colors):
            gray: tuple[str, ...] = kept[2]
            return gray
        board = self.board
        cities: list[str] = board.derived("sorted_city_ids", lambda: sorted(board.cities))
        gray = tuple([city for city in cities if colors[city] is _GRAY])
        self.derived["gray_cities"] = (stamp, None if stamp else dict(colors), gray)
        return gray

    def new_city_colors(self) -> tuple[str, ...]:
        """The colours of the New City tiles left, as values in their sorted order (what
        Urbanize and a New Industry card may choose)."""
        tiles = self.state.new_city_tiles
        kept = self.derived.get("new_city_colors")  # kept as gray_cities is
        if kept is not None and kept[0] == tiles:
            colors: tuple[str, ...] = kept[1]
            return colors
        # ``_value_`` is the member's value as a plain attribute (``.value`` is a property).
        out = [color._value_ for color, left in tiles.items() if left > 0]
        out.sort()
        colors = tuple(out)
        self.derived["new_city_colors"] = (dict(tiles), colors)
        return colors

    def places_ecm(self, city: str) -> bool:
        """Whether the city gets an Empty City Marker once empty (every plug-in agrees)."""
        return all(p.places_ecm(self, city) for p in self.ruleset.plugins)

    def allowed_kinds(self, seat: int) -> frozenset[str] | None:
        """The kinds of action the plug-ins leave the seat now (None: no limit)."""
        allowed: frozenset[str] | None = None
        for plugin in self.kinds.limiters:  # the others leave every kind
            only = plugin.allowed_kinds(self, seat)
            if only is not None:
                allowed = only if allowed is None else allowed & only
        return allowed

    def check(self, action: Action) -> None:
        """Raise IllegalAction if ``action`` may not be taken now; change nothing."""
        self._check(action)

    def allows(self, action: Action) -> bool:
        """Whether ``action`` may be taken now."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def allowed(self, actions: list[Action]) -> list[Action]:
        """The actions of ``actions`` that may be taken now (``allows``), in order: a kind's
        listing. The part of the check that reads only an action's seat and class
        (``_open_kind``) is done once for all the actions of the first one's seat and class."""
        out: list[Action] = []
        if not actions:
            return out
        first = actions[0]
        try:
            kind: ActionKind | None = self._open_kind(first)
        except IllegalAction:
            kind = None  # and so for every action of its seat and class
        every_turn = self._turn_checks()
        judges = self.kinds.judges
        for action in actions:
            if action.seat != first.seat or type(action) is not type(first):
                if self.allows(action):
                    out.append(action)
                continue
            if kind is not None and self._passes_rest(kind, action, every_turn, judges, True):
                out.append(action)
        return out

    def allowed_as_listed(self, actions: list[Action], sure: list[bool]) -> list[Action]:
        """``allowed`` for a kind's listing that knows of some of its options (``sure[i]``
        for ``actions[i]``) that its kind's own ``check`` passes: it made them from the very
        facts that check reads. Of those only the rest of ``_check`` is asked (game over,
        seat, turn, phase; the turn structure; the plug-ins that judge every action); the
        others are checked in full. The actions are of one seat and class; in order."""
        out: list[Action] = []
        if not actions:
            return out
        first = actions[0]
        try:
            kind = self._open_kind(first)
        except IllegalAction:
            return out
        every_turn = self._turn_checks()
        judges = self.kinds.judges
        for i in range(len(actions)):
            action = actions[i]
            assert action.seat == first.seat and type(action) is type(first)
            if self._passes_rest(kind, action, every_turn, judges, not sure[i]):
                out.append(action)
        return out

    def _passes_rest(
        self,
        kind: ActionKind,
        action: Action,
        every_turn: bool,
        judges: tuple[Plugin, ...],
        own_check: bool,
    ) -> bool:
        """The rest of ``_check`` once the kind is open, in its order: the turn structure
        (``every_turn``), the kind's own check (unless the listing made ``action`` from the
        facts it reads), the plug-ins that judge every action."""
        try:
            if every_turn:
                self.turns.check(self, action)
            if own_check:
                kind.check(self, action)
            for plugin in judges:
                plugin.check_action(self, action)
        except IllegalAction:
            return False
        return True

    def _check(self, action: Action) -> tuple[ActionKind, object]:
        """Check ``action``; return its kind and the work its ``perform`` can reuse."""
        kind = self._open_kind(action)
        if self._turn_checks():
            self.turns.check(self, action)
        checked = kind.check(self, action)
        for plugin in self.kinds.judges:  # the others' check_action refuses nothing
            plugin.check_action(self, action)
        return kind, checked

    def _opened_kinds(self) -> dict[type, tuple[ActionKind, tuple[Phase, ...]]]:
        """Each action class's kind in this game and its phases, as ``_open_kind`` found
        them (copies keep them: ``DERIVED_FORKS``)."""
        opened: dict[type, tuple[ActionKind, tuple[Phase, ...]]] | None
        opened = self.derived.get("open_kinds")
        if opened is None:
            opened = self.derived["open_kinds"] = {}
        return opened

    def _turn_checks(self) -> bool:
        """Whether the turn structure's ``check`` may refuse an action (not where it says it
        ``checks_nothing``), worked out once per game state."""
        checks: bool | None = self.derived.get("turn_checks")
        if checks is None:
            checks = self.derived["turn_checks"] = not getattr(self.turns, "checks_nothing", False)
        return checks

    def _open_kind(self, action: Action) -> ActionKind:
        """The first part of ``_check``: the game goes on, it is the seat's turn, and the
        action's kind is this game's and open now. It reads only the action's seat and
        class: the answer is the same for every action of one class and seat."""
        state = self.state
        phase = state.phase
        if phase is _GAME_OVER:
            raise IllegalAction("the game is over", "RW-p6-10")
        seat = action.seat  # read once: an attribute of an interpreted class
        if not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat + 1}")
        if seat != state.to_act:
            who = state.to_act
            raise IllegalAction(
                f"it is not your turn: {self.seats[who] if who is not None else ''} is to act",
                "RW-p4-39",
            )
        # The kind and its phases by the action's class: KindRegistry.get without a call or
        # an attribute read of the interpreted action and kind (a game's kinds never change).
        opened = self._opened_kinds()
        hit = opened.get(type(action))
        if hit is None:
            found = self.kinds.kinds.get(action.kind)
            if found is None or not isinstance(action, found.action_type):
                raise IllegalAction(f"unknown action {action.kind!r} for this game")
            hit = opened[type(action)] = (found, tuple(found.phases))
        kind: ActionKind = hit[0]
        phases: tuple[Phase, ...] = hit[1]
        is_open = False
        for open_phase in phases:  # by identity: hashing an Enum member is a Python call
            if open_phase is phase:
                is_open = True
                break
        if not is_open:
            if state.reaction is not None:
                held = self.seats[state.reaction.action.seat]
                raise IllegalAction(f"answer {held}'s action first (play a card or let it go)")
            if state.phase is Phase.ACTIONS and kind.phases & {Phase.AUCTION, Phase.CHOOSE_BARON}:
                raise IllegalAction("the auction is over for this turn", "RW-p4-28")
            raise IllegalAction(
                f"that action is not possible during the {state.phase.value} step", "RW-p4-28"
            )
        return kind

    # -- Rail Baron choice (RW-p4-12) ---------------------------------------
    def check_baron(self, action: ChooseBaron) -> None:
        player = self.state.players[action.seat]
        if action.baron not in player.barons_dealt:
            raise IllegalAction("keep one of the two Rail Baron cards you were dealt", "RW-p4-12")

    def do_baron(self, action: ChooseBaron) -> None:
        player = self.state.players[action.seat]
        player.baron = action.baron
        self.log(f"{self.seats[action.seat]} keeps a Rail Baron card")
        if all(p.baron is not None for p in self.state.players):
            self._start_turn(first_turn=True)

    # -- first player auction (RW-p4-29..37) ------------------------------------
    def _start_turn(self, first_turn: bool = False) -> None:
        self.turns.start_turn(self, first_turn)

    def start_auction(self, first_turn: bool = False) -> None:
        """The default start of a turn: the first player auction."""
        state = self.state
        if first_turn:
            opener = 0  # seat 1 stands for the youngest player (RW-p4-30)
        else:
            assert state.first_player is not None
            opener = state.first_player
        state.phase = Phase.AUCTION
        state.round = 0
        state.auction = AuctionState(order=[(opener + i) % self.n for i in range(self.n)])
        self.log(f"Turn {state.turn}: auction for first player")

    def check_bid(self, action: Bid) -> None:
        auction = self.state.auction
        assert auction is not None
        if action.amount < 1:
            raise IllegalAction("the lowest bid is $1,000", "RW-p4-32")
        if action.amount <= auction.high_bid:
            raise IllegalAction(
                f"a bid must beat the high bid of ${auction.high_bid},000", "RW-p4-32"
            )

    def do_bid(self, action: Bid) -> None:
        auction = self.state.auction
        assert auction is not None
        auction.high_bid = action.amount
        auction.high_bidder = action.seat
        self.log(f"{self.seats[action.seat]} bids ${action.amount},000")
        self._next_bidder()

    def do_pass_bid(self, action: PassBid) -> None:
        auction = self.state.auction
        assert auction is not None
        auction.passed.add(action.seat)  # RW-p4-33
        self.log(f"{self.seats[action.seat]} passes in the auction")
        self._next_bidder()

    def _next_bidder(self) -> None:
        auction = self.state.auction
        assert auction is not None
        active = [s for s in auction.order if s not in auction.passed]
        if not active or (len(active) == 1 and auction.high_bidder == active[0]):
            self._end_auction()
            return
        for step in range(1, self.n + 1):
            idx = (auction.index + step) % self.n
            if auction.order[idx] not in auction.passed:
                auction.index = idx
                return

    def _end_auction(self) -> None:
        state = self.state
        auction = state.auction
        assert auction is not None
        if auction.high_bidder is not None:  # RW-p4-35
            first = auction.high_bidder
            self.pay(first, auction.high_bid, "first player bid")
        elif state.first_player is None:
            first = auction.order[0]
        else:  # RW-p4-36
            first = (state.first_player + 1) % self.n
        state.first_player = first
        state.order = [(first + i) % self.n for i in range(self.n)]  # RW-p4-37
        state.auction = None
        state.phase = Phase.ACTIONS
        state.round = 1
        state.order_index = 0
        self.log(f"{self.seats[first]} is first player")

    # -- action rounds (RW-p4-38..41) -----------------------------------------
    def _after_action(self, action: Action) -> None:
        state = self.state
        if state.phase is not Phase.ACTIONS:
            return
        plain = self._plain_rounds  # the default turn's answers, without two Python calls
        if not plain and self.turns.is_free(self, action):
            return
        if state.extra_actions_seat is not None:
            state.extra_actions -= 1
            if state.extra_actions > 0:
                return
            state.extra_actions_seat = None
        if plain:
            self.next_seat()
        else:
            self.turns.after_action(self, action)

    def next_seat(self) -> None:
        """The default after an action: the next seat, the next round, or the turn's end."""
        state = self.state
        state.order_index += 1
        if state.order_index >= self.n:
            state.order_index = 0
            state.round += 1
            if state.round > ROUNDS_PER_TURN:
                self._end_turn()

    def grant_extra_actions(self, seat: int, count: int) -> None:
        """Let ``seat`` take ``count`` more actions at once (a card effect).

        Called while the granting action is still being performed, so one more
        is counted for that action itself.
        """
        self.state.extra_actions = count + 1
        self.state.extra_actions_seat = seat

    def _end_turn(self) -> None:
        if self._plain_ending:  # the default steps, run here without Python calls
            self.income_phase()
            self.draw_operations_card()
            self.next_turn_or_finish()
        else:
            self.turns.end_turn(self)

    def income_phase(self) -> None:
        """Income, bond dividends and the removal of incomplete links (RW-p6-01..05)."""
        state = self.state
        for p in state.players:  # RW-p6-01
            income = self.income(p.seat)
            for card, effect, holder in self._in_play("income"):  # a card may change what it earns
                income = effect.income(self, p.seat, card, holder, income)
            if income:
                self.receive(p.seat, income, "income")
        for p in state.players:  # RW-p6-02..04
            due = p.bonds * self.board.tables.bond_dividend
            if due:
                self.pay(p.seat, due, "bond dividends")
        for link in remove_incomplete(state, self.board.tables.tile_supply):  # RW-p4-49, RW-p6-05
            self.log(
                f"{self.seats[link.owner]}'s incomplete link from "
                f"{self.city_name(link.start)} is removed"
            )
        for plugin in self._hooked("after_income"):
            plugin.after_income(self)

    def draw_operations_card(self) -> None:
        """A new Operations card joins the display (RW-p6-07)."""
        state = self.state
        if state.ops_deck:  # RW-p6-07
            if self._dealing:
                (card_id,) = self.deal_operations(state.ops_deck, 1)
            else:
                card_id = state.ops_deck.pop()
            state.ops_display.append(card_id)
            card = self.card(card_id)
            self.card_effect(card).on_reveal(self, card)

    @property
    def final_turn(self) -> bool:
        """Whether this is the last turn: the end was triggered on an earlier turn."""
        trigger = self.state.end_trigger_turn
        return trigger is not None and self.state.turn >= trigger + 1

    def next_turn_or_finish(self) -> None:
        """End the game after the final turn (RW-p6-10), or start the next turn."""
        state = self.state
        if state.end_trigger_turn is not None and state.turn >= state.end_trigger_turn + 1:
            self._finish()  # RW-p6-10
            return
        state.turn += 1
        self._start_turn()

    def _place_ecm(self, city: str) -> None:
        state = self.state
        if state.cubes[city] or city in state.ecm:
            return
        if not self.places_ecm(city):
            return  # a plug-in's rule leaves this city without a marker (RW-p9-31)
        state.ecm.add(city)  # RW-p5-33
        self.log(f"{self.city_name(city)} is empty")
        for card, effect, holder in self._in_play(
            "after_city_empty", hands=True
        ):  # hand cards wait for this too
            effect.after_city_empty(self, city, card, holder)
        if state.end_trigger_turn is None and len(state.ecm) >= state.ecm_needed:
            state.end_trigger_turn = state.turn  # RW-p6-09, RW-p6-10
            notes = (p.end_trigger_note(self) for p in self.ruleset.plugins)
            note = next((n for n in notes if n), None)
            self.log(note or "The last Empty City Marker is placed: this turn and one more remain")

    # -- Build Track (RW-p4-42..52, RW-p5-01..12) ------------------------------
    def build_rules(self, action: BuildTrack) -> CostRules:
        # The plain rules are immutable: one object per game, not one per build checked.
        rules: CostRules | None = self.derived.get("base_cost_rules")
        if rules is None:
            rules = self.derived["base_cost_rules"] = CostRules(edge_costs=self.edge_costs)
        for plugin in self._hooked("build_rules"):  # (the others' hook returns rules as is)
            rules = plugin.build_rules(self, action.seat, rules)
        self._check_cards(action.seat, action.cards)
        for card_id in action.cards:
            card = self.card(card_id)
            effect = self.card_effect(card)
            before = rules
            rules = effect.build_rules(self, action.seat, card, rules)
            # (plays_on first: a card that plays on builds is not compared field by field)
            if "build" not in effect.plays_on and rules == before:
                raise IllegalAction(f"{card.name} cannot be used on a build", "RW-p5-35")
        return rules

    def plan(self, action: BuildTrack) -> BuildPlan:
        rules = self.build_rules(action)
        for restriction in self.build_restrictions(action.seat):
            for hex_ in action.path[:1] if restriction.starts_only else action.path:
                if hex_ in restriction.hexes:
                    raise IllegalAction(
                        f"no building at {hex_} now: {restriction.reason}", restriction.clause
                    )
        plan = plan_build(
            self.board, self.state, action.seat, action.path, action.exit, action.redirect, rules
        )
        for plugin in self._hooked("judge_build"):
            plan = plugin.judge_build(self, action, plan, rules)
        if plan.constructions > rules.max_tiles:  # a plug-in's extras count too (RW-p4-43)
            raise IllegalAction(
                f"at most {rules.max_tiles} tiles may be laid in one build action "
                f"(this build needs {plan.constructions})",
                "RW-p4-43",
            )
        return plan

    def build_restrictions(self, seat: int) -> list[BuildRestriction]:
        """The hexes closed to the seat's builds now, by plug-ins and by cards in play."""
        found: list[BuildRestriction | None] = [
            r for p in self.ruleset.plugins for r in p.build_restrictions(self, seat)
        ]
        for card, effect, holder in self._in_play("build_restriction"):
            found.append(effect.build_restriction(self, seat, card, holder))
        return [r for r in found if r is not None and r.hexes]

    def engine_level(self, seat: int) -> int:
        """The engine level that counts for the seat's deliveries, after plug-in penalties."""
        level = self.state.players[seat].engine
        for plugin in self._hooked("engine_level"):
            level = plugin.engine_level(self, seat, level)
        return level

    def do_build(self, action: BuildTrack, plan: object) -> None:
        """Lay a build that ``plan`` checked."""
        assert isinstance(plan, BuildPlan)
        played = [(c, self._holder(c)) for c in action.cards]
        self._use_cards(action.seat, action.cards)
        if plan.cost:
            self.pay(action.seat, plan.cost, "track")
        link = lay(self.state, plan, self.state.turn)
        where = self.city_name(link.start)
        price = f"${plan.cost},000" if plan.cost else "free"  # a card or a rule paid for it
        if link.complete:
            assert link.end is not None
            self.log(
                f"{self.seats[action.seat]} completes a link {where} - "
                f"{self.city_name(link.end)} ({price})"
            )
        else:
            self.log(f"{self.seats[action.seat]} builds toward a link from {where} ({price})")
        for plugin in self._hooked("after_build"):
            plugin.after_build(self, action.seat, link)
        for plugin in self._hooked("after_plan"):
            plugin.after_plan(self, action.seat, link, plan)
        reacting = [
            (c, e, h, False) for c, e, h in self._in_play("after_build") if c.id not in action.cards
        ]
        for card_id, holder in played:
            card = self.card(card_id)
            reacting.append((card, self.card_effect(card), holder, True))
        for card, effect, holder, was_played in reacting:
            effect.after_build(self, action.seat, link, plan, card, holder, was_played)
        if link.complete:
            self.check_major_lines(action.seat)

    def _use_cards(self, seat: int, cards: tuple[str, ...]) -> None:
        player = self.state.players[seat]
        for card_id in cards:
            card = self.card(card_id)
            if card.icon is Icon.DIAMOND:
                player.diamond_used[card_id] = self.state.turn
            elif card_id in player.hand:
                player.hand.remove(card_id)
                self.state.ops_discard.append(card_id)

    def check_major_lines(self, seat: int) -> None:
        """Award any Major Line the seat now joins with its own links (RW-p5-01)."""
        joined: dict[str, str] | None = None
        for line in self.board.major_lines.values():
            if line.id in self.state.major_lines:
                continue
            if joined is None:
                joined = self._own_joined(seat)
            if not _joins(joined, line.endpoints):
                continue
            network = _NONE
            if line.requires:
                network = self._reach(self._own_adjacency(seat), line.endpoints[0])
            if not self._requirements_met(seat, line, network):
                continue
            self.state.major_lines[line.id] = seat
            self.score(seat, line.points, f"Major Line {line.id}")

    def _requirements_met(self, seat: int, line: MajorLine, network: frozenset[str]) -> bool:
        """Special requirements are judged by the plug-in that owns them."""
        if not line.requires:
            return True
        verdicts = [p.major_line_met(self, seat, line, network) for p in self.ruleset.plugins]
        return any(v is True for v in verdicts)

    # -- Urbanize (RW-p5-13..16) ------------------------------------------------
    def check_urbanize(self, action: Urbanize) -> None:
        if action.city not in self.board.cities:
            raise IllegalAction(f"there is no city {action.city!r}")
        if self.state.city_colors[action.city] is not _GRAY:
            raise IllegalAction(
                f"{self.city_name(action.city)} is not a gray city and cannot be urbanized",
                "RW-p5-16",
            )
        self.new_city_color(action.color)

    def new_city_color(self, color: str | None) -> Color:
        # By value from a dict: ``Color(color)`` is a Python-level Enum call (asked for
        # every New City option listed); anything else still goes through it.
        chosen = _COLOR_OF_VALUE.get(color) if isinstance(color, str) else None
        if chosen is None:
            try:
                chosen = Color(color)
            except ValueError:
                raise IllegalAction(f"{color!r} is not a colour", "RW-p5-13") from None
        if chosen is _RED or chosen is _GRAY:
            raise IllegalAction("there are no red or gray New City tiles", "RW-p5-13")
        if self.state.new_city_tiles.get(chosen, 0) <= 0:
            raise IllegalAction(f"no {chosen.value} New City tiles are left", "RW-p5-13")
        return chosen

    def urbanize(self, seat: int, city: str, color: Color, cost: int, cubes: int = 2) -> None:
        """Put a New City tile on a gray city and add ``cubes`` random cubes (Boomtown: 0)."""
        state = self.state
        if cost:
            self.pay(seat, cost, "urbanize")
        state.new_city_tiles[color] -= 1
        state.city_colors[city] = color
        self.log(f"{self.seats[seat]} urbanizes {self.city_name(city)} ({color.value})")
        self.add_cubes(city, self.draw_cubes(cubes))  # RW-p5-14, RW-p5-15: ECM goes, no un-trigger

    def do_urbanize(self, action: Urbanize) -> None:
        color = self.new_city_color(action.color)
        self.urbanize(action.seat, action.city, color, self.board.tables.urbanize_cost)

    # -- Upgrade Engine (RW-p5-17..21) -------------------------------------------
    def upgrade_cost(self, action: UpgradeEngine) -> int:
        """Check an engine upgrade and return what it costs."""
        player = self.state.players[action.seat]
        tables = self.board.tables
        if player.engine >= tables.max_engine:
            raise IllegalAction(f"the highest engine level is {tables.max_engine}", "RW-p5-21")
        cost = tables.engine_costs[player.engine + 1]
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction("a card can be used only once per action", "RW-p5-40")
        for card_id in action.cards:
            if card_id not in player.hand:
                raise IllegalAction(f"you do not hold {card_id}", "RW-p5-40")
            card = self.card(card_id)
            effect = self.card_effect(card)
            new = effect.upgrade_cost(self, action.seat, card, cost)
            if new == cost and "upgrade" not in effect.plays_on:
                raise IllegalAction(f"{card.name} cannot be used on an engine upgrade", "RW-p5-35")
            cost = new
        return cost

    def do_upgrade(self, action: UpgradeEngine, cost: int) -> None:
        self._use_cards(action.seat, action.cards)
        if cost:
            self.pay(action.seat, cost, "engine upgrade")
        player = self.state.players[action.seat]
        player.engine += 1
        self.state.first_engine.setdefault(player.engine, action.seat)
        self.log(f"{self.seats[action.seat]} upgrades to engine level {player.engine}")
        for card, effect, holder in self._in_play("after_upgrade"):
            effect.after_upgrade(self, action.seat, card, holder)
        for p in self.state.players:
            if p.baron:
                baron = self.ruleset.barons[p.baron]
                self.ruleset.baron_effects[baron.effect].after_upgrade(self, p.seat, baron)

    # -- Deliver One Goods Cube (RW-p5-22..33) ----------------------------------
    def delivery_rules(self, seat: int, cards: tuple[str, ...] = ()) -> DeliveryRules:
        """The route rules for the seat now: the plug-ins' hooks, and those of ``cards``."""
        hooks: list[DeliveryHook] = [  # (only the plug-ins with hooks of their own asked)
            hook
            for plugin in self._hooked("delivery_hooks")
            for hook in plugin.delivery_hooks(self)
        ]
        for card_id in cards:
            card = self.card(card_id)
            hook = self.card_effect(card).delivery_hook(self, seat, card)
            if hook is None:
                raise IllegalAction(f"{card.name} cannot be used on a delivery", "RW-p5-35")
            hooks.append(hook)
        return DeliveryRules(self, seat, hooks)

    def route(self, action: DeliverGoods) -> tuple[Color, tuple[str, ...]]:
        """Check a delivery; return the cube colour and the cities it passes."""
        self._check_cards(action.seat, action.cards)
        return self.delivery_rules(action.seat, action.cards).check(action)

    def _check_cards(self, seat: int, cards: tuple[str, ...]) -> None:
        """Cards named on an action: each once, held, and a diamond not used yet this turn."""
        if not cards:  # (most actions: no set made)
            return
        player = self.state.players[seat]
        if len(cards) > 1 and len(set(cards)) != len(cards):
            raise IllegalAction("a card can be used only once per action", "RW-p5-40")
        for card_id in cards:
            if card_id not in player.hand and card_id not in player.kept:
                raise IllegalAction(f"you do not hold {card_id}", "RW-p5-40")
            card = self.card(card_id)
            if card.icon is _DIAMOND and player.diamond_used.get(card_id) == self.state.turn:
                raise IllegalAction(f"{card.name} has already been used this turn", "RW-p5-38")

    def do_delivery(self, action: DeliverGoods, checked: object) -> None:
        """Carry out a delivery whose route ``checked`` is (colour, cities)."""
        state = self.state
        assert isinstance(checked, tuple)
        color, cities = checked
        self._use_cards(action.seat, action.cards)
        state.cubes[action.city].remove(color)
        self.complete_delivery(action.seat, color, cities, action.links)

    def complete_delivery(
        self, seat: int, color: Color, cities: tuple[str, ...], links: tuple[int, ...]
    ) -> None:
        """Score a cube that has left ``cities[0]`` and arrives at ``cities[-1]`` along
        ``links``, and tell the cards and plug-ins. ``do_delivery`` ends here, and so does
        a plug-in's delivery made over several actions (a Fuel Depot stop, RW-p7-17)."""
        state = self.state
        source = cities[0]
        state.bag[color] += 1  # RW-p5-30
        points: dict[int, int] = {}
        for link_id in links:  # RW-p5-31
            for owner in self.link_owners(link_id):
                points[owner] = points.get(owner, 0) + 1
        player = state.players[seat]
        player.deliveries += 1
        value = _COLOR_VALUES[color]  # (an Enum's .value runs Python code)
        player.delivered_colors.add(value)
        self.log(
            f"{self.seats[seat]} delivers {value} from "
            f"{self.city_name(source)} to {self.city_name(cities[-1])}"
        )
        for owner, pts in sorted(points.items()):
            if 0 <= owner < self.n:  # an owner that is not a seat (the solo Railbot) never scores
                self.score(owner, pts, "delivery")
        self._place_ecm(source)
        destination = cities[-1]
        delivery = Delivery(seat, color, source, destination, cities, links, points)
        for card, effect, holder in self._in_play("after_delivery"):
            only = self._delivery_city(card, effect)
            if not only or only == destination:  # a Hotel elsewhere does nothing
                effect.after_delivery(self, delivery, card, holder)
        for plugin in self._hooked("after_delivery"):
            plugin.after_delivery(self, delivery)

    def _in_play(
        self, hook: str, hands: bool = False
    ) -> list[tuple[CardDef, CardEffect, int | None]]:
        """Cards whose effect has its own ``hook``, with the effect and holder (None: on the
        display): goals on the display and cards players keep (with ``hands``, hand cards).

        Most effects leave most hooks alone, so each event asks only the cards that listen.
        """
        out: list[tuple[CardDef, CardEffect, int | None]] = []
        if not self._listening(hook):
            return out
        goals, held = self._listening_cards(hook)  # (one look-up per card, no attribute)
        for card_id in self.state.ops_display:
            hit = goals[card_id]
            if hit is not None:
                out.append((hit[0], hit[1], None))
        for p in self.state.players:
            for card_id in (*p.kept, *p.hand) if hands else p.kept:
                hit = held[card_id]
                if hit is not None:
                    out.append((hit[0], hit[1], p.seat))
        return out

    def _delivery_city(self, card: CardDef, effect: CardEffect) -> str:
        """``effect.delivery_city(card)``, "" for None, asked once per game and card (copies
        keep the answers: ``DERIVED_FORKS``)."""
        every: dict[str, str] | None = self.derived.get("delivery_cities")
        if every is None:
            every = self.derived["delivery_cities"] = {}
        city = every.get(card.id)
        if city is None:
            city = every[card.id] = effect.delivery_city(card) or ""
        return city

    def _listening_cards(self, hook: str) -> tuple[_CardsBy, _CardsBy]:
        """Each card of the deck by id, with its effect where that has its own ``hook`` (None
        where it leaves it alone): as a goal on the display (goals only), and as held.
        Worked out once per game and hook (copies keep it: ``DERIVED_FORKS``)."""
        every: dict[str, tuple[_CardsBy, _CardsBy]] | None = self.derived.get("listening_cards")
        if every is None:
            every = self.derived["listening_cards"] = {}
        found = every.get(hook)
        if found is None:
            listening = self._listening(hook)
            effects = self.ruleset.card_effects
            held: _CardsBy = {
                card_id: (card, effects[card.effect]) if card.effect in listening else None
                for card_id, card in self.ruleset.cards.items()
            }
            goals: _CardsBy = {
                card_id: hit if hit is not None and hit[0].icon is _GOAL else None
                for card_id, hit in held.items()
            }
            found = every[hook] = (goals, held)
        return found

    def _hooked(self, hook: str) -> tuple[Plugin, ...]:
        """The plug-ins, in order, whose class has its own ``hook`` (the others' would do
        nothing: each call of an interpreted plug-in's hook costs a Python frame)."""
        every: dict[str, tuple[Plugin, ...]] | None = self.derived.get("plugin_hooks")
        if every is None:
            every = self.derived["plugin_hooks"] = {}
        hooked = every.get(hook)
        if hooked is None:
            base = getattr(Plugin, hook)
            plugins = self.ruleset.plugins
            hooked = every[hook] = tuple(p for p in plugins if getattr(type(p), hook) is not base)
        return hooked

    def _listening(self, hook: str) -> frozenset[str]:
        """The effect keys of the deck whose effect has its own ``hook`` (worked out once)."""
        listening = self._listeners.get(hook)
        if listening is None:
            base = getattr(CardEffect, hook)
            effects = self.ruleset.card_effects
            listening = frozenset(
                key for key in self.deck_effects if getattr(type(effects[key]), hook) is not base
            )
            self._listeners[hook] = listening
        return listening

    def delivery_cards(self, seat: int) -> tuple[str, ...]:
        """The seat's cards that may be played on a delivery now, one of each effect (listing
        offers a delivery with each: Express)."""
        listening = self._listening("delivery_hook")
        if not listening:
            return ()
        player = self.state.players[seat]
        out: dict[str, str] = {}
        for card_id in (*player.hand, *player.kept):
            card = self.card(card_id)
            if card.effect not in listening or card.effect in out:
                continue
            try:
                self._check_cards(seat, (card_id,))
            except IllegalAction:
                continue
            if self.card_effect(card).delivery_hook(self, seat, card) is not None:
                out[card.effect] = card_id
        return tuple(out.values())

    def _holder(self, card_id: str) -> int | None:
        for p in self.state.players:
            if card_id in p.kept or card_id in p.hand:
                return p.seat
        return None

    def discard(self, card_id: str) -> None:
        """Put a card from the display, a hand or a player's kept cards on the discard pile."""
        state = self.state
        for pile in (state.ops_display, *(p.hand for p in state.players)):
            if card_id in pile:
                pile.remove(card_id)
        for p in state.players:
            if card_id in p.kept:
                p.kept.remove(card_id)
        state.ops_discard.append(card_id)

    def claim_goal(self, card_id: str, seat: int, points: int) -> None:
        """Give a green-circle goal's bonus and discard the card (RW-p5-37)."""
        self.state.ops_display.remove(card_id)
        self.state.ops_discard.append(card_id)
        self.score(seat, points, self.card(card_id).name)

    # -- Operations cards (RW-p5-34..41) ------------------------------------------
    def check_take(self, action: TakeOperationsCard) -> None:
        state = self.state
        if action.card not in state.ops_display:
            raise IllegalAction(f"{action.card} is not on the Operations display", "RW-p5-34")
        card = self.card(action.card)
        if card.icon is _GOAL:
            raise IllegalAction(f"{card.name} is a goal and cannot be taken", "RW-p5-37")
        if card.effect in self._listening("check_take"):  # the others refuse no choice
            self.ruleset.card_effects[card.effect].check_take(self, action, card)

    def do_take(self, action: TakeOperationsCard) -> None:
        state = self.state
        card = self.card(action.card)
        state.ops_display.remove(action.card)
        player = state.players[action.seat]
        self.log(f"{self.seats[action.seat]} takes {card.name}")
        if card.icon is Icon.HAND:  # RW-p5-40
            player.hand.append(card.id)
        elif card.icon in (Icon.INFINITY, Icon.DIAMOND):  # RW-p5-38, RW-p5-41
            player.kept.append(card.id)
        else:  # RW-p5-39
            state.ops_discard.append(card.id)
        self.ruleset.card_effects[card.effect].on_take(self, action, card)

    # -- end of the game (RW-p6-11..17) ---------------------------------------------
    def _finish(self) -> None:
        state = self.state
        state.phase = Phase.GAME_OVER
        final: dict[int, int] = {}
        for p in state.players:
            total = p.score - p.bonds  # RW-p4-25, RW-p6-12
            if p.baron:
                self.reveal_baron(p.seat)  # RW-p6-13
                baron = self.ruleset.barons[p.baron]
                bonus = self.ruleset.baron_effects[baron.effect].score(self, p.seat, baron)
                if bonus:
                    self.log(f"{p.name}'s Rail Baron {baron.name} scores {bonus}")
                total += bonus
            for plugin in self.ruleset.plugins:  # a plug-in's own end scoring (RW-p8-34)
                total += plugin.final_points(self, p.seat)
            for card, effect, holder in self._in_play(
                "final_points"
            ):  # cards that score at the end
                points = effect.final_points(self, p.seat, card, holder)
                if points:
                    self.log(f"{p.name} scores {points} for {card.name}")
                total += points
            final[p.seat] = total
        state.final_scores = final
        state.winner, message = self.turns.result(self, final)
        self.log(message)

    def rank_key(self, seat: int, final: Mapping[int, int]) -> tuple[int, int, int]:
        """Points, then most links, then most money (RW-p6-15..17)."""
        return (final[seat], len(self.own_links(seat)), self.state.players[seat].cash)

    # -- undo ---------------------------------------------------------------------
    def undo_allowed(self, seat: int) -> str | None:
        """Why the seat may not undo now, or None when it may."""
        if self.unrecorded:
            return "actions were played out without being recorded (a search copy)"
        if not self.history:
            return "there is nothing to undo"
        last, draws, reveals = self.history[-1]
        if last.seat != seat:
            return "you can only undo your own last action, before anyone else acts"
        if isinstance(last, (ChooseBaron, Bid, PassBid)):
            return "choices in the auction and of Rail Barons are final"
        if self.state.reaction is not None:
            return "other players are answering that action"
        last_kind = self.kinds.kinds.get(last.kind)
        if last_kind is not None and last_kind.final:
            return "an answer to another player's action is final"
        if draws or reveals:
            return "that action drew from the bag or a deck, or revealed a secret"
        if self.state.phase is not Phase.ACTIONS and self.state.phase is not Phase.GAME_OVER:
            return "the turn that action belonged to is over"
        if self.state.phase is Phase.GAME_OVER:
            return "the game is over"
        return None

    def _undo(self, action: Undo) -> None:
        reason = self.undo_allowed(action.seat)
        if reason is not None:
            raise IllegalAction(f"cannot undo: {reason}", "RW-p4-39")
        target = len(self.history) - 1
        snapshots = [snap for snap in self._snapshots if snap[0] <= target]
        # The state the last undo left (kept until the state is replaced): a seat that
        # builds and undoes again and again replays from there, not from a snapshot.
        base: tuple[int, GameState] | None = self.derived.get("undo_base")
        if base is not None and (base[0] > target or (snapshots and base[0] < snapshots[-1][0])):
            base = None
        if base is not None or snapshots:
            # The state after history[:start], as it was taken then: replay from there.
            start, kept = base if base is not None else snapshots[-1]
            replay = self._shallow()
            replay.actions = []
            replay.history = self.history[:start]
            replay._snapshots = snapshots
            replay.state = kept.copy()
        else:
            start = 0
            replay = Game(self.board, self.ruleset, self.seats, self.seed, self.options)
        for past, _draws, _reveals in self.history[start:target]:
            replay.apply(past)
        self.state = replay.state  # (this also empties self.derived)
        self.history = replay.history
        self._snapshots = replay._snapshots
        self.actions.append(action)
        self.derived["undo_base"] = (target, self.state.copy())


def _plain_turn(turns: TurnStructure) -> tuple[bool, bool]:
    """Whether the turn's action rounds and its end are the default steps, unchanged (the
    engine then does what they would do itself, ``_after_action`` and ``_end_turn``)."""
    kind = type(turns)
    rounds = (
        kind.is_free is TurnStructure.is_free
        and kind.after_action is TurnStructure.after_action
        and type(turns.rounds) is ActionsStep
    )
    ending = kind.end_turn is TurnStructure.end_turn and tuple(map(type, turns.ending)) == (
        IncomeStep,
        OperationsCardStep,
        EndCheckStep,
    )
    return rounds, ending


def _joins(joined: dict[str, str], cities: Iterable[str]) -> bool:
    """Whether ``cities`` are all in one network of the union-find ``joined`` (a city with
    no own link joins nothing)."""
    part: str | None = None
    for city in cities:
        if city not in joined:
            return False
        root = _root(joined, city)
        if part is None:
            part = root
        elif root != part:
            return False
    return True


def _root(joined: dict[str, str], city: str) -> str:
    """The city that stands for ``city``'s network in ``joined`` (added alone if new)."""
    up = joined.get(city)
    if up is None:
        joined[city] = city
        return city
    while up != city:
        above = joined[up]
        joined[city] = above  # halve the way for the next look-up
        city, up = up, above
    return city


def _unpickled_game(values: tuple[Any, ...]) -> Game:
    """A game from the fields ``Game.__reduce__`` gave (what pickle calls)."""
    return Game(values[0], values[1], values[2], values[3], values[4], _like=values)


copied_by_fields(Delivery, Options)  # copy and pickle work compiled too (hexgrid)


def _shared(entry: Any) -> Any:
    return entry


DERIVED_FORKS["plugin_hooks"] = dict  # the game's plug-ins never change: a copy keeps them
DERIVED_FORKS["listening_cards"] = dict  # nor its deck (Game._listening_cards)
DERIVED_FORKS["open_kinds"] = dict  # nor its kinds (Game._open_kind)
DERIVED_FORKS["delivery_cities"] = dict  # nor what its cards answer (Game._delivery_city)
# Kept under the colours' stamp (or with a copy of plain colours), never changed: shared.
DERIVED_FORKS["gray_cities"] = _shared
# Replaced, never changed, and kept under ``links_seen``, which a copy starts with: shared.
DERIVED_FORKS["shared_links"] = _shared  # (delivery._shared)
