"""Shinbashi Station (RW-p22-16): the Nippon start card in place of The Railroad Era Begins.

At set-up the card puts one cube of ``params.color`` (blue on the printed card), taken from
the bag and not drawn at random, on the city ``params.from`` (Tokyo), besides that city's
usual random cubes (our reading: the card adds a cube, it does not replace a draw). While
the card is on the display, the first player to deliver a cube of that colour from
``from`` to ``to`` (Yokohama) scores ``params.points`` (1). Any legal delivery counts,
whatever the links between (our reading of "recreate this line": the delivery is the
test, as for the other goals). The deck file lists it instead of The Railroad Era Begins;
no rule here removes that card.
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.board import GOODS_COLORS, Board, Color
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.game import Delivery, Game


def _text(card: CardDef, key: str, default: str = "") -> str:
    return str(card.params.get(key, default))


def _int(card: CardDef, key: str, default: int) -> int:
    value = card.params.get(key, default)
    return value if isinstance(value, int) else default


class ShinbashiStation(CardEffect):
    """A fixed cube at set-up, and a goal: deliver it (or one like it) along the line."""

    def at_setup(self, game: Game, card: CardDef) -> None:
        city, color = _text(card, "from"), Color(_text(card, "color", "blue"))
        cubes = game.draw_cube_of(color, 1)
        game.add_cubes(city, cubes)
        if cubes:
            game.log(f"{card.name}: a {color.value} cube starts in {game.city_name(city)}")

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        if holder is not None or card.id not in game.state.ops_display:
            return
        if (
            delivery.color.value == _text(card, "color", "blue")
            and delivery.source == _text(card, "from")
            and delivery.destination == _text(card, "to")
        ):
            game.claim_goal(card.id, delivery.seat, _int(card, "points", 1))

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        problems: list[str] = []
        if card.icon is not Icon.GOAL:
            problems.append(f"{card.effect} needs the 'circle' icon, not {card.icon.value!r}")
        for key in ("from", "to"):
            city = _text(card, key)
            if city not in board.cities:
                problems.append(f"params.{key}: {city!r} is not a city of {board.id}")
        if _text(card, "from") == _text(card, "to"):
            problems.append("params.from and params.to name the same city")
        if _text(card, "color", "blue") not in {c.value for c in GOODS_COLORS}:
            problems.append(f"params.color: {_text(card, 'color')!r} is not a goods colour")
        return problems

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        color = _text(card, "color", "blue")
        here = city_names.get(_text(card, "from"), _text(card, "from"))
        there = city_names.get(_text(card, "to"), _text(card, "to"))
        points = _int(card, "points", 1)
        return (
            f"a {color} cube starts in {here}; the first to deliver a {color} cube from "
            f"{here} to {there} scores {points}"
        )


EFFECTS: dict[str, CardEffect] = {"shinbashi_station": ShinbashiStation()}
