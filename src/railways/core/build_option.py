"""A candidate Build Track action (:class:`BuildOption`) and what a seat's builds may use now.

How an option is made from a precomputed route (:func:`_option`, kept per board) or from a
build checked in full (:func:`_try`); the tiles and cards a seat has for a build, the hexes
closed to it, and whether a plug-in judges every build.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, Final, final

from railways.core.actions import Action, BuildTrack
from railways.core.board import Board
from railways.core.cards import CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.routes import FirstLeg, StaticRoute
from railways.core.state import Link
from railways.core.track import CostRules


@final
class BuildOption:
    """A candidate Build Track action and what it does. Immutable (compiled, its
    attributes cannot be set; mypy refuses it everywhere), equal by its fields.

    Not a frozen dataclass: thousands are made per listing, and a frozen dataclass is made
    by a Python ``__init__`` that sets each field through ``object.__setattr__`` (compiled
    too), about twenty times the cost of this one compiled. For the same reason the
    listing makes most options without their :class:`BuildTrack` (``action=None`` and the
    build's fields instead): ``action`` makes it when first read, so an option listed but
    never chosen (most of them) makes none. ``seat``, ``path``, ``exit``, ``redirect`` and
    ``cards`` are the action's; ``number`` is the route's in the board's slots
    (``build_slots``), or -1: the listing keeps things by it (not part of the option's
    value). ``code`` and ``code_owner`` are no part of it either: a reader's cache, not the
    rules' (the research encoding keeps each option's index code there, with its own
    number, ``railways.rl.step_loops.BuildCodes``), set as ``action`` sets its action."""

    FIELDS: ClassVar[tuple[str, ...]] = ("action", "cost", "tiles", "to_city", "route")
    __slots__ = (
        "_action",
        "cards",
        "code",
        "code_owner",
        "cost",
        "exit",
        "number",
        "path",
        "redirect",
        "route",
        "seat",
        "tiles",
        "to_city",
    )

    def __init__(
        self,
        action: BuildTrack | None,
        cost: int,
        tiles: int,
        to_city: str | None,
        route: tuple[Hex, ...],  # the whole planned route, for links needing several actions
        seat: int = 0,  # with no action: the fields of the action to make when asked for
        path: tuple[Hex, ...] = (),
        exit: Side | None = None,
        cards: tuple[str, ...] = (),
        number: int = -1,  # the route's number in the board's slots (-1: none), for caches
    ) -> None:
        redirect = False
        if action is not None:
            seat, path, exit = action.seat, action.path, action.exit
            redirect, cards = action.redirect, action.cards
        self._action = action
        self.seat: Final = seat
        self.path: Final = path
        self.exit: Final = exit
        self.redirect: Final = redirect
        self.cards: Final = cards
        self.cost: Final = cost
        self.tiles: Final = tiles
        self.to_city: Final = to_city
        self.route: Final = route
        self.number: Final = number
        self.code = -1  # (set by a reader: see the class)
        self.code_owner = 0

    @property
    def action(self) -> BuildTrack:
        """The Build Track action (made on first use, then kept)."""
        action = self._action
        if action is None:
            action = new_build_track(self.seat, self.path, self.exit, self.redirect, self.cards)
            self._action = action
        return action

    def _key(
        self,
    ) -> tuple[
        int,
        tuple[Hex, ...],
        Side | None,
        bool,
        tuple[str, ...],
        int,
        int,
        str | None,
        tuple[Hex, ...],
    ]:
        # The action's fields stand for it: equal actions are equal in exactly these.
        return (
            self.seat,
            self.path,
            self.exit,
            self.redirect,
            self.cards,
            self.cost,
            self.tiles,
            self.to_city,
            self.route,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BuildOption):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"BuildOption(action={self.action!r}, cost={self.cost!r}, tiles={self.tiles!r}, "
            f"to_city={self.to_city!r}, route={self.route!r})"
        )

    def __reduce__(self) -> tuple[type[BuildOption], tuple[Any, ...]]:
        # copy and pickle remake it by its constructor
        return BuildOption, (self.action, self.cost, self.tiles, self.to_city, self.route)


# BuildTrack's slots, set one by one through their descriptors (``new_build_track``).
_BUILD_FIELDS: Final = ("seat", "path", "exit", "redirect", "cards")
_NEW: Final[Any] = object.__new__
_SET_SEAT: Final[Any] = Action.__dict__["seat"].__set__
_SET_PATH: Final[Any] = BuildTrack.__dict__["path"].__set__
_SET_EXIT: Final[Any] = BuildTrack.__dict__["exit"].__set__
_SET_REDIRECT: Final[Any] = BuildTrack.__dict__["redirect"].__set__
_SET_CARDS: Final[Any] = BuildTrack.__dict__["cards"].__set__
# Whether BuildTrack's __init__ does nothing but set those fields (no __post_init__, no other
# field): else new_build_track calls it.
_PLAIN_BUILD: Final = (
    tuple(f.name for f in fields(BuildTrack)) == _BUILD_FIELDS
    and not hasattr(BuildTrack, "__post_init__")
    and type(BuildTrack).__call__ is type.__call__
    and BuildTrack.__new__ is object.__new__
)


def new_build_track(
    seat: int, path: tuple[Hex, ...], exit: Side | None, redirect: bool, cards: tuple[str, ...]
) -> BuildTrack:
    """``BuildTrack(seat, path, exit, redirect, cards)``: the same value, made without the
    class's ``__init__``. Every reader of a whole listing (``LegalActions.all``, the greedy
    bot, a front end) makes the action of each new option, and that ``__init__`` is
    interpreted Python (a frozen dataclass's, ``actions._quicker_init``): about 5,300
    instructions a build, against about 3,100 here compiled (the slots set through their
    descriptors, as that ``__init__`` does)."""
    if not _PLAIN_BUILD:
        return BuildTrack(seat, path, exit, redirect, cards)
    action = _NEW(BuildTrack)
    _SET_SEAT(action, seat)
    _SET_PATH(action, path)
    _SET_EXIT(action, exit)
    _SET_REDIRECT(action, redirect)
    _SET_CARDS(action, cards)
    made: BuildTrack = action
    return made


def bare_build(seat: int, cards: tuple[str, ...] = ()) -> BuildTrack:
    """A build of no hexes by ``seat`` naming ``cards``: what the rules are asked about
    (``Game.build_rules``). The same few are asked about on every listing, so each is
    made once (an action is a value: sharing it is safe)."""
    key = (seat, cards)
    action = _BARE_BUILDS.get(key)
    if action is None:
        if len(_BARE_BUILDS) > BARE_BUILDS_KEPT:
            _BARE_BUILDS.clear()
        action = _BARE_BUILDS[key] = BuildTrack(seat=seat, cards=cards)
    return action


_BARE_BUILDS: dict[tuple[int, tuple[str, ...]], BuildTrack] = {}
BARE_BUILDS_KEPT = 4096  # seats and card lists seen; a few dozen in a game


def _max_tiles(game: Game, seat: int) -> tuple[int, tuple[str, ...]]:
    """The most tiles the seat can lay now, and the cards that allow it."""
    best, cards, _rules = _tile_limit(game, seat)
    return best, cards


def _tile_limit(game: Game, seat: int) -> tuple[int, tuple[str, ...], CostRules]:
    """``_max_tiles``, with the rules of a build naming those cards (``Game.build_rules``:
    worked out here already, so the listing need not ask again)."""
    best_rules = game.build_rules(bare_build(seat))
    best = best_rules.max_tiles
    cards: tuple[str, ...] = ()
    player = game.state.players[seat]
    for card_id in player.kept:
        if type(game.card_effect(game.card(card_id))).build_rules is CardEffect.build_rules:
            # Its effect leaves a build's rules as they are: it allows no more tiles (and a
            # card that does not play on builds would only be refused, at some cost).
            continue
        try:
            rules = game.build_rules(bare_build(seat, (card_id,)))
        except IllegalAction:
            continue
        if rules.max_tiles > best:
            best, cards, best_rules = rules.max_tiles, (card_id,), rules
    return best, cards, best_rules


def _option(
    board: Board,
    seat: int,
    cards: tuple[str, ...],
    route: StaticRoute | FirstLeg,
    dest: str | None,
) -> BuildOption:
    """The option of a route over empty hexes: made once per board, seat and cards."""
    made: dict[tuple[int, tuple[str, ...], StaticRoute | FirstLeg], BuildOption]
    made = board.derived("build_options", dict)
    key = (seat, cards, route)
    option = made.get(key)
    if option is None:
        option = made[key] = _new_option(seat, cards, route, dest)
    return option


def _new_option(
    seat: int,
    cards: tuple[str, ...],
    route: StaticRoute | FirstLeg,
    dest: str | None,
    number: int = -1,
) -> BuildOption:
    """The option of a route over empty hexes, made anew (the slots keep theirs by the
    route's ``number``: ``build_slots._made_options``)."""
    # Without its action: that is made only for the option chosen (BuildOption.action).
    if isinstance(route, FirstLeg):
        tiles, path = len(route.path) - 1, route.route
        return BuildOption(
            None, route.cost, tiles, None, path, seat, route.path, route.exit, cards, number
        )
    return BuildOption(
        None, route.cost, route.tiles, dest, route.path, seat, route.path, None, cards, number
    )


def _closed(game: Game, seat: int) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """Hexes closed to the seat's builds now, and hexes closed only as a build's start."""
    restrictions = game.build_restrictions(seat)
    return _union([r.hexes for r in restrictions if not r.starts_only]), _union(
        [r.hexes for r in restrictions if r.starts_only]
    )


def _union(sets: list[frozenset[Hex]]) -> frozenset[Hex]:
    # One set is kept as it is: the same object each time hashes once (frozensets keep their
    # hash), and these key the listing caches (a closed Western board is 679 hexes).
    return sets[0] if len(sets) == 1 else frozenset().union(*sets)


def _judged(game: Game) -> bool:
    """Whether a plug-in judges every build (``Plugin.judges_builds``): each candidate is
    then checked in full, as no precomputed route can know the plug-in's verdict."""
    return any(p.judges_builds for p in game.ruleset.plugins)


def _judged_cities(game: Game) -> frozenset[str]:
    """The cities whose links a plug-in judges in full now (``Plugin.judged_cities``)."""
    found: frozenset[str] = frozenset()
    for plugin in game.ruleset.plugins:
        found |= plugin.judged_cities(game)
    return found


def _try(
    game: Game, action: BuildTrack, route: tuple[Hex, ...], dest: str | None
) -> BuildOption | None:
    try:
        plan = game.plan(action)
    except IllegalAction:
        return None
    return BuildOption(action, plan.cost, plan.tiles_laid, dest, route)


def _open_links(game: Game, seat: int) -> list[Link]:
    """The seat's incomplete links (kept until the track changes; do not modify)."""
    state = game.state
    hit = game.derived.get("open_links")
    if hit is None or hit[0] != state.track_version:
        by_seat: dict[int, list[Link]] = {}
        for link in state.links.values():
            if link.end is None:
                by_seat.setdefault(link.owner, []).append(link)
        hit = game.derived["open_links"] = (state.track_version, by_seat)
    found: list[Link] = hit[1].get(seat, [])
    return found
