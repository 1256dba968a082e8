"""The Golden Spike start cards (RW-p8-30, RW-p8-31, RW-p22-13..15): a first delivery to
Buffalo, Little Rock, Elko or Dodge City scores 4, and the cards stay through the change of
phase until won."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import DeliverGoods
from railways.core.game import Game

from .helpers import pass_auction, pass_steps, put_link, ready, start, to_the_west


def deliver(game: Game, seat: int, source: str, to: str) -> int:
    """A cube of ``to``'s colour from ``source`` over a link written into the state."""
    link = put_link(game, seat, source, to)
    color = game.board.cities[to].color
    support.set_cubes(game, source, [color])
    ready(game, seat)
    before = game.state.players[seat].score
    game.apply(DeliverGoods(seat=seat, city=source, color=color.value, links=(link,)))
    return game.state.players[seat].score - before


@pytest.mark.rules("RW-p22-13", "RW-p22-14", "RW-p8-30", "RW-p8-31")
def test_the_first_delivery_to_buffalo_scores_four() -> None:
    game = start(players=3)
    seat = game.state.order[0]
    game.state.ops_display = [c for c in game.state.ops_display if "railroad-era" not in c]
    assert deliver(game, seat, "albany", "buffalo") == 1 + 4  # the link, and the bounty
    assert "gs-bounty-buffalo" not in game.state.ops_display
    assert "gs-bounty-buffalo" in game.state.ops_discard
    other = game.state.order[1]
    assert deliver(game, other, "cleveland", "buffalo") == 1  # only the first


@pytest.mark.rules("RW-p22-13", "RW-p22-15", "RW-p9-24")
def test_the_western_bounties_wait_for_the_west() -> None:
    game = start(players=3)
    to_the_west(game)
    pass_auction(game)
    pass_steps(game)
    # They are not Eastern deck cards: still out after the change of phase.
    assert {"gs-bounty-elko", "gs-bounty-dodge-city"} <= set(game.state.ops_display)
    seat = game.state.order[0]
    assert deliver(game, seat, "reno", "elko") == 1 + 4
    assert "gs-bounty-elko" not in game.state.ops_display
