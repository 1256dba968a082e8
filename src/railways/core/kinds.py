"""Action kinds: the one way an action, core or plug-in, is checked, performed and offered.

Every kind of action a game accepts has one :class:`ActionKind` in the game's
:class:`KindRegistry`. The kind says in which phases the action may be taken, how it
is checked (``check`` raises :class:`~railways.core.errors.IllegalAction` and returns
whatever work ``perform`` can reuse), how it is carried out, which instances are legal
now (``options``, or ``list_into`` for kinds listed in a structured form), how one is
drawn at random for playouts (``sample``) and how it is shown to a person
(``describe``). The core's own kinds (``railways.core.core_kinds``) and plug-ins'
kinds register the same way: a plug-in returns its kinds from ``Plugin.action_kinds``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from railways.core.actions import Action
from railways.core.errors import IllegalAction
from railways.core.state import Phase

if TYPE_CHECKING:
    from railways.core.game import Game
    from railways.core.hexgrid import Hex
    from railways.core.legal import LegalActions
    from railways.core.plugins import Plugin
    from railways.core.rng import Rng


@dataclass(frozen=True, slots=True)
class ActionInfo:
    """What a person needs to choose an action: shown by every front end as it is.

    ``label`` is a short sentence; ``cost`` is in $1,000s (None: free or not known
    before the action); ``hexes`` and ``cities`` are places to mark on the board;
    ``help`` is the clause id whose summary explains the rule.
    """

    label: str
    cost: int | None = None
    hexes: tuple[Hex, ...] = ()
    cities: tuple[str, ...] = ()
    help: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "cost": self.cost,
            "hexes": [[h.row, h.col] for h in self.hexes],
            "cities": list(self.cities),
            "help": self.help,
        }


@dataclass(frozen=True, slots=True)
class KindInfo:
    """How a front end presents a kind as a whole: a menu entry and its explanation.

    ``title`` names the kind ("Build a ferry"); ``summary`` says in a line what it
    does; ``help`` is the clause id of its rule; ``key`` is a suggested one-letter
    shortcut for keyboard menus (front ends may ignore it when it clashes).
    """

    title: str
    summary: str = ""
    help: str | None = None
    key: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "summary": self.summary, "help": self.help, "key": self.key}


class ActionKind:
    """One kind of action. Subclass and set ``action_type``; every hook has a default."""

    action_type: type[Action]
    # Phases in which the kind may be taken.
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.ACTIONS})
    # The playout sampler draws a group uniformly, then one action of the group; kinds
    # without a group of their own share "plugin".
    sample_group: ClassVar[str] = "plugin"
    # Whether performing the action moves the turn on (next seat, round, turn's end).
    advances_turn: ClassVar[bool] = True
    # Whether the action is final: it can never be undone (an answer to another seat's action).
    final: ClassVar[bool] = False
    info: KindInfo | None = None

    @property
    def kind(self) -> str:
        return self.action_type.kind

    def check(self, game: Game, action: Any) -> object:
        """Raise IllegalAction if ``action`` is illegal now; may return work for ``perform``."""
        return None

    def perform(self, game: Game, action: Any, checked: object) -> None:
        """Carry out a checked action; ``checked`` is what ``check`` returned for it."""

    def options(self, game: Game, seat: int) -> list[Action]:
        """Candidate instances for ``seat`` now; the listing keeps those ``Game.check`` allows."""
        return []

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        """Add this kind's legal actions to ``legal`` (default: the options that pass check)."""
        legal.simple.extend(game.allowed(self.options(game, seat)))

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        """One legal action of this kind drawn at random, or None when there is none.

        Options are drawn and checked one at a time, an illegal one set aside, rather than
        all checked first: the first legal one drawn is as likely as any other legal one,
        and when most are legal (every count of bonds a seat may return) few are checked."""
        return draw_legal(game, list(self.options(game, seat)), rng)

    def describe(self, game: Game, action: Any) -> ActionInfo:
        """How ``action`` is shown to a person."""
        return ActionInfo(label=str(action))


def draw_legal(
    game: Game,
    choices: list[Action],
    rng: Rng,
    refused: Callable[[Action], bool] | None = None,
) -> Action | None:
    """A legal action of ``choices`` drawn uniformly (``choices`` is used up), or None.

    ``refused``, when given, says cheaply of some actions that ``game.allows`` would refuse
    them (never of one it allows): those are set aside without the whole check."""
    while choices:
        i = rng.below(len(choices))
        action = choices[i]
        if (refused is None or not refused(action)) and game.allows(action):
            return action
        choices[i] = choices[-1]  # set aside: the last takes its place
        choices.pop()
    return None


def draw_by_place(game: Game, count: int, rng: Rng, make: Callable[[int], Action]) -> Action | None:
    """``draw_legal`` over a list of ``count`` choices that is never made: ``make(j)`` makes
    the choice at place ``j`` of it, and only the choices drawn are made. The same draws,
    the same choice: a choice set aside takes the last one's place as in ``draw_legal``
    (``moved`` says which place of the list now holds which choice)."""
    moved: dict[int, int] = {}
    while count:
        i = rng.below(count)
        action = make(moved.get(i, i))
        if game.allows(action):
            return action
        count -= 1
        moved[i] = moved.get(count, count)  # set aside: the last takes its place
    return None


@dataclass
class KindRegistry:
    """The kinds a game accepts, in the order their actions are listed."""

    kinds: dict[str, ActionKind] = field(default_factory=dict)
    # The plug-ins that have a say on every action (``Game.note_plugins``): those whose
    # ``check_action``, ``allowed_kinds`` or ``open_cities`` is their own. The others'
    # answer is the default one, so the checks and listings do not ask them.
    judges: tuple[Plugin, ...] = ()
    limiters: tuple[Plugin, ...] = ()
    openers: tuple[Plugin, ...] = ()
    # Per phase: the kinds open in it and the sampler's groups (asked for every action).
    _by_phase: dict[Phase, tuple[list[ActionKind], dict[str, list[ActionKind]]]] = field(
        default_factory=dict, repr=False, compare=False
    )
    # The same per phase, found by identity (an Enum's hash is a Python call): (phase,
    # kinds, groups as a list), a handful of entries.
    _phases: list[tuple[Phase, list[ActionKind], list[list[ActionKind]]]] = field(
        default_factory=list, repr=False, compare=False
    )

    @classmethod
    def of(cls, kinds: Iterable[ActionKind]) -> KindRegistry:
        registry = cls()
        for kind in kinds:
            registry.add(kind)
        return registry

    def add(self, kind: ActionKind) -> None:
        if kind.kind in self.kinds:
            raise ValueError(f"two rules define the action kind {kind.kind!r}")
        self.kinds[kind.kind] = kind
        self._by_phase.clear()
        self._phases.clear()

    def note_plugins(self, plugins: Iterable[Plugin]) -> None:
        """Note which of the game's plug-ins judge actions, limit kinds or close cities."""
        from railways.core.plugins import Plugin

        every = tuple(plugins)
        self.judges = tuple(p for p in every if overrides(p, "check_action", Plugin))
        self.limiters = tuple(p for p in every if overrides(p, "allowed_kinds", Plugin))
        self.openers = tuple(p for p in every if overrides(p, "open_cities", Plugin))

    def get(self, action: Action) -> ActionKind:
        kind = self.kinds.get(action.kind)
        if kind is None or not isinstance(action, kind.action_type):
            raise IllegalAction(f"unknown action {action.kind!r} for this game")
        return kind

    def __iter__(self) -> Iterator[ActionKind]:
        return iter(self.kinds.values())

    def _phase(self, phase: Phase) -> tuple[list[ActionKind], dict[str, list[ActionKind]]]:
        hit = self._by_phase.get(phase)
        if hit is None:
            kinds = [k for k in self.kinds.values() if phase in k.phases]
            groups: dict[str, list[ActionKind]] = {}
            for kind in kinds:
                groups.setdefault(kind.sample_group, []).append(kind)
            hit = self._by_phase[phase] = (kinds, groups)
        return hit

    def _phase_entry(self, phase: Phase) -> tuple[Phase, list[ActionKind], list[list[ActionKind]]]:
        for entry in self._phases:
            if entry[0] is phase:
                return entry
        kinds, groups = self._phase(phase)
        made = (phase, kinds, list(groups.values()))
        self._phases.append(made)
        return made

    def open_in(self, phase: Phase) -> list[ActionKind]:
        """The kinds open in ``phase``, in listing order (the registry's own list: do not
        change it)."""
        return self._phase_entry(phase)[1]

    def group_list(self, phase: Phase) -> list[list[ActionKind]]:
        """The sampler's groups of kinds open in ``phase`` (the registry's own lists: do
        not change them)."""
        return self._phase_entry(phase)[2]

    def in_phase(self, phase: Phase) -> list[ActionKind]:
        return list(self._phase(phase)[0])

    def groups(self, phase: Phase) -> dict[str, list[ActionKind]]:
        """The sampler's groups of kinds open in ``phase``, in listing order."""
        return dict(self._phase(phase)[1])

    def infos(self) -> Mapping[str, KindInfo]:
        return {k: v.info for k, v in self.kinds.items() if v.info is not None}


def overrides(obj: object, hook: str, base: type) -> bool:
    """Whether the class of ``obj`` answers ``hook`` its own way rather than as ``base`` does."""
    return getattr(type(obj), hook) is not getattr(base, hook)
