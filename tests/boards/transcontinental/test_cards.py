"""The Golden Spike start cards (RW-p8-30, RW-p8-31, RW-p22-13..15): a first delivery to
Buffalo, Little Rock, Elko or Dodge City scores 4, and the cards stay through the change of
phase until won; and the Golden Spike cards belong to this game alone (RW-p21-08)."""

from __future__ import annotations

import pytest

import support
from railways.core.actions import DeliverGoods
from railways.core.game import Game
from railways.rules import new_game

from .helpers import MAP, pass_auction, pass_steps, put_link, ready, start, to_the_west


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


@pytest.mark.rules("RW-p21-08", "RW-p19-09", "RW-p15-08")
def test_golden_spike_cards_are_dealt_only_in_the_transcontinental_game() -> None:
    """The Golden Spike cards of the RONA box are for the Transcontinental game: the four
    bounties of RW-p8-31 and the twelve barons of RW-p20-31..42 are in it, and a game on
    the North America board itself uses none of them (its cards carry the maple leaf)."""
    spike_bounties = {"buffalo", "little-rock", "elko", "dodge-city"}
    game = new_game(MAP, players=4, seed=2)
    cards = game.ruleset.cards.values()
    spikes = [c for c in cards if c.effect == "golden_spike_bounty"]
    assert {c.params["city"] for c in spikes} == spike_bounties
    spike_barons = [b for b in game.ruleset.barons if b.startswith("gs-")]
    assert len(spike_barons) == 12
    canada = new_game("north-america", players=4, seed=2)
    assert not [c for c in canada.ruleset.cards.values() if c.effect == "golden_spike_bounty"]
    # Nor any Golden Spike baron: none of their goals (a nine-link delivery, coast to coast,
    # first to connect, Major Lines by board) is among North America's barons.
    spike_goals = {"long_delivery", "connect_any", "first_to_connect", "major_lines_won"}
    goals = sorted(game.ruleset.barons[b].effect for b in spike_barons)
    assert goals == sorted(  # RW-p20-31..42, card by card
        ["long_delivery", "largest_railroad", "connect_cities", "most_money"]
        + ["longest_railroad", "major_lines_won", "connect_any", "major_lines_won"]
        + ["first_to_connect", "long_delivery", "connect_any", "first_to_connect"]
    )
    assert not spike_goals & {b.effect for b in canada.ruleset.barons.values()}
    assert len(canada.ruleset.barons) == 12  # the maple-leaf dozen (RW-p20-19..30)
