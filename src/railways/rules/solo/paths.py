"""The Railbot's cheapest paths between two cities (RB-065, RB-085), and their memo.

The search is a Dijkstra over (hex, side entered by) with the partial path in each entry,
since a path may not cross its own new tiles. It runs on the board's hexes as integers
(``_Grid``, made once per board and pricing of edges): neighbours, ridges, edge prices,
terrain and cities are list look-ups, and a path is a tuple of small integers. It
explores, prices and breaks ties exactly as a search over ``Hex`` objects would.

Its queue is a bucket queue: one list per (cost, new tiles), taken in the order its entries
came, and a heap of those pairs as single integers. That pops in the order a heap of
(cost, tiles, order pushed) tuples does (the order pushed only breaks ties within a pair,
which a list keeps by itself), without a tuple comparison per level of the heap.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable
from typing import Final

from railways.core.board import Board, City
from railways.core.game import DERIVED_FORKS, Game
from railways.core.hexgrid import SIDES, Hex
from railways.core.plugins import EdgeCosts
from railways.core.track import crosses
from railways.rules.solo.hooks import solo_hook
from railways.rules.solo.state import solo_map

PATHS = "solo_railbot_paths"  # the memo of cheapest paths in ``Game.derived``
PATHS_KEPT = 4096  # paths the memo holds at most before it starts afresh
# Copies of a game share the memo: its answers depend only on what its key holds.
DERIVED_FORKS[PATHS] = lambda memo: memo

NONE: Final = -1  # no hex (off the board), no side (a path leaving a city), no start
# A queue entry's priority as one integer, ``cost * TILES + tiles``: more new tiles than a
# path on any board lays, so the integers order as the (cost, tiles) pairs do.
TILES: Final = 1 << 20
# The sides a track may leave a hex by, for each side it entered by, in side order: any
# but the entry side and its two neighbours (no tile turns that sharply).
_EXITS: Final = tuple(
    tuple(x for x in range(6) if x != entry and (x - entry) % 6 not in (1, 5)) for entry in range(6)
)


def lane_cells(game: Game) -> dict[Hex, tuple[str, int]]:
    """Hexes of the lanes the Railbot's paths price as a whole (Portugal's maritime
    connections, RB-085): hex -> (lane id, the lane's price)."""
    board, smap = game.board, solo_map(game)
    prices = solo_hook(game).lane_prices(game)

    def make() -> dict[Hex, tuple[str, int]]:
        out: dict[Hex, tuple[str, int]] = {}
        for border in board.borders.values():
            cost = prices.get(border.kind)
            if cost is None:
                continue
            for edge in border.edges:
                for h in (edge.a, edge.b):
                    if board.city_at(h) is None:
                        out[h] = (border.id, cost)
        return out

    return board.derived(("solo-lanes", smap.map_id), make)


def cheapest_path(
    game: Game, a: str, b: str, use_existing: bool = True
) -> list[tuple[Hex, ...]] | None:
    """The cheapest track from city a to city b (``_cheapest_path``), remembered.

    The answer depends only on the two cities, the track on the board (which hexes hold
    which pieces), the complete links in id order, the unbuilt towns' prices and what the
    board and the ruleset fix; keyed on those, it is kept in ``game.derived``, and a copy
    of the game (a search's determinizations) shares the same memo. A search resolves the
    same Railbot card on the same track thousands of times.
    """
    memo = path_memo(game)
    key = _path_key(game, a, b, use_existing)
    if key in memo:
        found = memo[key]
    else:
        legs = _cheapest_path(game, a, b, use_existing)
        found = None if legs is None else tuple(legs)
        if len(memo) >= PATHS_KEPT:
            memo.clear()
        memo[key] = found
    return None if found is None else list(found)


def path_memo(game: Game) -> dict[Hashable, tuple[tuple[Hex, ...], ...] | None]:
    """The game's memo of cheapest paths; made now if missing, so that copies made after
    this call (a search's determinizations) share it with the game."""
    memo: dict[Hashable, tuple[tuple[Hex, ...], ...] | None] | None = game.derived.get(PATHS)
    if memo is None:
        memo = game.derived[PATHS] = {}
    return memo


def _path_key(game: Game, a: str, b: str, use_existing: bool) -> Hashable:
    state = game.state
    track = frozenset(
        (h, tuple((p.a, p.b) for p in pieces)) for h, pieces in state.track.items() if pieces
    )
    links = (
        tuple(
            (lk.start, lk.end)
            for lk in sorted(state.links.values(), key=lambda lk: lk.id)
            if lk.end is not None
        )
        if use_existing
        else ()
    )
    prices = tuple(sorted(solo_hook(game).path_prices(game).items()))
    return (a, b, use_existing, track, links, prices)


class _Grid:
    """A board's hexes as integers 0..n-1 (``hexes``, ``index``), with what a path search
    asks of a hex or of a hex and one of its sides (``at * 6 + side``), worked out once."""

    def __init__(self, board: Board, edge_costs: EdgeCosts) -> None:
        tc = board.tables.terrain_costs
        self.hexes: list[Hex] = sorted(board.hexes)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.terrain: list[int] = [tc.of(board.hexes[h]) for h in self.hexes]
        self.buildable: list[bool] = [board.is_buildable(h) for h in self.hexes]
        self.city: list[City | None] = [board.city_at(h) for h in self.hexes]
        # Sides a path leaves each city's hex by, sorted (``City.spokes``).
        self.spokes: dict[int, tuple[int, ...]] = {
            self.index[c.at]: tuple(int(s) for s in sorted(c.spokes)) for c in board.cities.values()
        }
        self.neighbour: list[int] = []  # NONE off the board
        self.impassable: list[bool] = []
        self.ridge: list[int] = []  # the price of crossing a ridge there, or 0
        self.edge: list[int] = []  # what the edge-pricing plug-ins add there
        for h in self.hexes:
            for side in SIDES:
                n = h.neighbour(side)
                self.neighbour.append(self.index.get(n, NONE))
                self.impassable.append(board.is_impassable(h, n))
                self.ridge.append(tc.ridge if board.crosses_ridge(h, n) else 0)
                on_board = n in self.index
                self.edge.append(edge_costs(board, h, n) if edge_costs and on_board else 0)
        # A tile laid across each side (off a lane): the neighbour's terrain, the ridge and
        # the edge's price, summed once rather than at every step of every search.
        self.price: list[int] = [
            self.terrain[n] + self.ridge[at] + self.edge[at] if n != NONE else 0
            for at, n in enumerate(self.neighbour)
        ]


def _grid(board: Board, edge_costs: EdgeCosts) -> _Grid:
    return board.derived(("solo-path-grid", edge_costs.key), lambda: _Grid(board, edge_costs))


_Path = tuple[int, ...]
_Legs = tuple[_Path, ...]
# A queue entry: finished new legs, their hexes as bits, the leg being laid, its entry side.
_Entry = tuple[_Legs, int, _Path, int]


def _cheapest_path(
    game: Game, a: str, b: str, use_existing: bool = True
) -> list[tuple[Hex, ...]] | None:
    """The cheapest track from city a to city b, as new links (city to city); None if none.

    Cost is the map's: terrain of every tile plus ridges crossed. Links already on the board
    (anyone's, complete) cost nothing to follow, so the path uses them where that is
    cheaper and only the missing links are returned (our reading of RB-065, see
    docs/rules-interpretations.md); ``use_existing=False`` ignores them. New track may cross
    existing track only as an overpass and may pass through other cities, which splits it
    into several links. Ties go to fewer new tiles, then to the first path in hex order.
    """
    legs = _Search(game, a, b, use_existing).run()
    if legs is None:
        return None
    hexes = _grid(game.board, game.edge_costs).hexes
    return [tuple(hexes[i] for i in leg) for leg in legs]


class _Search:
    """One search (``_cheapest_path``): the position's track, lanes and prices on the grid.

    What the position says of each hex is looked up once, when the search starts, into
    lists and small dicts by hex number (``open_at``, ``crossing``, ``links_at``): the
    search then asks them tens of thousands of times.
    """

    def __init__(self, game: Game, a: str, b: str, use_existing: bool) -> None:
        board = game.board
        self.board = board
        self.edge_costs = game.edge_costs
        self.judged = bool(game.edge_costs.judges)  # a plug-in may refuse a link's route
        grid = self.grid = _grid(board, game.edge_costs)
        index = grid.index
        self.origin = index[board.cities[a].at]
        self.target = index[board.cities[b].at]
        self.a = a
        self.span = len(grid.hexes) + 1  # a hex's number plus one, or 0: ``visit``'s keys
        # A new tile may go on a buildable hex not already holding a crossover; on a hex
        # with one piece of track it must cross it (``crossing``: that piece's sides).
        self.open_at: list[bool] = list(grid.buildable)
        self.crossing: list[int] = [NONE] * len(grid.hexes)
        for h, pieces in game.state.track.items():
            at = index.get(h, NONE)
            if not pieces or at == NONE:
                continue
            if len(pieces) >= 2:
                self.open_at[at] = False
            self.crossing[at] = int(pieces[0].a) * 6 + int(pieces[0].b)
        self.lanes: dict[int, tuple[str, int]] = {
            index[h]: lane for h, lane in lane_cells(game).items() if h in index
        }
        self.town_prices = solo_hook(game).path_prices(game)
        # The cities a complete link on the board joins each city's hex to, in link id order.
        self.links_at: dict[int, list[int]] = {}
        if use_existing:
            cities = board.cities
            for link in sorted(game.state.links.values(), key=lambda lk: lk.id):
                if link.end is not None:
                    start, end = index[cities[link.start].at], index[cities[link.end].at]
                    self.links_at.setdefault(start, []).append(end)
                    self.links_at.setdefault(end, []).append(start)
        # The queue: priority (``TILES``) -> its entries in the order pushed (finished new
        # legs, their hexes as bits, the leg being laid, the side it entered its last hex
        # by); the priorities that have entries, as a heap; where a list was left when an
        # entry of lower priority came (only a negative price could push one).
        self.buckets: dict[int, list[_Entry]] = {}
        self.keys: list[int] = []
        self.heads: dict[int, int] = {}
        # What ``visit`` has left behind. A hex is left behind once reached by its entry
        # side: a flag per (hex, side) in ``left``; on a board of regions (Australia's gauge
        # rule), by its entry side and the city the link began at, whose regions the link
        # carries: ``seen``'s integers in ``done``.
        self.by_start = bool(board.regions)
        self.done: set[int] = set()
        self.left: list[bool] = [] if self.by_start else [False] * (len(grid.hexes) * 8 + 8)

    # -- prices and checks ------------------------------------------------------------
    def allowed(self, leg: _Path, nxt: int) -> bool:
        """Whether the link being laid may go on to ``nxt``: the judging plug-ins see the
        whole link from its city (Australia's gauge rule follows the regions along it)."""
        if not self.judged:
            return True
        hexes = self.grid.hexes
        return self.edge_costs.allowed(self.board, (*(hexes[i] for i in leg), hexes[nxt]))

    def step_cost(self, leg: _Path, side: int, nxt: int) -> int | None:
        """What laying a tile on ``nxt`` (across ``side`` of the leg's last hex) costs;
        None if not allowed."""
        if self.judged and not self.allowed(leg, nxt):
            return None
        here = leg[-1]
        if self.lanes:
            lane = self.lanes.get(nxt)
            if lane is not None:  # a lane costs its fixed price as a whole (RB-085)
                return 0 if self.lanes.get(here, ("", 0))[0] == lane[0] else lane[1]
        return self.grid.price[here * 6 + side]

    def city_cost(self, leg: _Path, side: int, city: City) -> int | None:
        """What entering ``city`` across ``side`` of the leg's last hex costs (a ridge, an
        unbuilt town); None if not allowed."""
        if not self.allowed(leg, self.grid.index[city.at]):
            return None
        return self.grid.ridge[leg[-1] * 6 + side] + self.town_prices.get(city.id, 0)

    # -- the search -----------------------------------------------------------------------
    def push(self, cost: int, tiles: int, legs: _Legs, laid: int, leg: _Path, entry: int) -> None:
        key = cost * TILES + tiles
        bucket = self.buckets.get(key)
        if bucket is None:
            self.buckets[key] = [(legs, laid, leg, entry)]
            heapq.heappush(self.keys, key)
        else:
            bucket.append((legs, laid, leg, entry))

    def is_left(self, at: int, entry: int, first: int) -> bool:
        """Whether ``visit`` left hex ``at`` behind, entered by side ``entry`` (NONE: the
        start, or a city reached along a link) by a link begun at hex ``first``."""
        if self.by_start:
            return (at * 8 + entry + 1) * self.span + first + 1 in self.done
        return self.left[at * 8 + entry + 1]

    def extend(
        self, cost: int, tiles: int, legs: _Legs, laid: int, leg: _Path, nxt: int, entry: int
    ) -> None:
        """Push the leg gone on to ``nxt`` (entered by side ``entry``), unless ``visit``
        would only drop it: its hex and side (and first city) already left behind, and not
        the target (which ends the search before that test). Left behind stays so, so such
        an entry is dropped whenever it comes off the queue; not pushing it saves making it."""
        if nxt != self.target:
            first = nxt if self.grid.city[nxt] is not None else leg[0]  # a link ends there
            if self.is_left(nxt, entry, first):
                return
        self.push(cost, tiles, legs, laid, leg + (nxt,), entry)

    def leave_city(
        self, cost: int, tiles: int, legs: _Legs, laid: int, at: int, entered: int
    ) -> None:
        """Go on from the city on ``at``: along a link on the board, or laying new track
        out of it (``laid``: the hexes of ``legs`` as bits)."""
        grid = self.grid
        for other in self.links_at.get(at, ()):  # follow a link on the board, free
            # (unless left behind already: see ``extend``)
            if other == self.target or not self.is_left(other, NONE, other):
                self.push(cost, tiles, legs, laid, (other,), NONE)
        open_at = self.open_at
        for side in grid.spokes[at]:
            if side == entered:
                continue
            nxt = grid.neighbour[at * 6 + side]
            if nxt in (NONE, at) or (laid >> nxt) & 1 or not open_at[nxt]:
                continue
            if grid.impassable[at * 6 + side]:
                continue
            step = self.step_cost((at,), side, nxt)
            if step is not None:
                self.extend(cost + step, tiles + 1, legs, laid, (at,), nxt, (side + 3) % 6)

    def run(self) -> list[_Path] | None:
        self.push(0, 0, (), 0, (self.origin,), NONE)
        keys, buckets, heads = self.keys, self.buckets, self.heads
        while keys:
            key = keys[0]
            bucket = buckets[key]
            at = heads.pop(key, 0)
            cost, tiles = divmod(key, TILES)
            while at < len(bucket):
                if keys[0] != key:  # a lower priority came (a negative price): it goes first
                    heads[key] = at
                    break
                legs, laid, leg, entry = bucket[at]
                at += 1
                found = self.visit(cost, tiles, legs, laid, leg, entry)
                if found is not None:
                    return found
            else:
                del buckets[key]
                heapq.heappop(keys)
        return None

    def visit(
        self,
        cost: int,
        tiles: int,
        legs: _Legs,
        laid: int,
        leg: _Path,
        entry: int,
    ) -> list[_Path] | None:
        """Take one entry off the queue: the new legs if it reached the target, else push
        where it goes on to (None)."""
        grid = self.grid
        city_of = grid.city
        here = leg[-1]
        if len(leg) > 1 and city_of[here] is not None:
            legs, leg = (*legs, leg), (here,)  # a new link ends at this city
            for h in legs[-1]:
                laid |= 1 << h
        if here == self.target:
            return list(legs)
        if self.is_left(here, entry, leg[0]):
            return None
        if self.by_start:
            self.done.add((here * 8 + entry + 1) * self.span + leg[0] + 1)
        else:
            self.left[here * 8 + entry + 1] = True
        if city_of[here] is not None:  # the start, or passing through another city
            self.leave_city(cost, tiles, legs, laid, here, entry)
            return None
        assert entry != NONE
        neighbour, impassable, price, open_at = (
            grid.neighbour,
            grid.impassable,
            grid.price,
            self.open_at,
        )
        crossing = self.crossing[here]
        # The exits a tile here may take: all of them on an empty hex, those crossing its
        # piece of track as an overpass otherwise.
        exits = _EXITS[entry] if crossing == NONE else _CROSSING_EXITS[crossing * 6 + entry]
        plain = not self.judged and not self.lanes
        for exit_ in exits:
            at = here * 6 + exit_
            nxt = neighbour[at]
            if nxt == NONE or _holds(leg, nxt) or (laid >> nxt) & 1 or impassable[at]:
                continue
            city = city_of[nxt]
            if city is not None:
                if (exit_ + 3) % 6 in grid.spokes[nxt] and city.id != self.a:
                    enter = self.city_cost(leg, exit_, city)
                    if enter is not None:
                        self.extend(cost + enter, tiles, legs, laid, leg, nxt, (exit_ + 3) % 6)
                continue
            if not open_at[nxt]:
                continue
            if plain:
                self.extend(cost + price[at], tiles + 1, legs, laid, leg, nxt, (exit_ + 3) % 6)
                continue
            step = self.step_cost(leg, exit_, nxt)
            if step is not None:
                self.extend(cost + step, tiles + 1, legs, laid, leg, nxt, (exit_ + 3) % 6)
        return None


def _holds(leg: _Path, at: int) -> bool:
    """Whether the leg passes hex ``at`` (a loop over small integers, not a tuple's
    generic ``in``, which compares objects once past the cached small integers; nor
    ``any`` over a generator)."""
    for h in leg:  # noqa: SIM110
        if h == at:
            return True
    return False


# For a hex holding one piece of track between sides a and b (``a * 6 + b``) entered by
# side ``entry``: the exits of ``_EXITS[entry]`` whose track crosses that piece (an overpass).
_CROSSING_EXITS: Final = tuple(
    tuple(
        x
        for x in _EXITS[entry]
        if crosses(SIDES[piece // 6], SIDES[piece % 6], SIDES[entry], SIDES[x])
    )
    for piece in range(36)
    for entry in range(6)
)
