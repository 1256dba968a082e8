"""The turn structure: a turn made of named steps, as a hook object the engine consults.

``Game`` does not hard-wire how a turn runs. It asks its ruleset's :class:`TurnStructure`
at these points:

- ``start_turn``: a new turn begins;
- ``check`` and ``step_actions``: which actions the current step accepts, and (for a
  choice that comes before a seat's action) the only ones it offers;
- ``is_free`` and ``after_action``: whether an action takes an action slot, and what
  follows one that does (the next seat, round, or the turn's end);
- ``end_turn``: every action of the turn is taken;
- ``result``: the game is over; who won.

The default structure answers each of these from one of its **steps**, each a small
object under a name (:data:`STEPS`):

==================  ==========================================================================
``auction``         ``start``: how a turn opens and its order is set (the first player
                    auction, RW-p4-29)
``baron-choice``    ``check``/``offers``: a choice a seat must make before its action (none)
``actions``         ``is_free``/``after``: the three action rounds (RW-p4-38..41)
``income``          ``run``: income, bond dividends, incomplete links removed (RW-p6-01..05)
``operations-card`` ``run``: a new Operations card (RW-p6-07)
``end-check``       ``run``: end the game after its final turn, or start the next (RW-p6-10)
``result``          ``result``: the winner and the closing line (RW-p6-14..17)
==================  ==========================================================================

A plug-in changes a step, not the whole turn: ``Plugin.turn_steps`` lists :class:`Step`
subclasses, each naming the step it changes (``step``) and whether it **replaces** it
(the default) or **wraps** it (``wraps = True``: it runs the step it is given and adds to
it). Every changed step is made with the step below it (``inner``: the default, or what
the previous change made), so a replacement may still fall back on the default (Auction
Variant 1 holds the usual auction after turn 1). Changes to different steps combine, and
so do wraps of one step (in plug-in order, each around the last); two replacements of
one step are refused, naming both plug-ins and the step (:func:`compose`).

A structure may also be replaced whole, as before steps existed: a subclass of
``TurnStructure`` that overrides a hook (the solo game's, Through Time's, the
Transcontinental game's; ``Plugin.turn_structure``) owns the steps that hook runs
(:func:`owned_steps`), and no plug-in may change those. The building blocks ``Game``
exposes for the default (``start_auction``, ``next_seat``, ``income_phase``,
``draw_operations_card``, ``next_turn_or_finish``) are there for such structures too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeVar

if TYPE_CHECKING:
    from railways.core.actions import Action
    from railways.core.game import Game


class Step:
    """One step of a turn. Subclass one of the step classes below and set what you change.

    ``inner`` is the step this one was made over: the default step (for a replacement)
    or the step made by the previous change (for a wrap). It is None only for a default.
    """

    step: ClassVar[str] = ""
    # True: this step runs ``inner`` and adds to it, and may sit on another change of the
    # same step. False: it replaces the step, and no other plug-in may replace it too.
    wraps: ClassVar[bool] = False

    def __init__(self, inner: Step | None = None) -> None:
        self.inner = inner

    def below(self) -> Step:
        """``inner``, which a changed step always has (each kind of step narrows the type)."""
        return _below(self, Step)


S = TypeVar("S", bound=Step)


def _below(step: Step, cls: type[S]) -> S:
    inner = step.inner
    if not isinstance(inner, cls):
        raise TypeError(f"{type(step).__name__} was made over no {cls.__name__} ({inner!r})")
    return inner


class AuctionStep(Step):
    """How a turn opens: the first player auction by default (RW-p4-29)."""

    step = "auction"

    def below(self) -> AuctionStep:
        return _below(self, AuctionStep)

    def start(self, game: Game, first_turn: bool) -> None:
        game.start_auction(first_turn)


class BaronChoiceStep(Step):
    """A choice a seat must make before its action; by default there is none."""

    step = "baron-choice"

    def below(self) -> BaronChoiceStep:
        return _below(self, BaronChoiceStep)

    def check(self, game: Game, action: Action) -> None:
        """Raise IllegalAction if the choice is due and ``action`` does not make it."""

    def offers(self, game: Game, seat: int) -> list[Action] | None:
        """The only actions ``seat`` may take now, or None when no choice is due."""
        return None


class ActionsStep(Step):
    """The action rounds (RW-p4-38..41)."""

    step = "actions"

    def below(self) -> ActionsStep:
        return _below(self, ActionsStep)

    def is_free(self, game: Game, action: Action) -> bool:
        """Whether ``action`` takes no action slot (a choice inside a step)."""
        return False

    def after(self, game: Game, action: Action) -> None:
        """An action that takes a slot was performed: the next seat, round or turn's end."""
        game.next_seat()


class PhaseStep(Step):
    """A step of the end of a turn that runs once (``run``)."""

    def below(self) -> PhaseStep:
        return _below(self, PhaseStep)

    def run(self, game: Game) -> None:
        raise NotImplementedError


class IncomeStep(PhaseStep):
    """Income, bond dividends and the removal of incomplete links (RW-p6-01..05)."""

    step = "income"

    def run(self, game: Game) -> None:
        game.income_phase()


class OperationsCardStep(PhaseStep):
    """A new Operations card joins the display (RW-p6-07)."""

    step = "operations-card"

    def run(self, game: Game) -> None:
        game.draw_operations_card()


class EndCheckStep(PhaseStep):
    """End the game after its final turn, or start the next turn (RW-p6-10)."""

    step = "end-check"

    def run(self, game: Game) -> None:
        game.next_turn_or_finish()


class ResultStep(Step):
    """Who won, from the final scores (RW-p6-14..17)."""

    step = "result"

    def below(self) -> ResultStep:
        return _below(self, ResultStep)

    def result(self, game: Game, final: Mapping[int, int]) -> tuple[int | None, str]:
        """The winner (None: nobody) and the closing log line."""
        ranked = sorted(final, key=lambda seat: game.rank_key(seat, final), reverse=True)
        best = ranked[0]
        return best, f"Game over. {game.seats[best]} wins with {final[best]} points"


DEFAULT_STEPS: dict[str, type[Step]] = {
    cls.step: cls
    for cls in (
        AuctionStep,
        BaronChoiceStep,
        ActionsStep,
        IncomeStep,
        OperationsCardStep,
        EndCheckStep,
        ResultStep,
    )
}
# The steps of a turn, in the order they come.
STEPS: tuple[str, ...] = tuple(DEFAULT_STEPS)
# The class every change of a step subclasses (what the engine asks of that step).
STEP_KINDS: dict[str, type[Step]] = {
    "auction": AuctionStep,
    "baron-choice": BaronChoiceStep,
    "actions": ActionsStep,
    "income": PhaseStep,
    "operations-card": PhaseStep,
    "end-check": PhaseStep,
    "result": ResultStep,
}


class TurnStructure:
    """The multiplayer turn (RW-p4-28..41, RW-p6-01..10), made of the steps ``steps``
    (by default :data:`DEFAULT_STEPS`; :func:`compose` makes one with plug-ins' changes).

    Subclassing and overriding a hook replaces the steps it runs (see the module's text)."""

    id = "standard"

    def __init__(self, steps: Mapping[str, Step] | None = None) -> None:
        made = {name: cls() for name, cls in DEFAULT_STEPS.items()}
        made.update(steps or {})
        self.steps: dict[str, Step] = made
        # The steps each hook asks, looked up once (``check`` runs for every candidate).
        self.auction: AuctionStep = _typed(made, "auction", AuctionStep)
        self.choice: BaronChoiceStep = _typed(made, "baron-choice", BaronChoiceStep)
        self.rounds: ActionsStep = _typed(made, "actions", ActionsStep)
        self.ending: tuple[PhaseStep, ...] = tuple(
            _typed(made, name, PhaseStep) for name in ("income", "operations-card", "end-check")
        )
        self.closing: ResultStep = _typed(made, "result", ResultStep)
        # Whether ``check`` and ``step_actions`` are the defaults over the default choice
        # step, which refuses nothing and offers nothing: the engine then skips the calls,
        # made for every candidate of a listing and every action.
        self.checks_nothing = (
            type(self).check is TurnStructure.check
            and type(self.choice).check is BaronChoiceStep.check
        )
        self.offers_nothing = (
            type(self).step_actions is TurnStructure.step_actions
            and type(self.choice).offers is BaronChoiceStep.offers
        )

    def start_turn(self, game: Game, first_turn: bool) -> None:
        """Begin a turn (the ``auction`` step)."""
        self.auction.start(game, first_turn)

    def check(self, game: Game, action: Action) -> None:
        """Raise IllegalAction if the current step does not accept ``action``."""
        self.choice.check(game, action)

    def step_actions(self, game: Game, seat: int) -> list[Action] | None:
        """The only actions the current step offers, or None for an ordinary action round."""
        return self.choice.offers(game, seat)

    def is_free(self, game: Game, action: Action) -> bool:
        """Whether ``action`` takes no action slot (it is a choice inside a step)."""
        return self.rounds.is_free(game, action)

    def after_action(self, game: Game, action: Action) -> None:
        """An action that takes a slot was performed: the next seat, round or the turn's end."""
        self.rounds.after(game, action)

    def end_turn(self, game: Game) -> None:
        """The steps after the action rounds: income, a new card, the end check."""
        for step in self.ending:
            step.run(game)

    def result(self, game: Game, final: Mapping[int, int]) -> tuple[int | None, str]:
        """The winner and the closing log line, from the final scores (RW-p6-14..17)."""
        return self.closing.result(game, final)

    def step_names(self) -> dict[str, str]:
        """Each step and the class that runs it (for tests and debugging)."""
        return {name: type(step).__name__ for name, step in self.steps.items()}


def _typed(steps: Mapping[str, Step], name: str, cls: type[S]) -> S:
    step = steps[name]
    if not isinstance(step, cls):
        raise TypeError(f"the {name} step must be a {cls.__name__}, not {type(step).__name__}")
    return step


# Which steps each hook of ``TurnStructure`` runs: a subclass overriding the hook owns them.
HOOK_STEPS: dict[str, tuple[str, ...]] = {
    "start_turn": ("auction",),
    "check": ("baron-choice",),
    "step_actions": ("baron-choice",),
    "is_free": ("actions",),
    "after_action": ("actions",),
    "end_turn": ("income", "operations-card", "end-check"),
    "result": ("result",),
}


def owned_steps(cls: type[TurnStructure]) -> frozenset[str]:
    """The steps a whole-turn subclass runs itself, by the hooks it overrides."""
    return frozenset(
        step
        for hook, steps in HOOK_STEPS.items()
        if getattr(cls, hook) is not getattr(TurnStructure, hook)
        for step in steps
    )


def step_problems(
    changes: Sequence[tuple[str, type[Step]]], owner: tuple[str, frozenset[str]] | None = None
) -> list[str]:
    """Why these changes cannot make one turn, each naming the two plug-ins and the step.

    ``changes`` are (plug-in id, step class) in plug-in order; ``owner`` is the plug-in
    whose whole-turn structure runs some steps itself, and those steps."""
    problems: list[str] = []
    replaced: dict[str, str] = {}
    for pid, cls in changes:
        if cls.step not in DEFAULT_STEPS:
            problems.append(
                f"{pid}: {cls.__name__} changes the step {cls.step!r}, which a turn does not "
                f"have (its steps: {', '.join(STEPS)})"
            )
            continue
        if not issubclass(cls, STEP_KINDS[cls.step]):
            problems.append(
                f"{pid}: {cls.__name__} changes the {cls.step} step, so it must be a "
                f"{STEP_KINDS[cls.step].__name__}"
            )
            continue
        if owner is not None and cls.step in owner[1] and owner[0] != pid:
            problems.append(
                f"{pid} cannot be played with {owner[0]}: both change the {cls.step} step of "
                f"a turn ({owner[0]} plays it its own way)"
            )
            continue
        if cls.wraps:
            continue
        first = replaced.get(cls.step)
        if first is None:
            replaced[cls.step] = pid
        elif first == pid:
            problems.append(f"{pid} replaces the {cls.step} step of a turn twice")
        else:
            problems.append(
                f"{first} cannot be played with {pid}: both replace the {cls.step} step of a turn"
            )
    return problems


def compose(
    changes: Sequence[tuple[str, type[Step]]],
    base: type[TurnStructure] = TurnStructure,
    owner: str | None = None,
) -> TurnStructure:
    """The turn ``base`` with plug-ins' step changes (plug-in id, step class), in order.

    Replacements go on first, over the default step; wraps then go on in the order given,
    each around the step so far. ValueError (from :func:`step_problems`) when two
    replacements meet on one step, or a change meets a step ``base`` runs itself."""
    held = (owner, owned_steps(base)) if owner is not None else None
    problems = step_problems(changes, held)
    if problems:
        raise ValueError("; ".join(problems))
    steps: dict[str, Step] = {name: cls() for name, cls in DEFAULT_STEPS.items()}
    for _pid, cls in sorted(changes, key=lambda change: change[1].wraps):  # stable: in order
        steps[cls.step] = cls(steps[cls.step])
    return base(steps)
