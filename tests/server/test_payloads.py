"""The server's fast JSON of legal actions is exactly the engine's ``LegalActions.to_dict()``."""

from __future__ import annotations

import json

from railways.bots.random_bot import RandomBot
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.server.games import legal_text


def test_legal_text_matches_to_dict_over_a_game() -> None:
    game = new_game("eastern-us", players=3, seed=9)
    bot = RandomBot(4)
    checked = 0
    for _ in range(160):
        seat = game.to_act
        if seat is None:
            break
        for who in (seat, (seat + 1) % 3):
            legal = legal_actions(game, who)
            assert json.loads(legal_text(legal, game)) == legal.to_dict(game)
            checked += bool(legal.builds)
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    assert checked > 30
