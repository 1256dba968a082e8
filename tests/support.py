"""Helpers for rule tests: start games and set up positions without playing them out.

Scenario set-up changes the state directly (cash, cubes, whose turn it is);
the rule under test is then always exercised through ``Game.apply`` so the
engine's own checks run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from railways.core.actions import BuildTrack, ChooseBaron, PassBid
from railways.core.board import Color
from railways.core.game import Game
from railways.core.legal import BuildOption, build_options
from railways.core.state import Phase
from railways.rules import new_game

TINY = str(Path(__file__).parent / "fixtures" / "maps" / "tiny")


def start(
    players: int = 4, seed: int = 1, map_id: str = "eastern-us", to_actions: bool = True
) -> Game:
    """A new game; with ``to_actions`` barons are chosen and the first auction all-passed."""
    game = new_game(map_id, players=players, seed=seed)
    if to_actions:
        choose_barons(game)
        pass_auction(game)
    return game


def choose_barons(game: Game) -> None:
    while game.state.phase is Phase.CHOOSE_BARON:
        seat = game.to_act
        assert seat is not None
        game.apply(ChooseBaron(seat=seat, baron=game.state.players[seat].barons_dealt[0]))


def pass_auction(game: Game) -> None:
    while game.state.phase is Phase.AUCTION:
        seat = game.to_act
        assert seat is not None
        game.apply(PassBid(seat=seat))


def make_turn(game: Game, seat: int) -> None:
    """Make it ``seat``'s action in the current round (scenario set-up only)."""
    assert game.state.phase is Phase.ACTIONS
    game.state.order_index = game.state.order.index(seat)
    game.state.extra_actions = 0
    game.state.extra_actions_seat = None


def link_option(game: Game, seat: int, a: str, b: str) -> BuildOption:
    """The cheapest candidate that builds a complete link from city a to city b."""
    for option in build_options(game, seat):
        action = option.action
        if option.to_city == b and game.board.city_at(action.path[0]) is not None:
            origin = game.board.city_at(action.path[0])
            if origin is not None and origin.id == a:
                return option
    raise AssertionError(f"no one-action link from {a} to {b} for seat {seat}")


def build_link(game: Game, seat: int, a: str, b: str, cash: int = 100) -> int:
    """Build a complete link a-b for ``seat`` through the engine; returns the link id."""
    make_turn(game, seat)
    game.state.players[seat].cash = max(game.state.players[seat].cash, cash)
    option = link_option(game, seat, a, b)
    before = set(game.state.links)
    game.apply(BuildTrack(seat=seat, path=option.action.path))
    (new,) = set(game.state.links) - before
    return new


def set_cubes(game: Game, city: str, colors: list[Color]) -> None:
    """Put exactly these cubes on a city, moving cubes between bag and board."""
    state = game.state
    for cube in state.cubes[city]:
        state.bag[cube] += 1
    state.cubes[city] = []
    for cube in colors:
        assert state.bag[cube] > 0, f"no {cube.value} cube left in the bag"
        state.bag[cube] -= 1
        state.cubes[city].append(cube)
    if colors:
        state.ecm.discard(city)


def hide_matplotlib(monkeypatch: Any) -> None:
    """Make ``import matplotlib`` fail for the rest of the test, as on an install without
    the 'plot' extra."""
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
