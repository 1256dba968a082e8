"""Card data (Operations and Rail Baron cards) and the effect interfaces cards plug into.

A card is data: a name, an icon and an ``effect`` key with parameters. The
behaviour of each effect key is a Python object registered by a rules plug-in
(``railways.rules.cards``); the engine calls it at documented points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from railways.core.actions import Action, TakeOperationsCard
    from railways.core.board import Board
    from railways.core.delivery import DeliveryHook
    from railways.core.game import Delivery, Game
    from railways.core.hexgrid import Hex
    from railways.core.kinds import ActionKind
    from railways.core.plugins import BuildRestriction, Marker
    from railways.core.state import Link
    from railways.core.track import BuildPlan, CostRules


class Icon(Enum):
    """The symbol in a card's corner, which says how the card is used (RW-p5-36..41)."""

    GOAL = "circle"  # green circle: cannot be taken; first to achieve it scores
    DIAMOND = "diamond"  # purple diamond: kept; usable on one action per turn
    IMMEDIATE = "x"  # red X: used at once, then discarded
    HAND = "hand"  # hand of cards: kept until played, then discarded
    INFINITY = "infinity"  # kept face up for the rest of the game


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    effect: str
    icon: Icon
    start: bool = False
    params: Mapping[str, str | int] = field(default_factory=dict)
    text: str = ""
    source: str = "rulebook"
    # An optional card (Mexico's Black Star, RW-p21-07): in the game only when the optional
    # module of this id is chosen; "" for a card that is always in.
    only_with: str = ""


@dataclass(frozen=True, slots=True)
class BaronDef:
    id: str
    name: str
    effect: str
    points: int
    params: Mapping[str, str | int] = field(default_factory=dict)
    text: str = ""
    reveal_early: bool = False
    source: str = "rulebook"
    only_with: str = ""  # as for CardDef (Mexico's Black Star barons, RW-p19-08)


class CardEffect:
    """Behaviour of one Operations card effect key. Defaults do nothing.

    The engine calls these at fixed points: when the deck and display are set up
    (``start_pool``, ``dealt_at_setup``), when a card joins the display
    (``on_reveal``), when it is taken (``take_options``, ``take_count`` and ``take_at``,
    ``check_take``, ``on_take``), when it is played on an action (``build_rules``,
    ``upgrade_cost``, ``delivery_hook``), while it is in play
    (``build_restriction``), after events (``after_build``, ``after_delivery``,
    ``after_upgrade``, ``after_city_empty``), at income (``income``) and at the end
    (``final_points``). ``Game.discard`` takes a card out of play. ``summary`` says in a
    line what the card does (front ends show it), ``check_card`` checks its parameters
    against the board when a ruleset is made, and ``build_bonus`` tells listings and bots
    what playing it on a build gains beyond the price.
    ``docs/design.md`` checks every card of the rulebooks' appendix against them.
    """

    # Actions the card may be named on even when it changes no cost or rule there
    # ("build", "upgrade"): it acts afterwards, in ``after_build`` or ``after_upgrade``.
    plays_on: frozenset[str] = frozenset()
    # Whether every take ``take_options`` lists passes ``check_take`` (it makes them from
    # the facts that check reads): the listing then skips that check.
    takes_as_listed: bool = False

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        """What the card does, in one short line of our own words ("" when not written)."""
        return ""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        """Problems with the card's ``params`` on ``board`` (a city it names is not there)."""
        return []

    def start_pool(self, card: CardDef) -> tuple[str, int] | None:
        """For a start card: the pool it is drawn from and how many of that pool go out.

        None (the default): the start card goes on the display. Several start cards
        naming one pool are shuffled and only that many of them are shown (RW-p4-02).
        """
        return None

    def dealt_at_setup(self, card: CardDef) -> bool:
        """Whether the card may be dealt to the starting display (RW-p22-10: not always)."""
        return True

    def on_reveal(self, game: Game, card: CardDef) -> None:
        """The card has just joined the display from the deck."""

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        from railways.core.actions import TakeOperationsCard

        return [TakeOperationsCard(seat=seat, card=card.id)]

    def take_count(self, game: Game, seat: int, card: CardDef) -> int | None:
        """How many takes ``take_options`` lists now, told without making them, or None
        (not told: the playout sampler makes the list). An effect that tells it also
        answers ``take_at``, so the sampler makes only the take it draws."""
        return None

    def take_at(self, game: Game, seat: int, card: CardDef, index: int) -> TakeOperationsCard:
        """The take at ``index`` of the list ``take_options`` makes now (equal to it)."""
        return self.take_options(game, seat, card)[index]

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        """Raise IllegalAction if the choice that comes with taking the card is wrong."""

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        """Carry out what happens when the card is taken (red X cards act here)."""

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        """Adjust a Build Track action that uses this card."""
        return rules

    def upgrade_cost(self, game: Game, seat: int, card: CardDef, cost: int) -> int:
        """Adjust an Upgrade Engine action that uses this card."""
        return cost

    def build_bonus(self, game: Game, seat: int, card: CardDef, hexes: Sequence[Hex]) -> int:
        """Points playing the card on a build laying tiles on ``hexes`` would give ``seat``
        (listings offer the card where this or a lower price says it helps). It must depend
        on nothing but the seat, the card and the hexes: listings keep it per candidate."""
        return 0

    def after_build(
        self,
        game: Game,
        seat: int,
        link: Link,
        plan: BuildPlan,
        card: CardDef,
        holder: int | None,
        played: bool,
    ) -> None:
        """React to a build by ``seat``: ``plan`` says what was laid and ``link`` is the link
        built or extended; ``played`` when the card was named on this build."""

    def build_restriction(
        self, game: Game, seat: int, card: CardDef, holder: int | None
    ) -> BuildRestriction | None:
        """Hexes the card closes to ``seat``'s builds now (a charter kept by another)."""
        return None

    def after_city_empty(self, game: Game, city: str, card: CardDef, holder: int | None) -> None:
        """React to ``city`` losing its last cube."""

    def delivery_hook(self, game: Game, seat: int, card: CardDef) -> DeliveryHook | None:
        """How the card changes the route rules of a delivery it is played on (None: it can't)."""
        return None

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        """React to a delivery; ``holder`` is who keeps the card (None: on display)."""

    def delivery_city(self, card: CardDef) -> str | None:
        """The one city whose deliveries ``after_delivery`` may react to (None: any).

        The engine does not call ``after_delivery`` for a delivery to another city (a
        Hotel, a Service Bounty: most deliveries go elsewhere, and each call of an
        interpreted hook costs a Python frame). A subclass whose ``after_delivery`` reacts
        to other deliveries too must say None here."""
        return None

    def after_upgrade(self, game: Game, seat: int, card: CardDef, holder: int | None) -> None:
        """React to an engine upgrade."""

    def income(self, game: Game, seat: int, card: CardDef, holder: int | None, amount: int) -> int:
        """The seat's income this turn, given what it is before this card (``amount``)."""
        return amount

    def final_points(self, game: Game, seat: int, card: CardDef, holder: int | None) -> int:
        """Points the card gives ``seat`` at the end of the game."""
        return 0

    # -- set-up, pieces on the board, and answers to other seats' actions ---------------------
    def at_setup(self, game: Game, card: CardDef) -> None:
        """The card is on the starting display: change the starting board (a fixed cube)."""

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        """What this effect has put on the board, for every card of it (asked once per effect
        key of the deck, for ``view["markers"]``: a depot on a link, a spent mine)."""
        return ()

    def action_kinds(self) -> Sequence[ActionKind]:
        """Kinds of action the effect brings (a game registers them when its deck has the
        effect): how a seat answers another seat's action with the card, for example."""
        return ()

    def may_react(self, game: Game, action: Action, card: CardDef, holder: int) -> bool:
        """Whether ``holder`` may answer ``action`` (checked, not yet carried out) with the
        card. If any card says yes the action waits while those seats answer (``Game``'s
        reaction window) with the kinds of ``action_kinds``."""
        return False


class BaronEffect:
    """Scoring of one Rail Baron effect key."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        raise NotImplementedError

    def after_upgrade(self, game: Game, seat: int, baron: BaronDef) -> None:
        """React to an engine upgrade (a baron revealed as soon as its goal is met)."""
