"""A greedy bot: one-ply look-ahead with a hand-made value for every action.

Every legal action gets a value in points (of final score), and the bot takes the
best one. The values follow the rulebook's strategy notes (RW-p8-09..17):

- a delivery is worth the points it scores now, more while income still grows
  with score, less the points it gives other players;
- a link is worth the deliveries it opens (cubes near it whose colours match
  cities reachable within the engine level, and one level more), its Major Line
  or Rail Baron progress, less its cost;
- an engine upgrade is worth the longer deliveries it opens, less its cost;
- Urbanize, City Growth and New Industry are worth the deliveries they create;
- an action of a map's own rules (a plug-in's kind) is tried on a copy of the
  game in which the hidden draws are resampled, and is worth what it changes
  there: the deliveries its new cubes open, the points it scores at once (a
  Major Line), the Rail Baron points it earns, less what it costs;
- an add-on that leaves the action still to take (a Mine, RW-p7-07) is taken first
  whenever it is worth ``ADDON_AT`` on its own, not only when it beats every action;
- money is counted with what it really costs: spending cash loses a little,
  issuing a bond loses a point at the end and $1,000 every turn until then;
- asked to answer another player's delivery with a Railroad Inspector (RW-p22-11), it
  stops the delivery when the mover would score ``INSPECT_AT`` (4) points or more from it,
  less what the bot itself would score from it; otherwise it lets it go.

Deterministic: the decision depends only on the game, the seat and the seed
(the seed breaks exact ties). No global random, no clock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import final

from mypy_extensions import mypyc_attr

from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    ChooseBaron,
    DeliverGoods,
    Pass,
    PassBid,
    TakeOperationsCard,
    UpgradeEngine,
    Urbanize,
)
from railways.core.board import GOODS_COLORS, Color, MajorLine
from railways.core.cards import Icon
from railways.core.delivery import COLOR_INDEX, COLORS, IntGraph, int_graph
from railways.core.determinize import determinize
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.legal import BuildOption, LegalActions, link_graph
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules.operations.interaction import PassInspector, PlayInspector, owners

# Tuning. Values are in points of final score.
MONEY = 0.12  # what $1,000 of cash is worth when it is spent
INTEREST = 0.2  # what $1,000 of bond dividend, paid later, is worth
OTHERS = 0.5  # a point given to another player counts against us this much
FUTURE = 0.6  # a delivery a link opens is worth this share of delivering it now
NEXT_LEVEL = 0.35  # share of the deliveries one engine level up counted for a link
BID_THRESHOLD = 2.0  # plans must be worth this much more than the bid to bid at all
CUBES_PER_COLOR = 2  # at most this many cubes of one colour in one city are counted
TYPICAL_TURNS = 18  # game length assumed before the Empty City Markers say otherwise
SOFT_BONDS = 5  # beyond this, each further bond costs extra: late income falls (RW-p8-09)
MAX_BONDS = 7  # beyond this, only very valuable actions may issue another bond
MAX_DEPTH = 6  # deliveries are looked for up to this many links
INSPECT_AT = 4  # stop a delivery worth this many points more to its mover than to us
CARD_SPENT = 0.3  # what playing a hand card on a delivery (Express) gives up
WALK_BUDGET = 6000  # steps one search of delivery routes may take
ADDON_AT = 0.5  # an add-on (a Mine) worth this much on its own is taken before the action

# Rail Baron preferences: what kind of goal this bot can reasonably chase.
BARON_TASTE = {
    "fewest_bonds": 6.0,
    "highest_engine": 5.0,
    "links_from_city": 4.5,
    "largest_railroad": 4.0,
    "most_cities": 4.0,
    "connect_cities": 4.0,
    "most_tiles": 3.0,
    "longest_railroad": 3.0,
    "first_to_engine": 3.0,
    "most_money": 1.5,
}
PLUGIN_BARON_TASTE = 1.0  # a goal of a map's own rule: the bot chases it only by chance
BARON_PROGRESS = 0.5  # share of a Rail Baron's points counted when an action earns them

Adjacency = dict[str, list[tuple[int, str, int]]]


@dataclass
class _Scored:
    value: float
    order: int
    action: Action


class GreedyBot:
    """Takes the action with the best one-ply value; see the module docstring."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # -- the protocol ----------------------------------------------------------------
    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        phase = game.state.phase
        if phase is Phase.CHOOSE_BARON:
            return self._choose_baron(game, seat, legal)
        solo_game = "solo" in game.state.plugin_data  # its Duel Barons are no Rail Barons
        if legal.simple and not solo_game and all(hasattr(a, "baron") for a in legal.simple):
            # A step that deals another Rail Baron card (the Transcontinental game's Western
            # baron, RW-p8-34): chosen by the same taste as the first one.
            return max(legal.simple, key=lambda a: self._taste(game, str(getattr(a, "baron"))))  # noqa: B009
        if phase is Phase.AUCTION:
            return self._bid(game, seat, legal)
        if phase is Phase.REACTION:
            return self._answer(game, seat, legal)
        ctx: _Context
        solo = None
        if solo_game:  # Rail Barons solo: its own tuning and actions
            from railways.bots import greedy_solo

            choice = greedy_solo.choose_solo(self, game, seat, legal)
            if choice is not None:
                return choice
            ctx = solo = greedy_solo.solo_context(game, seat)  # over the board's pieces
        else:
            ctx = _context(game, seat)
        scored = list(self._score_all(ctx, legal))
        if not scored:
            return legal.all()[0] if legal else Pass(seat=seat)
        if solo is None:
            addon = _worth_an_addon(game, scored)
            if addon is not None:
                return addon
        best = max(s.value for s in scored)
        if solo is not None:
            insure = greedy_solo.best_insurance(solo, legal, best)
            if insure is not None:
                return insure
        ties = [s for s in scored if s.value >= best - 1e-9]
        if len(ties) > 1:
            rng = Rng(self.seed * 1_000_003 + len(game.actions))
            return ties[rng.below(len(ties))].action
        return ties[0].action

    # -- set-up and auction ----------------------------------------------------------
    def _choose_baron(self, game: Game, seat: int, legal: LegalActions) -> Action:
        options = [a for a in legal.simple if isinstance(a, ChooseBaron)]
        if not options:
            return legal.all()[0]
        return max(options, key=lambda a: self._taste(game, a.baron))

    @staticmethod
    def _taste(game: Game, baron_id: str) -> tuple[float, str]:
        """How much the bot likes to chase a Rail Baron's goal."""
        plugin_effects = {e for p in game.ruleset.plugins for e in p.baron_effects}
        baron = game.ruleset.barons[baron_id]
        default = PLUGIN_BARON_TASTE if baron.effect in plugin_effects else 2.0
        return (BARON_TASTE.get(baron.effect, default) + baron.points / 10, baron_id)

    def _bid(self, game: Game, seat: int, legal: LegalActions) -> Action:
        """Bid a little early in the game when its plans are strong (RW-p8-12, RW-p8-13).

        It opens the bidding at the lowest bid, never outbids another player (going
        second is almost as good, and free), and only early, while being first
        decides who gets the best cubes and links.
        """
        state = game.state
        auction = state.auction
        low = legal.min_bid
        if low is None or low > 2 or state.turn > 4:
            return PassBid(seat=seat)
        if auction is not None and auction.high_bidder is not None:
            return PassBid(seat=seat)
        ctx = _Context(game, seat)
        plans = sorted(ctx.delivery_guesses(), reverse=True)[:3]
        value = ctx.point_value(sum(plans)) * FUTURE
        if value > BID_THRESHOLD + ctx.money_cost(low):
            return Bid(seat=seat, amount=low)
        return PassBid(seat=seat)

    def _answer(self, game: Game, seat: int, legal: LegalActions) -> Action:
        """Stop another player's delivery with an Inspector when it is worth a lot to them."""
        reaction = game.state.reaction
        plays = [a for a in legal.simple if isinstance(a, PlayInspector)]
        lets = [a for a in legal.simple if isinstance(a, PassInspector)]
        if plays and reaction is not None and isinstance(reaction.action, DeliverGoods):
            held = reaction.action
            points: Counter[int] = Counter(owners(game, held.links))
            if points[held.seat] - points[seat] >= INSPECT_AT:
                return plays[0]
        if lets:
            return lets[0]
        return legal.all()[0]

    # -- the action rounds --------------------------------------------------------------
    def _score_all(self, ctx: _Context, legal: LegalActions) -> Iterable[_Scored]:
        order = 0
        for action in legal.simple:
            value = ctx.value_simple(action)
            if value is not None:
                yield _Scored(value, order, action)
            order += 1
        for options in legal.deliveries.values():
            for option in options:
                yield _Scored(
                    ctx.value_delivery(option.action, option.points), order, option.action
                )
                order += 1
        for build in legal.builds:
            scored = ctx.value_build(build)
            if scored is not None:
                value, action = scored
                yield _Scored(value, order, action)
            order += 1


def _worth_an_addon(game: Game, scored: list[_Scored]) -> Action | None:
    """The best add-on worth taking on its own. An add-on (a Mine, RW-p7-07) leaves the
    seat's action still to take, so it must not wait until it beats every action."""
    worth = [
        s
        for s in scored
        if s.value > ADDON_AT
        and not isinstance(s.action, Pass)
        and not game.kinds.get(s.action).advances_turn
    ]
    if not worth:
        return None
    return max(worth, key=lambda s: (s.value, -s.order)).action


def _context(game: Game, seat: int) -> _Context:
    """What one decision needs; a board whose deliveries work its own way brings its own
    (its plug-ins' ``bot_pieces["greedy"]``, ``railways.bots.pieces``)."""
    from railways.bots.pieces import combined

    return combined(game, "greedy", _Context)(game, seat)


@mypyc_attr(allow_interpreted_subclasses=True)  # board bots subclass it (the mypyc build)
class _Context:
    """What one decision needs, computed once: the network, cubes, money and time."""

    # The tuning this context uses; a solo or board context changes some by overriding
    # ``tuning`` (``greedy_solo``, a board's bot piece). Not by class attributes: compiled
    # (the mypyc build), these are the instance's own slots, set here from ``tuning``, and a
    # subclass's class attribute would be seen by Python code only, so the two builds
    # would play different moves.
    others: float
    interest: float
    future: float
    money: float

    def tuning(self) -> tuple[float, float, float, float]:
        """The weights of (others' points, bond interest, the future, money)."""
        return OTHERS, INTEREST, FUTURE, MONEY

    def __init__(self, game: Game, seat: int) -> None:
        self.others, self.interest, self.future, self.money = self.tuning()
        self.game = game
        self.seat = seat
        state = game.state
        self.state = state
        self.player = state.players[seat]
        self.engine = game.engine_level(seat)  # after any plug-in penalty
        self.max_engine = game.board.tables.max_engine
        self.colors = state.city_colors
        # The complete links by city: the engine's link graph (kept with the track, never
        # changed) when no plug-in adds ways to it (switches), which this does not count.
        ways = bool(game.route_links())
        adj: Adjacency = {} if ways else link_graph(game)
        self._color_of: list[int] | None = None  # each city's colour bit (_int_best_routes)
        # The engine's link graph, when this context walks it (a board's context may set
        # ``adj`` to its own): best_routes then walks its integer form.
        self._engine_adj: Adjacency | None = None if ways else adj
        own: set[str] = set()
        others: set[str] = set()
        for link in state.links.values():
            if link.end is None:
                continue
            if ways:
                adj.setdefault(link.start, []).append((link.id, link.end, link.owner))
                adj.setdefault(link.end, []).append((link.id, link.start, link.owner))
            if link.owner == seat:
                own.update((link.start, link.end))
            else:
                others.update((link.start, link.end))
        self.adj = adj
        self.own_cities = own
        self.other_cities = others
        self.cubes: dict[str, dict[Color, int]] = {}
        for city, cubes in state.cubes.items():
            if cubes:
                counts: dict[Color, int] = {}
                for c in cubes:
                    counts[c] = counts.get(c, 0) + 1
                self.cubes[city] = counts
        self.turns_left = self._turns_left()
        self.components = self._components()
        self._source_cache: dict[tuple[str, int], float] = {}
        self._link_cache: dict[tuple[str, str], float] = {}
        # Kinds of the map's own rules: valued by trying them (value_plugin_action).
        self.plugin_kinds = {k.kind for p in game.ruleset.plugins for k in p.action_kinds()}

    # -- time and money ------------------------------------------------------------
    def _turns_left(self) -> int:
        state = self.state
        if state.end_trigger_turn is not None:
            return max(1, state.end_trigger_turn + 2 - state.turn)
        remaining = max(0, state.ecm_needed - len(state.ecm))
        rate = max(0.5, len(state.ecm) / max(1, state.turn))
        by_markers = remaining / rate + 1
        return int(max(2, min(TYPICAL_TURNS + 4 - state.turn, by_markers)))

    def point_value(self, points: float) -> float:
        """Points now, plus the income they add for the rest of the game."""
        if points <= 0:
            return points
        tables = self.game.board.tables
        score = self.player.score
        gain = tables.income_for(score + int(points)) - tables.income_for(score)
        return points + gain * (self.turns_left - 1) * self.money

    def bond_cost(self) -> float:
        return 1.0 + self.interest * max(0, self.turns_left - 1)

    def money_cost(self, amount: int) -> float:
        """What paying ``amount`` ($1,000s) costs, counting the bonds it issues."""
        if amount <= 0:
            return 0.0
        tables = self.game.board.tables
        # Cash this turn's income will not cover at the bond dividends is spoken for:
        # spending it only issues the bonds at the end of the turn instead (RW-p6-02).
        due = self.player.bonds * tables.bond_dividend - self.game.income(self.seat)
        cash = max(0, self.player.cash - max(0, due))
        if amount <= cash:
            return amount * self.money
        bonds = -(-(amount - cash) // tables.bond_value)
        cost = cash * self.money + bonds * self.bond_cost()
        after = self.player.bonds + bonds
        cost += 3.0 * max(0, min(bonds, after - SOFT_BONDS))
        cost += 10.0 * max(0, min(bonds, after - MAX_BONDS))  # never spiral into debt
        return cost

    # -- the network ----------------------------------------------------------------
    def _components(self) -> dict[str, int]:
        comp: dict[str, int] = {}
        own_adj: dict[str, list[str]] = {}
        for city, edges in self.adj.items():
            for _lid, other, owner in edges:
                if owner == self.seat:
                    own_adj.setdefault(city, []).append(other)
        label = 0
        for city in sorted(own_adj):
            if city in comp:
                continue
            label += 1
            comp[city] = label
            todo = [city]
            while todo:
                here = todo.pop()
                for nxt in own_adj[here]:
                    if nxt not in comp:
                        comp[nxt] = label
                        todo.append(nxt)
        return comp

    def best_routes(
        self,
        adj: Adjacency,
        colors: dict[str, Color],
        start: str,
        wanted: Iterable[Color],
        depth: int,
    ) -> dict[Color, list[float]]:
        """Best net points of a delivery from ``start`` within 0..depth links, per colour.

        Net points are own points less OTHERS per point given away; a cube stops at
        the first city of its colour (RW-p5-28) and enters no city twice (RW-p5-27).
        One walk serves every colour: it carries the colours still travelling.
        """
        seat = self.seat
        if adj is self._engine_adj and colors is self.colors:
            return self._int_best_routes(start, wanted, depth)
        bits = {color: 1 << i for i, color in enumerate(wanted)}
        best = {color: [0.0] * (depth + 1) for color in bits}
        by_bit = {bit: best[color] for color, bit in bits.items()}
        stack: list[tuple[str, int, int, tuple[str, ...], int]] = [
            (start, 0, 0, (start,), sum(bits.values()))
        ]
        budget = WALK_BUDGET
        while stack and budget > 0:
            here, mine, theirs, seen, alive = stack.pop()
            used = mine + theirs
            if used >= depth:
                continue
            for _lid, nxt, owner in adj.get(here, ()):
                if used == 0 and owner != seat:
                    continue
                if nxt in seen:
                    continue
                budget -= 1
                m2 = mine + (owner == seat)
                t2 = theirs + (owner != seat)
                bit = bits.get(colors[nxt], 0)
                if bit & alive:
                    value = m2 - self.others * t2
                    row = by_bit[bit]
                    if value > row[used + 1]:
                        row[used + 1] = value
                    rest = alive & ~bit
                    if rest:
                        stack.append((nxt, m2, t2, (*seen, nxt), rest))
                else:
                    stack.append((nxt, m2, t2, (*seen, nxt), alive))
        for row in best.values():
            for i in range(1, depth + 1):  # best within i links
                if row[i - 1] > row[i]:
                    row[i] = row[i - 1]
        return best

    def _int_best_routes(
        self, start: str, wanted: Iterable[Color], depth: int
    ) -> dict[Color, list[float]]:
        """``best_routes`` over the engine's integer link graph (``_RouteWalk``)."""
        ints = int_graph(self.game, self.adj)
        color_of = self._color_of
        if color_of is None or len(color_of) < len(ints.adj):  # (once per decision)
            color_of = self._color_of = ints.colors_of(self.colors, _NO_CITIES)
        return _walked_routes(ints, color_of, self.seat, self.others, start, wanted, depth)

    def source_value(
        self,
        city: str,
        adj: Adjacency | None = None,
        colors: dict[str, Color] | None = None,
        engine: int | None = None,
        cubes: dict[Color, int] | None = None,
    ) -> float:
        """Deliveries available from one city: level ``engine`` plus a share of one more."""
        plain = adj is None and colors is None and cubes is None
        level = self.engine if engine is None else engine
        if plain and (city, level) in self._source_cache:
            return self._source_cache[(city, level)]
        adj = self.adj if adj is None else adj
        colors = self.colors if colors is None else colors
        cubes = self.cubes.get(city) if cubes is None else cubes
        total = 0.0
        if cubes and any(owner == self.seat for _l, _c, owner in adj.get(city, ())):
            depth = min(level + 1, self.max_engine, MAX_DEPTH)
            routes = self.best_routes(adj, colors, city, cubes, depth)
            total = _routes_total(routes, cubes, min(level, depth), depth)
        if plain:
            self._source_cache[(city, level)] = total
        return total

    def near(self, adj: Adjacency, cities: Iterable[str], radius: int) -> set[str]:
        """Cities within ``radius`` links of any of ``cities``."""
        found = set(cities)
        frontier = list(found)
        for _ in range(radius):
            nxt_frontier = []
            for city in frontier:
                for _lid, nxt, _owner in adj.get(city, ()):
                    if nxt not in found:
                        found.add(nxt)
                        nxt_frontier.append(nxt)
            frontier = nxt_frontier
        return found

    def with_link(self, a: str, b: str) -> Adjacency:
        adj = dict(self.adj)
        adj[a] = [*adj.get(a, []), (-1, b, self.seat)]
        adj[b] = [*adj.get(b, []), (-1, a, self.seat)]
        return adj

    # -- values of actions ------------------------------------------------------------
    def value_delivery(self, action: DeliverGoods, points: dict[int, int]) -> float:
        mine = points.get(self.seat, 0)
        theirs = sum(p for s, p in points.items() if s != self.seat)
        value = self.point_value(mine) - self.others * theirs
        game, state = self.game, self.state
        dest = self._destination(action)
        color = action.color or ""
        for card_id in state.ops_display:
            card = game.card(card_id)
            if card.icon is not Icon.GOAL:
                continue
            pts = card.params.get("points", 0)
            bonus = float(pts) if isinstance(pts, int) else 0.0
            claims = (
                card.effect == "railroad_era_begins"
                or (card.effect == "speed_record" and len(action.links) == card.params.get("links"))
                or (card.effect == "service_bounty" and dest == card.params.get("city"))
            )
            if claims:
                value += self.point_value(bonus)
            elif card.effect == "passenger_lines":
                have = self.player.delivered_colors
                need = card.params.get("colors", 4)
                if color not in have and isinstance(need, int) and len(have) + 1 >= need:
                    value += self.point_value(bonus)
        for card_id in self.player.kept:
            card = game.card(card_id)
            if card.effect == "hotel" and card.params.get("city") == dest:
                value += self.point_value(1)
        if action.city in self.other_cities:
            value += 0.3  # at risk: someone else could take it first (RW-p8-11)
        if action.cards:
            value -= CARD_SPENT
        return value

    def _destination(self, action: DeliverGoods) -> str:
        here = action.city
        ways = self.game.route_links()  # ids below 0: ways over a switch (RW-p7-30)
        for link_id in action.links:
            step = self.state.links[link_id] if link_id >= 0 else ways[link_id]
            here = step.other_city(here)
        return here

    def link_value(self, a: str, b: str) -> float:
        """What a new own link between ``a`` and ``b`` adds (deliveries, lines, baron)."""
        key = (a, b) if a < b else (b, a)
        cached = self._link_cache.get(key)
        if cached is None:
            cached = self._link_cache[key] = self._link_value(a, b)
        return cached

    def _link_value(self, a: str, b: str) -> float:
        depth = min(self.engine + 1, self.max_engine, MAX_DEPTH)
        adj = self.with_link(a, b)
        sources = sorted(self.near(adj, (a, b), depth - 1).intersection(self.cubes))
        # This context's own link graph (not a board's: those may change with_link) is
        # walked over integers with the new link too (``_with_link_ints``), as
        # best_routes walks the engine's graph: the same steps, without a tuple per step.
        ints = (
            self._with_link_ints(a, b)
            if sources and self._engine_adj is not None and type(self) is _Context
            else None
        )
        gain = 0.0
        for city in sources:
            with_it = (
                self.source_value(city, adj=adj)
                if ints is None
                else self._source_value_with(city, adj, ints)
            )
            gain += with_it - self.source_value(city)
        value = self.future * self.point_value(gain) if gain > 0 else gain
        value += self._line_bonus(a, b)
        value += self._baron_bonus(a, b)
        if a in self.own_cities or b in self.own_cities:
            value += 0.3  # grow one network rather than scatter (RW-p8-10)
        return value

    def _with_link_ints(self, a: str, b: str) -> _WithLink:
        """``with_link(a, b)`` over the engine's integer link graph: its cities' flat
        adjacency lists with the new link (id -1, the seat's) last at both ends, as
        ``with_link`` appends it; the cities' colour bits; and the numbers of ``a`` and
        ``b`` (a city without links yet gets the next free number, here only)."""
        ints = int_graph(self.game, self.adj)
        color_of = self._color_of
        if color_of is None or len(color_of) < len(ints.adj):  # (once per decision)
            color_of = self._color_of = ints.colors_of(self.colors, _NO_CITIES)
        adj = list(ints.adj)
        bits = color_of[: len(adj)]
        index = ints.cities.index
        ends: dict[str, int] = {}
        for city in (a, b):
            at = index.get(city, -1)
            if not 0 <= at < len(ints.adj):
                at = len(adj)
                adj.append([])
                color = self.colors.get(city)
                bits.append(0 if color is None else 1 << COLOR_INDEX[color])
            ends[city] = at
        at_a, at_b = ends[a], ends[b]
        adj[at_a] = [*adj[at_a], -1, at_b, self.seat]
        adj[at_b] = [*adj[at_b], -1, at_a, self.seat]
        return _WithLink(adj, bits, index, ends)

    def _source_value_with(self, city: str, adj: Adjacency, ints: _WithLink) -> float:
        """``source_value(city, adj=adj)`` where ``adj`` is ``with_link``'s graph and
        ``ints`` its integer form (``_with_link_ints``)."""
        cubes = self.cubes.get(city)
        if not cubes or not any(owner == self.seat for _l, _c, owner in adj.get(city, ())):
            return 0.0
        level = self.engine
        depth = min(level + 1, self.max_engine, MAX_DEPTH)
        at = ints.ends.get(city, -1)
        if at < 0:
            at = ints.index.get(city, -1)
        routes = _rows_walked(ints.adj, ints.color_of, self.seat, self.others, at, cubes, depth)
        return _routes_total(routes, cubes, min(level, depth), depth)

    def _line_bonus(self, a: str, b: str) -> float:
        comp = self.components
        ca, cb = comp.get(a), comp.get(b)
        joined = {c for c, k in comp.items() if k is not None and k in (ca, cb)} | {a, b}
        bonus = 0.0
        own = self.own_cities
        taken = self.state.major_lines
        for line in self.game.board.major_lines.values():
            if line.id in taken:
                continue
            ends = line.endpoints
            # A line with a special need (a map's rule) is worth nothing to aim at until the
            # seat's own network could meet it, and its points only where it is met.
            if line.requires and not self._requirements_met(line, frozenset(own | joined)):
                continue
            if all(e in joined for e in ends):
                if not self._requirements_met(line, frozenset(joined)):
                    continue
                already = ca is not None and all(comp.get(e) == ca for e in ends)
                if not already:
                    bonus += self.point_value(line.points)
            elif any(e in joined for e in ends):
                bonus += 0.05 * line.points  # a step along a Major Line (RW-p8-15)
        return bonus

    def _requirements_met(self, line: MajorLine, network: frozenset[str]) -> bool:
        """Whether the plug-ins would count the line's special needs as met on ``network``."""
        if not line.requires:
            return True
        plugins = self.game.ruleset.plugins
        return any(p.major_line_met(self.game, self.seat, line, network) for p in plugins)

    def _baron_bonus(self, a: str, b: str) -> float:
        baron_id = self.player.baron
        if not baron_id:
            return 0.0
        baron = self.game.ruleset.barons[baron_id]
        effect = baron.effect
        fresh = (a not in self.own_cities) + (b not in self.own_cities)
        if effect == "links_from_city":
            city = baron.params.get("city")
            return 0.8 * baron.points if city in (a, b) else 0.0
        if effect == "connect_cities":
            cities = str(baron.params.get("cities", "")).split(",")
            return 1.0 if a in cities or b in cities else 0.0
        if effect == "most_cities":
            return 0.4 * fresh
        if effect in ("largest_railroad", "longest_railroad"):
            return 0.4
        return 0.0

    def value_build(self, build: BuildOption) -> tuple[float, Action] | None:
        game, state = self.game, self.state
        action = build.action
        origin = game.board.city_at(action.path[0])
        extension = origin is None
        if extension:
            link = None
            for piece in state.track.get(action.path[0], ()):
                candidate = state.links.get(piece.link)
                if candidate is not None and candidate.owner == self.seat:
                    link = candidate
            if link is None:
                return None
            start = link.start
            sunk = 2 * len(link.tiles)
            # A build from a switch on a complete own link (RW-p7-30): the new link joins both
            # of its cities, and nothing of it is sunk yet.
            also = link.end if link.complete else None
            if also is not None:
                sunk = 0
        else:
            assert origin is not None
            start = origin.id
            sunk = 0
            also = None
        target = build.to_city
        cost = float(build.cost)
        if target is None:  # the first leg of a link too long for one action
            dest = game.board.city_at(build.route[-1])
            if dest is None or extension:
                return None
            if state.round >= 3 and not state.extra_actions:
                return None  # it could not be finished this turn (RW-p4-49)
            target = dest.id
            cost = cost * (len(build.route) - 2) / max(1, build.tiles)
            uncertainty = 0.75
        else:
            uncertainty = 1.0
        if target == start:
            return None
        value = uncertainty * self.link_value(start, target) + sunk * self.money * 3
        if also is not None and also != target:
            value = max(value, uncertainty * self.link_value(also, target))
        value -= self.money_cost(round(cost))
        if build.tiles >= 4 and not extension:
            value -= 0.1  # long links tie up tiles and money; prefer short ones (RW-p8-09)
        return value, self._with_land_grant(action, build)

    def _with_land_grant(self, action: BuildTrack, build: BuildOption) -> Action:
        for card_id in self.player.hand:
            if self.game.card(card_id).effect != "land_grant":
                continue
            if build.cost < 6:
                return action
            candidate = BuildTrack(
                seat=action.seat,
                path=action.path,
                exit=action.exit,
                redirect=action.redirect,
                cards=(*action.cards, card_id),
            )
            try:
                plan = self.game.plan(candidate)
            except IllegalAction:
                return action
            if build.cost - plan.cost >= 4:
                return candidate
        return action

    def value_simple(self, action: Action) -> float | None:
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, UpgradeEngine):
            return self.value_upgrade(action)
        if isinstance(action, Urbanize):
            return self.value_urbanize(
                action.city, action.color, self.game.board.tables.urbanize_cost
            )
        if isinstance(action, TakeOperationsCard):
            return self.value_card(action)
        if action.kind in self.plugin_kinds:
            return self.value_plugin_action(action)
        return None

    def value_upgrade(self, action: UpgradeEngine) -> float:
        game = self.game
        if self.engine >= self.max_engine:
            return -100.0
        try:
            cost = game.upgrade_cost(action)
        except IllegalAction:
            return -100.0
        gain = 0.0
        for city in sorted(self.own_cities.intersection(self.cubes)):
            gain += self.source_value(city, engine=self.engine + 1) - self.source_value(city)
        value = self.future * self.point_value(gain) if gain > 0 else gain
        value += self._engine_baron_bonus()
        if action.cards:
            value += 0.5  # a discount card is meant for this
        return value - self.money_cost(cost)

    def _engine_baron_bonus(self) -> float:
        baron_id = self.player.baron
        if not baron_id:
            return 0.0
        baron = self.game.ruleset.barons[baron_id]
        if baron.effect == "highest_engine":
            best_other = max(
                (p.engine for p in self.state.players if p.seat != self.seat), default=0
            )
            return 1.5 if self.engine <= best_other else 0.3
        if baron.effect == "first_to_engine":
            level = baron.params.get("level", 6)
            if isinstance(level, int) and self.engine < level:
                return 1.0 if level not in self.state.first_engine else 0.0
        return 0.0

    def _new_cubes_value(self, city: str, colors: dict[str, Color], count: int) -> float:
        """Expected deliveries of ``count`` random cubes arriving in ``city``."""
        if city not in self.own_cities:
            return 0.0
        total = 0.0
        for color in GOODS_COLORS:
            total += self.source_value(city, colors=colors, cubes={color: 1})
        return count * total / len(GOODS_COLORS)

    def value_urbanize(self, city: str, color: str | None, cost: int) -> float:
        if city not in self.own_cities:
            return -1.0
        try:
            new_color = Color(color)
        except ValueError:
            return -1.0
        colors = dict(self.colors)
        colors[city] = new_color
        depth = min(self.engine + 1, self.max_engine, MAX_DEPTH)
        gain = 0.0
        for source in sorted(self.near(self.adj, (city,), depth - 1).intersection(self.cubes)):
            gain += self.source_value(source, colors=colors) - self.source_value(source)
        gain += self._new_cubes_value(city, colors, 2)
        value = self.future * self.point_value(gain) if gain > 0 else gain
        return value - self.money_cost(cost)

    def value_card(self, action: TakeOperationsCard) -> float:
        card = self.game.card(action.card)
        effect = card.effect
        early = self.turns_left
        if effect == "hotel":
            city = card.params.get("city")
            if city in self.own_cities:
                return 0.4 + 0.12 * early
            return 0.1
        if effect == "city_growth":
            if action.target is None:
                return -1.0
            gain = self._new_cubes_value(action.target, self.colors, 2)
            return self.future * self.point_value(gain) - 0.2
        if effect == "new_industry":
            if action.target is None:
                return -1.0
            return self.value_urbanize(action.target, action.color, 0) - 0.2
        if effect == "perfect_engineering":
            return 0.6 if early > 8 else 0.1
        if effect == "land_grant":
            return 0.7 if early > 6 else 0.1
        if effect == "diplomatic_relations" and action.target and action.links:
            # Taking it is a delivery: its points, and one more for each player involved.
            deliver = DeliverGoods(
                seat=self.seat, city=action.target, color=action.color, links=action.links
            )
            points: Counter[int] = Counter(owners(self.game, action.links))
            return self.value_delivery(deliver, {s: p + 1 for s, p in points.items()})
        if effect == "railroad_executive":
            return 1.0 + 0.5 * sum(sorted(self.delivery_guesses(), reverse=True)[:2])
        if card.icon is Icon.IMMEDIATE:
            # A red X card acts when taken (a Mine digs cubes for $10,000): value what it does.
            return self.value_plugin_action(action)
        return 0.0

    def delivery_guesses(self) -> list[float]:
        out = []
        for city in sorted(self.own_cities.intersection(self.cubes)):
            value = self.source_value(city)
            if value > 0:
                out.append(value / max(1, sum(self.cubes[city].values())))
        return out

    def value_plugin_action(self, action: Action) -> float:
        """A plug-in's action, valued by its effect on a determinized copy of the game.

        The copy resamples what the seat cannot know (the bag's order, the decks), so
        the bot never profits from hidden draws. Only the action itself is performed
        (no turn change), and its effect is read off the state: new or lost cubes,
        points scored, Rail Baron progress and the money spent.
        """
        game, seat = self.game, self.seat
        trial = determinize(game, seat, self.trial_seed(action))
        try:
            kind = trial.kinds.get(action)
            kind.perform(trial, action, kind.check(trial, action))
        except IllegalAction:
            return -100.0
        after = trial.state
        gain = 0.0
        for city in sorted(set(self.state.cubes) | set(after.cubes)):
            now = after.cubes.get(city, [])
            if Counter(now) == Counter(self.state.cubes.get(city, [])):
                continue
            counts: dict[Color, int] = {}
            for c in now:
                counts[c] = counts.get(c, 0) + 1
            gain += self.source_value(city, cubes=counts) - self.source_value(city)
        value = self.future * self.point_value(gain) if gain > 0 else gain
        me = after.players[seat]
        value += self.point_value(me.score - self.player.score)
        value += BARON_PROGRESS * self._baron_gain(trial)
        tables = game.board.tables
        spent = self.player.cash - me.cash + (me.bonds - self.player.bonds) * tables.bond_value
        return value - self.money_cost(spent)

    def trial_seed(self, action: Action) -> int:
        return len(self.game.actions) * 7919 + sum(map(ord, repr(action))) + self.seat

    def _baron_gain(self, trial: Game) -> float:
        """Rail Baron points the seat's own goal gains in ``trial`` over the real game."""
        baron_id = self.player.baron
        if not baron_id:
            return 0.0
        baron = self.game.ruleset.barons[baron_id]
        effect = self.game.ruleset.baron_effects.get(baron.effect)
        if effect is None:
            return 0.0
        before = effect.score(self.game, self.seat, baron)
        return float(effect.score(trial, self.seat, baron) - before)


_NO_ROW: list[float] = []
_NO_CITIES: frozenset[str] = frozenset()


def _walked_routes(
    ints: IntGraph,
    color_of: list[int],
    seat: int,
    others: float,
    start: str,
    wanted: Iterable[Color],
    depth: int,
) -> dict[Color, list[float]]:
    """``_Context.best_routes`` over the engine's integer link graph (``_RouteWalk``), with
    the cities' colour bits ``color_of`` (``IntGraph.colors_of``)."""
    at = ints.cities.index.get(start, -1)
    return _rows_walked(ints.adj, color_of, seat, others, at, wanted, depth)


def _rows_walked(
    adj: list[list[int]],
    color_of: list[int],
    seat: int,
    others: float,
    at: int,
    wanted: Iterable[Color],
    depth: int,
) -> dict[Color, list[float]]:
    """``_walked_routes`` from the city numbered ``at`` of the flat adjacency ``adj``."""
    best = {color: [0.0] * (depth + 1) for color in wanted}
    rows: list[list[float]] = [_NO_ROW] * len(COLORS)
    alive = 0
    for color, row in best.items():
        rows[COLOR_INDEX[color]] = row
        alive |= 1 << COLOR_INDEX[color]
    if 0 <= at < len(adj):
        walk = _RouteWalk(adj, color_of, rows, seat, others, depth)
        walk.walk(at, 0, 0, 1 << at, alive)
    for row in best.values():
        for i in range(1, depth + 1):  # best within i links
            if row[i - 1] > row[i]:
                row[i] = row[i - 1]
    return best


def _routes_total(
    routes: dict[Color, list[float]], cubes: dict[Color, int], now_at: int, depth: int
) -> float:
    """What a city's cubes are worth (``_Context.source_value``): each colour's best route
    within ``now_at`` links, and a share of the best within ``depth``, for at most
    ``CUBES_PER_COLOR`` cubes of it."""
    total = 0.0
    for color, count in cubes.items():
        row = routes[color]
        now, later = row[now_at], row[depth]
        total += min(count, CUBES_PER_COLOR) * (now + NEXT_LEVEL * (later - now))
    return total


def delivery_guesses(game: Game, seat: int) -> list[float]:
    """``_Context(game, seat).delivery_guesses()`` (what each of the seat's cities with
    cubes offers, per cube), without the rest of the context: the mcts bot's evaluation
    asks for it at the end of every playout. A board whose plug-ins add ways to the link
    graph (switches) is valued by the context itself."""
    if game.route_links():
        return _Context(game, seat).delivery_guesses()
    state = game.state
    own: set[str] = set()
    for link in state.links.values():
        if link.end is not None and link.owner == seat:
            own.update((link.start, link.end))
    out: list[float] = []
    cities = sorted(city for city in own if state.cubes.get(city))
    if not cities:
        return out
    level = game.engine_level(seat)
    depth = min(level + 1, game.board.tables.max_engine, MAX_DEPTH)
    ints = int_graph(game, link_graph(game))
    color_of = ints.colors_of(state.city_colors, _NO_CITIES)
    for city in cities:
        counts: dict[Color, int] = {}
        for c in state.cubes[city]:
            counts[c] = counts.get(c, 0) + 1
        routes = _walked_routes(ints, color_of, seat, OTHERS, city, counts, depth)
        value = _routes_total(routes, counts, min(level, depth), depth)
        if value > 0:
            out.append(value / max(1, sum(counts.values())))
    return out


@final
class _WithLink:
    """A link graph with one more link over integers (``_Context._with_link_ints``)."""

    def __init__(
        self, adj: list[list[int]], color_of: list[int], index: dict[str, int], ends: dict[str, int]
    ) -> None:
        self.adj = adj
        self.color_of = color_of
        self.index = index  # the engine's city numbers
        self.ends = ends  # the new link's two cities' numbers (one may be new)


@final
class _RouteWalk:
    """``_Context.best_routes``'s walk over the integer link graph: the same steps in the
    same order as its stack of partial routes (a city's links in order, then the walks on
    from them in reverse order), so the same routes are counted within the same
    ``WALK_BUDGET``, without a tuple of cities per step."""

    def __init__(
        self,
        adj: list[list[int]],
        color_of: list[int],
        rows: list[list[float]],
        seat: int,
        others: float,
        depth: int,
    ) -> None:
        self.adj = adj
        self.color_of = color_of
        self.rows = rows  # by colour index: the best value within each number of links
        self.seat = seat
        self.others = others
        self.depth = depth
        self.budget = WALK_BUDGET

    def walk(self, here: int, mine: int, theirs: int, seen: int, alive: int) -> None:
        used = mine + theirs
        if used >= self.depth:
            return
        edges = self.adj[here]
        color_of, seat, others = self.color_of, self.seat, self.others
        n = len(edges)
        for i in range(0, n, 3):
            nxt, owner = edges[i + 1], edges[i + 2]
            if (used == 0 and owner != seat) or (seen >> nxt) & 1:
                continue
            self.budget -= 1
            bit = color_of[nxt] & alive
            if bit:
                m2, t2 = (mine + 1, theirs) if owner == seat else (mine, theirs + 1)
                value = m2 - others * t2
                row = self.rows[bit.bit_length() - 1]
                if value > row[used + 1]:
                    row[used + 1] = value
        i = n - 3
        while i >= 0:
            nxt, owner = edges[i + 1], edges[i + 2]
            i -= 3
            if (used == 0 and owner != seat) or (seen >> nxt) & 1:
                continue
            going = alive & ~color_of[nxt]  # a colour stops at its first city (RW-p5-28)
            if going == alive or going:
                if self.budget <= 0:
                    return
                m2, t2 = (mine + 1, theirs) if owner == seat else (mine, theirs + 1)
                self.walk(nxt, m2, t2, seen | (1 << nxt), going)
