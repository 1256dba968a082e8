"""Eastern U.S.: the Build Western Link action and its Major Line (RW-p10-10..18)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from railways.core.actions import Action, register
from railways.core.board import Color, MajorLine, SpecialKind
from railways.core.errors import IllegalAction
from railways.core.game import Delivery, Game
from railways.core.plugins import Plugin
from railways.core.state import Phase

WESTERN_LINK_COST = 30  # $30,000 (RW-p10-11)
RED_CUBES_ADDED = 4  # RW-p10-14
CHICAGO_BONUS_CUBES = 2  # RW-p10-15


@register
@dataclass(frozen=True, slots=True)
class BuildWesternLink(Action):
    city: str = ""
    kind: ClassVar[str] = "build_western_link"

    def __str__(self) -> str:
        return f"P{self.seat + 1} builds the Western Link at {self.city}"


class WesternLink(Plugin):
    id = "western_link"

    def _built(self, game: Game) -> dict[str, int]:
        built: dict[str, int] = game.state.plugin_data.setdefault("western_links", {})
        return built

    def _eligible(self, game: Game) -> dict[str, str]:
        """City id -> special hex id, for every Western Link hex of the board."""
        return {
            s.city: s.id
            for s in game.board.specials.values()
            if s.kind is SpecialKind.WESTERN_LINK and s.city is not None
        }

    def setup(self, game: Game) -> None:
        self._built(game)

    def legal_actions(self, game: Game, seat: int) -> list[Action]:
        return [BuildWesternLink(seat=seat, city=c) for c in sorted(self._eligible(game))]

    def handles(self, action: Action) -> bool:
        return isinstance(action, BuildWesternLink)

    def check(self, game: Game, action: Action) -> None:
        assert isinstance(action, BuildWesternLink)
        if game.state.phase is not Phase.ACTIONS:
            raise IllegalAction("the Western Link is built as an action", "RW-p10-10")
        eligible = self._eligible(game)
        if action.city not in eligible:
            names = " or ".join(game.city_name(c) for c in sorted(eligible))
            raise IllegalAction(f"a Western Link can only be built at {names}", "RW-p10-12")
        if action.city in self._built(game):
            raise IllegalAction(
                f"{game.city_name(action.city)} already has its Western Link", "RW-p10-12"
            )
        if not any(action.city in (lk.start, lk.end) for lk in game.own_links(action.seat)):
            raise IllegalAction(
                f"you need a completed link of your own to {game.city_name(action.city)} first",
                "RW-p10-10",
            )

    def perform(self, game: Game, action: Action) -> None:
        assert isinstance(action, BuildWesternLink)
        game.pay(action.seat, WESTERN_LINK_COST, "Western Link")  # RW-p10-11
        self._built(game)[action.city] = action.seat  # RW-p10-13
        game.add_cubes(action.city, game.draw_cube_of(Color.RED, RED_CUBES_ADDED))  # RW-p10-14
        game.log(
            f"{game.seats[action.seat]} builds the Western Link at {game.city_name(action.city)}"
        )
        game.check_major_lines(action.seat)

    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        # RW-p10-15: red goods from a Western Link city to the red city beyond bring two cubes.
        target = self._bonus_city(game)
        if (
            delivery.color is Color.RED
            and delivery.source in self._built(game)
            and delivery.destination == target
        ):
            game.add_cubes(target, game.draw_cubes(CHICAGO_BONUS_CUBES))
            game.log(f"Western trade: two new cubes arrive in {game.city_name(target)}")

    def _bonus_city(self, game: Game) -> str:
        for special in game.board.specials.values():
            if special.kind is SpecialKind.WESTERN_LINK:
                target = special.params.get("delivers_to")
                if isinstance(target, str):
                    return target
        return "chicago"

    def major_line_met(
        self, game: Game, seat: int, line: MajorLine, network: frozenset[str]
    ) -> bool | None:
        if "western_link" not in line.requires:
            return None
        # RW-p10-17, RW-p10-18: the seat's own Western Link must be on the same own network.
        return any(owner == seat and city in network for city, owner in self._built(game).items())

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        return {"western_links": dict(self._built(game))}
