"""The shape of an optional module, and the list of those known."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from railways.core.plugins import Marker, Plugin
from railways.core.turns import step_problems

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
    # A module that changes the turn lists the steps it replaces or wraps (``turn_steps``,
    # from ``Plugin``); two modules replacing one step are refused (``check_modules``).

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

    @classmethod
    def check_options(cls, board: Board, extra: Mapping[str, Any]) -> None:
        """Raise ValueError naming the option when one of the options this module reads
        (``Plugin.option_keys``) is wrong."""


def module_classes() -> dict[str, type[Module]]:
    """Every module known, by id."""
    from railways.rules.registry import plugin_classes

    return {
        pid: cls
        for pid, cls in sorted(plugin_classes().items())
        if isinstance(cls, type) and issubclass(cls, Module)
    }


def turn_changes(cls: type[Plugin]) -> dict[str, str]:
    """The steps of a turn the plug-in changes, each with "replaces" or "wraps"."""
    return {s.step: "wraps" if s.wraps else "replaces" for s in cls.turn_steps}


def excluded(mid: str, known: Mapping[str, type[Module]] | None = None) -> list[str]:
    """The modules ``mid`` may not be played with: those its ``conflicts`` or theirs name,
    and those that replace a step of the turn it replaces too."""
    known = known if known is not None else module_classes()
    cls = known[mid]
    mine = {step for step, how in turn_changes(cls).items() if how == "replaces"}
    out = set(cls.conflicts)
    for other, ocls in known.items():
        if other == mid:
            continue
        theirs = {step for step, how in turn_changes(ocls).items() if how == "replaces"}
        if mid in ocls.conflicts or mine & theirs:
            out.add(other)
    return sorted(out & set(known))


def describe_modules() -> list[dict[str, Any]]:
    """Each module as id, title, summary, clauses, house or not, what it excludes, whether
    it changes the turn and which steps (for ``railways variants`` and the lobby)."""
    known = module_classes()
    return [
        {
            "id": mid,
            "title": cls.title,
            "summary": cls.summary,
            "clauses": list(cls.clauses),
            "house": cls.house,
            "conflicts": excluded(mid, known),
            "changes_turn": bool(cls.turn_steps),
            "turn_steps": turn_changes(cls),
        }
        for mid, cls in known.items()
    ]


def board_module_problems(board: Board) -> list[str]:
    """The board's ``[modules]``: defaults and settings naming known modules, and each such
    module's own check of the board (a rotor city that is not there)."""
    known = module_classes()
    out = [
        f"[modules] names {mid!r}, which is not a module (see `railways variants`)"
        for mid in sorted({*board.default_modules, *board.module_params})
        if mid not in known
    ]
    for mid, cls in known.items():
        settings = board.module_params.get(mid, {})
        if REFUSED in settings:
            why = settings[REFUSED]
            if not isinstance(why, str) or not why.strip():
                out.append(f"map.toml:modules.{mid}.{REFUSED}: expected the reason, in words")
            if mid in board.default_modules:
                out.append(f"map.toml:modules.{mid}.{REFUSED}: the module is also a default")
            if len(settings) > 1:
                out.append(f"map.toml:modules.{mid}: a refused module takes no other setting")
        elif mid in board.default_modules or mid in board.module_params:
            out += cls().check_board(board)
    return out


REFUSED = "refused"  # [modules.<id>] refused = "why": the board is never played with it


def board_refusal(board: Board, mid: str) -> str | None:
    """Why the board refuses the module ``mid``, in its own words (map.toml
    ``[modules.<id>] refused``: a board whose rules have the module's already); None if
    it does not."""
    why = board.module_params.get(mid, {}).get(REFUSED)
    return why if isinstance(why, str) else None


def module_option_keys() -> frozenset[str]:
    """Every game option some module reads (``Module.option_keys``)."""
    return frozenset().union(*(cls.option_keys for cls in module_classes().values()))


def with_default_modules(board: Board, extra: Mapping[str, Any]) -> list[str] | None:
    """The modules of a game on ``board``: those chosen (``extra["modules"]``) and the
    board's defaults (map.toml ``[modules] default``) less those left out
    (``extra["without_modules"]``). None when the board has no defaults and none are left
    out, so the options stay as given. The answer is sorted, and giving it back as
    ``modules`` gives it again, so a record replays with the same choice."""
    without = extra.get("without_modules", [])
    if not board.default_modules and not without:
        return None
    if not isinstance(without, list) or not all(isinstance(m, str) for m in without):
        raise ValueError("options.without_modules: expected a list of ids")
    chosen = extra.get("modules", [])
    if not isinstance(chosen, list) or not all(isinstance(m, str) for m in chosen):
        raise ValueError("options.modules: expected a list of ids")
    for mid in without:
        if mid not in board.default_modules:
            played = ", ".join(board.default_modules) or "none"
            raise ValueError(
                f"options.without_modules: {mid} is not played on {board.name} unless chosen, "
                f"so there is nothing to leave out (its default modules: {played})"
            )
        if mid in chosen:
            raise ValueError(f"options.without_modules: {mid} is also chosen in options.modules")
    if len(set(without)) != len(without):
        raise ValueError("options.without_modules: a module is named twice")
    return sorted(set(chosen) | (set(board.default_modules) - set(without)))


def check_modules(
    ids: list[str], board: Board, players: int, extra: Mapping[str, Any] | None = None
) -> None:
    """Refuse unknown ids, repeats, forbidden pairs, modules the board or count rules out,
    and wrong options of the modules (``extra``: the game's options)."""
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
    # Modules that change different steps of the turn combine; two that replace one step
    # do not (railways.core.turns). A board's own whole turn is checked by ruleset_for.
    clashes = step_problems([(m, step) for m in sorted(chosen) for step in known[m].turn_steps])
    if clashes:
        raise ValueError(f"options.modules: {'; '.join(clashes)} (choose one)")
    for mid in sorted(chosen):
        reason = board_refusal(board, mid) or known[mid].refuse(board, players)
        if reason is not None:
            raise ValueError(f"options.modules: {mid}: {reason}")
    for mid, cls in known.items():
        given = sorted(k for k in cls.option_keys if k in (extra or {}))
        if given and mid not in chosen:
            raise ValueError(f"options.{given[0]}: only with the {mid} module")
        if given:
            cls.check_options(board, extra or {})
