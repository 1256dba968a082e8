"""Hotels: a marker on the city of every Hotel card a player keeps (RW-p7-31)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from railways.core.plugins import Marker
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.game import Game


@register_plugin
class Hotels(Module):
    id = "hotels"
    title = "Hotels"
    summary = "a hotel marker shows on the board at the city of each Hotel card in play"
    clauses = ("RW-p7-31",)

    def own_markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        out: list[Marker] = []
        for player in game.state.players:
            for card_id in player.kept:  # kept cards are public (view["players"][..]["kept"])
                card = game.card(card_id)
                city = card.params.get("city")
                if card.effect == "hotel" and isinstance(city, str) and city in game.board.cities:
                    out.append(
                        Marker(
                            kind="hotel",
                            label=f"{player.name}'s hotel in {game.city_name(city)}",
                            symbol="H",
                            hex=game.board.cities[city].at,
                            city=city,
                            owner=player.seat,
                            help="RW-p7-31",
                        )
                    )
        return out
