"""Mine (RW-p22-02): a red X start card of North America.

Taking it costs $10,000 (``params.cost``); the taker picks a gray city, cubes are drawn
until a colour repeats (at most ``params.draws``, 5), the distinct colours go on the city
and the repeated cube back in the bag, and the city's mine is spent: no Mine card and no
mine of the optional Mines module (RW-p7-07..11) may open there again. The digging is the
Mines module's own (``railways.rules.modules.mines.open_mine``), so the two never differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from railways.core.actions import TakeOperationsCard
from railways.core.board import Board, Color
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.plugins import Marker
from railways.rules.modules.mines import MAX_DRAWS, MINE_COST, card_mines, depleted, open_mine


def _int(card: CardDef, key: str, default: int) -> int:
    value = card.params.get(key, default)
    return value if isinstance(value, int) else default


class MineCard(CardEffect):
    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        spent = depleted(game)
        return [
            TakeOperationsCard(seat=seat, card=card.id, target=city)
            for city, color in sorted(game.state.city_colors.items())
            if color is Color.GRAY and city not in spent
        ]

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        city = action.target
        if city is None or city not in game.board.cities:
            raise IllegalAction(f"{card.name}: choose a gray city for the mine", "RW-p22-02")
        if game.state.city_colors[city] is not Color.GRAY:
            raise IllegalAction(
                f"{card.name}: {game.city_name(city)} is not a gray city", "RW-p22-02"
            )
        if city in depleted(game):
            raise IllegalAction(
                f"{card.name}: the mine at {game.city_name(city)} is spent already", "RW-p22-02"
            )

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        assert action.target is not None
        cost, draws = _int(card, "cost", MINE_COST), _int(card, "draws", MAX_DRAWS)
        open_mine(game, action.seat, action.target, cost, draws)
        card_mines(game)[action.target] = action.seat

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        placed: dict[str, int] = game.state.plugin_data.get("mine_cards", {})
        return [
            Marker(
                kind="mine",
                label=f"{game.seats[owner]}'s spent mine at {game.city_name(city)}",
                symbol="M",
                hex=game.board.cities[city].at,
                city=city,
                owner=owner,
                help="RW-p22-02",
            )
            for city, owner in sorted(placed.items())
        ]

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        if card.icon is not Icon.IMMEDIATE:
            return [f"{card.effect} needs the 'x' icon, not {card.icon.value!r}"]
        return []

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        cost, draws = _int(card, "cost", MINE_COST), _int(card, "draws", MAX_DRAWS)
        return (
            f"pay ${cost},000 and pick a gray city: draw cubes until a colour repeats "
            f"(at most {draws}); the different colours go on the city"
        )


EFFECTS: dict[str, CardEffect] = {"mine": MineCard()}
