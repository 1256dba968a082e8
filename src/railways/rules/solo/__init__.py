"""Rail Barons solo play: one player against the Railbot (the RB clauses).

``new_solo_game("eastern-us", seed=1, options={"duel_barons": True})`` starts a game; so does
``new_game("eastern-us", players=1, seed=1, options={"solo": True, ...})``, which is how game
records replay one (their options carry ``solo`` and the settings). The pieces:

- ``content.solo``: the map's solo appendix, the Railbot deck and the Duel Barons (data);
- ``plugin``: the rules plug-in (set-up, Insurance, Duel Baron claims, deliveries, the
  Eastern U.S. limit on building west) and the turn structure (no auction; the Railbot's
  card between the second and third action);
- ``railbot``: the Railbot's deck, row and card resolution, with the choices it leaves to
  the player; ``duel``: the Duel Barons' goals and effects; ``actions``: the new actions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from railways.content.decks import in_play, load_operations
from railways.content.maps import DEFAULT_MAP, load_map
from railways.content.solo import SOLO_OPERATIONS, SoloMap, load_solo, solo_board
from railways.core.board import Board
from railways.core.game import Game, Options
from railways.core.plugins import Ruleset
from railways.core.rng import DEFAULT_RNG, Rng
from railways.rules.solo.hooks import card_problems, hook_of, read_appendix
from railways.rules.solo.options import SoloOptions
from railways.rules.solo.plugin import SOLO_CARD_EFFECTS, SoloRules, SoloTurn
from railways.rules.solo.state import RAILBOT, SoloState, is_solo, solo_state

__all__ = [
    "RAILBOT",
    "SoloOptions",
    "SoloRules",
    "SoloState",
    "is_solo",
    "new_solo_game",
    "solo_game_board",
    "solo_ruleset",
    "solo_state",
]


def solo_game_board(map_id: str, smap: SoloMap) -> Board:
    """The board of a solo game: the map as a multiplayer game of ``smap.board_players`` sets
    it up (Australia's regions and towns, RB-089), less the cities out of play."""
    from railways.rules import board_plugin_classes

    board = load_map(map_id)
    for cls in board_plugin_classes(board):
        board, _options = cls.game_board(board, Options(), smap.board_players)
    return solo_board(board, smap)


def solo_ruleset(map_id: str, options: SoloOptions) -> Ruleset:
    """The ruleset of a solo game: the map's plug-ins, the solo plug-in and turn, the cards."""
    from railways.rules import RULESET_ID, RULESET_VERSION, board_plugins, effects_with

    smap = load_solo(map_id)
    board = solo_game_board(map_id, smap)
    # Optional cards that wait for a module (Black Stars, RW-p21-07) stay out: a solo game
    # chooses no modules.
    cards = in_play(load_operations(map_id), ())
    unknown = sorted(smap.remove_operations - set(cards))
    if unknown:
        raise ValueError(f"{board.id}: solo.toml removes unknown card(s) {', '.join(unknown)}")
    kept = {cid: c for cid, c in cards.items() if cid not in smap.remove_operations}
    # Cards the solo game adds to the map's deck (house Service Bounties for cities in play).
    added = load_operations(map_id, SOLO_OPERATIONS)
    clash = sorted(set(added) & set(cards))
    if clash:
        raise ValueError(f"{board.id}: {SOLO_OPERATIONS} reuses card id(s) {', '.join(clash)}")
    kept.update(added)
    missing = sorted(set(smap.display_cards) - set(kept))
    if missing:
        raise ValueError(f"{board.id}: solo.toml shows unknown card(s) {', '.join(missing)}")
    for card in kept.values():
        city = card.params.get("city")
        if city in smap.out_of_play_cities:
            raise ValueError(f"{board.id}: {card.id} names {city}, which is not in play")
    map_plugins = board_plugins(board)
    # The board's own kinds of Railbot card, and its own tables of solo.toml, are its solo
    # hook's to read and check.
    hook = hook_of(map_plugins)
    appendix, problems = read_appendix(smap, load_map(map_id), hook)
    problems += card_problems(list(smap.cards.values()), hook)
    if problems:
        raise ValueError(f"{board.id}: " + "; ".join(problems))
    rules = SoloRules(dataclasses.replace(smap, appendix=appendix), options)
    for plugin in map_plugins:  # cards for parts of a board not played stay out (AU-012)
        kept = dict(plugin.cards_in_play(board, kept))
    card_effects, baron_effects = effects_with(map_plugins)
    return Ruleset(
        id=RULESET_ID,
        version=RULESET_VERSION,
        plugins=(*map_plugins, rules),
        cards=kept,
        card_effects={**card_effects, **SOLO_CARD_EFFECTS},
        barons={},  # no Rail Baron cards in the solo game
        baron_effects=baron_effects,
        turns=SoloTurn(),
    )


def new_solo_game(
    map_id: str = DEFAULT_MAP,
    player: str | Sequence[str] = "Player 1",
    seed: int = 0,
    options: Options | Mapping[str, Any] | None = None,
    *,
    rng: Rng | None = None,
) -> Game:
    """A solo game against the Railbot; ``options`` are the solo settings (``solo`` implied);
    ``rng``, when given, is the generator to deal and play with (``new_game``)."""
    kind = DEFAULT_RNG
    if options is None:
        extra: dict[str, Any] = {}
    elif isinstance(options, Options):
        if options.shorter_game:
            raise ValueError("options.shorter_game: a solo game uses fewer_empty_cities instead")
        extra = dict(options.extra)
        kind = options.rng
    else:
        extra = dict(options)
        if extra.pop("shorter_game", False):
            raise ValueError("options.shorter_game: a solo game uses fewer_empty_cities instead")
        kind = Options.from_dict({"rng": extra.pop("rng", DEFAULT_RNG)}).rng
    extra["solo"] = True
    solo_options = SoloOptions.from_extra(extra)
    names = [player] if isinstance(player, str) else list(player)
    if len(names) != 1:
        raise ValueError(f"a solo game has one player, not {len(names)}")
    board = solo_game_board(map_id, load_solo(map_id))
    ruleset = solo_ruleset(map_id, solo_options)
    return Game(board, ruleset, names, seed, Options(extra=extra, rng=kind), rng=rng)
