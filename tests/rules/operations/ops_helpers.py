"""Games of the Eastern U.S. with Operations cards of other maps' decks added.

The Eastern U.S. deck has none of these cards, so a test game gets a ruleset with the
cards it needs added (``with_cards``); a card is then put on the display or in a hand by
editing the state, and everything after that goes through ``Game.apply``. A game made
here can be replayed from its record into the same ruleset (``fresh``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from railways.content.maps import load_map
from railways.core.cards import CardDef, Icon
from railways.core.game import Game, Options
from railways.core.record import GameRecord
from railways.core.state import Phase
from railways.rules import ruleset_for
from support import choose_barons, pass_auction

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


def card(
    card_id: str,
    effect: str,
    icon: Icon,
    start: bool = False,
    name: str | None = None,
    **params: str | int,
) -> CardDef:
    return CardDef(
        id=card_id,
        name=name or effect.replace("_", " ").title(),
        effect=effect,
        icon=icon,
        start=start,
        params=params,
    )


EXPRESS = card("express-1", "express", Icon.HAND, name="Express")
EXPRESS_2 = card("express-2", "express", Icon.HAND, name="Express")
INSPECTOR = card("inspector-1", "railroad_inspector", Icon.HAND, name="Railroad Inspector")
INSPECTOR_2 = card("inspector-2", "railroad_inspector", Icon.HAND, name="Railroad Inspector")
DEPOT = card("trading-depot-1", "trading_depot", Icon.INFINITY, name="Trading Depot")
DEPOT_2 = card("trading-depot-2", "trading_depot", Icon.INFINITY, name="Trading Depot")
DIPLOMATIC = card(
    "diplomatic-relations-1", "diplomatic_relations", Icon.IMMEDIATE, name="Diplomatic Relations"
)
MINE = card("mine-1", "mine", Icon.IMMEDIATE, name="Mine")
MINE_2 = card("mine-2", "mine", Icon.IMMEDIATE, name="Mine")


def with_cards(
    *cards: CardDef,
    players: int = 3,
    seed: int = 1,
    options: Mapping[str, object] | None = None,
    to_actions: bool = True,
) -> Game:
    """An Eastern U.S. game whose deck also has ``cards``; at the action rounds by default.

    Cards that are not start cards are taken out of the deck and the display, so a test
    puts each where it wants it.
    """
    board = load_map("eastern-us")
    opts = Options.from_dict(dict(options or {}))
    modules = tuple(opts.extra.get("modules", ()))
    ruleset = ruleset_for(board, modules=modules)
    ruleset = dataclasses.replace(ruleset, cards={**ruleset.cards, **{c.id: c for c in cards}})
    game = Game(board, ruleset, list(NAMES[:players]), seed, opts)
    for c in cards:
        if not c.start:
            for pile in (game.state.ops_deck, game.state.ops_display):
                if c.id in pile:
                    pile.remove(c.id)
    if to_actions:
        choose_barons(game)
        pass_auction(game)
        assert game.state.phase is Phase.ACTIONS
    return game


def fresh(game: Game) -> object:
    """A maker of fresh games with ``game``'s board and ruleset, for replaying its record."""

    def make(record: GameRecord) -> Game:
        return Game(
            game.board,
            game.ruleset,
            list(record.seats),
            record.seed,
            Options.from_dict(record.options),
        )

    return make


def give(game: Game, seat: int, *card_ids: str) -> None:
    """Put cards in a seat's hand (hand cards) or in front of it (kept cards)."""
    player = game.state.players[seat]
    for card_id in card_ids:
        if game.card(card_id).icon in (Icon.INFINITY, Icon.DIAMOND):
            player.kept.append(card_id)
        else:
            player.hand.append(card_id)


def display(game: Game, *card_ids: str) -> None:
    game.state.ops_display = list(card_ids)
