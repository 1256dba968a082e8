"""Charters: infinity cards naming a city, kept for the rest of the game (RW-p21-13..16).

A link is "built into" a city when a build completes a link that has the city at either
end (a link joins two cities, so building from the city counts as much as building to it).
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.actions import TakeOperationsCard
from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.plugins import BuildRestriction
from railways.core.state import Link
from railways.core.track import BuildPlan
from railways.rules.operations._common import city_problems, icon_problem, param_int


def _city(card: CardDef) -> str:
    return str(card.params.get("city", ""))


class _Charter(CardEffect):
    def check_card(self, board: Board, card: CardDef) -> list[str]:
        city = _city(card)
        return icon_problem(card, Icon.INFINITY) + city_problems(
            board, card, [city] if city else [], "city"
        )


class CapitalCharter(_Charter):
    """The holder scores for every link completed into the city after taking the charter,
    whoever builds it (RW-p21-13, RW-p21-14); one Capital Charter per player."""

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        kept = game.state.players[action.seat].kept
        if any(game.card(c).effect == card.effect for c in kept):
            raise IllegalAction("a player may hold only one Capital Charter", "RW-p21-13")

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
        if holder is None or not plan.completes:
            return
        if _city(card) in (link.start, link.end):
            game.score(holder, param_int(card, "points", 1), card.name)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        city = city_names.get(_city(card), _city(card))
        points = param_int(card, "points", 1)
        return (
            f"you score {points} for every link anyone completes into {city} from now on "
            "(one Capital Charter each)"
        )


class CityCharter(_Charter):
    """Once taken, no other player may build a link into the city (RW-p21-15); links
    already there stay and are used as before (RW-p21-16).

    Closing the city's hex to the other seats' builds refuses a link that would end there
    or start there; extending an unfinished link that already left the city is still
    allowed, as that track was there before.
    """

    def build_restriction(
        self, game: Game, seat: int, card: CardDef, holder: int | None
    ) -> BuildRestriction | None:
        if holder is None or holder == seat:
            return None
        city = _city(card)
        return BuildRestriction(
            frozenset({game.board.cities[city].at}),
            f"{game.seats[holder]} holds the City Charter of {game.city_name(city)}, "
            "so only they may build links into it",
            "RW-p21-15",
        )

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        city = city_names.get(_city(card), _city(card))
        return f"from now on only you may build links into {city}"


EFFECTS: dict[str, CardEffect] = {
    "capital_charter": CapitalCharter(),
    "city_charter": CityCharter(),
}
