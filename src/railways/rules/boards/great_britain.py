"""Great Britain: the Humber, the one map rule of the board (RW-p15-02).

No track may cross the Humber between Hull, Grimsby and Goole. On the board the estuary is a
line of impassable edges (``[impassable]`` in map.toml), so building, the build lists and the
map checks all keep off it; the same edges are a ``[[border]]`` of kind ``humber`` whose
``clause`` names this rule when a build is refused (``railways.core.track``). This plug-in
gives that border kind its meaning: it checks the line on the board and lists it for the
front ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from railways.core.board import Board, Border
from railways.core.game import Game
from railways.core.plugins import Marker, Plugin
from railways.rules.registry import register_plugin

HUMBER = "humber"
CLAUSE = "RW-p15-02"
# The towns on the estuary that the rule names: the line runs between the first two and
# ends at the third.
NORTH_BANK, SOUTH_BANK, HEAD = "hull", "grimsby", "goole"


def humber_borders(board: Board) -> list[Border]:
    return sorted((b for b in board.borders.values() if b.kind == HUMBER), key=lambda b: b.id)


def _name(game: Game, city: str) -> str:
    """A town's name, also when a solo game leaves it out of play (Hull, RB-112)."""
    return game.city_name(city) if city in game.board.cities else city.title()


@register_plugin
class GreatBritain(Plugin):
    id = "great_britain"
    feature_kinds = frozenset({HUMBER})

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        # A rule of the whole board: listed beside the map (the line itself is drawn with
        # the board's borders).
        return [
            Marker(
                kind=HUMBER,
                label=(
                    f"{border.label[:1].upper()}{border.label[1:] or 'Humber'}: no track "
                    f"across it, between {_name(game, NORTH_BANK)}, "
                    f"{_name(game, SOUTH_BANK)} and {_name(game, HEAD)}"
                ),
                symbol="~",
                help=CLAUSE,
            )
            for border in humber_borders(game.board)
        ]

    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        borders = humber_borders(board)
        if not borders:
            problems.append(f"the board has no border of kind {HUMBER!r} (the Humber, {CLAUSE})")
        missing = [c for c in (NORTH_BANK, SOUTH_BANK, HEAD) if c not in board.cities]
        if missing:
            problems.append(f"the Humber's towns {', '.join(missing)} are not on the board")
        for border in borders:
            if not border.edges:
                problems.append(f"Humber border {border.id} lists no edges")
                continue
            if border.params.get("clause") != CLAUSE:
                problems.append(f"Humber border {border.id} needs params.clause = {CLAUSE!r}")
            open_edges = sorted(
                f"{e.a}-{e.b}" for e in border.edges if not board.is_impassable(e.a, e.b)
            )
            if open_edges:
                problems.append(
                    f"Humber border {border.id}: edges {', '.join(open_edges)} are not "
                    "impassable, so track could cross the estuary"
                )
            if missing:
                continue
            touched = {h for e in border.edges for h in (e.a, e.b)}
            for city in (NORTH_BANK, SOUTH_BANK, HEAD):
                at = board.cities[city].at
                near = {at, *(h for _side, h in at.neighbours())}
                if not touched & near:
                    problems.append(
                        f"Humber border {border.id} does not reach {board.cities[city].name}"
                    )
        return problems
