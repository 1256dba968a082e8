"""The greedy bot with optional modules: add-ons such as a Mine are taken on their own worth."""

from __future__ import annotations

import support
from railways.bots.greedy import GreedyBot
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.modules.mines import PlaceMine


def _game() -> Game:
    game = new_game("eastern-us", 4, 1, {"modules": ["mines"]})
    support.choose_barons(game)
    support.pass_auction(game)
    return game


def test_greedy_opens_a_mine_at_its_own_gray_hub_and_still_takes_its_action() -> None:
    game = _game()
    # Seat 0's links meet at gray Harrisburg: a mine there brings goods it can deliver at
    # once to black Pittsburgh, blue Philadelphia and purple Baltimore.
    for city in ("pittsburgh", "philadelphia", "baltimore"):
        support.build_link(game, 0, "harrisburg", city)
    support.make_turn(game, 0)
    game.state.players[0].cash = 30
    support.set_cubes(game, "harrisburg", [])
    bot = GreedyBot(1)
    first = bot.choose(game, 0, legal_actions(game, 0))
    assert first == PlaceMine(seat=0, city="harrisburg")
    game.apply(first)
    assert game.to_act == 0  # the mine is an add-on: the action is still to take
    second = bot.choose(game, 0, legal_actions(game, 0))
    assert not isinstance(second, PlaceMine)  # no other gray city is on its network


def test_greedy_opens_no_mine_off_its_network() -> None:
    game = _game()
    support.make_turn(game, 0)
    game.state.players[0].cash = 30
    legal = legal_actions(game, 0)
    assert any(isinstance(a, PlaceMine) for a in legal.simple)
    assert not isinstance(GreedyBot(1).choose(game, 0, legal), PlaceMine)
