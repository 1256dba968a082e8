"""Green-circle goals met by building or upgrading (RW-p22-01, RW-p22-04).

Like every goal (RW-p5-37, RW-p21-02) they cannot be taken: while one is on the display,
the first player to meet it scores its points and it is discarded. What was done before the
card came up does not count; only builds and upgrades made while it is shown are looked at.
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.game import Game
from railways.core.state import Link
from railways.core.track import BuildPlan
from railways.rules.operations._common import icon_problem, param_int


class _Race(CardEffect):
    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return icon_problem(card, Icon.GOAL)

    @staticmethod
    def shown(game: Game, card: CardDef, holder: int | None) -> bool:
        return holder is None and card.id in game.state.ops_display


class LongDistance(_Race):
    """First to complete a link of four or more tiles (RW-p22-01).

    The link counts when it is completed, whether its tiles were laid in one action or
    over two (an unfinished link may still be taken away at the end of the turn).
    """

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
        if not self.shown(game, card, holder) or not plan.completes or link.owner != seat:
            return
        if len(link.tiles) >= param_int(card, "tiles", 4):
            game.claim_goal(card.id, seat, param_int(card, "points", 2))

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        tiles, points = param_int(card, "tiles", 4), param_int(card, "points", 2)
        return f"first to complete a link of {tiles} or more tiles scores {points}"


class NewTrain(_Race):
    """First to upgrade to an engine of level four or more (RW-p22-04)."""

    def after_upgrade(self, game: Game, seat: int, card: CardDef, holder: int | None) -> None:
        if not self.shown(game, card, holder):
            return
        if game.state.players[seat].engine >= param_int(card, "level", 4):
            game.claim_goal(card.id, seat, param_int(card, "points", 4))

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        level, points = param_int(card, "level", 4), param_int(card, "points", 4)
        return f"first to upgrade to engine level {level} scores {points}"


EFFECTS: dict[str, CardEffect] = {
    "long_distance": LongDistance(),
    "new_train": NewTrain(),
}
