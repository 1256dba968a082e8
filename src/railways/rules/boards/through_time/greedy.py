"""What the greedy bot knows of Railways Through Time (``railways.rules.boards.through_time``).

The greedy bot (``railways.bots.greedy``) values deliveries by walking its own network.
On a Through Time board that network is different (TT-014..021): a cube moves only on the
bot's own track (RW-p13-19), never stops at a time gate, and goes between eras along the
bot's *time links* (two of its gate links in two eras count as one link between their
cities); once it has left an era it never comes back (TT-019). :class:`TimeContext` walks
that network, values a link into a time gate by the time links it makes (or, for the first
one, by the best era it could reach next), values Time Lines by the chart (TT-026) and the
Time Blazer and Time Bounty goals (RW-p22-21, RW-p22-22).
"""

from __future__ import annotations

from collections.abc import Iterable

from railways.bots.greedy import MONEY, OTHERS, Adjacency, _Context
from railways.core.actions import DeliverGoods
from railways.core.board import Color
from railways.core.cards import Icon
from railways.core.game import Game
from railways.core.legal import static_routes
from railways.rules.boards.through_time.eras import eras_of, is_gate, time_lines
from railways.rules.boards.through_time.timelines import chart_points, claims, on_board_edges
from railways.rules.boards.through_time.travel import gate_links

GOODS = list(Color)  # colours numbered, gray included (no goods are gray)
# A network numbered for the walk: city -> number, neighbours, era bit and colour of each.
_Compact = tuple[dict[str, int], list[list[int]], list[int], list[int]]
SOURCES = 1  # goods this many links from a new link are valued with it
PAIRED = -2  # the id of an imagined time link in the bot's adjacency
FIRST_GATE = 0.5  # share of the best era a first gate link could reach next
PARTNERS = 4  # cities of other eras tried as the other end of a first gate link


def _reach(edges: Iterable[tuple[str, str]], start: str) -> set[str]:
    adjacency: dict[str, list[str]] = {}
    for a, b in edges:
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    seen, todo = {start}, [start]
    while todo:
        for nxt in adjacency.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


class TimeContext(_Context):
    """A greedy decision on a Through Time board.

    Its cities hold one goods cube each, so a link opens fewer deliveries than on the
    Eastern U.S. and the base tuning would leave the bot waiting for cash it never earns:
    here what a link opens counts for more and a bond's dividends for less (measured: with
    the base tuning most seats passed for the first ten turns of a game)."""

    def tuning(self) -> tuple[float, float, float, float]:
        return OTHERS, 0.15, 0.8, MONEY

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__(game, seat)
        board = game.board
        self.eras = eras_of(board)
        self.gates = frozenset(c.id for c in board.cities.values() if is_gate(c))
        own = game.own_links(seat)
        self.gate_ends = [(g.city, g.era) for g in gate_links(board, own) if g.owner == seat]
        # Only the seat's own track carries its cubes, and never into a gate (RW-p13-19).
        # Two links between the same two cities make the same deliveries: one is kept, so
        # the walks stay small where several time links join two eras.
        adj: Adjacency = {}
        pairs: set[tuple[str, str]] = set()
        ends = [
            (link.id, link.start, link.end)
            for link in own
            if link.end is not None and link.start not in self.gates and link.end not in self.gates
        ]
        ends += [(w.id, w.start, w.end) for w in game.route_links().values() if w.owner == seat]
        for link_id, start, end in ends:
            if (start, end) in pairs:
                continue
            pairs.update({(start, end), (end, start)})
            adj.setdefault(start, []).append((link_id, end, seat))
            adj.setdefault(end, []).append((link_id, start, seat))
        self.adj = adj
        self.pairs = pairs
        self.components = self._components()
        self._partners: list[str] | None = None
        self._last_compact: tuple[Adjacency, dict[str, Color], _Compact] | None = None

    # -- deliveries ----------------------------------------------------------------------
    def best_routes(
        self,
        adj: Adjacency,
        colors: dict[str, Color],
        start: str,
        wanted: Iterable[Color],
        depth: int,
    ) -> dict[Color, list[float]]:
        """As the base walk, but a cube never comes back to an era it left (TT-019), and
        every link is the seat's own, so a delivery of n links scores n.

        The walk runs on small integers (cities, eras and colours numbered once for each
        network it is asked about), as it is the bot's inner loop."""
        index, nbrs, era_bit, color_of = self._compact(adj, colors)
        wanted = list(wanted)
        bits = {GOODS.index(c): 1 << i for i, c in enumerate(wanted)}
        best = [[0.0] * (depth + 1) for _ in wanted]
        row_of = {bit: best[i] for i, bit in enumerate(bits.values())}
        here0 = index.get(start)
        if here0 is not None:
            # Breadth first, one link a step, over (city, the city before, eras left,
            # colours still travelling): walks that differ only further back are one state,
            # so the search stays small where time links join many cities. A walk may come
            # back to a city it passed two or more steps ago, which the rules forbid
            # (RW-p5-27): a small over-estimate that a value for a bot can live with.
            frontier = {(here0, -1, 0, (1 << len(wanted)) - 1)}
            for used in range(depth):
                after: set[tuple[int, int, int, int]] = set()
                for here, prev, gone, alive in frontier:
                    era = era_bit[here]
                    for nxt in nbrs[here]:
                        if nxt in (prev, here0):
                            continue
                        out = gone
                        nxt_era = era_bit[nxt]
                        if nxt_era != era:
                            if nxt_era & gone:
                                continue  # never back into an era the cube left (TT-019)
                            out = gone | era
                        bit = bits.get(color_of[nxt], 0)
                        if bit & alive:
                            row = row_of[bit]
                            if row[used + 1] < used + 1:
                                row[used + 1] = float(used + 1)
                            rest = alive & ~bit
                            if rest:
                                after.add((nxt, here, out, rest))
                        else:
                            after.add((nxt, here, out, alive))
                frontier = after
                if not frontier:
                    break
        for row in best:
            for i in range(1, depth + 1):
                row[i] = max(row[i], row[i - 1])
        return dict(zip(wanted, best, strict=True))

    def _compact(self, adj: Adjacency, colors: dict[str, Color]) -> _Compact:
        """The network numbered: city -> number, neighbours, era bit and colour of each."""
        last = self._last_compact
        if last is not None and last[0] is adj and last[1] is colors:
            return last[2]
        names = sorted(adj)
        index = {name: i for i, name in enumerate(names)}
        eras = {e: 1 << i for i, e in enumerate(self.eras.order)}
        nbrs = [sorted({index[n] for _l, n, _o in adj[name] if n in index}) for name in names]
        era_bit = [eras.get(self.eras.era_of_city.get(name, ""), 0) for name in names]
        color_of = [GOODS.index(colors[name]) for name in names]
        compact = (index, nbrs, era_bit, color_of)
        self._last_compact = (adj, colors, compact)
        return compact

    def _destination(self, action: DeliverGoods) -> str:
        here = action.city
        ways = self.game.route_links()
        for link_id in action.links:
            link = self.state.links.get(link_id) if link_id >= 0 else ways.get(link_id)
            if link is None:
                break
            here = link.other_city(here)
        return here

    def value_delivery(self, action: DeliverGoods, points: dict[int, int]) -> float:
        value = super().value_delivery(action, points)
        era_of = self.eras.era_of_city
        source, dest = era_of.get(action.city), era_of.get(self._destination(action))
        for card_id in self.state.ops_display:
            card = self.game.card(card_id)
            if card.icon is not Icon.GOAL:
                continue
            pts = card.params.get("points", 1)
            bonus = float(pts) if isinstance(pts, int) else 0.0
            blazes = card.effect == "time_blazer" and source != dest
            bounty = card.effect == "time_bounty" and card.params.get("era") == dest != source
            if blazes or bounty:
                value += self.point_value(bonus)
        return value

    # -- links ---------------------------------------------------------------------------
    def with_link(self, a: str, b: str) -> Adjacency:
        """The network with a new link: into a gate, it pairs with the seat's gate links of
        the other eras (each pair a time link, TT-014); a gate is never a stop itself."""
        gate = a if a in self.gates else b if b in self.gates else None
        if gate is None:
            return super().with_link(a, b)
        city = b if gate == a else a
        era = self.eras.of_city(gate)
        adj = dict(self.adj)
        for other in sorted({c for c, e in self.gate_ends if e != era and c != city}):
            if (city, other) not in self.pairs:
                adj[city] = [*adj.get(city, []), (PAIRED, other, self.seat)]
                adj[other] = [*adj.get(other, []), (PAIRED, city, self.seat)]
        return adj

    def _link_value(self, a: str, b: str) -> float:
        # As the base value, but only goods within SOURCES links of the new link are looked
        # at: time links join many cities at once, and farther goods rarely change.
        adj = self.with_link(a, b)
        sources = sorted(self.near(adj, (a, b), SOURCES).intersection(self.cubes))
        gain = sum(self.source_value(c, adj=adj) - self.source_value(c) for c in sources)
        value = self.future * self.point_value(gain) if gain > 0 else gain
        value += self._line_bonus(a, b) + self._baron_bonus(a, b)
        if a in self.own_cities or b in self.own_cities:
            value += 0.3  # grow one network rather than scatter (RW-p8-10)
        gate = a if a in self.gates else b if b in self.gates else None
        if gate is None:
            return value
        era = self.eras.of_city(gate)
        if any(other_era != era for _c, other_era in self.gate_ends):
            return value
        # The first gate link of its kind pairs with nothing yet: count a share of the best
        # city of another era it could be joined to by one more gate link.
        city = b if gate == a else a
        best = 0.0
        for other in self.partners():
            if self.eras.of_city(other) == era:
                continue
            adj = super().with_link(city, other)
            sources = sorted(self.near(adj, (city, other), 1).intersection(self.cubes))
            gain = sum(self.source_value(s, adj=adj) - self.source_value(s) for s in sources)
            best = max(best, gain)
        return value + FIRST_GATE * self.future * self.point_value(best)

    def partners(self) -> list[str]:
        """Cities of the board that a link of one build could join to a time gate, those
        of the seat's own network first, then those with most goods (a few of them)."""
        if self._partners is None:
            board = self.game.board
            routes = static_routes(board, 4, self.game.edge_costs)
            near_gate = {o for (o, d) in routes if d in self.gates and o not in self.gates}
            ranked = sorted(
                near_gate,
                key=lambda c: (c not in self.own_cities, -sum(self.cubes.get(c, {}).values()), c),
            )
            self._partners = ranked[: PARTNERS * max(1, len(self.eras.order) - 1)]
        return self._partners

    def _line_bonus(self, a: str, b: str) -> float:
        """A Time Line this link would let the seat claim, at the chart's next step
        (TT-023, TT-024, TT-026: scored at the end, so no income comes of it)."""
        if a in self.gates or b in self.gates:
            return 0.0  # a gate never joins a Time Line's cities (RW-p14-12)
        game, seat = self.game, self.seat
        held = claims(game, seat)
        step = chart_points(len(held) + 1) - chart_points(len(held))
        own = game.own_links(seat)
        edges = on_board_edges(game, own)
        after = [*edges, (a, b)]
        through = after + [(w.start, w.end) for w in game.route_links().values() if w.owner == seat]
        bonus = 0.0
        for line in time_lines(game.board):
            if line.id in self.state.major_lines:
                continue
            first, *rest = line.endpoints
            joined = _reach(after, first)
            if all(end in joined for end in rest):
                if all(end in _reach(edges, first) for end in rest):
                    continue  # joined already; it waits for the first line's connection
                if held:
                    original = game.board.major_lines[held[0]].endpoints[0]
                    if original not in _reach(through, first):
                        bonus += 0.3 * step
                        continue
                bonus += step
            elif {a, b} & joined:  # a step along the line from one of its ends
                bonus += 0.05 * step
        return bonus
