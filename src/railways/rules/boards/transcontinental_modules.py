"""The Transcontinental game's options: how Rail Barons are dealt, and the Faster Game.

These modules only name a choice; the board's own plug-in
(``railways.rules.boards.transcontinental``) reads ``options.modules`` and does the dealing
(RW-p8-33..36) and, with the Faster Game, the clearing of Eastern cubes when the West opens
(RW-p9-39..43). They are refused on every other board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.board import Board

BOARD = "transcontinental"


class _OnTranscontinental(Module):
    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        if board.id != BOARD:
            return "only for the Transcontinental game"
        return None


@register_plugin
class BaronOption2(_OnTranscontinental):
    id = "baron-option-2"
    title = "Rail Barons, Option 2"
    summary = (
        "keep an Eastern U.S. Rail Baron at set-up and a Western U.S. one when the West opens, "
        "instead of the Golden Spike barons"
    )
    clauses = ("RW-p8-34", "RW-p8-35")
    conflicts = frozenset({"baron-option-2-variant"})


@register_plugin
class BaronOption2Variant(_OnTranscontinental):
    id = "baron-option-2-variant"
    title = "Rail Barons, Option 2 Variant"
    summary = "Option 2 with both boards' Rail Barons dealt at set-up"
    clauses = ("RW-p8-36",)
    conflicts = frozenset({"baron-option-2"})


@register_plugin
class FasterTranscontinental(_OnTranscontinental):
    id = "transcontinental-faster"
    title = "Faster Transcontinental game"
    summary = (
        "when the West opens, Eastern cities with no link and every Eastern gray city lose "
        "their cubes"
    )
    clauses = ("RW-p9-39", "RW-p9-40", "RW-p9-41", "RW-p9-42")
