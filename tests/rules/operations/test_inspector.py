"""Railroad Inspector (RW-p22-11): stop another player's delivery, once per player per game.

The delivery waits while the seats that hold an Inspector answer, in turn order after the
mover (``play_inspector`` or ``pass_inspector``); nothing waits when nobody could play one.
Seat 0 owns New York - Philadelphia - Baltimore - Washington - Richmond; a blue cube in
New York goes one link to Philadelphia (blue) for 1 point.
"""

from __future__ import annotations

import pytest

from railways.bots.greedy import GreedyBot
from railways.bots.random_bot import RandomBot
from railways.core.actions import DeliverGoods, Pass, Undo
from railways.core.board import Color
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules.operations.interaction import PassInspector, PlayInspector, stopped

from ..eus_helpers import link, place_cubes, refused, turn_of
from .ops_helpers import EXPRESS, INSPECTOR, INSPECTOR_2, give, with_cards

I1, I2 = INSPECTOR.id, INSPECTOR_2.id


def _game(players: int = 3):
    game = with_cards(INSPECTOR, INSPECTOR_2, EXPRESS, players=players)
    ids = [
        link(game, 0, "new-york", "philadelphia"),
        link(game, 0, "philadelphia", "baltimore"),
        link(game, 0, "baltimore", "washington"),
        link(game, 0, "washington", "richmond"),
    ]
    for city in ("new-york", "philadelphia", "baltimore", "washington", "richmond"):
        place_cubes(game, city, [Color.YELLOW])  # nothing these routes could carry
    place_cubes(game, "new-york", [Color.BLUE, Color.RED, Color.BLACK])
    game.state.ops_display = []
    for p in game.state.players:
        p.score = 0
    game.state.players[0].engine = 4
    turn_of(game, 0)
    return game, ids


def _deliver_blue(game, links) -> DeliverGoods:
    return DeliverGoods(seat=0, city="new-york", color="blue", links=(links[0],))


@pytest.mark.rules("RW-p22-11")
def test_an_inspector_stops_the_delivery_and_the_action_is_lost() -> None:
    game, links = _game()
    give(game, 1, I1)
    history = len(game.history)
    game.apply(_deliver_blue(game, links))
    # The delivery waits: the cube is still there, nobody scored, seat 1 answers.
    state = game.state
    assert state.phase is Phase.REACTION and game.to_act == 1
    assert state.cubes["new-york"].count(Color.BLUE) == 1
    assert state.players[0].score == 0
    assert len(game.history) == history + 1
    legal = legal_actions(game, 1)
    assert legal.simple == [PlayInspector(seat=1, card=I1), PassInspector(seat=1)]
    assert not legal_actions(game, 0)  # the mover waits
    view = view_for(game, 2)
    assert view["phase"] == "reaction" and view["to_act"] == 1
    assert view["reaction"]["seat"] == 0 and view["reaction"]["waiting"] == [1]
    refused(game, Pass(seat=0), "RW-p4-39")  # not the mover's turn now
    game.apply(PlayInspector(seat=1, card=I1))
    assert state.phase is Phase.ACTIONS
    assert state.cubes["new-york"].count(Color.BLUE) == 1  # the cube stays
    assert state.players[0].score == 0 and state.players[0].deliveries == 0
    assert I1 not in state.players[1].hand and state.ops_discard[-1] == I1  # used up
    assert stopped(game) == [0]
    assert state.round == 1 and game.to_act == state.order[state.order.index(0) + 1]


@pytest.mark.rules("RW-p22-11")
def test_nobody_is_stopped_twice() -> None:
    game, links = _game()
    give(game, 1, I1)
    give(game, 2, I2)
    game.apply(_deliver_blue(game, links))
    assert game.state.reaction is not None and game.state.reaction.seats == [1, 2]
    game.apply(PlayInspector(seat=1, card=I1))
    assert game.state.phase is Phase.ACTIONS  # seat 2 is not asked any more
    turn_of(game, 0)
    game.apply(_deliver_blue(game, links))  # seat 2 still holds one: no window this time
    assert game.state.phase is Phase.ACTIONS
    assert game.state.players[0].score == 1
    assert I2 in game.state.players[2].hand


@pytest.mark.rules("RW-p22-11")
def test_when_everyone_lets_it_go_the_delivery_happens() -> None:
    game, links = _game()
    give(game, 1, I1)
    give(game, 2, I2)
    game.apply(_deliver_blue(game, links))
    game.apply(PassInspector(seat=1))
    assert game.state.phase is Phase.REACTION and game.to_act == 2
    game.apply(PassInspector(seat=2))
    state = game.state
    assert state.phase is Phase.ACTIONS
    assert Color.BLUE not in state.cubes["new-york"] and state.players[0].score == 1
    assert state.players[1].hand == [I1] and state.players[2].hand == [I2]
    assert stopped(game) == []
    assert game.to_act == state.order[state.order.index(0) + 1]


@pytest.mark.rules("RW-p22-11", "RW-p4-38")
def test_the_holders_answer_in_turn_order_after_the_mover() -> None:
    game, links = _game()
    give(game, 1, I1)
    give(game, 2, I2)
    game.state.order = [2, 0, 1]  # seat 2 is first player this turn
    game.state.order_index = 1
    game.apply(_deliver_blue(game, links))
    assert game.state.reaction is not None and game.state.reaction.seats == [1, 2]


@pytest.mark.rules("RW-p22-11")
def test_no_window_when_nobody_could_play_an_inspector() -> None:
    game, links = _game()
    give(game, 0, I1)  # the mover's own Inspector cannot stop its own delivery
    history = len(game.history)
    game.apply(_deliver_blue(game, links))
    assert game.state.phase is Phase.ACTIONS and game.state.players[0].score == 1
    assert len(game.history) == history + 1


@pytest.mark.rules("RW-p22-11", "RW-p5-40")
def test_wrong_answers_are_refused() -> None:
    game, links = _game()
    give(game, 1, I1, EXPRESS.id)
    game.apply(_deliver_blue(game, links))
    refused(game, PlayInspector(seat=1, card=I2), "RW-p5-40")  # not held
    refused(game, PlayInspector(seat=1, card=EXPRESS.id), "RW-p22-11")  # not an Inspector
    refused(game, PlayInspector(seat=2, card=I1), "RW-p4-39")  # not seat 2's answer
    refused(game, Undo(seat=0), "RW-p4-39")  # the waiting delivery cannot be taken back
    game.apply(PassInspector(seat=1))
    refused(game, Undo(seat=1), "RW-p4-39")  # an answer is final
    refused(game, PassInspector(seat=1), "RW-p4-28")  # no window any more


@pytest.mark.rules("RW-p22-11")
def test_greedy_stops_a_delivery_worth_four_points_to_its_mover() -> None:
    game, links = _game()
    give(game, 1, I1)
    # A red cube from New York to Richmond: four of seat 0's links, 4 points.
    game.apply(DeliverGoods(seat=0, city="new-york", color="red", links=tuple(links)))
    bot = GreedyBot(1)
    assert bot.choose(game, 1, legal_actions(game, 1)) == PlayInspector(seat=1, card=I1)


@pytest.mark.rules("RW-p22-11")
def test_greedy_lets_a_three_point_delivery_go() -> None:
    game, links = _game()
    give(game, 1, I1)
    # A black cube from New York to Washington: three links, 3 points.
    game.apply(DeliverGoods(seat=0, city="new-york", color="black", links=tuple(links[:3])))
    bot = GreedyBot(1)
    assert bot.choose(game, 1, legal_actions(game, 1)) == PassInspector(seat=1)


def test_random_bot_and_sampler_answer_the_window() -> None:
    game, links = _game()
    give(game, 1, I1)
    game.apply(_deliver_blue(game, links))
    answers = {RandomBot(k).choose(game, 1, legal_actions(game, 1)) for k in range(12)}
    assert answers == {PlayInspector(seat=1, card=I1), PassInspector(seat=1)}
    drawn = {sample_action(game, 1, Rng(k)) for k in range(12)}
    assert drawn == answers
