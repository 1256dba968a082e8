"""North America (Railways of North America): the snow line and the ferries (RW-p15-13..16).

- The snow line is a ``[[border]]`` of kind ``snow_line`` between two rows about halfway
  down the board; every tile laid north of it costs ``params.surcharge`` ($1,000) more
  (RW-p15-13). It is priced as the price of stepping onto a hex (``edge_cost``), so the
  build check, the listings and the sampler all charge it; a redirected end tile, which
  steps nowhere, is charged in ``judge_build``.
- Ferry spots are special hexes of kind ``ferry`` beside their island city (RW-p15-15). No
  tile goes on one except with a Ferry Line card (RW-p21-24): the card lets the build lay a
  tile on one ferry hex (``CostRules.special_tiles``), free and without the snow line
  surcharge (RW-p15-14, RW-p21-23); the card then leaves the game (RW-p21-25).
- Water hexes on the board, the open sea by the island cities among them, are ordinary
  water hexes (RW-p15-14, RW-p15-16): nothing here treats them apart.

Also here: the two Rail Baron goals the base game has no effect for (John Young's cities,
RW-p20-26; Thomas Shaughnessy's most bonds, RW-p20-29).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from railways.core.actions import BuildTrack
from railways.core.board import Board
from railways.core.cards import BaronDef, BaronEffect, CardDef, CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.plugins import Marker, Plugin
from railways.core.track import BuildPlan, CostRules
from railways.rules.barons import strictly_best
from railways.rules.registry import register_plugin

FERRY = "ferry"  # the special hexes' kind
SNOW_LINE = "snow_line"  # the border's kind
FERRY_EFFECT = "ferry_line"  # the Ferry Line card's effect key
DEFAULT_SURCHARGE = 1  # $1,000 (RW-p15-13)


# -- the snow line ---------------------------------------------------------------------------
def _surcharge(board: Board) -> int:
    for border in board.borders.values():
        if border.kind == SNOW_LINE:
            value = border.params.get("surcharge", DEFAULT_SURCHARGE)
            return value if isinstance(value, int) else DEFAULT_SURCHARGE
    return 0


def north_of_snow_line(board: Board) -> frozenset[Hex]:
    """The hexes of the board north of the snow line (worked out once per board).

    The line is drawn between two rows: each of its edges joins a hex above to one below.
    A hex is north of it when it lies at or above the line's upper row in the nearest
    column the line passes (so a gap in the line, at sea, changes nothing).
    """

    def build() -> frozenset[Hex]:
        upper: dict[int, int] = {}  # column -> the row just north of the line there
        for border in board.borders.values():
            if border.kind != SNOW_LINE:
                continue
            for edge in border.edges:
                top, _bottom = sorted((edge.a, edge.b), key=lambda h: h.row)
                upper[top.col] = max(upper.get(top.col, top.row), top.row)
        if not upper:
            return frozenset()
        cols = sorted(upper)
        north = set()
        for h in board.hexes:
            nearest = min(cols, key=lambda c: (abs(c - h.col), c))
            if h.row <= upper[nearest]:
                north.add(h)
        return frozenset(north)

    return board.derived(("north_america", "snow_north"), build)


def snow_surcharge(board: Board, hex_: Hex) -> int:
    """What a tile on ``hex_`` costs on top of its terrain (RW-p15-13)."""
    return _surcharge(board) if hex_ in north_of_snow_line(board) else 0


# -- ferries ---------------------------------------------------------------------------------
def ferry_hexes(board: Board) -> frozenset[Hex]:
    return frozenset(s.at for s in board.specials.values() if s.kind == FERRY)


class FerryLine(CardEffect):
    """Lay one ferry hex on a build, free (RW-p21-23..25); the only way onto one (RW-p21-24).

    Playing the card on a build opens ferry hexes to it (``CostRules.special_tiles``); the
    plug-in's ``judge_build`` counts one ferry hex per card and takes its price off.
    """

    plays_on = frozenset({"build"})

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "play on a build: lay one ferry hex, free, no snow line surcharge"

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        return replace(rules, special_tiles=rules.special_tiles | {FERRY})


# -- Rail Barons -----------------------------------------------------------------------------
class CitiesReached(BaronEffect):
    """``points`` for each named city one of the seat's own complete links reaches
    (RW-p20-26: John Young; RW-p19-04 for links to a place)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        cities = [c for c in str(baron.params.get("cities", "")).split(",") if c]
        reached: set[str] = set()
        for link in game.own_links(seat):
            assert link.end is not None
            reached.update((link.start, link.end))
        return baron.points * sum(1 for c in cities if c in reached)


class MostBonds(BaronEffect):
    """More bonds than every other player; a tie scores nothing (RW-p20-29, RW-p19-03)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        players = game.state.players  # bonds held, as the fewest-bonds goals count them
        return baron.points if strictly_best(game, seat, lambda s: players[s].bonds) else 0


@register_plugin
class NorthAmerica(Plugin):
    id = "north_america"
    feature_kinds = frozenset({FERRY, SNOW_LINE})
    track_specials = frozenset({FERRY})
    prices_edges = True
    card_effects: Mapping[str, CardEffect] = {FERRY_EFFECT: FerryLine()}
    baron_effects: Mapping[str, BaronEffect] = {
        "cities_reached": CitiesReached(),
        "most_bonds": MostBonds(),
    }

    def edge_cost(self, board: Board, a: Hex, b: Hex) -> int:
        # The surcharge of the tile laid on ``b``: each tile of a build is stepped onto once.
        # A ferry hex is a special hex, never "buildable", so it never pays it (RW-p15-14).
        if board.is_buildable(b):
            return snow_surcharge(board, b)
        return 0

    def judge_build(
        self, game: Game, action: BuildTrack, plan: BuildPlan, rules: CostRules
    ) -> BuildPlan:
        board = game.board
        cost = plan.cost
        if plan.redirect is not None:  # a redirected end tile is laid again (RW-p5-04)
            cost += snow_surcharge(board, plan.redirect)
        ferries = ferry_hexes(board)
        offset = 1 if plan.redirect is not None else 0
        crossed = [i for i, (h, _a, _b) in enumerate(plan.tiles) if h in ferries]
        cards = sum(
            1 for c in action.cards if game.card(c).effect == FERRY_EFFECT
        )  # each Ferry Line card opens one ferry hex (RW-p21-23)
        if len(crossed) > cards:
            raise IllegalAction(
                "each ferry hex on a build needs a Ferry Line card of its own", "RW-p21-23"
            )
        if cards and len(crossed) < cards:
            raise IllegalAction(
                "a Ferry Line card can only be played on a build that lays a ferry hex", "RW-p21-23"
            )
        for i in crossed:  # the ferry hex is free (RW-p15-14, RW-p21-23)
            cost -= plan.tile_costs[offset + i]
        if cost == plan.cost:
            return plan
        return replace(plan, cost=cost)

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        built = sorted(
            (h, p.owner) for h in ferry_hexes(game.board) for p in game.state.track.get(h, ())[:1]
        )
        return [
            Marker(
                kind="ferry_built",
                label=f"Ferry line of {game.seats[owner]}",
                symbol="F",
                hex=h,
                owner=owner,
                help="RW-p15-15",
            )
            for h, owner in built
            if 0 <= owner < game.n
        ]

    def check_board(self, board: Board) -> list[str]:
        problems = ferry_problems(board)
        lines = [b for b in board.borders.values() if b.kind == SNOW_LINE]
        for line in lines:
            surcharge = line.params.get("surcharge", DEFAULT_SURCHARGE)
            if not isinstance(surcharge, int) or surcharge < 0:
                problems.append(f"snow line {line.id}: surcharge must be a whole number")
            for edge in line.edges:
                if edge.a.row == edge.b.row:
                    problems.append(
                        f"snow line {line.id}: edge {edge.a}-{edge.b} runs north-south; "
                        "the line runs east-west between two rows"
                    )
        return problems


def ferry_problems(board: Board) -> list[str]:
    """What is wrong with the board's ferry hexes: each must name a city of the board, lie
    next to it across one of its spokes, and lead on to a hex track can be laid on (also
    Sweden's Gotland ferry)."""
    problems: list[str] = []
    for special in sorted(board.specials.values(), key=lambda s: s.id):
        if special.kind != FERRY:
            continue
        city = board.cities.get(special.city or "")
        if city is None:
            problems.append(f"ferry {special.id} names no city of the board")
            continue
        side = city.at.side_towards(special.at)
        if side is None:
            problems.append(f"ferry {special.id} ({special.at}) is not next to {city.name}")
        elif side not in city.spokes:
            problems.append(f"{city.name} has no spoke {side.name} towards ferry {special.id}")
        onward = [n for _s, n in special.at.neighbours() if n != city.at and board.is_buildable(n)]
        if not onward:
            problems.append(f"ferry {special.id} leads to no hex that track can go on")
    return problems
