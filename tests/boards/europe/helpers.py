"""Scenario helpers for the Europe rule tests (the shared ones are board_helpers)."""

from __future__ import annotations

import support
from railways.core.actions import Pass, PassBid
from railways.core.game import Game
from railways.core.state import Phase
from railways.rules import new_game

from ..board_helpers import (  # re-exported for the test modules
    act_as,
    baron_score,
    end_now,
    put_link,
    refused,
)

__all__ = [
    "MAP",
    "SPAIN",
    "act_as",
    "baron_score",
    "end_now",
    "game",
    "pass_turn",
    "position",
    "put_link",
    "refused",
    "start",
]

MAP = "europe"
# The Spanish cities of the board, typed in from an atlas (King Alfonso XII, RW-p19-41).
SPAIN = {"madrid", "barcelona", "valencia", "seville", "bilbao", "zaragoza"}


def game(players: int = 4, seed: int = 1) -> Game:
    """A new Europe game at set-up (barons not yet chosen)."""
    return new_game(MAP, players=players, seed=seed)


def start(players: int = 3, seed: int = 1) -> Game:
    """A Europe game at round 1 of turn 1, barons chosen and the auction passed."""
    g = game(players, seed)
    support.choose_barons(g)
    support.pass_auction(g)
    return g


def position(players: int = 3) -> Game:
    """A game at the action rounds with equal cash, bonds and engines for everyone."""
    g = start(players)
    for p in g.state.players:
        p.cash, p.bonds, p.engine = 10, 0, 1
    return g


def pass_turn(g: Game) -> None:
    """Everyone passes (and passes the auction) until the next turn's actions or the end."""
    turn = g.state.turn
    while not g.over and not (g.state.turn > turn and g.state.phase is Phase.ACTIONS):
        seat = g.to_act
        assert seat is not None
        g.apply(PassBid(seat=seat) if g.state.phase is Phase.AUCTION else Pass(seat=seat))
