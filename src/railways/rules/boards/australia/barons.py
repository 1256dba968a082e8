"""The optional Rail Barons of Railways of Australia (AU-047..AU-049)."""

from __future__ import annotations

from railways.core.cards import BaronDef, BaronEffect
from railways.core.game import Game
from railways.rules.boards.australia import state as au


class RichestFewestBonds(BaronEffect):
    """Matthew Mayes: the points if the seat has the most money and has issued the fewest
    bonds at the end; a tie on either counts (AU-047)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        players = game.state.players
        me = players[seat]
        richest = all(me.cash >= p.cash for p in players)
        fewest = all(me.bonds_issued_total <= p.bonds_issued_total for p in players)
        return baron.points if richest and fewest else 0


class MajorLinesEach(BaronEffect):
    """Ralph H. Anderson: the points for each Major Line the seat completed, up to ``cap``
    (AU-048)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        lines = sum(1 for owner in game.state.major_lines.values() if owner == seat)
        cap = baron.params.get("cap", 8)
        return min(baron.points * lines, cap if isinstance(cap, int) else 8)


def towns_reached(game: Game, seat: int) -> int:
    """Built towns at an end of one of the seat's own links (co-owned ones too)."""
    towns = set(au.towns(game))
    reached: set[str] = set()
    for link in game.own_links(seat):
        assert link.end is not None
        reached.update(c for c in (link.start, link.end) if c in towns)
    return len(reached)


class TownsConnected(BaronEffect):
    """Randal Lloyd: points by how many Towns the seat's own links reach (AU-049). ``steps``
    is ``"towns:points,..."``, the points of the highest step reached."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        count = towns_reached(game, seat)
        best = 0
        for step in str(baron.params.get("steps", "")).split(","):
            need, _, points = step.partition(":")
            if need.strip().isdigit() and points.strip().isdigit() and count >= int(need):
                best = max(best, int(points))
        return best


BARON_EFFECTS: dict[str, BaronEffect] = {
    "richest_fewest_bonds": RichestFewestBonds(),
    "major_lines_each": MajorLinesEach(),
    "towns_connected": TownsConnected(),
}
