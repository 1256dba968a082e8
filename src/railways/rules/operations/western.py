"""Operations cards of the Western U.S. deck that no other deck has: Golden Spike (RW-p21-27).

Golden Spike is a green-circle start card: the first player whose own complete links join
San Francisco to Omaha by way of Promontory scores 6 points, and the card leaves play. "By way
of" is read strictly: one route of the player's own links that starts in San Francisco, ends
in Omaha and passes Promontory, without entering any city twice. A spur to Promontory off a
San Francisco - Omaha line does not count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from railways.core.cards import CardDef, CardEffect

if TYPE_CHECKING:
    from railways.core.board import Board
    from railways.core.game import Game
    from railways.core.state import Link
    from railways.core.track import BuildPlan


def _cities(card: CardDef) -> tuple[str, str, str] | None:
    names = [c for c in str(card.params.get("cities", "")).split(",") if c]
    return (names[0], names[1], names[2]) if len(names) == 3 else None


def route_via(adjacency: Mapping[str, list[str]], start: str, via: str, end: str) -> bool:
    """Whether a path from ``start`` to ``end`` through ``via`` visits no city twice.

    Two paths from ``via`` that share no city, one to ``start`` and one to ``end``: a flow
    of two from ``via`` with every other city able to carry one unit (each city split into
    an "in" and an "out" node joined by an edge of capacity one), the two ends joined to a
    sink. Two augmenting paths found by breadth-first search decide it.
    """
    if len({start, via, end}) < 3 or any(c not in adjacency for c in (start, via, end)):
        return False
    sink = ("sink", "")
    capacity: dict[tuple[tuple[str, str], tuple[str, str]], int] = {}

    def arc(a: tuple[str, str], b: tuple[str, str]) -> None:
        capacity[(a, b)] = capacity.get((a, b), 0) + 1
        capacity.setdefault((b, a), 0)

    for city, others in adjacency.items():
        # A city's "in" -> "out" carries one unit, except the source, which sends two.
        capacity[(("in", city), ("out", city))] = 2 if city == via else 1
        capacity.setdefault((("out", city), ("in", city)), 0)
        for other in others:
            arc(("out", city), ("in", other))
    arc(("out", start), sink)
    arc(("out", end), sink)
    neighbours: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for a, b in capacity:
        neighbours.setdefault(a, []).append(b)
    source = ("in", via)
    for _ in range(2):
        parent: dict[tuple[str, str], tuple[str, str]] = {source: source}
        todo = [source]
        while todo and sink not in parent:
            nxt: list[tuple[str, str]] = []
            for here in todo:
                for step in neighbours.get(here, ()):
                    if step not in parent and capacity[(here, step)] > 0:
                        parent[step] = here
                        nxt.append(step)
            todo = nxt
        if sink not in parent:
            return False
        node: tuple[str, str] = sink
        while node != source:
            back = parent[node]
            capacity[(back, node)] -= 1
            capacity[(node, back)] += 1
            node = back
    return True


class GoldenSpike(CardEffect):
    """First to join San Francisco to Omaha through Promontory with own links (RW-p21-27)."""

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        cities = _cities(card)
        if cities is None:
            return ""
        a, via, b = (city_names.get(c, c) for c in cities)
        points = card.params.get("points", 6)
        return f"first to join {a} to {b} through {via} with your own track: {points} points"

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        cities = _cities(card)
        if cities is None:
            return [f"{card.id}: params.cities must name three cities (from, via, to)"]
        return [
            f"{card.id}: {c!r} is not a city of the board" for c in cities if c not in board.cities
        ]

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
        cities = _cities(card)
        if card.id not in game.state.ops_display or cities is None or not link.complete:
            return
        adjacency: dict[str, list[str]] = {}
        for own in game.own_links(seat):
            assert own.end is not None
            adjacency.setdefault(own.start, []).append(own.end)
            adjacency.setdefault(own.end, []).append(own.start)
        start, via, end = cities
        if route_via(adjacency, start, via, end):
            points = card.params.get("points", 6)
            game.claim_goal(card.id, seat, points if isinstance(points, int) else 6)


EFFECTS: dict[str, CardEffect] = {"golden_spike": GoldenSpike()}
