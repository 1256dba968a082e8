"""Eastern U.S. games with cards of the other maps' decks added, for the rule tests of
``railways.rules.operations``.

The cards are made here (``card``) and added to the Eastern U.S. ruleset before the game
starts, so the game knows them; after set-up they are taken out of the deck and display
and put exactly where a test wants them (``give``, ``show``). What follows always goes
through ``Game.apply``.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable

from railways.content.maps import load_map
from railways.core.board import Board, Terrain
from railways.core.cards import CardDef, Icon
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.rules import ruleset_for
from support import choose_barons, pass_auction

H = Hex.from_offset

# Eastern U.S. paths, each checked against the board by ``terrain_of`` in the tests.
# Atlanta -> Knoxville: open, mountain, mountain, and one ridge crossed.
ATL_KNOX = (H(18, 14), H(18, 15), H(17, 15), H(16, 15), H(15, 14))
# Dallas -> Shreveport: three water hexes, no ridge.
DAL_SHRE = (H(19, 1), H(18, 2), H(18, 3), H(19, 3), H(20, 4))
# Albany -> New Haven: mountain, water, open, no ridge.
ALB_NH = (H(6, 25), H(7, 24), H(8, 25), H(8, 26), H(7, 26))
# Richmond -> Washington: one open hex.
RICH_WASH = (H(14, 21), H(13, 20), H(12, 21))
# Pittsburgh -> Washington: three mountains and one ridge.
PITT_WASH = (H(9, 18), H(10, 19), H(11, 19), H(12, 20), H(12, 21))
# Chicago -> Cincinnati: four open hexes.
CHI_CIN = (H(7, 10), H(8, 11), H(9, 11), H(9, 12), H(10, 13), H(11, 13))


def card(card_id: str, effect: str, icon: Icon, **params: str | int) -> CardDef:
    return CardDef(
        id=card_id, name=card_id.replace("-", " ").title(), effect=effect, icon=icon, params=params
    )


def game_with(
    *cards: CardDef,
    players: int = 4,
    seed: int = 1,
    board: Board | None = None,
    display: bool = False,
) -> Game:
    """An Eastern U.S. game at its first action round, knowing ``cards`` too; none of them
    is in the deck, the display or a hand (set-up put them in the deck; they are taken out).
    ``board``: the Eastern U.S. board changed by the test (other prices). Without
    ``display`` the starting display is emptied, so no goal scores behind a test's back."""
    board = board or load_map("eastern-us")
    ruleset = ruleset_for(board)
    ruleset = dataclasses.replace(ruleset, cards={**ruleset.cards, **{c.id: c for c in cards}})
    game = Game(board, ruleset, [f"P{i + 1}" for i in range(players)], seed=seed)
    choose_barons(game)
    pass_auction(game)
    for c in cards:
        lift(game, c.id)
    if not display:
        game.state.ops_display = []
    return game


def lift(game: Game, card_id: str) -> None:
    """Take a card out of the deck, display, discards, hands and kept cards (set-up only)."""
    state = game.state
    for pile in (
        state.ops_deck,
        state.ops_display,
        state.ops_discard,
        *(p.hand for p in state.players),
        *(p.kept for p in state.players),
    ):
        while card_id in pile:
            pile.remove(card_id)


def give(game: Game, seat: int, *card_ids: str) -> None:
    """Put cards in a seat's hand or kept cards, as their icon says (set-up only)."""
    for card_id in card_ids:
        lift(game, card_id)
        player = game.state.players[seat]
        if game.card(card_id).icon is Icon.HAND:
            player.hand.append(card_id)
        else:
            player.kept.append(card_id)


def show(game: Game, *card_ids: str) -> None:
    """Put cards on the Operations display (set-up only)."""
    for card_id in card_ids:
        lift(game, card_id)
        game.state.ops_display.append(card_id)


def terrain_of(game: Game, path: Iterable[Hex]) -> tuple[str, int]:
    """The terrain letters of a city-to-city path's inner hexes and the ridges it crosses."""
    hexes = list(path)
    letters = "".join(
        {Terrain.OPEN: "o", Terrain.WATER: "w", Terrain.MOUNTAIN: "m"}[game.board.hexes[h]]
        for h in hexes[1:-1]
    )
    ridges = sum(1 for a, b in itertools.pairwise(hexes) if game.board.crosses_ridge(a, b))
    return letters, ridges
