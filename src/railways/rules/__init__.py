"""Rules plug-ins and the one place that assembles a playable game.

``new_game("eastern-us", players=4, seed=1)`` loads the board and decks,
gathers the map's plug-ins and card behaviour, and returns a ``Game``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from railways.content.decks import in_play, load_barons, load_operations
from railways.content.mapcheck import check_board
from railways.content.maps import DEFAULT_MAP, load_map
from railways.core.board import Board
from railways.core.cards import BaronEffect, CardEffect
from railways.core.game import Game, Options
from railways.core.plugins import OptionSpec, Plugin, Ruleset
from railways.core.rng import Rng
from railways.core.turns import TurnStructure, compose
from railways.rules.barons import BARON_EFFECTS
from railways.rules.cards import CARD_EFFECTS
from railways.rules.modules.base import (
    board_module_problems,
    check_modules,
    module_classes,
    module_option_keys,
    with_default_modules,
)
from railways.rules.registry import plugin_class, plugin_classes

RULESET_ID = "railways-of-the-world"
RULESET_VERSION = "1"


def board_plugin_classes(board: Board) -> tuple[type[Plugin], ...]:
    """The plug-in classes the board's ``rulesets`` names, in that order."""
    missing: list[str] = []
    classes: list[type[Plugin]] = []
    for plugin_id in board.rulesets:
        try:
            classes.append(plugin_class(plugin_id))
        except ValueError:
            missing.append(plugin_id)
    if missing:
        raise ValueError(f"{board.id}: unknown rules plug-in(s) {', '.join(missing)}")
    return tuple(classes)


def board_plugins(board: Board) -> tuple[Plugin, ...]:
    """New instances of the plug-ins the board's ``rulesets`` names, in that order."""
    return tuple(cls() for cls in board_plugin_classes(board))


def effects_with(
    plugins: Sequence[Plugin],
) -> tuple[dict[str, CardEffect], dict[str, BaronEffect]]:
    """The card and baron effects of the base game and of ``plugins``."""
    cards = dict(CARD_EFFECTS)
    barons = dict(BARON_EFFECTS)
    for plugin in plugins:
        cards.update(plugin.card_effects)
        barons.update(plugin.baron_effects)
    return cards, barons


def declared_options() -> tuple[OptionSpec, ...]:
    """Every option a plug-in describes (``Plugin.option_specs``), by key: what the server's
    ``options``, the CLI's flags and the docs offer. A key two plug-ins describe, or one a
    plug-in does not read (``option_keys``), is an error."""
    return tuple(spec for _, spec in declared_owners().values())


def declared_owners() -> dict[str, tuple[str, OptionSpec]]:
    """Each declared option's key -> the id of the plug-in that declares it, and the spec."""
    found: dict[str, tuple[str, OptionSpec]] = {}
    for pid, cls in sorted(plugin_classes().items()):
        for spec in cls.option_specs:
            if spec.key in found:
                raise ValueError(
                    f"option {spec.key!r} is described by both {found[spec.key][0]} and {pid}"
                )
            if spec.key not in cls.option_keys:
                raise ValueError(f"{pid}.option_specs: {spec.key!r} is not in its option_keys")
            found[spec.key] = (pid, spec)
    return dict(sorted(found.items()))


def offered_options(board: Board) -> list[dict[str, Any]]:
    """The declared options a game on ``board`` may set, as the lobby builds its form from
    them: those of the board's plug-ins, then the modules' (``module``: the one it goes
    with), each with the ids to choose among (``Plugin.option_choices``)."""
    try:
        classes = list(board_plugin_classes(board))
    except ValueError:
        classes = []
    modules = module_classes()
    out: list[dict[str, Any]] = []
    for cls in [*classes, *(c for c in modules.values() if c not in classes)]:
        choices = cls.option_choices(board)
        for spec in cls.option_specs:
            out.append(
                {
                    "key": spec.key,
                    "label": spec.label,
                    "help": spec.help,
                    "clause": spec.clause,
                    "default": spec.default,
                    "max_items": spec.max_items,
                    "ordered": spec.ordered,
                    "module": cls.id if cls.id in modules else None,
                    "choices": [{"id": i, "name": n} for i, n in choices.get(spec.key, ())],
                }
            )
    return out


def check_map(board: Board) -> list[str]:
    """The whole-board checks and those of the board's plug-ins, in plain words."""
    try:
        plugins = board_plugins(board)
    except ValueError as exc:
        return [*check_board(board), str(exc)]
    # Cities a plug-in's rules join without track (time gates) count as joined.
    problems = check_board(
        board,
        [j for p in plugins for j in p.board_joins(board)],
        frozenset().union(*(p.track_specials for p in plugins)),  # ferries opened by a card
    )
    owned = set().union(*(p.requirements for p in plugins))
    for line in sorted(board.major_lines.values(), key=lambda m: m.id):
        for requirement in sorted(line.requires - owned):
            problems.append(
                f"Major Line {line.id} requires {requirement!r}, which none of the board's "
                f"plug-ins ({', '.join(board.rulesets) or 'none'}) judges"
            )
    kinds = set().union(*(p.feature_kinds for p in plugins))
    features = [("special hex", s.id, s.kind) for s in board.specials.values()]
    features += [("border", b.id, b.kind) for b in board.borders.values()]
    for what, fid, kind in sorted(features):
        if kind not in kinds:
            problems.append(
                f"{what} {fid} is of kind {kind!r}, to which no plug-in of the board "
                f"({', '.join(board.rulesets) or 'none'}) gives a meaning"
            )
    for plugin in plugins:
        problems += plugin.check_board(board)
    return problems + board_module_problems(board)


def module_plugins(ids: Sequence[str]) -> tuple[Plugin, ...]:
    """New instances of the chosen optional modules, in the order of their ids."""
    from railways.rules.modules.base import module_classes

    known = module_classes()
    return tuple(known[mid]() for mid in sorted(ids))


def turn_of(plugins: Sequence[Plugin]) -> TurnStructure:
    """The turn the plug-ins make: the default steps with each plug-in's changes
    (``Plugin.turn_steps``), over the one whole turn a plug-in may bring
    (``Plugin.turn_structure``: the solo game's, Through Time's). ValueError naming the
    two plug-ins (and the step) when changes clash (``railways.core.turns.compose``)."""
    base: type[TurnStructure] = TurnStructure
    owner: str | None = None
    for plugin in plugins:
        if plugin.turn_structure is not None:
            if owner is not None:
                raise ValueError(f"{owner} and {plugin.id} both bring a whole turn of their own")
            owner, base = plugin.id, plugin.turn_structure
    changes = [(plugin.id, step) for plugin in plugins for step in plugin.turn_steps]
    if owner is None and not changes:
        return TurnStructure()
    return compose(changes, base, owner)


def ruleset_for(board: Board, map_dir: str | None = None, modules: Sequence[str] = ()) -> Ruleset:
    """The board's ruleset, with the optional modules ``modules`` (checked by the caller)."""

    source = map_dir or board.id
    # Optional cards (Mexico's Black Stars, RW-p21-07) only with the module that brings them.
    cards = in_play(load_operations(source), modules)
    barons = in_play(load_barons(source), modules)
    plugins = board_plugins(board) + module_plugins(modules)
    for plugin in plugins:  # a board played in parts leaves out the cards of parts not used
        cards = dict(plugin.cards_in_play(board, cards))
    turns = turn_of(plugins)
    card_effects, baron_effects = effects_with(plugins)
    unknown = sorted({c.effect for c in cards.values()} - set(card_effects))
    unknown += sorted({b.effect for b in barons.values()} - set(baron_effects))
    if unknown:
        raise ValueError(f"{board.id}: no behaviour for card effect(s) {', '.join(unknown)}")
    wrong = [  # a card's params that do not fit the board (a city that is not on it)
        f"{card.id}: {problem}"
        for card in sorted(cards.values(), key=lambda c: c.id)
        for problem in card_effects[card.effect].check_card(board, card)
    ]
    if wrong:
        raise ValueError(f"{board.id}: Operations card(s) do not fit the board: {'; '.join(wrong)}")
    return Ruleset(
        id=RULESET_ID,
        version=RULESET_VERSION,
        plugins=plugins,
        cards=cards,
        card_effects=card_effects,
        barons=barons,
        baron_effects=baron_effects,
        turns=turns,
    )


def new_game(
    map_id: str = DEFAULT_MAP,
    players: int | Sequence[str] = 4,
    seed: int = 0,
    options: Options | Mapping[str, Any] | None = None,
    rng: Rng | None = None,
) -> Game:
    """Start a game: a map id (or map directory), a player count or names, a seed.

    ``options={"solo": True, ...}`` starts a Rail Barons solo game (``railways.rules.solo``).
    ``rng``, when given, is the generator the game deals and plays with instead of one made
    from ``seed`` (``Game``; OpenSpiel's chance nodes use it).
    """
    board = load_map(map_id)
    names = (
        [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    )
    if options is not None and not isinstance(options, Options):
        options = Options.from_dict(options)
    if options is not None and options.extra.get("solo"):
        from railways.rules.solo import new_solo_game

        return new_solo_game(map_id, names, seed, options, rng=rng)
    modules: list[str] = []
    classes = board_plugin_classes(board)
    defaults = with_default_modules(board, options.extra if options is not None else {})
    if defaults is not None:  # the board's own modules, unless left out (RW-p12-13)
        options = options or Options()
        options = replace(options, extra={**options.extra, "modules": defaults})
    if options is not None:
        keys = frozenset().union(*(c.option_keys for c in classes)) | module_option_keys()
        check_options(options, keys)
        modules = list(options.extra.get("modules", []))
        check_modules(modules, board, len(names), options.extra)
        if modules != sorted(modules):  # one spelling per choice, so records compare equal
            options = replace(options, extra={**options.extra, "modules": sorted(modules)})
        if "shorter-game" in modules and not options.shorter_game:
            # The module and the old option are one rule (RW-p8-06); set-up reads the option.
            options = replace(options, shorter_game=True)
    for cls in classes:  # a board made of parts chosen at set-up (Through Time's eras)
        board, options = cls.game_board(board, options or Options(), len(names))
    directory = map_id if "/" in map_id else None
    ruleset = ruleset_for(board, directory, modules)
    if options is not None and options.extra.get("universal_barons"):
        ruleset = with_universal_barons(ruleset)
    return Game(board, ruleset, names, seed, options, rng=rng)


# Options of a multiplayer game beyond Options' own fields, each true or false.
MULTIPLAYER_OPTIONS = frozenset({"universal_barons"})
# Options whose value is a list of ids: the optional modules chosen (``railways variants``)
# and the board's default modules left out. The plug-ins' own (``declared_options``) are
# lists of ids too.
LIST_OPTIONS = frozenset({"modules", "without_modules"})


def check_options(options: Options, board_keys: frozenset[str] = frozenset()) -> None:
    """Refuse options this game does not know, naming the one that is wrong.

    ``board_keys`` are the options the game's plug-ins read (``Plugin.option_keys``, the
    board's and the modules'); those plug-ins check their values (``Plugin.game_board``,
    ``Module.check_options``)."""
    for key, value in options.extra.items():
        if key in board_keys:
            continue
        if key in LIST_OPTIONS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"options.{key}: expected a list of ids")
            continue
        if key not in MULTIPLAYER_OPTIONS:
            known = ", ".join(
                sorted({"shorter_game", "solo", *MULTIPLAYER_OPTIONS, *LIST_OPTIONS, *board_keys})
            )
            raise ValueError(f"options.{key}: not an option of this game (known: {known})")
        if not isinstance(value, bool):
            raise ValueError(f"options.{key}: expected true or false")


def with_universal_barons(ruleset: Ruleset) -> Ruleset:
    """The ruleset with the 24 Universal Rail Barons instead of the map's (RB-026)."""
    from railways.content.universal import load_universal_barons
    from railways.rules.universal_barons import UNIVERSAL_BARON_EFFECTS

    effects = {**ruleset.baron_effects, **UNIVERSAL_BARON_EFFECTS}
    return replace(ruleset, barons=load_universal_barons(), baron_effects=effects)


# Action kinds that plug-ins define must be known before any record is read, so that a
# saved solo game loads in a process that has not started one yet.
from railways.rules.solo import actions as _solo_actions  # noqa: E402, F401
