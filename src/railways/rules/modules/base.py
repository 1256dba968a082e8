"""The shape of an optional module, and the list of those known."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from railways.core.plugins import Marker, Plugin
from railways.core.turns import TurnStructure

if TYPE_CHECKING:
    from railways.core.board import Board
    from railways.core.game import Game


class Module(Plugin):
    """A plug-in a game chooses by id (``railways variants`` lists them)."""

    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""  # one line, in our words
    clauses: ClassVar[tuple[str, ...]] = ()
    house: ClassVar[bool] = False  # not in the rulebook: our own variant
    conflicts: ClassVar[frozenset[str]] = frozenset()  # module ids it may not be played with
    # A module that changes the steps of a turn brings its own structure; two such
    # modules in one game are refused (``check_modules``), as nothing composes them.
    turn_structure: ClassVar[type[TurnStructure] | None] = None

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        """Every seat sees which modules the game is played with (a module adds its own
        entries on top: ``{**super().view(game, seat), ...}``)."""
        return {"modules": sorted(game.options.extra.get("modules", []))}

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        """The module's own markers, and (from the first module of the game only) one
        that names every module chosen, so every front end shows the choice to all."""
        ids = sorted(game.options.extra.get("modules", []))
        out: list[Marker] = []
        if ids and ids[0] == self.id:
            titles = [known.title for mid, known in module_classes().items() if mid in ids]
            out.append(Marker(kind="modules", label="Modules: " + ", ".join(titles)))
        return [*out, *self.own_markers(game, seat)]

    def own_markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        """What this module draws (a mine, a hotel, the events in their slots)."""
        return ()

    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        """Why this module cannot be played on ``board`` with ``players`` (None: it can)."""
        return None


def module_classes() -> dict[str, type[Module]]:
    """Every module known, by id."""
    from railways.rules.registry import plugin_classes

    return {
        pid: cls
        for pid, cls in sorted(plugin_classes().items())
        if isinstance(cls, type) and issubclass(cls, Module)
    }


def describe_modules() -> list[dict[str, Any]]:
    """Each module as id, title, summary, clauses, house or not, what it excludes and
    whether it changes the turn (for ``railways variants`` and the lobby)."""
    return [
        {
            "id": mid,
            "title": cls.title,
            "summary": cls.summary,
            "clauses": list(cls.clauses),
            "house": cls.house,
            "conflicts": sorted(cls.conflicts),
            "changes_turn": cls.turn_structure is not None,
        }
        for mid, cls in module_classes().items()
    ]


def check_modules(ids: list[str], board: Board, players: int) -> None:
    """Refuse unknown ids, repeats, forbidden pairs, and modules the board or count rules out."""
    known = module_classes()
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise ValueError(
            f"options.modules: unknown module(s) {', '.join(unknown)} "
            f"(known: {', '.join(known)}; see `railways variants`)"
        )
    if len(set(ids)) != len(ids):
        raise ValueError("options.modules: a module is named twice")
    chosen = set(ids)
    for mid in sorted(chosen):
        clash = sorted(known[mid].conflicts & chosen)
        if clash:
            raise ValueError(
                f"options.modules: {mid} cannot be played with {', '.join(clash)}: "
                "both change the same rule"
            )
    turners = sorted(m for m in chosen if known[m].turn_structure is not None)
    if len(turners) > 1:
        raise ValueError(
            f"options.modules: {' and '.join(turners)} both change the order of a turn; "
            "choose one of them"
        )
    for mid in sorted(chosen):
        reason = known[mid].refuse(board, players)
        if reason is not None:
            raise ValueError(f"options.modules: {mid}: {reason}")
