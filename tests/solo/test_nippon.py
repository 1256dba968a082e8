"""Rail Barons solo on Nippon (RB-079..081): the Operations cards the appendix removes, three
Operations cards on the display and no Service Bounty."""

from __future__ import annotations

import pytest

from railways.rules import new_game

from .helpers import real_solo

MAP = "nippon"
REMOVED = {"hotel-sendai", "local-campaign-aizu", "local-campaign-yamagata"}  # RB-080


@pytest.mark.rules("RB-080")
def test_three_operations_cards_stay_in_the_box() -> None:
    multi = new_game(MAP, players=3, seed=1)
    assert set(multi.ruleset.cards) >= REMOVED  # the multiplayer deck has them
    for seed in (1, 2, 3):
        g = real_solo(seed, map_id=MAP)
        assert not REMOVED & set(g.ruleset.cards)
        state = g.state
        assert not REMOVED & {*state.ops_deck, *state.ops_display, *state.ops_discard}
    # Every other card of the map's deck is in the solo game.
    assert set(g.ruleset.cards) == set(multi.ruleset.cards) - REMOVED


@pytest.mark.rules("RB-081", "RB-048")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_three_operations_cards_and_no_service_bounty(seed: int) -> None:
    g = real_solo(seed, map_id=MAP)
    display = g.state.ops_display
    assert len(display) == 3
    effects = [g.card(c).effect for c in display]
    assert "service_bounty" not in effects
    # Not later either: no Nippon Service Bounty is anywhere in the game.
    bounties = [c for c, card in g.ruleset.cards.items() if card.effect == "service_bounty"]
    assert bounties  # the map has them ...
    state = g.state
    assert not set(bounties) & {*state.ops_deck, *display, *state.ops_discard}  # ... unused
