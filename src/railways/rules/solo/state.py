"""The solo game's own state, kept in ``GameState.plugin_data["solo"]``.

Plain data only (lists, dicts, strings), so the game state still deep-copies and records
replay it exactly. The Railbot is not a seat: it owns links under the id :data:`RAILBOT`,
and never has cash, bonds, an engine or a score (RB-051).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from railways.content.solo import SoloMap
from railways.core.game import Game

RAILBOT = -1  # the owner id of the Railbot's links; never a seat
KEY = "solo"


@dataclass(slots=True)
class SoloState:
    target: int  # points the player needs to win (RB-014, RB-049)
    base_exhaust: int  # cubes an Exhaust Goods card removes (RB-071, RB-019, RB-023)
    ops_limit: int  # most Operations cards on display (RB-052, RB-022)
    deck: list[str] = field(default_factory=list)  # the Railbot deck; the top is the end
    removed: list[str] = field(default_factory=list)  # set aside unseen (RB-044, RB-021)
    row: list[str | None] = field(default_factory=list)  # slots 1-3; None while resolving
    discard: list[str] = field(default_factory=list)
    insured: str | None = None  # the row card with the Insurance token (RB-056, RB-057)
    evaluations: int = 0  # Final Evaluation cards drawn
    bottom_half: bool = False  # the Railbot builds its cards' lower chains (RB-099)
    evaluation_window: tuple[int, int] = (0, 2)  # where Final Evaluation may lie, from the bottom
    deadheads: list[str] = field(default_factory=list)  # blocking the Operations display (RB-068)
    tasks: list[dict[str, Any]] = field(default_factory=list)  # Railbot work still to do
    drawn: str | None = None  # the drawn card, joining the row once resolution is over
    resolving: bool = False
    skip_third: bool = False  # Insurance took the third action too (RB-035)
    claim_window: bool = False  # after the third action: Duel Barons may still be claimed
    west_open: bool = False  # RB-100
    duel: list[str] = field(default_factory=list)  # the face-up Duel Barons (RB-049)
    duel_claims: dict[str, int] = field(default_factory=dict)  # baron -> seat 0 or RAILBOT
    delivered: dict[str, int] = field(default_factory=dict)  # cubes delivered, by colour
    longest_delivery: int = 0  # links of the player's longest delivery
    # What the board's solo appendix keeps (its solo hook's, plain data under its own keys:
    # Mexico's purple cubes beside the board, Australia's town tracker), so this state names
    # no board.
    own: dict[str, Any] = field(default_factory=dict)


def solo_state(game: Game) -> SoloState:
    state = game.state.plugin_data.get(KEY)
    if not isinstance(state, SoloState):
        raise ValueError("this is not a solo game")
    return state


def is_solo(game: Game) -> bool:
    return isinstance(game.state.plugin_data.get(KEY), SoloState)


def solo_map(game: Game) -> SoloMap:
    """The map's solo data, held by the solo plug-in of the game's ruleset."""
    for plugin in game.ruleset.plugins:
        data = getattr(plugin, "solo_map", None)
        if isinstance(data, SoloMap):
            return data
    raise ValueError("this is not a solo game")
