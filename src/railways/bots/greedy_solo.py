"""The greedy bot's Rail Barons solo play: its tuning and its answers to the Railbot.

In the solo game (RB-051..076) the player starts with no cash and no rival who builds for
points, so the multiplayer caution about bonds leaves it passing most turns. Here:

- a Railbot link used in a delivery costs a whole point (RB-054), not half;
- a bond is cheaper than in the multiplayer tuning: income grows with score and there is
  no rival to outpace, so early links that open deliveries are worth their bonds;
- Insurance (RB-056) goes on a row card that would hurt more than the two actions it takes;
- a Duel Baron (RB-075) is claimed as soon as its goal is met;
- where the Railbot's card leaves a choice to the player (RB-065, RB-071, RB-072, RB-076), it
  picks what hurts its own plans least;
- what the board's solo appendix scores comes from its solo hook: on Australia the town
  tracker (RB-093, RB-094), a town it builds, the first cube to each town, and above all one
  delivery to a town, without which the game is lost;
- what it knows of a board is what the greedy bot knows in a game with rivals: the board's
  greedy pieces (its plug-ins' ``bot_pieces["greedy"]``; Australia's towns, cards and
  co-owned links), with the solo values above them, so this module names no board;
- on Mexico a purple cube that leaves the board (delivered, or taken by the Railbot where it
  lets the player choose) is worth the penalty it saves at the reveals still to come
  (RB-105..108).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from railways.core.actions import Action, DeliverGoods
from railways.core.board import Color
from railways.core.game import Game
from railways.core.legal import BuildOption
from railways.rules.solo.actions import (
    ClaimDuelBaron,
    EndTurn,
    Insure,
    RailbotBlackCity,
    RailbotClaimLine,
    RailbotDuelBaron,
    RailbotExhaust,
    RailbotRemoveCube,
)
from railways.rules.solo.duel import points_now
from railways.rules.solo.hooks import solo_hook
from railways.rules.solo.state import is_solo, solo_map, solo_state

if TYPE_CHECKING:
    from railways.core.legal import LegalActions

from railways.bots.greedy import MONEY, GreedyBot, _Context
from railways.bots.pieces import combined_under

RAILBOT_CHOICES = (
    RailbotRemoveCube,
    RailbotExhaust,
    RailbotClaimLine,
    RailbotDuelBaron,
    RailbotBlackCity,
)
EMPTY_CITY = 0.6  # emptying a city brings the end nearer: fewer turns to score (RB-013)
# A delivery the appendix needs to win (Australia's first to a town, RB-094) counts this many
# points on top of what the appendix scores for it.
TOWN_NEEDED = 8.0
# Opponent Effects of Duel Barons, from the least to the most harmful to the player.
EFFECT_HARM = {
    "remove_new_cities": 0.5,
    "insurance_cost": 0.5,
    "hotels_no_delivery_bonus": 1.0,
    "deadhead": 1.0,
    "claim_major_line": 2.0,
    "delivery_penalty": 3.0,
    "exhaust_each_color": 3.0,
    "resolve_slot": 3.0,
    "taxation": 4.0,
    "engine_minus": 6.0,
}


def solo_game(game: Game) -> bool:
    return is_solo(game)


class SoloContext(_Context):
    """The greedy values with the solo tuning and the solo actions."""

    def tuning(self) -> tuple[float, float, float, float]:
        # A Railbot link in a delivery costs the player a point (RB-054); cheaper bonds, a
        # nearer future than the multiplayer game's.
        return 1.0, 0.12, 0.8, MONEY

    emptying = 3.0  # a delivery that empties its city brings the end nearer (RB-013)

    def value_delivery(self, action: DeliverGoods, points: dict[int, int]) -> float:
        value = super().value_delivery(action, points)
        if sum(self.cubes.get(action.city, {}).values()) <= 1:
            value -= self.emptying
        value += self.removal_relief(action.color)
        return value + self.point_value(self.appendix_delivery(self._destination(action)))

    # -- what the board's solo appendix scores (its solo hook) -----------------------------
    def removal_relief(self, color: Color | str | None) -> float:
        """The penalty points one cube of ``color`` leaving the board saves at the reveals
        still to come (Mexico's purple cubes, RB-105..108)."""
        return float(solo_hook(self.game).removal_saves(self.game, color))

    def appendix_delivery(self, city: str) -> float:
        """What a cube delivered to ``city`` adds by the appendix (Australia's town tracker,
        RB-093, RB-094), and more when the game is lost without it."""
        hook = solo_hook(self.game)
        gain = float(hook.delivery_points(self.game, city))
        if hook.delivery_needed(self.game, city):
            gain += TOWN_NEEDED
        return gain

    def appendix_build(self, city: str | None) -> float:
        """What building the unbuilt town ``city`` adds by the appendix (its tracker); what
        else a town brings (its new cubes) is the board's greedy piece's to value."""
        hook = solo_hook(self.game)
        if not hook.is_unbuilt(self.game, city):
            return 0.0
        return self.point_value(hook.build_points(self.game, city))

    def value_build(self, build: BuildOption) -> tuple[float, Action] | None:
        scored = super().value_build(build)
        if scored is None:
            return None
        return scored[0] + self.appendix_build(build.to_city), scored[1]

    def value_urbanize(self, city: str, color: str | None, cost: int) -> float:
        value = super().value_urbanize(city, color, cost)
        if city in self.own_cities and value + self.money_cost(cost) > 0:
            value += self.future * self.appendix_delivery(city)  # cubes of that colour reach it
        return value

    # -- the player's own solo actions --------------------------------------------------
    def value_simple(self, action: Action) -> float | None:
        if isinstance(action, ClaimDuelBaron):
            return 100.0 + points_now(self.game, action.baron)  # free points
        if isinstance(action, EndTurn):
            return 0.0
        if isinstance(action, Insure):
            return None  # weighed against the best two actions in choose()
        return super().value_simple(action)

    def card_harm(self, card_id: str) -> float:
        """What resolving this Railbot row card would cost the player, in points."""
        smap = solo_map(self.game)
        card = smap.cards.get(card_id)
        if card is None:
            return 0.0
        harm = 0.0
        if card.has("taxation"):
            harm += self.money_cost(2 * self.game.income(self.seat))
        if card.has("deadhead"):
            harm += 0.5  # one Operations card fewer on display for good
        if card.kind == "exhaust" and card.color is not None:
            harm += self.exhaust_harm(card.color, solo_state(self.game).base_exhaust)
        if "major_line" in card.icons or "baron" in card.icons:
            harm += 1.0
        return harm

    def exhaust_harm(self, color: Color, count: int) -> float:
        """Loss from ``count`` cubes of ``color``, taken where they hurt least."""
        losses = []
        for city, cubes in self.cubes.items():
            for k in range(cubes.get(color, 0)):
                losses.append(self.cube_loss(city, color) * (1 + 0.1 * k))
        losses.sort()
        return self.future * sum(losses[:count])

    def cube_loss(self, city: str, color: Color) -> float:
        cubes = self.cubes.get(city, {})
        if cubes.get(color, 0) <= 0:
            return 0.0
        fewer = dict(cubes)
        fewer[color] -= 1
        if not fewer[color]:
            del fewer[color]
        loss = self.source_value(city) - self.source_value(city, cubes=fewer)
        if not fewer:
            loss += EMPTY_CITY
        if city in self.own_cities:
            loss += 0.05
        return loss - self.removal_relief(color)

    # -- the Railbot's choices ------------------------------------------------------------
    def railbot_choice(self, options: Sequence[Action]) -> Action:
        def harm(action: Action) -> tuple[float, str]:
            if isinstance(action, RailbotRemoveCube):
                return (self.cube_loss(action.city, Color(action.color or "")), str(action))
            if isinstance(action, RailbotExhaust):
                return (self.cube_loss(action.city, Color(action.color or "")), str(action))
            if isinstance(action, RailbotClaimLine):
                return (self.line_prospect(action.target or ""), str(action))
            if isinstance(action, RailbotDuelBaron):
                return (self.baron_harm(action.baron), str(action))
            if isinstance(action, RailbotBlackCity):  # a new black city in its own network helps
                return (0.0 if action.city in self.own_cities else 1.0, str(action))
            return (0.0, str(action))

        return min(options, key=harm)

    def line_prospect(self, line_id: str) -> float:
        """How much the player could lose if the Railbot claims this Major Line."""
        line = self.game.board.major_lines.get(line_id)
        if line is None:
            return 0.0
        comps = [self.components.get(e) for e in line.endpoints]
        reached = sum(1 for c in comps if c is not None)
        joined = len(comps) - len(set(comps)) if None not in comps else 0
        return line.points * (0.1 + 0.3 * reached + 0.5 * joined)

    def baron_harm(self, baron_id: str) -> float:
        baron = solo_map(self.game).duel_barons[baron_id]
        harm = EFFECT_HARM.get(baron.effect, 2.0)
        if baron.effect == "taxation":
            harm = max(harm, self.money_cost(2 * self.game.income(self.seat)))
        best = max((p for _goal, p in baron.tiers), default=0)
        return harm + 0.3 * best  # the Railbot's claim also takes the goal from the player


def solo_context(game: Game, seat: int) -> SoloContext:
    """A solo decision: :class:`SoloContext` over the board's greedy pieces, the ones a game
    with rivals plays (its plug-ins' ``bot_pieces["greedy"]``; ``railways.bots.pieces``),
    so the solo values come first and the board's knowledge is written once; plain
    :class:`SoloContext` where the board brings none."""
    return combined_under(SoloContext, game, "greedy", _Context)(game, seat)


def choose_solo(bot: GreedyBot, game: Game, seat: int, legal: LegalActions) -> Action | None:
    """The solo decisions the plain greedy scoring does not make; None leaves it to it."""
    options = legal.all()
    choices = [a for a in options if isinstance(a, RAILBOT_CHOICES)]
    if choices:
        return solo_context(game, seat).railbot_choice(choices)
    return None


def best_insurance(ctx: SoloContext, legal: LegalActions, best_other: float) -> Action | None:
    """Insurance, when the card it covers hurts more than the two actions it costs."""
    insures = [a for a in legal.simple if isinstance(a, Insure)]
    if not insures:
        return None
    row = solo_state(ctx.game).row
    # Each row slot acts with about the same chance; the token waits until its card acts.
    best: tuple[float, Action] | None = None
    for action in insures:
        harm = ctx.card_harm(action.card)
        if row and action.card == row[0]:
            harm *= 1.0
        if best is None or harm > best[0]:
            best = (harm, action)
    if best is None:
        return None
    if best[0] > 2.0 * max(best_other, 0.0) + 1.0:
        return best[1]
    return None
