"""What the greedy bot knows of Railways of Australia (``railways.rules.boards.australia``).

The base greedy values (``railways.bots.greedy``) stand, with what this board changes:

- **Borders** (AU-023..AU-027): the listing never offers a build that crosses a region border
  (``Plugin.route_allowed``), so every link valued is legal; a link into a town on a border
  is worth its Major Line steps like any other.
- **Towns** (AU-028..AU-031): a link into a town not yet built builds it, and the town gets two
  random goods on the bot's own network: worth the deliveries two random cubes there open,
  and for Randal Lloyd (AU-049) a step up his chart.
- **Co-owned links** (AU-036): a link the bot shares after a Company Merger is its own for
  deliveries, networks and Major Lines.
- **Bonds** (AU-020): income falls from a score of 35 and is $10,000 from 49 up, so a bond's
  dividends weigh at least as in a game with rivals (``greedy.INTEREST``), also under the solo
  tuning, whose cheaper bonds count on income growing with the score (docs/content.md).
- **Cards**: Company Merger is worth the deliveries and Major Line progress the shared link
  brings, less its price (paid to a rival); a delivery with the Mechanical Stoker costs its
  $2,000 (AU-038). Triple Gauge and Spirit of Tasmania are worth less than nothing, as the
  listing never offers the builds they allow. The other cards keep the base bot's values:
  their deliveries (Tenders, the Stoker) and builds (Zig Zag) are listed with the cards and
  valued by what they score and cost. Values of our own for taking Tenders, the Stoker,
  Navvy Camp and Newspaper Fame were tried and measured no better in head-to-head games
  against the base values (docs/boards/australia.md), so they were left out.

The solo greedy bot plays these same values under its solo ones
(``railways.bots.greedy_solo.solo_context``); the town tracker's points (RB-093, RB-094) it
takes from the board's solo hook.
"""

from __future__ import annotations

from railways.bots.greedy import INTEREST, MAX_DEPTH, Adjacency, _Context
from railways.core.actions import Action, DeliverGoods, TakeOperationsCard
from railways.core.board import GOODS_COLORS
from railways.core.game import Game
from railways.core.legal import BuildOption
from railways.rules.boards.australia import state as au
from railways.rules.boards.australia.barons import towns_reached
from railways.rules.boards.australia.cards import link_cost


class AustraliaContext(_Context):
    """A greedy decision on the Australia board."""

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__(game, seat)
        shared = [
            lk for lk in game.state.links.values() if lk.end is not None and seat in lk.partners
        ]
        if shared:  # co-owned links are the bot's own (AU-036)
            adj: Adjacency = {}
            for city, edges in self.adj.items():
                adj[city] = [
                    (lid, other, seat if any(lk.id == lid for lk in shared) else owner)
                    for lid, other, owner in edges
                ]
            self.adj = adj
            for lk in shared:
                assert lk.end is not None
                self.own_cities.update((lk.start, lk.end))
                self.other_cities.discard(lk.start)
                self.other_cities.discard(lk.end)
            self.components = self._components()
        self.unbuilt = frozenset(au.unbuilt(game))

    # -- towns -----------------------------------------------------------------------------
    def value_build(self, build: BuildOption) -> tuple[float, Action] | None:
        scored = super().value_build(build)
        town = build.to_city
        if scored is None or town is None or town not in self.unbuilt:
            return scored
        value, action = scored
        start = self.game.board.city_at(build.action.path[0])
        if start is not None:
            value += self._town_cubes(start.id, town)
        value += self._lloyd_step()
        return value, action

    def _town_cubes(self, start: str, town: str) -> float:
        """The deliveries two random cubes at a town joined to ``start`` may open (AU-031)."""
        adj = self.with_link(start, town)
        total = 0.0
        for color in GOODS_COLORS:
            total += self.source_value(town, adj=adj, cubes={color: 1})
        gain = au.TOWN_CUBES * total / len(GOODS_COLORS)
        return self.future * self.point_value(gain) if gain > 0 else 0.0

    def _lloyd_step(self) -> float:
        """Randal Lloyd's next step, a share of it for each town reached (AU-049)."""
        baron_id = self.player.baron
        if not baron_id:
            return 0.0
        baron = self.game.ruleset.barons[baron_id]
        if baron.effect != "towns_connected":
            return 0.0
        have = towns_reached(self.game, self.seat)
        steps: list[tuple[int, int]] = []
        for step in str(baron.params.get("steps", "")).split(","):
            count, _, points = step.partition(":")
            if count.strip().isdigit() and points.strip().isdigit():
                steps.append((int(count), int(points)))
        ahead = [(n, p) for n, p in sorted(steps) if n > have]
        if not ahead:
            return 0.0
        need, pts = ahead[0]
        before = max((p for n, p in steps if n <= have), default=0)
        return 0.5 * (pts - before) / max(1, need - have)

    # -- bonds ---------------------------------------------------------------------------
    def bond_cost(self) -> float:
        """A bond's point at the end and its dividends until then. On this track income falls
        from 35 points and is $10,000 from 49 up (AU-020), where most of a game is played, so
        the dividends weigh at least ``INTEREST`` a turn: the solo tuning's cheaper bonds
        count on income growing with the score, which here it does not."""
        interest = max(self.interest, INTEREST)
        return 1.0 + interest * max(0, self.turns_left - 1)

    # -- the board's cards -------------------------------------------------------------------
    def value_card(self, action: TakeOperationsCard) -> float:
        effect = self.game.card(action.card).effect
        if effect == "company_merger":
            return self._merger(action)
        if effect in ("triple_gauge", "spirit_of_tasmania"):
            return -0.1  # the listing offers no build that needs it: an action lost
        return super().value_card(action)

    def value_delivery(self, action: DeliverGoods, points: dict[int, int]) -> float:
        value = super().value_delivery(action, points)
        for card_id in action.cards:  # the Mechanical Stoker's $2,000 (AU-038)
            card = self.game.card(card_id)
            if card.effect == "mechanical_stoker":
                cost = card.params.get("cost", 2)
                value -= self.money_cost(cost if isinstance(cost, int) else 2)
        return value

    def _merger(self, action: TakeOperationsCard) -> float:
        """The deliveries that score more once the link is the bot's own too, and its Major
        Line progress, less the price (AU-036), which goes to a rival."""
        target = action.target or ""
        link = self.state.links.get(int(target)) if target.isdigit() else None
        if link is None or link.end is None:
            return -100.0
        cost = link_cost(self.game, link)
        adj: Adjacency = {
            city: [(lid, o, self.seat if lid == link.id else w) for lid, o, w in edges]
            for city, edges in self.adj.items()
        }
        depth = min(self.engine + 1, self.max_engine, MAX_DEPTH)
        gain = 0.0
        for city in sorted(self.near(adj, (link.start, link.end), depth - 1) & set(self.cubes)):
            gain += self.source_value(city, adj=adj) - self.source_value(city)
        value = self.future * self.point_value(gain) if gain > 0 else gain
        value += self._line_bonus(link.start, link.end)
        return value - self.money_cost(cost) - self.others * cost * self.money


__all__ = ["AustraliaContext"]
