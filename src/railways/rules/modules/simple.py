"""The variants that change one rule each (compendium pp. 7-8), and one house variant."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railways.core.actions import Action, BuildTrack
from railways.core.errors import IllegalAction
from railways.core.plugins import BuildRestriction
from railways.core.state import Phase
from railways.core.turns import AuctionStep
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.board import Board
    from railways.core.game import Game


@register_plugin
class ShorterGame(Module):
    """Two Empty City Markers fewer end the game; set-up reads ``Options.shorter_game``,
    which ``new_game`` sets when this module is chosen, so both spellings are one rule."""

    id = "shorter-game"
    title = "Shorter Game"
    summary = "the game ends with two fewer empty cities than the board's table says"
    clauses = ("RW-p8-06",)


CUBE_REDUCTION = "cube-reduction"


def chart_says_fewer(board: Board) -> bool | None:
    """RW-p7-33: whether the chart takes one cube a city off ``board`` with two or three
    players (its map.toml's ``[modules.cube-reduction] fewer``); None: the chart does not
    list the board."""
    fewer = board.module_params.get(CUBE_REDUCTION, {}).get("fewer")
    return fewer if isinstance(fewer, bool) else None


@register_plugin
class CubeReduction(Module):
    """Set-up cubes by the compendium's chart instead of the board's own table. Each board
    the chart lists says what it says in its map.toml, ``[modules.cube-reduction] fewer``."""

    id = CUBE_REDUCTION
    title = "Cube Reduction Chart"
    summary = "with 2 or 3 players, each city starts with one cube fewer if the chart says so"
    clauses = ("RW-p7-32", "RW-p7-33")

    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        if chart_says_fewer(board) is None:
            return f"the chart does not list the board {board.id}"
        return None

    def check_board(self, board: Board) -> list[str]:
        settings = board.module_params.get(CUBE_REDUCTION, {})
        where = f"map.toml:modules.{CUBE_REDUCTION}"
        out = [
            f"{where}.{key}: not a setting of the chart (its one setting is fewer)"
            for key in sorted(settings)
            if key != "fewer"
        ]
        if not isinstance(settings.get("fewer"), bool):
            out.append(f"{where}.fewer: expected true or false (one cube fewer with 2 or 3)")
        return out

    def setup(self, game: Game) -> None:
        board, state = game.board, game.state
        fewer = 1 if chart_says_fewer(board) and game.n in (2, 3) else 0
        if fewer == board.tables.cube_reduction.get(game.n, 0):
            return  # the board's own table already agrees (and start cards' cubes stay)
        for cid in sorted(board.cities):  # the board already placed its own count
            wanted = max(1, board.cities[cid].cubes - fewer)
            cubes = state.cubes[cid]
            while len(cubes) > wanted:
                state.bag[cubes.pop()] += 1
            if len(cubes) < wanted:
                cubes.extend(game.draw_cubes(wanted - len(cubes)))


@register_plugin
class CutThroat(Module):
    id = "cut-throat"
    title = "Cut Throat"
    summary = "the end tile of an incomplete link may not be redirected, so blocking sticks"
    clauses = ("RW-p7-34",)

    def check_action(self, game: Game, action: Action) -> None:
        if isinstance(action, BuildTrack) and action.redirect:
            raise IllegalAction("Cut Throat: no redirecting the end tile of a link", "RW-p7-34")


GLENN_DROVER_POINTS = 30  # RW-p8-05
OFFERED = "offered"  # [modules.glenn-drover] offered = true: the board has the variant


@register_plugin
class GlennDrover(Module):
    """Two players on the Eastern U.S.: the west stays closed until someone has 30 points.

    A board offers the variant in its map.toml (``[modules.glenn-drover] offered = true``;
    only the Eastern U.S. does). "West of the mountains" is the line the solo game draws on
    that board (solo.toml).
    """

    id = "glenn-drover"
    title = "Glenn Drover two-player rule"
    summary = "2 players: no building west of the mountains until someone has 30"
    clauses = ("RW-p8-04", "RW-p8-05")

    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        if board.module_params.get(cls.id, {}).get(OFFERED) is not True:
            return f"{board.name} does not offer this two-player variant (RW-p8-04)"
        if players != 2:
            return "only for two players (RW-p8-04)"
        return None

    def check_board(self, board: Board) -> list[str]:
        settings = board.module_params.get(self.id, {})
        where = f"map.toml:modules.{self.id}"
        out = [
            f"{where}.{key}: not a setting (its one setting is {OFFERED})"
            for key in sorted(settings)
            if key != OFFERED
        ]
        if settings.get(OFFERED) is not True:
            out.append(f"{where}.{OFFERED}: expected true (the board offers the variant)")
        return out

    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        if any(p.score >= GLENN_DROVER_POINTS for p in game.state.players):
            return None
        from railways.content.solo import load_solo

        board = game.board

        def west() -> frozenset:  # type: ignore[type-arg]
            smap = load_solo(board.id)
            return frozenset(h for h in board.hexes if smap.is_west(h))

        return BuildRestriction(
            board.derived(("glenn-drover-west", board.id), west),
            f"west of the mountains is closed until a player has {GLENN_DROVER_POINTS} points",
            "RW-p8-05",
        )


def begin_actions(game: Game, order: list[int]) -> None:
    """Start the action rounds with ``order`` as the turn order (no auction this turn)."""
    state = game.state
    state.first_player = order[0]
    state.order = list(order)
    state.auction = None
    state.phase = Phase.ACTIONS
    state.round = 1
    state.order_index = 0
    game.log(f"Turn {state.turn}: {game.seats[order[0]]} is first player")


class WorstFirstTurn(AuctionStep):
    """The usual auction on the first turn; after it, the lowest score moves first."""

    def start(self, game: Game, first_turn: bool) -> None:
        if first_turn:
            self.below().start(game, first_turn)
            return
        state = game.state
        before = {seat: i for i, seat in enumerate(state.order)}
        # Lowest score first; a tie keeps last turn's order between the tied seats.
        order = sorted(range(game.n), key=lambda s: (state.players[s].score, before.get(s, s)))
        begin_actions(game, order)


@register_plugin
class WorstIsFirst(Module):
    id = "worst-is-first"
    title = "Worst is first (house)"
    summary = "after the first turn there is no auction: the lowest score moves first"
    clauses = ()
    house = True
    turn_steps = (WorstFirstTurn,)  # the auction step, as the two auction variants
