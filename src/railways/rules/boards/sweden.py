"""Sweden: the ferry to Gotland (house rules of our board).

Visby stands alone on Gotland, reached only over one ferry hex beside it: a water hex named by
a ``[[border]]`` of kind ``ferry`` in map.toml, whose edges run from Visby over the ferry hex
to the shore. Track goes on the ferry hex only with the Ferry Passage card, which makes that
hex free and then leaves the game (the North America board's Ferry Line rule, RW-p21-23..25,
under the name the Rail Barons solo book gives the card, RB-111); the ferry joins only Visby
and the shore hex. The build lists leave the ferry out (a ferry build names its card).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from railways.core.actions import BuildTrack
from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.plugins import Marker, Plugin
from railways.core.track import BuildPlan, CostRules
from railways.rules.registry import register_plugin

FERRY = "ferry"  # the border's kind
FERRY_EFFECT = "ferry_passage"  # the Ferry Passage card's effect key


@dataclass(frozen=True)
class Ferry:
    id: str
    island: str
    at: Hex  # the ferry hex
    joins: frozenset[Hex]  # the island city's hex and the shore hex


def ferries(board: Board) -> dict[Hex, Ferry]:
    """Every ferry hex of the board (worked out once per board)."""

    def make() -> dict[Hex, Ferry]:
        out: dict[Hex, Ferry] = {}
        for border in sorted(board.borders.values(), key=lambda b: b.id):
            if border.kind != FERRY:
                continue
            island = str(border.params.get("island", ""))
            ends = [h for e in border.edges for h in (e.a, e.b)]
            cells = {h for h in ends if board.city_at(h) is None and ends.count(h) == 2}
            for cell in cells:
                joins = frozenset(h for h in ends if h != cell)
                out[cell] = Ferry(border.id, island, cell, joins)
        return out

    return board.derived(("sweden-ferries",), make)


def _hexes(game: Game, plan: BuildPlan) -> list[Hex]:
    """The hexes of a build in order, from the city or open end it leaves."""
    board = game.board
    out: list[Hex] = []
    if plan.start_city is not None:
        out.append(board.cities[plan.start_city].at)
    elif plan.extends is not None:
        out.append(game.state.links[plan.extends].tiles[-1][0])
    out.extend(h for h, _a, _b in plan.tiles)
    if plan.end_city is not None:
        out.append(board.cities[plan.end_city].at)
    return out


class FerryPassage(CardEffect):
    """Lay the ferry hex on a build, free; the only way onto it (RW-p21-23..25)."""

    plays_on = frozenset({"build"})

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "play on a build: lay the ferry hex to Gotland, free; the only way onto it"

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        return replace(rules, permits=rules.permits | {FERRY})


@register_plugin
class Sweden(Plugin):
    id = "sweden"
    feature_kinds = frozenset({FERRY})
    judges_routes = True
    card_effects: Mapping[str, CardEffect] = {FERRY_EFFECT: FerryPassage()}

    def route_allowed(self, board: Board, path: Sequence[Hex]) -> bool:
        # No ferry without its card: the lists offer no route over the ferry hex.
        return not any(h in ferries(board) for h in path)

    def judge_build(
        self, game: Game, action: BuildTrack, plan: BuildPlan, rules: CostRules
    ) -> BuildPlan:
        board = game.board
        sea = ferries(board)
        hexes = _hexes(game, plan)
        crossed = [i for i, (h, _a, _b) in enumerate(plan.tiles) if h in sea]
        cards = sum(1 for c in action.cards if game.card(c).effect == FERRY_EFFECT)
        if crossed and not cards:
            raise IllegalAction(
                "track goes on the ferry hex to Gotland only with the Ferry Passage card",
                "RW-p21-24",
            )
        if cards and not crossed:
            raise IllegalAction(
                "the Ferry Passage card is played on a build that lays the ferry hex", "RW-p21-23"
            )
        for a, b in itertools.pairwise(hexes):
            for here, there in ((a, b), (b, a)):
                ferry = sea.get(here)
                if ferry is not None and there not in ferry.joins:
                    raise IllegalAction(
                        f"the ferry joins only {game.city_name(ferry.island)} and the shore",
                        "RW-p21-24",
                    )
        if not crossed:
            return plan
        offset = 1 if plan.redirect is not None else 0
        free = sum(plan.tile_costs[offset + i] for i in crossed)  # RW-p21-23: free
        return replace(plan, cost=plan.cost - free)

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        return [
            Marker(
                kind=FERRY,
                label=(
                    f"Ferry to {game.city_name(f.island)}: track on it only with the Ferry "
                    "Passage card, then free"
                ),
                symbol="F",
                hex=f.at,
                help="RW-p21-24",
            )
            for f in sorted(ferries(game.board).values(), key=lambda f: f.id)
        ]

    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        sea = ferries(board)
        if not sea:
            problems.append(f"the board has no border of kind {FERRY!r} (the Gotland ferry)")
        for ferry in sea.values():
            if ferry.island not in board.cities:
                problems.append(f"ferry {ferry.id} names {ferry.island!r}, not a city")
            elif board.cities[ferry.island].at not in ferry.joins:
                problems.append(f"ferry {ferry.id} does not reach {ferry.island}")
            if not board.is_buildable(ferry.at):
                problems.append(f"ferry {ferry.id}: {ferry.at} takes no track")
        return problems
