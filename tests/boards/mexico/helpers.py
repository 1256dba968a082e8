"""Scenario helpers for the Mexico rule tests (the shared ones are board_helpers)."""

from __future__ import annotations

from collections.abc import Sequence

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
    "BLACK_STARS",
    "MAP",
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

MAP = "mexico"
BLACK_STARS = "black-stars"


def game(players: int = 4, seed: int = 1, modules: Sequence[str] = ()) -> Game:
    """A new Mexico game at set-up (barons not yet chosen)."""
    options = {"modules": list(modules)} if modules else None
    return new_game(MAP, players=players, seed=seed, options=options)


def start(players: int = 3, seed: int = 1, modules: Sequence[str] = ()) -> Game:
    """A Mexico game at round 1 of turn 1, barons chosen and the auction passed."""
    g = game(players, seed, modules)
    support.choose_barons(g)
    support.pass_auction(g)
    return g


def position(players: int = 3, modules: Sequence[str] = (BLACK_STARS,)) -> Game:
    """A game at the action rounds with equal cash, bonds and engines for everyone (all
    twelve barons in the deck, so any of them can be scored)."""
    g = start(players, modules=modules)
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
