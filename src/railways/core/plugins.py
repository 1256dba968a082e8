"""Rules plug-ins: the points at which a map's special rules or a variant hook in.

The core never asks which map it is playing. A map's rules (Eastern U.S.
ferries, time warps, regions) subclass :class:`Plugin` and are listed in the
:class:`Ruleset` the game is created with. A plug-in adds kinds of action
(``action_kinds``), changes the delivery rules (``delivery_hooks``), prices track
(``edge_cost``), gives meaning to the board's special hexes and borders
(``check_board``) and tells the front ends what to draw (``markers``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from railways.core.cards import BaronDef, BaronEffect, CardDef, CardEffect
from railways.core.turns import Step, TurnStructure

if TYPE_CHECKING:
    from railways.core.actions import Action, BuildTrack
    from railways.core.board import Board, Color, MajorLine
    from railways.core.delivery import DeliveryHook, RouteLink
    from railways.core.game import Delivery, Game, Options
    from railways.core.hexgrid import Hex
    from railways.core.kinds import ActionKind
    from railways.core.rng import Rng
    from railways.core.state import Link
    from railways.core.track import BuildPlan, CostRules


@dataclass(frozen=True)
class OptionSpec:
    """A game option of a plug-in's rules, described so the front ends can offer it: the
    server's ``options`` field, the CLI flag (``--`` and the key with dashes, and
    ``--option KEY=ID,ID``), the lobby's boxes and the docs' table are made from it. Its
    value is a list of ids; the ids a game on a board may choose among are
    ``Plugin.option_choices(board)[key]``, and the plug-in checks what is chosen (a board's
    in ``game_board``, a module's in ``Module.check_options``)."""

    key: str  # the key of ``Options.extra`` (and one of the plug-in's ``option_keys``)
    help: str  # what it chooses, in a sentence of our own
    clause: str = ""  # the rule it follows
    default: str = ""  # what a game plays when none is chosen, in words
    title: str = ""  # the lobby's label (default: the key in words)
    max_items: int = 20  # the most ids a request may give
    max_length: int = 40  # the longest id
    metavar: str = "ID,ID,..."
    # False: the ids are a set (the front ends give them sorted, once each); True: their
    # order is the player's (the flag keeps it).
    ordered: bool = True

    @property
    def flag(self) -> str:
        return "--" + self.key.replace("_", "-")

    @property
    def label(self) -> str:
        return self.title or self.key.replace("_", " ").capitalize()

    def described(self) -> str:
        """The help with its default and clause, for --help and the API schema."""
        text = f"{self.help} (default: {self.default})" if self.default else self.help
        return f"{text} ({self.clause})" if self.clause else text

    def normalised(self, ids: Sequence[str]) -> list[str]:
        """The ids as a game records them: as given, or sorted and once each unless
        ``ordered`` (an id given twice in order is the plug-in's to refuse)."""
        return list(ids) if self.ordered else sorted(set(ids))


@dataclass(frozen=True)
class BuildRestriction:
    """Hexes a seat may not lay track on, start from or link to now, and why."""

    hexes: frozenset[Hex]
    reason: str
    clause: str | None = None
    # Closed only as the place a build starts from (an unbuilt town, AU-030): track may
    # still be built to them.
    starts_only: bool = False


@dataclass(frozen=True, slots=True)
class Marker:
    """Something a plug-in wants drawn on the board or listed beside it.

    A front end shows every marker the same way, whatever the rule behind it:
    ``symbol`` (one or two characters) at ``hex`` or beside ``city``, in the colour
    of ``owner`` when there is one, with ``label`` as its text and ``help`` as the
    clause id that explains it. ``kind`` groups markers for styling and legends.
    """

    kind: str
    label: str
    symbol: str = ""
    hex: Hex | None = None
    city: str | None = None
    owner: int | None = None
    help: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "label": self.label,
            "symbol": self.symbol,
            "hex": [self.hex.row, self.hex.col] if self.hex is not None else None,
            "city": self.city,
            "owner": self.owner,
            "help": self.help,
        }


class Plugin:
    """A rules plug-in. Every hook has a do-nothing default."""

    id: str = ""
    # Major Line requirements (``requires`` in major_lines.toml) this plug-in judges.
    requirements: frozenset[str] = frozenset()
    # Kinds of special hex and border (map.toml) this plug-in gives a meaning to.
    feature_kinds: frozenset[str] = frozenset()
    # Whether ``edge_cost`` adds to the cost of track (a toll border).
    prices_edges: bool = False
    # Kinds of special hex track may be laid on under this plug-in's rules (with a card that
    # opens them, ``CostRules.special_tiles``): the board checks let track through them.
    track_specials: frozenset[str] = frozenset()
    # Whether ``judge_build`` may refuse or reprice a plain link between two cities (listings
    # then check each candidate in full, not from precomputed routes), and whether
    # ``route_allowed`` rules out routes on the empty board.
    judges_builds: bool = False
    judges_routes: bool = False
    # Rail Baron and Operations card effect keys this plug-in gives meaning to.
    baron_effects: Mapping[str, BaronEffect] = {}
    card_effects: Mapping[str, CardEffect] = {}
    # What the bots know of this plug-in's rules: bot name -> ``"module:Class"`` of a piece
    # the bot combines with its own (``railways.bots.pieces``), imported when a bot first
    # plays a game of the plug-in. A greedy piece subclasses ``railways.bots.greedy._Context``.
    bot_pieces: Mapping[str, str] = {}
    # The board's part of the solo game (its solo appendix): ``"module:Class"`` of a
    # ``railways.rules.solo.hooks.SoloHook``, which the generic solo rules and the Railbot ask.
    solo_hook: str = ""
    # Keys of ``Options.extra`` the board's rules read (Through Time's ``eras``), accepted by
    # ``railways.rules.check_options`` on this board only; ``game_board`` checks their values.
    option_keys: frozenset[str] = frozenset()
    # Those of ``option_keys`` the front ends offer, described (``OptionSpec``).
    option_specs: tuple[OptionSpec, ...] = ()
    # The steps of a turn this plug-in replaces or wraps (``railways.core.turns``): changes
    # to different steps combine; two replacements of one step are refused.
    turn_steps: ClassVar[tuple[type[Step], ...]] = ()
    # A whole turn of its own (the solo game's, Through Time's): it owns the steps whose
    # hooks it overrides, which no other plug-in may then change. At most one per game.
    turn_structure: ClassVar[type[TurnStructure] | None] = None
    # Help for the front ends on this plug-in's rules: a TOML file beside the plug-in's module
    # (``railways.rules.help`` reads it): topics of their own, and paragraphs added to the
    # base game's topics, each citing its clause.
    help_file: ClassVar[str] = ""
    # Whether the plug-in deals the Operations display itself in ``setup`` (the solo game,
    # RB-048): the base game's deal, and the reveals it sets off, are then skipped.
    deals_operations: bool = False

    @classmethod
    def game_board(cls, board: Board, options: Options, players: int) -> tuple[Board, Options]:
        """The board a game with ``options`` is played on, and its options as recorded.

        Called before the game is made; a board made of parts chosen at set-up (Through
        Time's eras) returns the parts put together and writes the choice into the options.
        Raise ValueError to refuse options, saying which is wrong and why."""
        return board, options

    @classmethod
    def option_choices(cls, board: Board) -> Mapping[str, Sequence[tuple[str, str]]]:
        """For each of ``option_keys`` that lists ids, the ids a game may choose among, with
        their names (Through Time's eras): front ends offer them as boxes to tick."""
        return {}

    def cards_in_play(self, board: Board, cards: Mapping[str, CardDef]) -> Mapping[str, CardDef]:
        """The Operations cards of a game on ``board`` (leave out cards for parts not played)."""
        return cards

    def board_joins(self, board: Board) -> Sequence[tuple[str, str]]:
        """Pairs of cities the rules join other than by track (time gates), which the whole
        board check (``railways map check``) counts as joined."""
        return ()

    def setup(self, game: Game) -> None:
        """Called once after the board and decks are set up."""

    def action_kinds(self) -> Sequence[ActionKind]:
        """The kinds of action this plug-in adds (registered with the game's own)."""
        return ()

    def check_action(self, game: Game, action: Action) -> None:
        """Raise IllegalAction to refuse an action the rules would otherwise accept.

        Asked by ``Game.check`` after the action's own check passed (a variant that
        forbids something, such as Cut Throat's ban on redirecting, RW-p7-34).
        """

    def cubes_held(self, game: Game) -> Mapping[Color, int]:
        """Goods cubes neither on a city nor in the bag, by colour (a cube a player holds at
        a Fuel Depot between two actions, RW-p7-17): the invariants count them."""
        return {}

    def allowed_kinds(self, game: Game, seat: int) -> frozenset[str] | None:
        """The only kinds of action the seat may take now, or None for no limit (a Fuel
        Depot placed as part of a Build Track action leaves only the build, RW-p7-12).
        Listing and sampling offer nothing else; ``check_action`` refuses the rest."""
        return None

    def after_action(self, game: Game, action: Action) -> None:
        """Called after any action is performed, before the turn moves on (a variant that
        rearranges the turn order after the auction, RW-p8-01)."""

    def places_ecm(self, game: Game, city: str) -> bool:
        """Whether an Empty City Marker goes on ``city`` when its last cube leaves (the
        Transcontinental game's Western phase puts them on some cities only, RW-p9-31).
        A city without one is not counted for the end of the game; the invariants and the
        end trigger both ask every plug-in."""
        return True

    def open_cities(self, game: Game) -> frozenset[str] | None:
        """The cities an Urbanize or a card that grows or urbanizes a city may name now, or
        None for every city. Only listings use it, to leave out what ``check_action`` would
        refuse anyway (the board not in play in a phase of the Transcontinental game)."""
        return None

    def end_trigger_note(self, game: Game) -> str | None:
        """What the log says when the last Empty City Marker is placed, where this plug-in's
        rules end the game (or a phase of it) otherwise than RW-p6-10; None: the usual."""
        return None

    def final_points(self, game: Game, seat: int) -> int:
        """Points the seat scores at the end of the game by this plug-in's rules (a second
        Rail Baron card, RW-p8-34), added to the final score; 0 by default."""
        return 0

    def check_board(self, board: Board) -> list[str]:
        """Problems with the board's data for this plug-in's rules (its special hexes...)."""
        return []

    def after_build(self, game: Game, seat: int, link: Link) -> None:
        """Called after every Build Track action."""

    def after_plan(self, game: Game, seat: int, link: Link, plan: BuildPlan) -> None:
        """Called after every Build Track action with the plan laid (where it started from,
        what it cost), after ``after_build``."""

    def judge_build(
        self, game: Game, action: BuildTrack, plan: BuildPlan, rules: CostRules
    ) -> BuildPlan:
        """Judge every build the base rules accept: raise IllegalAction to refuse it, or return
        the plan with ``extras``/``extra_cost``/``cost`` added for what the plug-in charges
        (a town built on the way). ``rules.permits`` says what cards lift. A plug-in whose
        verdict can differ for a plain link between two cities sets ``judges_builds``."""
        return plan

    def route_allowed(self, board: Board, path: Sequence[Hex]) -> bool:
        """Whether a route of hexes from a city (``judges_routes``) may ever be built without
        a card: listings leave out the routes it refuses. A refused route must stay refused
        when it is extended (a region border crossed stays crossed)."""
        return True

    def route_links(self, game: Game) -> Sequence[RouteLink]:
        """Ways over existing track that count as one link for deliveries though no link
        holds them (a switch's branch seen from the far end of the track it leaves)."""
        return ()

    def build_rules(self, game: Game, seat: int, rules: CostRules) -> CostRules:
        """How the seat's builds are charged now, before any card changes it (an event
        that raises a terrain's price or allows more tiles). Return ``rules`` unchanged
        by default; legal listing and ``Game.plan`` both read the result."""
        return rules

    def after_income(self, game: Game) -> None:
        """Called at the end of the income phase (after income, dividends and the removal
        of incomplete links), before the new Operations card (the Event Deck, RW-p6-34)."""

    def edge_cost(self, board: Board, a: Hex, b: Hex) -> int:
        """Extra cost of track crossing the edge between ``a`` and ``b`` (prices_edges)."""
        return 0

    def delivery_hooks(self, game: Game) -> Sequence[DeliveryHook]:
        """Changes to the route rules of deliveries now (railways.core.delivery)."""
        return ()

    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        """Called after a cube is delivered and its points are scored."""

    def major_line_met(
        self, game: Game, seat: int, line: MajorLine, network: frozenset[str]
    ) -> bool | None:
        """Judge a Major Line requirement this plug-in owns; None if not its requirement."""
        return None

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        """Public (or the seat's own) plug-in state for views."""
        return {}

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        """What to draw on the board for this plug-in's state (see :class:`Marker`)."""
        return ()

    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        """Hexes closed to the seat's builds now (Eastern U.S. solo: west of the mountains)."""
        return None

    def build_restrictions(self, game: Game, seat: int) -> Sequence[BuildRestriction]:
        """Every restriction of this plug-in now (default: the one ``build_restriction``
        gives); a plug-in with several kinds (closed hexes, hexes closed as starts) returns
        them all here."""
        one = self.build_restriction(game, seat)
        return () if one is None else (one,)

    def judged_cities(self, game: Game) -> frozenset[str]:
        """Cities whose links ``judge_build`` may refuse or price differently now (a town not
        built yet). Listings check every candidate link to or from them in full; the others
        are taken as precomputed unless ``judges_builds`` is set."""
        return frozenset()

    def judgement_key(self, game: Game, seat: int) -> Hashable | None:
        """What this plug-in's ``judge_build`` verdict on a link from a city depends on now,
        besides the track on the link's own hexes, the seat, the cards played, the hexes
        closed to the seat and whether each of the link's two ends is one of the
        ``judged_cities`` (listings note that with each verdict): while the key stays the
        same, listings keep the verdicts they reached. None (the default): it cannot be
        said, and every candidate is judged afresh each time."""
        return None

    def engine_level(self, game: Game, seat: int, level: int) -> int:
        """The engine level that counts for the seat's deliveries (a penalty may lower it)."""
        return level

    def determinize(self, game: Game, seat: int, rng: Rng) -> None:
        """Resample this plug-in's hidden state (deck orders) in a determinized copy."""


@dataclass(frozen=True, slots=True)
class EdgeCosts:
    """The plug-ins that price crossing an edge, as one function of (board, a, b), and those
    that rule out routes on the empty board (``Plugin.route_allowed``)."""

    plugins: tuple[Plugin, ...] = ()
    judges: tuple[Plugin, ...] = ()

    @property
    def key(self) -> tuple[str, ...]:
        """Names the pricing and judging, for indexes of routes worked out once per board."""
        return (*(p.id for p in self.plugins), *(f"judge:{p.id}" for p in self.judges))

    def __call__(self, board: Board, a: Hex, b: Hex) -> int:
        # Asked for every edge of every build priced: no generator for the one plug-in
        # that most boards with edge costs have.
        plugins = self.plugins
        if len(plugins) == 1:
            return plugins[0].edge_cost(board, a, b)
        total = 0
        for plugin in plugins:
            total += plugin.edge_cost(board, a, b)
        return total

    def allowed(self, board: Board, path: Sequence[Hex]) -> bool:
        """Whether every judging plug-in allows the route ``path``."""
        judges = self.judges
        if len(judges) == 1:  # (the usual one, Australia's: asked of every route from a switch)
            return judges[0].route_allowed(board, path)
        return all(p.route_allowed(board, path) for p in judges)

    def __bool__(self) -> bool:
        return bool(self.plugins)

    @classmethod
    def of(cls, plugins: Sequence[Plugin]) -> EdgeCosts:
        return cls(
            tuple(p for p in plugins if p.prices_edges),
            tuple(p for p in plugins if p.judges_routes),
        )


@dataclass(frozen=True)
class Ruleset:
    """Everything a game needs besides the board: plug-ins, decks and card behaviour."""

    id: str
    version: str
    plugins: tuple[Plugin, ...] = ()
    cards: Mapping[str, CardDef] = field(default_factory=dict)
    card_effects: Mapping[str, CardEffect] = field(default_factory=dict)
    barons: Mapping[str, BaronDef] = field(default_factory=dict)
    baron_effects: Mapping[str, BaronEffect] = field(default_factory=dict)
    turns: TurnStructure = field(default_factory=TurnStructure)
