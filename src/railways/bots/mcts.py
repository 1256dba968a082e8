"""A search bot: information-set Monte Carlo tree search over the greedy bot's best ideas.

What it searches: in the action rounds, the root holds the seat's information set (what
it knows now). Its children are candidate actions, ranked by the greedy bot's one-ply
values (action abstraction: of the hundreds of candidate links only the best few enter,
and progressive widening lets one more in as visits grow, in the greedy order). Each
iteration picks a child by PUCT (the greedy value, through a softmax, is the prior),
draws a determinization of the hidden information (other seats' Rail Barons, the deck
order, future bag draws; ``railways.core.determinize``), plays the child there and then
plays out a short horizon with a cheap greedy-like policy (``playout_action``) before an
evaluation in points (score, money, bonds, Rail Baron progress and the deliveries
waiting in the seat's network, relative to the other seats).

Visits of every child use the same sequence of determinizations and playout seeds
(visit ``k`` of any child sees world ``k``): children are compared on the same worlds,
which takes most of the luck out of the comparison. The tree is one level deep (the
seat's own decision; the opponents and later turns live in the playouts): a deeper tree
over other seats' candidate links would need their legal actions at every node, which
costs more than the playouts it would guide.

In the opening turns it outbids the others to go first (``bid``, ``bid_turns``); the
rest of the auction, Rail Baron choice and answers to the Railbot's cards are left to the greedy
bot. The Rail Barons solo game is searched the same way with its own candidates, playouts
and evaluation (``railways.bots.mcts_solo``).

Budgets: ``iters`` (iterations per decision; deterministic for a seed) or ``time``
(seconds per decision; not deterministic). Options are given after the name, separated
by colons: ``mcts:iters=200``, ``mcts:time=1.5:width=10``. See docs/bots.md.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import final

from railways.bots.greedy import GreedyBot, _Context, delivery_guesses
from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    ChooseBaron,
    DeliverGoods,
    Pass,
    PassBid,
    UpgradeEngine,
)
from railways.core.board import Color
from railways.core.delivery import COLORS, DeliveryRules, Edge, cube_bits, int_graph
from railways.core.determinize import determinize
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.legal import (
    BuildOption,
    LegalActions,
    build_options,
    co_owners,
    cube_cities,
    link_graph,
    sample_action,
)
from railways.core.rng import Rng
from railways.core.state import Phase

MONEY = 0.12  # points per $1,000 of cash at the horizon (the greedy bot's figure)
INTEREST = 0.2  # points per $1,000 of bond dividend still to pay
BARON_SHARE = 0.5  # share of the Rail Baron's points counted before the end
POTENTIAL = 0.5  # share of the deliveries waiting in the network counted at the horizon
BUILD_SAMPLES = 12  # candidate links the playout policy looks at per build decision
PLAYOUT_CAP = 200  # actions a playout may take at most (auctions included)
BOND_LIMIT = 4  # the playout policy issues bonds for a link only while it holds fewer
# Worlds each candidate should see in the first phase of sequential halving; the root is
# narrowed until the budget gives that many (``MctsBot._width``).
MIN_WORLDS = 16


@dataclass(frozen=True)
class MctsSettings:
    """The search's knobs; each can be set as ``mcts:name=value``."""

    iters: int = 0  # iterations per decision; 0 = use ``time``
    time: float = 1.0  # seconds per decision when ``iters`` is 0
    width: int = 8  # candidates (root children) at most
    horizon: int = 2  # own actions played out after the root action
    prior: float = 0.5  # weight of the greedy value added to a candidate's mean evaluation
    bid: int = 3  # the most it bids (in $1,000s) to be first player in the opening turns
    bid_turns: int = 3  # the opening turns in which it bids to go first (0: never)

    @classmethod
    def parse(cls, options: Mapping[str, str]) -> MctsSettings:
        known = {f.name: f.type for f in fields(cls)}
        values: dict[str, int | float] = {}
        for key, text in options.items():
            if key not in known:
                raise ValueError(f"mcts has no option {key!r} (known: {', '.join(known)})")
            try:
                # A string under postponed annotations, the class itself when compiled.
                values[key] = int(text) if known[key] in ("int", int) else float(text)
            except ValueError:
                raise ValueError(f"mcts option {key}: {text!r} is not a number") from None
            if values[key] < 0:
                raise ValueError(f"mcts option {key} must not be negative")
        settings = cls(**values)  # type: ignore[arg-type]
        if settings.iters == 0 and settings.time <= 0:
            raise ValueError("mcts needs a budget: iters > 0 or time > 0")
        if settings.width < 1:
            raise ValueError("mcts option width must be at least 1")
        return settings


class MctsBot:
    """IS-MCTS over greedy candidates; see the module docstring."""

    name = "mcts"

    def __init__(self, seed: int = 0, settings: MctsSettings | None = None) -> None:
        self.seed = seed
        self.settings = settings or MctsSettings()
        self.greedy = GreedyBot(seed)
        self.last_iterations = 0  # of the latest decision (for benchmarks and tests)
        self.last_width = 0  # candidates searched at the latest decision
        self.rate: float | None = None  # iterations per second, from the searches so far
        self._solo = False  # whether the search under way is of a solo game

    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        state = game.state
        if state.phase is Phase.AUCTION:
            self.last_iterations = 0
            return self._bid(game, seat, legal)
        if state.phase is not Phase.ACTIONS or game.turns.step_actions(game, seat) is not None:
            self.last_iterations = 0
            return self.greedy.choose(game, seat, legal)
        self._solo = "solo" in state.plugin_data
        if self._solo:  # Rail Barons solo: its own candidates, playouts and evaluation
            from railways.bots import mcts_solo

            found = mcts_solo.candidates(self.greedy, game, seat, legal, self.settings.width)
        else:
            found = self._candidates(game, seat, legal)
        candidates = found[: self._width()]
        self.last_width = len(candidates)
        if len(candidates) == 1:
            self.last_iterations = 0
            return candidates[0][1]
        return self._search(game, seat, candidates)

    def _width(self) -> int:
        """How many of greedy's best ideas the budget can tell apart: at most ``width``,
        and fewer when the budget would give each fewer than ``MIN_WORLDS`` worlds in the
        first phase (``budget / phases / width``), but always two.

        With a few dozen iterations (a time budget on a busy machine) eight candidates
        would each be judged on two or three playouts, noise that outweighs greedy's own
        ranking; two candidates on thirty paired worlds each are told apart. A time
        budget is turned into iterations at the rate of the searches so far (the first
        search uses ``width``); an ``iters`` budget is used as it is, so the width stays
        a function of the settings and the bot stays deterministic.
        """
        settings = self.settings
        if settings.iters:
            budget = float(settings.iters)
        elif self.rate is not None:
            budget = self.rate * settings.time
        else:
            return settings.width
        width = settings.width
        while width > 2 and budget < MIN_WORLDS * width * math.ceil(math.log2(width)):
            width -= 1
        return width

    def _bid(self, game: Game, seat: int, legal: LegalActions) -> Action:
        """Outbid the others to be first player in the first ``bid_turns`` turns, up to
        ``bid`` thousand dollars (RW-p8-12, RW-p8-13); later, greedy's auction.

        Going first in the opening turns decides who builds the best first links and takes
        the best cubes: a greedy bot that simply outbids the others in turns 1-3 won 39% of
        200 rotated four-player games against three plain greedy bots (par 25%; the plain
        greedy bot 23.5% in the same seats). The search itself stops at the seat's own
        actions, so it cannot weigh a bid; this rule does it for it. docs/bots.md has the
        measurements.
        """
        settings = self.settings
        low = legal.min_bid
        auction = game.state.auction
        leading = auction is not None and auction.high_bidder == seat
        opening = game.state.turn <= settings.bid_turns
        if opening and low is not None and low <= settings.bid and not leading:
            return Bid(seat=seat, amount=low)
        return self.greedy.choose(game, seat, legal)

    # -- the root's children ------------------------------------------------------
    def _candidates(self, game: Game, seat: int, legal: LegalActions) -> list[tuple[float, Action]]:
        ctx = _Context(game, seat)
        scored = sorted(self.greedy._score_all(ctx, legal), key=lambda s: (-s.value, s.order))
        out: list[tuple[float, Action]] = []
        seen: set[Action] = set()
        for s in scored:
            if s.action not in seen:
                seen.add(s.action)
                out.append((s.value, s.action))
            if len(out) >= self.settings.width:
                break
        if not out:
            out.append((0.0, legal.all()[0] if legal else Pass(seat=seat)))
        return out

    # -- the search ---------------------------------------------------------------------
    def _search(self, game: Game, seat: int, candidates: list[tuple[float, Action]]) -> Action:
        """Sequential halving over the candidates, on common worlds.

        The budget is split into ``ceil(log2(m))`` phases. In a phase every surviving
        candidate is played in the same new worlds (visit ``k`` of each sees world
        ``k``); at its end the better half survives, judged by the mean evaluation plus
        ``prior`` times the greedy value. Every survivor always has the same worlds, so
        the comparison is paired throughout.
        """
        settings = self.settings
        rng = Rng(self.seed * 1_000_003 + len(game.actions) * 7919 + seat)
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        worlds = 0
        iterations = 0
        phases = max(1, math.ceil(math.log2(len(candidates))))
        start = time.perf_counter()
        for phase in range(phases):
            if settings.iters:
                passes = max(1, settings.iters // phases // len(alive))
                deadline = math.inf
            else:
                passes = 0
                deadline = start + settings.time * (phase + 1) / phases
            done = 0
            while (
                (done < passes) if settings.iters else (done == 0 or time.perf_counter() < deadline)
            ):
                world = (rng.next64(), rng.next64())
                for i in list(alive):
                    value = self._iterate(game, seat, candidates[i][1], world)
                    iterations += 1
                    if value is None:
                        alive.remove(i)  # cannot happen for a legal action; never chosen
                        continue
                    totals[i] += value
                worlds += 1
                done += 1
                if not alive:
                    break
            if len(alive) <= 1:
                break
            alive.sort(key=lambda j: (-self._merit(candidates, totals, worlds, j), j))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        self.last_iterations = iterations
        if not settings.iters:  # the rate the next time budget is turned into iterations at
            rate = iterations / max(1e-6, time.perf_counter() - start)
            self.rate = rate if self.rate is None else 0.5 * (self.rate + rate)
        if not alive:
            return candidates[0][1]
        best = max(alive, key=lambda j: (self._merit(candidates, totals, worlds, j), -j))
        return candidates[best][1]

    def _merit(
        self, candidates: list[tuple[float, Action]], totals: list[float], worlds: int, i: int
    ) -> float:
        return totals[i] / max(1, worlds) + self.settings.prior * candidates[i][0]

    def _iterate(
        self, game: Game, seat: int, action: Action, world: tuple[int, int]
    ) -> float | None:
        det = determinize(game, seat, world[0])
        try:
            det.play(action)
        except IllegalAction:
            return None  # cannot happen for a legal action; never chosen if it does
        rng = Rng(world[1])
        if self._solo:
            return self._solo_playout(det, seat, rng)
        own_left = self.settings.horizon
        steps = 0
        while not det.over and own_left > 0 and steps < PLAYOUT_CAP:
            mover = det.to_act
            assert mover is not None
            if mover == seat and det.state.phase is Phase.ACTIONS:
                own_left -= 1
            det.play(playout_action(det, mover, rng))
            steps += 1
        return evaluate(det, seat)

    def _solo_playout(self, det: Game, seat: int, rng: Rng) -> float:
        """The solo playout: ``horizon`` of the player's own actions (the Railbot's card
        resolves inside ``play`` after the second action of a turn; its choices and Duel
        Baron claims are free and not counted), or to the end in the last ``END_TURNS``
        turns; then the solo evaluation."""
        from railways.bots.mcts_solo import (
            END_TURNS,
            evaluate_solo,
            solo_playout_action,
            turns_left,
        )

        # Near the end (as this world's deck says) the playout goes on to the final score,
        # where the target decides the win.
        own_left = self.settings.horizon if turns_left(det) > END_TURNS else PLAYOUT_CAP
        steps = 0
        while not det.over and own_left > 0 and steps < PLAYOUT_CAP:
            action = solo_playout_action(det, seat, rng)
            if not det.turns.is_free(det, action):
                own_left -= 1
            det.play(action)
            steps += 1
        return evaluate_solo(det, seat)


# -- the playout policy ------------------------------------------------------------------
def playout_action(game: Game, seat: int, rng: Rng) -> Action:
    """A cheap greedy-like move: deliver the best cube, else build a link that pays, else
    upgrade while cheap, else pass. No bids, no bonds (except to pay what must be paid)."""
    state = game.state
    if state.phase is Phase.AUCTION:
        return PassBid(seat=seat)
    if state.phase is Phase.CHOOSE_BARON:
        return ChooseBaron(seat=seat, baron=state.players[seat].barons_dealt[0])
    step = game.turns.step_actions(game, seat)
    if step is not None:
        choices = [a for a in step if game.allows(a)]
        return choices[rng.below(len(choices))]
    if state.phase is Phase.REACTION:  # an answer to another's action (a Railroad Inspector)
        return sample_action(game, seat, rng)
    return productive_action(game, seat, rng)


def productive_action(
    game: Game, seat: int, rng: Rng, others: float = 0.5, bond_limit: int = BOND_LIMIT
) -> Action:
    """The playout's move in an action round: the best delivery (others' links weighed at
    ``others`` each), else a link that pays (bonds while fewer than ``bond_limit``), else an
    engine upgrade up to level 4 while it can be paid, else pass. The solo playout uses it
    with its own weights (``mcts_solo``)."""
    best = best_delivery(game, seat, others)
    if best is not None:
        return best
    build = _playout_build(game, seat, rng, bond_limit)
    if build is not None:
        return build
    player = game.state.players[seat]
    tables = game.board.tables
    if player.engine < min(4, tables.max_engine):
        upgrade = UpgradeEngine(seat=seat)
        cost = tables.engine_costs[player.engine + 1]
        affordable = player.cash >= cost or player.bonds < bond_limit - 1
        if affordable and game.allows(upgrade):
            return upgrade
    return Pass(seat=seat)


_COLOR_VALUE = {c: c.value for c in Color}  # (an enum's .value is a Python-level look-up)
_BY_VALUE = sorted(range(len(COLORS)), key=lambda c: COLORS[c].value)  # colour indices
_VALUES = [c.value for c in COLORS]
_NO_CITIES: frozenset[str] = frozenset()
_NO_CARDS: list[tuple[str, ...]] = [()]  # (deliveries without a card only; never changed)


def best_delivery(game: Game, seat: int, others: float = 0.5) -> DeliverGoods | None:
    """The delivery with the most own points less ``others`` times the points it gives
    others (half of them; in the solo game a Railbot link costs a whole point), if that is
    at least one: the first such among the legal deliveries in
    ``legal.delivery_options``'s order (without cards, then with each delivery card).

    Under the base route rules (no hook in force, no co-owned links) the routes are
    walked as ``DeliveryRules.routes`` walks them, one colour at a time, over the integer
    link graph (``_BoundedWalk``), but a walk stops where even its own links all the way
    to the engine's reach could not beat the best so far (branch and bound); otherwise
    every route is listed by the engine and scored. Either way no action object is made
    for a route not taken.
    """
    state = game.state
    graph = link_graph(game)
    partners = co_owners(game)
    best: DeliverGoods | None = None
    best_value = 0.5
    held = game.delivery_cards(seat)
    every = _NO_CARDS
    if held:  # (then once more with each delivery card)
        every = [()]
        every.extend((c,) for c in held)
    names, ats = cube_cities(game)
    for cards in every:
        rules = game.delivery_rules(seat, cards)
        if not rules.hooks and not partners:
            walk = _BoundedWalk(game, rules, graph, others, best_value)
            found: tuple[str, int] | None = None  # (an action is made for the best alone)
            starts = walk.ints.start_bits(rules.seat, rules.shared)
            for n in range(len(ats)):  # (the cities' order: the first of equal routes wins)
                at = ats[n]
                if at < 0 or not (starts >> at) & 1:
                    continue  # the seat may not start a cube here (RW-p5-32)
                cubes = state.cubes[names[n]]
                if cubes:
                    walk.start = at
                    bits = cube_bits(cubes)
                    for c in _BY_VALUE:
                        if (bits >> c) & 1 and walk.best_from(1 << c):
                            found = (names[n], c)
            if found is not None:
                city, c = found
                # (positional: a keyword call of an action is dearer)
                best = DeliverGoods(seat, city, _VALUES[c], walk.found, cards)
            best_value = walk.bar
            continue
        for city, cubes in state.cubes.items():
            if not cubes or city not in graph:
                continue
            if not any(owner == seat or lk in rules.shared for lk, _c, owner in graph[city]):
                continue
            colors = sorted(set(cubes), key=_COLOR_VALUE.__getitem__)
            walks = rules.routes(graph, city, colors)
            for color in colors:
                for links, _dest, owners in walks[color]:
                    mine = owners.count(seat)
                    theirs = len(owners) - mine
                    if partners:  # co-owners score for their links too (AU-036)
                        for link_id in links:
                            for partner in partners.get(link_id, ()):
                                if partner == seat:
                                    mine += 1
                                else:
                                    theirs += 1
                    value = mine - others * theirs
                    if value > best_value:
                        best_value = value
                        best = DeliverGoods(
                            seat=seat,
                            city=city,
                            color=_COLOR_VALUE[color],
                            links=links,
                            cards=cards,
                        )
    return best


@final
class _BoundedWalk:
    """``best_delivery``'s branch-and-bound walk over the integer link graph, for one
    seat's base route rules: the first link is the seat's own (or shared, RW-p5-32), no
    city twice (RW-p5-27), at most ``max_links`` links (RW-p5-26), the cube stops at the
    first city of its colour (RW-p5-22, RW-p5-28).

    It walks as the stack of partial routes of ``DeliveryRules.routes`` does: at each city
    it first looks at every arrival over its links in their order, then walks on along
    them in reverse order. A route is kept when it is worth more than ``bar`` (the best
    so far, from every walk of this listing), and a walk goes on only while its value plus
    one point for each link still allowed beats the best so far: what it skips could not
    replace the best, so the answer is the one a full listing gives."""

    def __init__(
        self,
        game: Game,
        rules: DeliveryRules,
        graph: dict[str, list[Edge]],
        others: float,
        bar: float,
    ) -> None:
        ints = self.ints = int_graph(game, graph)
        self.adj = ints.adj
        self.color_of = ints.colors_of(rules.colors, _NO_CITIES)
        self.seat = rules.seat
        self.shared = rules.shared
        self.limit = rules.max_links
        self.others = others
        self.bar = bar
        self.links: list[int] = [0] * max(self.limit, 1)
        self.found: tuple[int, ...] = ()
        self.start = -1
        self.want = 0
        self.hit = False

    def best_from(self, want: int) -> bool:
        """Walk a cube of the colour ``want`` (a bit) from the start city: whether it found
        a route better than the best so far (then ``found`` and ``bar``)."""
        self.want = want
        self.hit = False
        if self.limit > 0 and self.limit > self.bar:
            self._walk(self.start, 1 << self.start, 0, 0, 0)
        return self.hit

    def _walk(self, here: int, seen: int, used: int, mine: int, theirs: int) -> None:
        edges = self.adj[here]
        color_of, want, seat, shared = self.color_of, self.want, self.seat, self.shared
        limit, others = self.limit, self.others
        first = used == 0
        n = len(edges)
        for i in range(0, n, 3):
            link, to, owner = edges[i], edges[i + 1], edges[i + 2]
            if (first and owner != seat and link not in shared) or (seen >> to) & 1:
                continue
            if color_of[to] & want:  # delivered here, and it stops here
                m, t = (mine + 1, theirs) if owner == seat else (mine, theirs + 1)
                value = m - others * t
                if value > self.bar:
                    self.bar = value
                    self.links[used] = link
                    self.found = tuple(self.links[: used + 1])
                    self.hit = True
        if used + 1 >= limit:
            return
        i = n - 3
        while i >= 0:
            link, to, owner = edges[i], edges[i + 1], edges[i + 2]
            i -= 3
            if (first and owner != seat and link not in shared) or (seen >> to) & 1:
                continue
            if color_of[to] & want:
                continue
            m, t = (mine + 1, theirs) if owner == seat else (mine, theirs + 1)
            if m + (limit - used - 1) - others * t <= self.bar:
                continue
            self.links[used] = link
            self._walk(to, seen | (1 << to), used + 1, m, t)


def _playout_build(
    game: Game, seat: int, rng: Rng, bond_limit: int = BOND_LIMIT
) -> BuildTrack | None:
    state, board = game.state, game.board
    options = build_options(game, seat)
    if not options:
        return None
    player = state.players[seat]
    cash = player.cash
    # Bonds only for a link that opens a delivery, and only a few (players start with no
    # cash: the first links are paid with bonds, as the greedy bot pays them).
    credit = cash + (
        tables_bond(game) * (bond_limit - player.bonds) if player.bonds < bond_limit else 0
    )
    own: set[str] = set()
    for link in state.links.values():
        if link.owner == seat and link.end is not None:
            own.update((link.start, link.end))
    wanted: set[Color] = {state.city_colors[c] for c in own}
    best: BuildOption | None = None  # (its action made for the best alone: dear to make)
    # Nothing that pays: now and then any link paid in cash, so that games still end.
    best_value = 0.0 if rng.below(3) else -math.inf
    for _ in range(BUILD_SAMPLES):
        option = options[rng.below(len(options))]
        if option.to_city is None or option.cost > credit:
            continue
        origin = board.city_at(option.path[0])
        if origin is None:
            continue
        start, end = origin.id, option.to_city
        if own and start not in own and end not in own:
            continue
        colors = wanted | {state.city_colors[start]}
        value: float = sum(1 for c in state.cubes[end] if c in colors)
        end_color = state.city_colors[end]
        value += sum(1 for city in own | {start} for c in state.cubes[city] if c is end_color)
        if option.cost > cash and value < 1:
            continue
        value -= 0.1 * option.cost
        if value > best_value:
            best, best_value = option, value
    return None if best is None else best.action


def tables_bond(game: Game) -> int:
    return game.board.tables.bond_value


# -- the evaluation -----------------------------------------------------------------------
def evaluate(game: Game, seat: int) -> float:
    """The seat's standing in points, less the mean standing of the other seats."""
    state = game.state
    if state.final_scores is not None:
        final = state.final_scores
        others: list[float] = [v for s, v in final.items() if s != seat]
        bonus = 5.0 if state.winner == seat else 0.0
        return final[seat] - sum(others) / max(1, len(others)) + bonus
    turns_left = _turns_left(game)
    values = [_standing(game, p.seat, turns_left) for p in state.players]
    me = values[seat] + _extras(game, seat)
    others_v = [v for s, v in enumerate(values) if s != seat]
    return me - sum(others_v) / max(1, len(others_v))


def _turns_left(game: Game) -> int:
    state = game.state
    if state.end_trigger_turn is not None:
        return max(1, state.end_trigger_turn + 2 - state.turn)
    remaining = max(0, state.ecm_needed - len(state.ecm))
    rate = max(0.5, len(state.ecm) / max(1, state.turn))
    return int(max(2, min(22 - state.turn, remaining / rate + 1)))


def _standing(game: Game, seat: int, turns_left: int) -> float:
    player = game.state.players[seat]
    tables = game.board.tables
    income = game.income(seat) - player.bonds * tables.bond_dividend
    return (
        player.score
        - player.bonds * (1.0 + INTEREST * turns_left)
        + MONEY * (player.cash + max(0, income) * (turns_left - 1))
    )


def _extras(game: Game, seat: int) -> float:
    """What only the searching seat is judged on: its Rail Baron and its network's cubes."""
    player = game.state.players[seat]
    value = 0.0
    if player.baron:
        baron = game.ruleset.barons[player.baron]
        effect = game.ruleset.baron_effects.get(baron.effect)
        if effect is not None:
            value += BARON_SHARE * effect.score(game, seat, baron)
    value += POTENTIAL * sum(sorted(delivery_guesses(game, seat), reverse=True)[:4])
    return value
