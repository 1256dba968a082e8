"""Nippon's components, set-up and end (RW-p16-04..09, RW-p7-32, RW-p7-33, RW-p22-16)."""

from __future__ import annotations

from collections import Counter

import pytest

from railways.core.actions import Urbanize
from railways.core.board import Color
from railways.rules import new_game
from railways.rules.boards.nippon import Nippon

from .helpers import MAP, act_as, end_now, refused, start

# RW-p16-08, RW-p16-09: the Empty City Markers that end the game, 2 to 4 players.
ECM_BY_PLAYERS = {2: 10, 3: 12, 4: 14}
# The cards marked with a yellow S in the appendix for Nippon, The Railroad Era Begins
# replaced by Shinbashi Station (RW-p22-16).
START_CARDS = {
    "shinbashi-station",
    "speed-record",
    "long-distance",
    "service-bounty-kagoshima",
    "service-bounty-niigata",
}


@pytest.mark.rules("RW-p16-05", "RW-p16-06")
def test_the_map_comes_with_ten_barons_and_its_operations_deck() -> None:
    """Ten barons; the deck is the appendix's RON cards (39: see test_deck for the counts,
    and docs/boards/nippon.md for the 42 printed on the component list)."""
    game = new_game(MAP, players=4, seed=3)
    assert len(game.ruleset.barons) == 10
    assert len(game.ruleset.cards) == 39
    assert any(isinstance(p, Nippon) for p in game.ruleset.plugins)


@pytest.mark.rules("RW-p16-04")
def test_the_base_games_components_except_where_noted() -> None:
    """Costs, bonds and engines as in the base game; 164 track tiles (the component list)."""
    board = new_game(MAP, players=2, seed=3).board
    eastern = new_game("eastern-us", players=2, seed=3).board
    t, base = board.tables, eastern.tables
    assert t.terrain_costs == base.terrain_costs
    assert (t.urbanize_cost, t.bond_value, t.bond_dividend) == (10, 5, 1)
    assert (t.urbanize_cost, t.bond_value, t.bond_dividend) == (
        base.urbanize_cost,
        base.bond_value,
        base.bond_dividend,
    )
    assert t.engine_costs == base.engine_costs and t.max_engine == 8
    assert t.goods_per_color == 25
    assert sum(t.tile_supply.values()) == 164


@pytest.mark.rules("RW-p16-07")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_cards_face_up_then_the_deal(players: int) -> None:
    """The start cards are sorted out of the deck and laid face up; then two cards a
    player are dealt from the shuffled rest (RW-p4-04)."""
    game = new_game(MAP, players=players, seed=11)
    display = game.state.ops_display
    assert set(display[:5]) == START_CARDS
    dealt = display[5:]
    assert len(dealt) == 2 * players
    assert not any(game.ruleset.cards[c].start for c in dealt)
    assert not set(game.state.ops_deck) & START_CARDS
    assert len(game.state.ops_deck) == 39 - 5 - 2 * players
    assert "railroad-era-begins" not in game.ruleset.cards


@pytest.mark.rules("RW-p16-07", "RW-p5-13")
def test_sixteen_new_city_tiles() -> None:
    game = start(players=3)
    tiles = game.state.new_city_tiles
    assert sum(tiles.values()) == 16
    assert tiles.get(Color.RED, 0) == 0
    assert tiles == {Color.YELLOW: 4, Color.BLUE: 4, Color.PURPLE: 4, Color.BLACK: 4}


@pytest.mark.rules("RW-p16-07", "RW-p5-13")
def test_the_fifth_blue_city_tile_is_not_there() -> None:
    game = start(players=3)
    gray = ["aizu", "chosi", "himeji", "matsumoto", "mito"]
    for city in gray[:4]:
        act_as(game, 0, cash=20)
        game.apply(Urbanize(seat=0, city=city, color="blue"))
    assert game.state.new_city_tiles[Color.BLUE] == 0
    act_as(game, 0, cash=20)
    refused(game, Urbanize(seat=0, city=gray[4], color="blue"), "RW-p5-13")
    game.apply(Urbanize(seat=0, city=gray[4], color="yellow"))
    assert game.state.city_colors[gray[4]] is Color.YELLOW


@pytest.mark.rules("RW-p16-08", "RW-p16-09")
@pytest.mark.parametrize(("players", "markers"), sorted(ECM_BY_PLAYERS.items()))
def test_empty_city_markers_that_end_the_game(players: int, markers: int) -> None:
    game = new_game(MAP, players=players, seed=2)
    assert game.state.ecm_needed == markers
    assert markers <= 20  # the box holds 20 markers (RW-p16-07)


@pytest.mark.rules("RW-p16-04", "RW-p16-08")
@pytest.mark.parametrize("players", [1, 5, 6])
def test_the_board_is_for_two_to_four_players(players: int) -> None:
    with pytest.raises(ValueError, match="2-4"):
        new_game(MAP, players=players, seed=2)


@pytest.mark.rules("RW-p16-09")
def test_each_bond_costs_a_point_and_the_highest_score_wins() -> None:
    game = start(players=4)
    # (score, bonds) -> 40, 41, 36, 0 by hand; barons set aside so only the bonds count.
    rows = [(40, 0), (45, 4), (41, 5), (3, 3)]
    for p, (score, bonds) in zip(game.state.players, rows, strict=True):
        p.score, p.bonds, p.cash, p.baron = score, bonds, 100, ""
    end_now(game)
    assert game.state.final_scores == {0: 40, 1: 41, 2: 36, 3: 0}
    assert game.state.winner == 1


@pytest.mark.rules("RW-p7-32", "RW-p7-33", "RW-p3-18", "RW-p22-16")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_cube_reduction_and_the_blue_cube_in_tokyo(players: int) -> None:
    """Every city starts with its printed cubes, whatever the player count; Tokyo has one
    more, the blue cube Shinbashi Station sets up."""
    game = new_game(MAP, players=players, seed=5)
    for city in game.board.cities.values():
        extra = 1 if city.id == "tokyo" else 0
        assert len(game.state.cubes[city.id]) == city.cubes + extra, city.id
    assert Color.BLUE in game.state.cubes["tokyo"]


@pytest.mark.rules("RW-p22-16")
def test_the_tokyo_blue_cube_is_not_drawn_at_random() -> None:
    """Over many seeds Tokyo always has a blue cube; its other three cubes are random."""
    blues: Counter[int] = Counter()
    for seed in range(30):
        cubes = new_game(MAP, players=2, seed=seed).state.cubes["tokyo"]
        assert Color.BLUE in cubes
        blues[cubes.count(Color.BLUE)] += 1
    assert len(blues) > 1  # the random three sometimes bring another blue


@pytest.mark.rules("RW-p7-32", "RW-p7-33")
def test_the_cube_reduction_module_leaves_nippon_alone() -> None:
    game = new_game(MAP, players=2, seed=5, options={"modules": ["cube-reduction"]})
    for city in game.board.cities.values():
        extra = 1 if city.id == "tokyo" else 0
        assert len(game.state.cubes[city.id]) == city.cubes + extra, city.id
    assert Color.BLUE in game.state.cubes["tokyo"]
