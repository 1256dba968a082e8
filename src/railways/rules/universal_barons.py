"""Goals of the Universal Rail Baron cards (RB-006, RB-026) that the maps' barons lack.

The cards themselves are data (``content/universal/barons.toml``); ``new_game(...,
options={"universal_barons": True})`` deals them instead of the map's Rail Barons. As for every
Rail Baron, a "most" goal needs a strict lead (RW-p19-03).
"""

from __future__ import annotations

from railways.core.board import GOODS_COLORS, Color
from railways.core.cards import BaronDef, BaronEffect
from railways.core.game import Game
from railways.rules.barons import strictly_best


def _color(baron: BaronDef) -> Color:
    return Color(str(baron.params.get("color", "red")))


class _Most(BaronEffect):
    def measure(self, game: Game, seat: int, baron: BaronDef) -> int:
        raise NotImplementedError

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        if strictly_best(game, seat, lambda s: self.measure(game, s, baron)):
            return baron.points
        return 0


class MostMajorLines(_Most):
    def measure(self, game: Game, seat: int, baron: BaronDef) -> int:
        return sum(1 for owner in game.state.major_lines.values() if owner == seat)


class MostHotels(_Most):
    def measure(self, game: Game, seat: int, baron: BaronDef) -> int:
        player = game.state.players[seat]
        return sum(1 for c in player.kept if game.card(c).effect == "hotel")


class MostDeliveries(_Most):
    def measure(self, game: Game, seat: int, baron: BaronDef) -> int:
        return game.state.players[seat].deliveries


class MostColorCities(_Most):
    """Links to more cities of one colour (the colour a city has at the end)."""

    def measure(self, game: Game, seat: int, baron: BaronDef) -> int:
        color, colors = _color(baron), game.state.city_colors
        cities: set[str] = set()
        for link in game.own_links(seat):
            assert link.end is not None
            cities.update(c for c in (link.start, link.end) if colors[c] is color)
        return len(cities)


class EveryColor(BaronEffect):
    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        delivered = game.state.players[seat].delivered_colors
        return baron.points if all(c.value in delivered for c in GOODS_COLORS) else 0


class LinksAtColor(BaronEffect):
    """Points per own link with an end in a city of one colour, capped."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        color, colors = _color(baron), game.state.city_colors
        count = 0
        for link in game.own_links(seat):
            assert link.end is not None
            if colors[link.start] is color or colors[link.end] is color:
                count += 1
        cap = baron.params.get("cap")
        total = count * baron.points
        return min(total, cap) if isinstance(cap, int) else total


UNIVERSAL_BARON_EFFECTS: dict[str, BaronEffect] = {
    "most_major_lines": MostMajorLines(),
    "most_hotels": MostHotels(),
    "most_deliveries": MostDeliveries(),
    "most_color_cities": MostColorCities(),
    "every_color": EveryColor(),
    "links_at_color": LinksAtColor(),
}
