"""Sweden: the ferry to Gotland (house rules of our board).

Visby stands alone on Gotland, reached only over one ferry hex beside it: a ``[[special]]``
of kind ``ferry`` in map.toml, as the North America board's ferry spots (RW-p15-15). No tile
goes on it except with the Ferry Passage card, which lets the build lay that hex
(``CostRules.special_tiles``), free, and then leaves the game: the North America board's
Ferry Line rule (RW-p21-23..25) under the name the Rail Barons solo book gives the card
(RB-111). There is no snow line here and the barons are the base game's, so of the North
America plug-in only the ferry part is reused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from railways.core.actions import BuildTrack
from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.plugins import Marker, Plugin
from railways.core.track import BuildPlan, CostRules
from railways.rules.boards.north_america import FERRY, FerryLine, ferry_hexes, ferry_problems
from railways.rules.registry import register_plugin

FERRY_EFFECT = "ferry_passage"  # the Ferry Passage card's effect key


class FerryPassage(FerryLine):
    """The Ferry Line effect (it opens the ferry hex to the build), told without a snow line."""

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "play on a build: lay the ferry hex to Gotland, free; the only way onto it"


@register_plugin
class Sweden(Plugin):
    id = "sweden"
    feature_kinds = frozenset({FERRY})
    track_specials = frozenset({FERRY})
    card_effects: Mapping[str, CardEffect] = {FERRY_EFFECT: FerryPassage()}

    def judge_build(
        self, game: Game, action: BuildTrack, plan: BuildPlan, rules: CostRules
    ) -> BuildPlan:
        # The card opened the ferry hex (FerryLine.build_rules); without it the board check
        # has refused the tile already, naming RW-p21-24 from the special's data.
        ferries = ferry_hexes(game.board)
        crossed = [i for i, (h, _a, _b) in enumerate(plan.tiles) if h in ferries]
        cards = sum(1 for c in action.cards if game.card(c).effect == FERRY_EFFECT)
        if cards and not crossed:
            raise IllegalAction(
                "the Ferry Passage card is played on a build that lays the ferry hex", "RW-p21-23"
            )
        if not crossed:
            return plan
        offset = 1 if plan.redirect is not None else 0
        free = sum(plan.tile_costs[offset + i] for i in crossed)  # RW-p21-23: free
        return plan if free == 0 else replace(plan, cost=plan.cost - free)

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
        problems: list[str] = []
        if not any(s.kind == FERRY for s in board.specials.values()):
            problems.append(f"the board has no special hex of kind {FERRY!r} (the Gotland ferry)")
        return problems + ferry_problems(board)
