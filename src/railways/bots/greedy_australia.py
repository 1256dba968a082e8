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
- **Cards**: Company Merger is worth the link it shares less its price (paid to a rival);
  Tenders and Mechanical Stoker the longer deliveries they open; Navvy Camp the links others
  will build to its city; Newspaper Fame the Major Lines still in reach; Zig Zag and
  Switchback a little (the listing offers builds with Zig Zag's prices); Triple Gauge and
  Spirit of Tasmania nothing, as the listing never offers the builds they allow.
"""

from __future__ import annotations

from railways.bots.greedy import Adjacency, _Context
from railways.core.actions import Action, TakeOperationsCard
from railways.core.board import GOODS_COLORS
from railways.core.game import Game
from railways.core.legal import BuildOption
from railways.rules.boards.australia import state as au
from railways.rules.boards.australia.barons import towns_reached
from railways.rules.boards.australia.cards import link_cost

NAVVY_RATE = 0.04  # links built to a gray city per neighbouring city and turn (a guess)
NAVVY_CAP = 6  # a Navvy Camp scores 6 points at most (AU-039)
FAME_SHARE = 0.5  # chance counted that the bot completes a Major Line it has begun


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

    # -- the board's cards -------------------------------------------------------------------
    def value_card(self, action: TakeOperationsCard) -> float:
        card = self.game.card(action.card)
        effect = card.effect
        if effect == "company_merger":
            return self._merger(action)
        if effect in ("tenders", "mechanical_stoker"):
            gain = self._one_link_more()
            uses = 1 if effect == "tenders" else min(3, max(1, self.turns_left // 3))
            cost = 0.0 if effect == "tenders" else uses * self.money_cost(2)
            return self.future * uses * gain - cost - 0.2
        if effect == "navvy_camp":
            return self._navvy(action.target)
        if effect == "newspaper_fame":
            return self._fame()
        if effect in ("zig_zag", "switchback"):
            return 0.3 if self.turns_left > 6 else 0.0
        if effect in ("triple_gauge", "spirit_of_tasmania"):
            return -0.1  # the listing offers no build that needs it: an action lost
        return super().value_card(action)

    def _merger(self, action: TakeOperationsCard) -> float:
        target = action.target or ""
        link = self.state.links.get(int(target)) if target.isdigit() else None
        if link is None or link.end is None:
            return -100.0
        cost = link_cost(self.game, link)
        gain = self.link_value(link.start, link.end)
        # The price goes to a rival: what it buys them counts against the bot too.
        return gain - self.money_cost(cost) - self.others * cost * self.money

    def _one_link_more(self) -> float:
        """The best one delivery one link beyond the engine adds, in points."""
        best = 0.0
        depth_now = min(self.engine, self.max_engine)
        for city in sorted(self.own_cities.intersection(self.cubes)):
            routes = self.best_routes(
                self.adj, self.colors, city, self.cubes[city], min(depth_now + 1, 8)
            )
            for row in routes.values():
                best = max(best, row[-1] - row[min(depth_now, len(row) - 1)])
        return self.point_value(best) if best > 0 else 0.0

    def _navvy(self, city: str | None) -> float:
        """The links others may build to the camp's city before the end (AU-039)."""
        if city is None or city not in self.game.board.cities:
            return -1.0
        board = self.game.board
        at = board.cities[city].at
        near = sum(1 for c in board.cities.values() if c.id != city and at.distance(c.at) <= 4)
        linked = sum(1 for _l, _o, _w in self.adj.get(city, ()))
        expected = min(float(NAVVY_CAP), NAVVY_RATE * near * self.turns_left) - 0.5 * linked
        return self.point_value(max(0.0, expected)) * 0.6 - 0.2

    def _fame(self) -> float:
        """A point for each Major Line the bot may still complete (AU-040)."""
        taken = self.state.major_lines
        begun = sum(
            1
            for line in self.game.board.major_lines.values()
            if line.id not in taken and any(e in self.own_cities for e in line.endpoints)
        )
        return FAME_SHARE * min(begun, 3) - 0.2


def is_australia(game: Game) -> bool:
    return any(p.id == au.KEY for p in game.ruleset.plugins)


__all__ = ["AustraliaContext", "is_australia"]
