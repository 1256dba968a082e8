"""The Operations cards of Railways Through Time: Time Blazer and Time Bounty (RW-p22-21,
RW-p22-22, TT-027, TT-029).

Both are green-circle goals on the display: the first player to meet one scores its points
and the card is discarded (RW-p5-37). A delivery goes *through time* when the cities it
passes lie in two or more eras (the eras are the board's regions,
``railways.rules.boards.through_time.eras``).
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.game import Delivery, Game
from railways.rules.boards.through_time.eras import eras_of
from railways.rules.operations._common import icon_problem, param_int


def through_time(game: Game, delivery: Delivery) -> bool:
    """Whether the delivery's cube passed through time (its cities lie in two eras)."""
    eras = eras_of(game.board)
    return len({eras.of_city(c) for c in delivery.cities}) > 1


class _TimeGoal(CardEffect):
    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        raise NotImplementedError

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return icon_problem(card, Icon.GOAL)

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        if card.id in game.state.ops_display and self.met(game, delivery, card):
            game.claim_goal(card.id, delivery.seat, param_int(card, "points", 1))


class TimeBlazer(_TimeGoal):
    """The first delivery through time scores 2 (RW-p22-21, TT-027)."""

    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        return through_time(game, delivery)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        points = param_int(card, "points", 2)
        return f"goal: the first delivery through time scores {points}"


class TimeBounty(_TimeGoal):
    """The first delivery into the named era from another era scores 1 (RW-p22-22, TT-029)."""

    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        eras = eras_of(game.board)
        era = card.params.get("era")
        return eras.of_city(delivery.destination) == era and eras.of_city(delivery.source) != era

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        problems = super().check_card(board, card)
        era = card.params.get("era")
        if not isinstance(era, str) or era not in board.regions:
            problems.append(f"params.era: {era!r} is not an era (region) of {board.id}")
        return problems

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        points = param_int(card, "points", 1)
        return (
            f"goal: the first delivery into the {card.params.get('era')} era from another era "
            f"scores {points}"
        )


EFFECTS: dict[str, CardEffect] = {
    "time_blazer": TimeBlazer(),
    "time_bounty": TimeBounty(),
}
