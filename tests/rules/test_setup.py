"""Setting up a game: components, cubes, markers, cards and the players' starting position."""

from __future__ import annotations

import pytest

import support
from railways.content.maps import MapError
from railways.core.actions import ChooseBaron, Pass
from railways.core.board import GOODS_COLORS, Color
from railways.core.game import NEW_CITY_TILES
from railways.core.state import Phase
from railways.rules import new_game

from .rw_helpers import refused


@pytest.mark.rules("RW-p3-17")
def test_the_chosen_map_is_the_board_in_play():
    """The game is played on the map asked for, with that map's own cities."""
    east = new_game("eastern-us", players=3, seed=5)
    tiny = new_game(support.TINY, players=2, seed=5)
    assert east.board.id == "eastern-us"
    assert tiny.board.id == "tiny"
    assert set(east.state.cubes) == set(east.board.cities)
    assert set(tiny.state.cubes) == {"west", "east", "south"}


@pytest.mark.rules("RW-p6-20", "RW-p6-22", "RW-p6-41", "RW-p6-48")
def test_eastern_us_takes_two_to_six_players_and_no_other_count():
    """The Eastern U.S. board (recommended from two players up) seats 2 to 6."""
    for n in range(2, 7):
        assert len(new_game("eastern-us", players=n, seed=1).state.players) == n
    for n in (1, 7):
        with pytest.raises(ValueError):
            new_game("eastern-us", players=n, seed=1)


@pytest.mark.rules("RW-p3-18")
def test_four_player_game_puts_the_printed_number_of_cubes_on_each_city():
    game = new_game("eastern-us", players=4, seed=3)
    for cid, city in game.board.cities.items():
        assert len(game.state.cubes[cid]) == city.cubes, cid


@pytest.mark.rules("RW-p3-18")
@pytest.mark.parametrize("players", [2, 3])
def test_small_games_take_one_cube_off_each_city_but_never_below_one(players):
    game = new_game("eastern-us", players=players, seed=3)
    assert game.board.tables.cube_reduction[players] == 1
    ones = [cid for cid, c in game.board.cities.items() if c.cubes == 1]
    assert ones, "the board should have cities printed with a single cube"
    for cid, city in game.board.cities.items():
        assert len(game.state.cubes[cid]) == max(1, city.cubes - 1), cid
    for cid in ones:
        assert len(game.state.cubes[cid]) == 1
    assert not game.state.ecm


@pytest.mark.rules("RW-p3-13", "RW-p3-18")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_all_125_cubes_are_either_in_the_bag_or_on_the_board(players):
    """Five colours of 25 cubes; set-up draws them from the bag, losing or making none."""
    game = new_game("eastern-us", players=players, seed=11)
    state = game.state
    assert set(state.bag) == set(GOODS_COLORS)
    assert state.cubes_total() == 125
    for color in GOODS_COLORS:
        on_board = sum(cubes.count(color) for cubes in state.cubes.values())
        assert on_board + state.bag[color] == 25
    assert sum(state.bag.values()) == 125 - sum(len(c) for c in state.cubes.values())


@pytest.mark.rules("RW-p3-18")
def test_cubes_are_drawn_at_random():
    """Different seeds give different colour mixes on the cities."""
    a = new_game("eastern-us", players=4, seed=1).state.cubes
    b = new_game("eastern-us", players=4, seed=2).state.cubes
    assert a != b
    assert {cid: len(c) for cid, c in a.items()} == {cid: len(c) for cid, c in b.items()}


@pytest.mark.rules("RW-p3-19", "RW-p3-12", "RW-p5-13")
def test_new_city_tiles_are_all_available_and_none_is_red():
    game = new_game("eastern-us", players=4, seed=1)
    tiles = game.state.new_city_tiles
    assert sum(tiles.values()) == 24
    assert tiles == dict(NEW_CITY_TILES)
    assert Color.RED not in tiles or tiles[Color.RED] == 0
    assert Color.GRAY not in tiles or tiles[Color.GRAY] == 0


@pytest.mark.rules("RW-p3-23", "RW-p3-08", "RW-p6-09")
@pytest.mark.parametrize(("players", "markers"), [(2, 10), (3, 12), (4, 14), (5, 16), (6, 18)])
def test_empty_city_markers_needed_follow_the_player_count(players, markers):
    game = new_game("eastern-us", players=players, seed=1)
    assert game.board.tables.ecm_by_players[players] == markers
    assert game.state.ecm_needed == markers
    assert game.state.ecm == set()
    assert game.state.end_trigger_turn is None


@pytest.mark.rules("RW-p4-01", "RW-p4-02", "RW-p4-03", "RW-p4-04", "RW-p3-02")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_operations_display_is_start_cards_four_bounties_and_two_per_player(players):
    game = new_game("eastern-us", players=players, seed=7)
    cards, state = game.ruleset.cards, game.state
    start = {cid for cid, c in cards.items() if c.start}
    bounties = {cid for cid in start if cards[cid].effect == "service_bounty"}
    assert len(bounties) > 4, "the deck should hold more bounties than are used"
    other_start = start - bounties
    display = state.ops_display
    assert len(display) == len(set(display))
    assert other_start <= set(display)
    shown_bounties = [c for c in display if c in bounties]
    assert len(shown_bounties) == 4
    drawn = [c for c in display if c not in start]
    assert len(drawn) == 2 * players
    # the unused bounties are out of the game: neither in the deck nor shown
    assert not (bounties - set(shown_bounties)) & (set(state.ops_deck) | set(display))
    # the deck holds every non-start card that was not drawn
    non_start = {cid for cid, c in cards.items() if not c.start}
    assert set(state.ops_deck) == non_start - set(drawn)
    assert not state.ops_discard


@pytest.mark.rules("RW-p4-02")
def test_which_four_bounties_are_shown_depends_on_the_shuffle():
    shown = set()
    for seed in range(12):
        game = new_game("eastern-us", players=4, seed=seed)
        shown.add(frozenset(c for c in game.state.ops_display if c.startswith("service-bounty")))
    assert len(shown) > 1


@pytest.mark.rules("RW-p3-02")
def test_each_map_has_its_own_operations_deck():
    east = new_game("eastern-us", players=2, seed=1)
    tiny = new_game(support.TINY, players=2, seed=1)
    assert east.ruleset.cards
    assert tiny.ruleset.cards == {}
    assert tiny.state.ops_display == [] and tiny.state.ops_deck == []


@pytest.mark.rules("RW-p4-12", "RW-p3-01")
def test_each_player_is_dealt_two_different_barons_and_keeps_one_secretly():
    game = new_game("eastern-us", players=4, seed=2)
    state = game.state
    assert state.phase is Phase.CHOOSE_BARON
    dealt = [p.barons_dealt for p in state.players]
    assert all(len(d) == 2 and d[0] != d[1] for d in dealt)
    everyone = [b for d in dealt for b in d]
    assert len(everyone) == len(set(everyone)), "no baron is dealt twice"
    assert not set(everyone) & set(state.baron_deck)
    for p in state.players:
        keep = p.barons_dealt[1]
        game.apply(ChooseBaron(seat=p.seat, baron=keep))
        assert p.baron == keep
        assert not p.baron_revealed
    assert state.phase is Phase.AUCTION
    # the card not kept is discarded: nobody holds it and it is not back in a deck
    held = {p.baron for p in state.players}
    for d in dealt:
        assert d[0] not in held and d[0] not in state.baron_deck


@pytest.mark.rules("RW-p4-12")
def test_a_player_may_keep_only_a_baron_dealt_to_them():
    game = new_game("eastern-us", players=3, seed=2)
    other = game.state.players[1].barons_dealt[0]
    loose = game.state.baron_deck[0]
    for baron in (other, loose, "no-such-baron"):
        refused(game, ChooseBaron(seat=0, baron=baron), "RW-p4-12")
    refused(game, Pass(seat=0), "RW-p4-28")


@pytest.mark.rules("RW-p4-14", "RW-p4-17", "RW-p4-20", "RW-p3-06")
def test_players_start_with_engine_one_no_money_no_bonds_and_no_points():
    game = new_game("eastern-us", players=5, seed=4)
    for p in game.state.players:
        assert p.engine == 1
        assert p.cash == 0
        assert p.bonds == 0
        assert p.score == 0
        assert game.income(p.seat) == 0
        assert p.hand == [] and p.kept == []


@pytest.mark.rules("RW-p4-07", "RW-p4-08", "RW-p4-28")
def test_the_first_turn_begins_with_the_auction_once_barons_are_kept():
    game = support.start(players=3, to_actions=False)
    support.choose_barons(game)
    state = game.state
    assert state.turn == 1
    assert state.phase is Phase.AUCTION
    assert state.round == 0
    assert state.first_player is None


@pytest.mark.rules("RW-p3-15")
def test_eastern_us_board_carries_the_special_link_hexes():
    game = new_game("eastern-us", players=4, seed=1)
    specials = [s for s in game.board.specials.values() if s.kind == "western_link"]
    assert specials
    assert "western_link" in game.board.rulesets
    assert [p.id for p in game.ruleset.plugins] == ["western_link"]
    tiny = new_game(support.TINY, players=2, seed=1)
    assert tiny.ruleset.plugins == ()


@pytest.mark.rules("RW-p3-17")
def test_a_map_that_does_not_exist_cannot_be_chosen():
    with pytest.raises(MapError):
        new_game("no-such-map", players=4, seed=1)
