"""Cards that change a city's goods or colour (RW-p21-11, RW-p21-26, RW-p21-32, RW-p22-19)."""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.actions import TakeOperationsCard
from railways.core.board import Board, Color
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.rules.operations._common import city_problems, icon_problem, param_cities, param_int


class Boomtown(CardEffect):
    """A free New City tile on a gray city of the taker's choice, with no cubes (RW-p21-11).

    Chosen like New Industry (``target`` the city, ``color`` the tile). The city keeps the
    cubes it has; one that is empty stays empty, Empty City Marker and all.
    """

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return icon_problem(card, Icon.IMMEDIATE)

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        tiles = game.state.new_city_tiles
        colors = [c.value for c in sorted(tiles, key=lambda c: c.value) if tiles[c] > 0]
        return [
            TakeOperationsCard(seat=seat, card=card.id, target=city, color=color)
            for city in game.open_cities()
            if game.state.city_colors[city] is Color.GRAY
            for color in colors
        ]

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        target = action.target
        if target is None or target not in game.board.cities:
            raise IllegalAction(f"{card.name}: choose a gray city for the tile", "RW-p21-11")
        if game.state.city_colors[target] is not Color.GRAY:
            raise IllegalAction(f"{card.name}: {game.city_name(target)} is not gray", "RW-p5-16")
        game.new_city_color(action.color)

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        assert action.target is not None
        color = game.new_city_color(action.color)
        game.urbanize(action.seat, action.target, color, cost=0, cubes=0)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "a free New City tile on a gray city you choose; no cubes come with it"


class AddCubes(CardEffect):
    """Random cubes from the bag to the cities the card names, at once (RW-p22-19 Sutter's
    Mill: three to one city; RW-p21-26 Foreign Trade Ports: one to each of four).

    ``params``: ``cities`` (comma-separated ids) and ``count`` (cubes for each city). The
    cities are served in the order written; when the bag runs out the rest get none.
    """

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        problems = icon_problem(card, Icon.IMMEDIATE)
        problems += city_problems(board, card, param_cities(card), "cities")
        if param_int(card, "count", 0) < 1:
            problems.append(f"{card.effect} needs a whole number of cubes >= 1 in params.count")
        return problems

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        for city in param_cities(card):
            cubes = game.draw_cubes(param_int(card, "count", 1))
            game.add_cubes(city, cubes)
            game.log(
                f"{card.name}: {game.city_name(city)} gets "
                f"{', '.join(c.value for c in cubes) or 'nothing (the bag is empty)'}"
            )

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        count = param_int(card, "count", 1)
        where = ", ".join(city_names.get(c, c) for c in param_cities(card))
        return f"{count} random cube{'s' if count != 1 else ''} to each of: {where}"


class LocalCampaign(CardEffect):
    """Points to the holder once the named city has no cubes (RW-p21-32).

    A hand card that plays itself: the moment its city is emptied (by anyone) the holder
    scores and the card is discarded; taken when the city is already empty, it scores at
    once. Turned up from the deck onto an empty city, it is discarded and another card is
    dealt in its place.
    """

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        city = str(card.params.get("city", ""))
        named = [city] if city else []
        return icon_problem(card, Icon.HAND) + city_problems(board, card, named, "city")

    @staticmethod
    def _empty(game: Game, card: CardDef) -> bool:
        return not game.state.cubes[str(card.params["city"])]

    def _cash_in(self, game: Game, seat: int, card: CardDef) -> None:
        game.score(seat, param_int(card, "points", 3), card.name)
        game.discard(card.id)

    def on_reveal(self, game: Game, card: CardDef) -> None:
        if self._empty(game, card):
            game.log(f"{card.name} is turned up on an empty city: discarded, another is dealt")
            game.discard(card.id)
            game.draw_operations_card()

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        if self._empty(game, card):
            self._cash_in(game, action.seat, card)

    def after_city_empty(self, game: Game, city: str, card: CardDef, holder: int | None) -> None:
        if holder is not None and city == card.params.get("city"):
            self._cash_in(game, holder, card)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        city = str(card.params.get("city", ""))
        points = param_int(card, "points", 3)
        return f"keep it: you score {points} once {city_names.get(city, city)} has no cubes left"


EFFECTS: dict[str, CardEffect] = {
    "boomtown": Boomtown(),
    "add_cubes": AddCubes(),
    "local_campaign": LocalCampaign(),
}
