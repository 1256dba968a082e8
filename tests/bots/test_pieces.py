"""The bots find what they know of a board through its plug-ins (``Plugin.bot_pieces``,
``railways.bots.pieces``): no bot names a board."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from railways.bots.greedy import _Context, _context
from railways.bots.pieces import combined, combined_under, pieces
from railways.rules import new_game
from railways.rules.boards.australia.greedy import AustraliaContext
from railways.rules.boards.through_time.greedy import TimeContext


class Louder(_Context):
    def tuning(self) -> tuple[float, float, float, float]:
        others, interest, _future, money = super().tuning()
        return others, interest, 2.0, money


class Quieter(_Context):
    def tuning(self) -> tuple[float, float, float, float]:
        _others, interest, future, money = super().tuning()
        return 0.0, interest, future, money


class NotAContext:
    pass


def _game_of(*bot_pieces: dict[str, str]) -> SimpleNamespace:
    plugins = [SimpleNamespace(bot_pieces=p) for p in bot_pieces]
    return SimpleNamespace(ruleset=SimpleNamespace(plugins=plugins))


@pytest.mark.parametrize(
    ("map_id", "players", "wanted"),
    [("through-time", 3, TimeContext), ("australia", 3, AustraliaContext), ("nippon", 3, _Context)],
)
def test_the_greedy_bot_takes_the_piece_of_the_board_s_plug_in(map_id, players, wanted):
    game = new_game(map_id, players, 1)
    assert type(_context(game, 0)) is wanted


def test_pieces_of_two_plug_ins_combine_in_the_ruleset_s_order():
    game = _game_of(
        {"greedy": f"{__name__}:Louder"}, {}, {"greedy": f"{__name__}:Quieter", "mcts": "x:y"}
    )
    assert pieces(game, "greedy") == (Louder, Quieter)
    both = combined(game, "greedy", _Context)
    assert both.__mro__[1:4] == (Louder, Quieter, _Context)
    made = both(new_game("nippon", 3, 1), 0)  # a real context: the weights are its own
    assert (made.future, made.others) == (2.0, 0.0)  # each piece's own change, both kept
    assert combined(game, "greedy", _Context) is both  # made once
    assert combined(_game_of({}), "greedy", _Context) is _Context


def test_a_wrong_piece_is_named():
    for path, words in (
        ("no-colon", "expected 'module:Class'"),
        (f"{__name__}:Missing", "Missing is not a class"),
    ):
        with pytest.raises(ValueError, match=words):
            pieces(_game_of({"greedy": path}), "greedy")
    with pytest.raises(ValueError, match="NotAContext is not a _Context"):
        combined(_game_of({"greedy": f"{__name__}:NotAContext"}), "greedy", _Context)


def test_the_solo_greedy_bot_plays_the_board_s_own_greedy_pieces():
    """Solo Australia plays Australia's greedy piece, the one a game with rivals plays
    (issue 27: no solo-only copy of its towns), under the solo values: SoloContext first in
    the method order, then AustraliaContext; a board with no piece plays plain SoloContext."""
    from railways.bots.greedy_solo import SoloContext, solo_context

    ctx = solo_context(new_game("australia", 1, 1, {"solo": True}), 0)
    order = type(ctx).__mro__
    assert order.index(SoloContext) < order.index(AustraliaContext) < order.index(_Context)
    assert ctx.tuning() == SoloContext.tuning(ctx)  # the solo values stand on top
    assert type(solo_context(new_game("australia", 1, 2, {"solo": True}), 0)) is type(ctx)
    assert type(solo_context(new_game("eastern-us", 1, 1, {"solo": True}), 0)) is SoloContext
    assert type(_context(new_game("australia", 3, 1), 0)) is AustraliaContext  # rivals: its own


def test_a_class_over_the_pieces_comes_first():
    """``combined_under`` puts its class above the game's pieces, and is the class alone
    where the game brings none."""
    game = _game_of({"greedy": f"{__name__}:Louder"})
    made = combined_under(Quieter, game, "greedy", _Context)
    assert made.__mro__[1:3] == (Quieter, Louder)
    assert combined_under(Quieter, _game_of({}), "greedy", _Context) is Quieter
    with pytest.raises(ValueError, match="NotAContext is not a _Context"):
        combined_under(NotAContext, game, "greedy", _Context)
