"""The four plug-in hooks the optional modules added to the core, on a test plug-in."""

from __future__ import annotations

from dataclasses import replace

import pytest

import support
from railways.content.maps import load_map
from railways.core.actions import Action, BuildTrack, Pass
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.plugins import Plugin
from railways.core.track import CostRules
from railways.rules import ruleset_for


class Recorder(Plugin):
    id = "test-recorder"

    def __init__(self, refuse: bool = True) -> None:
        self.after: list[str] = []
        self.incomes = 0
        self.refuse = refuse

    def check_action(self, game: Game, action: Action) -> None:
        if self.refuse and isinstance(action, Pass) and action.seat == 1:
            raise IllegalAction("seat 2 may not pass (test)", "TEST-1")

    def after_action(self, game: Game, action: Action) -> None:
        self.after.append(action.kind)

    def build_rules(self, game: Game, seat: int, rules: CostRules) -> CostRules:
        return replace(rules, max_tiles=6)

    def after_income(self, game: Game) -> None:
        self.incomes += 1


def _game(plugin: Plugin) -> Game:
    board = load_map("eastern-us")
    ruleset = ruleset_for(board)
    ruleset = replace(ruleset, plugins=(*ruleset.plugins, plugin))
    game = Game(board, ruleset, ["A", "B", "C"], 4)
    support.choose_barons(game)
    support.pass_auction(game)
    return game


def test_check_action_refuses_and_after_action_hears_every_action():
    recorder = Recorder()
    game = _game(recorder)
    heard = list(recorder.after)
    assert heard.count("choose_baron") == 3 and heard.count("pass_bid") == 3
    support.make_turn(game, 1)
    with pytest.raises(IllegalAction) as info:
        game.apply(Pass(seat=1))
    assert info.value.clause == "TEST-1"
    assert recorder.after == heard  # a refused action is not heard
    support.make_turn(game, 0)
    game.apply(Pass(seat=0))
    assert recorder.after == [*heard, "pass"]


def test_build_rules_change_the_build_rules_and_after_income_comes_once_a_turn():
    recorder = Recorder(refuse=False)
    game = _game(recorder)
    assert game.build_rules(BuildTrack(seat=0)).max_tiles == 6
    plain = _game(Plugin())
    assert plain.build_rules(BuildTrack(seat=0)).max_tiles == 4
    assert recorder.incomes == 0
    for _ in range(9):  # three rounds of three passes end turn 1
        seat = game.to_act
        assert seat is not None and game.state.turn == 1
        game.apply(Pass(seat=seat))
    assert game.state.turn == 2
    assert recorder.incomes == 1
