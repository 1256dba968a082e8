"""Hand cards played on a Build Track or an Upgrade Engine action (RW-p21-12, RW-p21-18,
RW-p21-19, RW-p21-21, RW-p21-30, RW-p22-25).

Each is named in the action's ``cards`` and discarded with it (RW-p5-40). The build cards
set their own tile prices (``CostRules.terrain``); Hot Springs changes no price and scores
after the build instead (``plays_on``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from railways.core.actions import BuildTrack
from railways.core.board import Board, Terrain, TerrainCosts
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.state import Link
from railways.core.track import BuildPlan, CostRules
from railways.rules.operations._common import half_up, icon_problem, param_int


def _prices(game: Game, rules: CostRules) -> TerrainCosts:
    return rules.terrain or game.board.tables.terrain_costs


class _HandCard(CardEffect):
    """A hand card: kept until it is played on an action, then discarded (RW-p21-05)."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return icon_problem(card, Icon.HAND)


class TunnelEngineer(_HandCard):
    """Mountain tiles and ridge crossings at half price on one build (RW-p22-25).

    Half of what they cost before any card (the map's price, or an event's), rounded up
    for each tile and each ridge; a second Tunnel Engineer on the same build halves
    nothing more, so it is refused like any card that does nothing there (RW-p5-35).
    """

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        before = _prices(game, game.build_rules(BuildTrack(seat=seat)))
        now = _prices(game, rules)
        terrain = replace(
            now,
            mountain=min(now.mountain, half_up(before.mountain)),
            ridge=min(now.ridge, half_up(before.ridge)),
        )
        return replace(rules, terrain=terrain)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "play on a build: mountain tiles and ridge crossings cost half (rounded up)"


class CivilEngineers(_HandCard):
    """Every water tile costs $1,000 on one build (RW-p21-18)."""

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        now = _prices(game, rules)
        water = min(now.water, param_int(card, "water", 1))
        return replace(rules, terrain=replace(now, water=water))

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return f"play on a build: every river (water) tile costs ${param_int(card, 'water', 1)}k"


class HotSprings(_HandCard):
    """A point for each tile the build lays on a mountain hex (RW-p21-30).

    It changes no price, so it may be named on a build for its points alone. Only tiles
    new to the board count, not an end tile turned by a redirect.
    """

    plays_on = frozenset({"build"})

    def build_bonus(self, game: Game, seat: int, card: CardDef, hexes: Sequence[Hex]) -> int:
        terrain = game.board.hexes
        mountains = sum(1 for h in hexes if terrain[h] is Terrain.MOUNTAIN)
        return mountains * param_int(card, "points", 1)

    def after_build(
        self,
        game: Game,
        seat: int,
        link: Link,
        plan: BuildPlan,
        card: CardDef,
        holder: int | None,
        played: bool,
    ) -> None:
        if played:
            laid = [h for h, _a, _b in plan.tiles]
            game.score(seat, self.build_bonus(game, seat, card, laid), card.name)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        points = param_int(card, "points", 1)
        return f"play on a build: {points} point for each tile it lays on a mountain"


class CoalFueledEngines(_HandCard):
    """One engine upgrade at half price, rounded up (RW-p21-19)."""

    def upgrade_cost(self, game: Game, seat: int, card: CardDef, cost: int) -> int:
        return half_up(cost)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "play on an engine upgrade: pay half its price, rounded up"


class EngineUpgrade(_HandCard):
    """One engine upgrade for nothing (RW-p21-21)."""

    def upgrade_cost(self, game: Game, seat: int, card: CardDef, cost: int) -> int:
        return 0

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "play on an engine upgrade: it costs nothing"


class Boost(_HandCard):
    """One engine upgrade $5,000 cheaper, never below nothing (RW-p21-12)."""

    def upgrade_cost(self, game: Game, seat: int, card: CardDef, cost: int) -> int:
        return max(0, cost - param_int(card, "discount", 5))

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return f"play on an engine upgrade: ${param_int(card, 'discount', 5)}k off its price"


EFFECTS: dict[str, CardEffect] = {
    "tunnel_engineer": TunnelEngineer(),
    "civil_engineers": CivilEngineers(),
    "hot_springs": HotSprings(),
    "coal_fueled_engines": CoalFueledEngines(),
    "engine_upgrade": EngineUpgrade(),
    "boost": Boost(),
}
