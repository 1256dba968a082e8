"""The variants of the compendium (pp. 7-8) and the house 'worst is first', both sides."""

from __future__ import annotations

from dataclasses import replace

import pytest

import support
from railways.content.maps import load_map
from railways.content.solo import load_solo
from railways.core.actions import Bid, BuildTrack, Pass, PassBid
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import build_options
from railways.core.state import Phase
from railways.rules import check_map, new_game, ruleset_for

from .helpers import finish_turn, refused, start

H = Hex.from_offset


# -- Shorter Game (RW-p8-06) -------------------------------------------------------------------
@pytest.mark.rules("RW-p8-06")
def test_shorter_game_needs_two_fewer_empty_cities():
    table = load_map("eastern-us").tables.ecm_by_players[4]
    assert table == 14
    assert new_game("eastern-us", 4, 1).state.ecm_needed == 14
    game = start(["shorter-game"], to_actions=False)
    assert game.state.ecm_needed == 12
    assert game.options.shorter_game  # the old option and the module are one rule


# -- Cube reduction chart (RW-p7-32, RW-p7-33) ---------------------------------------------
@pytest.mark.rules("RW-p7-32", "RW-p7-33")
@pytest.mark.parametrize(("players", "fewer"), [(2, 1), (3, 1), (4, 0)])
def test_cube_chart_reduces_the_eastern_us_for_two_and_three(players, fewer):
    board = load_map("eastern-us")
    # Take the board's own reduction away, so only the chart can bring it back.
    plain = replace(board, tables=replace(board.tables, cube_reduction={}))
    without = Game(plain, ruleset_for(plain), [f"P{i}" for i in range(players)], 3)
    assert all(
        len(without.state.cubes[c]) == max(1, city.cubes) for c, city in plain.cities.items()
    )
    with_chart = Game(
        plain, ruleset_for(plain, modules=["cube-reduction"]), [f"P{i}" for i in range(players)], 3
    )
    for cid, city in plain.cities.items():
        assert len(with_chart.state.cubes[cid]) == max(1, city.cubes - fewer), cid
    total = with_chart.state.cubes_total()
    assert (
        total == len(with_chart.state.bag) * plain.tables.goods_per_color
    )  # every cube is in a city or the bag


def test_cube_chart_refuses_a_board_it_does_not_list():
    with pytest.raises(ValueError, match="chart does not list"):
        new_game(support.TINY, 2, 1, {"modules": ["cube-reduction"]})


# -- Cut Throat (RW-p7-34) -------------------------------------------------------------------
def _tiny_with_open_end(modules: list[str]) -> Game:
    game = start(modules, players=2, map_id=support.TINY)
    for p in game.state.players:
        p.cash = 40
    west, h11 = H(1, 0), H(1, 1)
    support.make_turn(game, 0)
    game.apply(BuildTrack(seat=0, path=(west, h11), exit=Side.NE))
    while game.to_act != 0:
        seat = game.to_act
        assert seat is not None
        game.apply(Pass(seat=seat))
    return game


@pytest.mark.rules("RW-p7-34", "RW-p5-04")
def test_cut_throat_forbids_redirecting_the_end_tile():
    h11 = H(1, 1)
    plain = _tiny_with_open_end([])
    plain.apply(BuildTrack(seat=0, path=(h11,), exit=Side.E, redirect=True))  # allowed
    game = _tiny_with_open_end(["cut-throat"])
    refused(game, BuildTrack(seat=0, path=(h11,), exit=Side.E, redirect=True), "RW-p7-34")
    # extending the open end without turning it is still allowed
    game.apply(BuildTrack(seat=0, path=(h11, H(0, 2)), exit=Side.E))


# -- Glenn Drover (RW-p8-04, RW-p8-05) --------------------------------------------------------
@pytest.mark.rules("RW-p8-04", "RW-p8-05")
def test_glenn_drover_closes_the_west_until_thirty_points():
    smap = load_solo("eastern-us")
    plain = start([], players=2)
    west_builds = [
        o.action for o in build_options(plain, 0) if any(smap.is_west(h) for h in o.action.path)
    ]
    assert west_builds, "some first build reaches west of the mountains"
    game = start(["glenn-drover"], players=2)
    assert all(not any(smap.is_west(h) for h in o.action.path) for o in build_options(game, 0))
    action = replace(west_builds[0], seat=game.to_act)
    refused(game, action, "RW-p8-05")
    game.state.players[1].score = 29
    refused(game, action, "RW-p8-05")
    game.state.players[1].score = 30  # anyone's thirty opens it
    game.apply(action)


@pytest.mark.rules("RW-p8-04")
@pytest.mark.parametrize(
    ("map_id", "players", "why"),
    [
        ("eastern-us", 3, "only for two players"),
        ("eastern-us", 4, "only for two players"),
        ("europe", 2, "Europe does not offer this two-player variant"),
        ("western-us", 2, "Western U.S. does not offer this two-player variant"),
    ],
)
def test_glenn_drover_is_only_for_two_players_on_the_eastern_us(map_id, players, why):
    with pytest.raises(ValueError, match=why):
        new_game(map_id, players, 1, {"modules": ["glenn-drover"]})
    new_game("eastern-us", 2, 1, {"modules": ["glenn-drover"]})  # the one game it is for


@pytest.mark.rules("RW-p8-04")
def test_a_board_offers_glenn_drover_only_with_a_true_offered_setting():
    """The board's map.toml says whether it has the variant; a wrong setting is reported
    as map.toml:modules.glenn-drover.<key> by the board check."""
    from dataclasses import replace

    from railways.content.maps import load_map
    from railways.rules.modules.base import board_module_problems
    from railways.rules.modules.simple import GlennDrover

    board = load_map("eastern-us")
    assert board_module_problems(board) == []
    bad = replace(board, module_params={"glenn-drover": {"offered": 1, "west": "solo"}})
    assert board_module_problems(bad) == [
        "map.toml:modules.glenn-drover.west: not a setting (its one setting is offered)",
        "map.toml:modules.glenn-drover.offered: expected true (the board offers the variant)",
    ]
    assert GlennDrover.refuse(board, 2) is None
    assert GlennDrover.refuse(bad, 2) == (
        "Eastern U.S. does not offer this two-player variant (RW-p8-04)"
    )


# -- First Player Auction Variant 1 (RW-p7-35, RW-p7-36) ---------------------------------------
@pytest.mark.rules("RW-p7-35", "RW-p7-36")
def test_variant_1_first_turn_in_seat_order_with_compensation():
    plain = start([], to_actions=False)
    support.choose_barons(plain)
    assert plain.state.phase is Phase.AUCTION
    game = start(["auction-v1"], to_actions=False)
    support.choose_barons(game)
    assert game.state.phase is Phase.ACTIONS  # no auction on turn 1
    assert game.state.order == [0, 1, 2, 3]
    assert [p.cash for p in game.state.players] == [0, 1, 2, 3]  # $1,000 per place behind
    finish_turn(game)
    assert game.state.phase is Phase.AUCTION  # turn 2 has the usual auction...
    assert game.state.auction is not None and game.state.auction.order[0] == 0  # ...opened by 1


# -- First Player Auction Variant 2 (RW-p8-01..03) ---------------------------------------------
@pytest.mark.rules("RW-p8-01", "RW-p8-02", "RW-p8-03")
def test_variant_2_pass_order_sets_turn_order_and_passers_pay_half():
    game = start(["auction-v2"], to_actions=False)
    support.choose_barons(game)
    for p in game.state.players:
        p.cash = 20
    assert game.state.auction is not None and game.state.auction.order == [0, 1, 2, 3]
    game.apply(Bid(seat=0, amount=3))
    game.apply(Bid(seat=1, amount=5))
    game.apply(PassBid(seat=2))  # first to pass, never bid: last, pays nothing
    game.apply(Bid(seat=3, amount=7))
    game.apply(PassBid(seat=0))  # bid 3: pays 2 (half, rounded up)
    game.apply(PassBid(seat=1))  # bid 5: pays 3
    assert game.state.phase is Phase.ACTIONS
    assert game.state.order == [3, 1, 0, 2]
    assert [p.cash for p in game.state.players] == [20 - 2, 20 - 3, 20, 20 - 7]
    finish_turn(game)
    assert game.state.auction is not None and game.state.auction.order == [3, 1, 0, 2]


@pytest.mark.rules("RW-p4-35")
def test_without_variant_2_only_the_winner_pays():
    game = start([], to_actions=False)
    support.choose_barons(game)
    for p in game.state.players:
        p.cash = 20
    game.apply(Bid(seat=0, amount=3))
    for seat in (1, 2, 3):
        game.apply(PassBid(seat=seat))
    assert [p.cash for p in game.state.players] == [17, 20, 20, 20]
    assert game.state.order == [0, 1, 2, 3]


# -- Worst is first (house) --------------------------------------------------------------------
def test_worst_is_first_orders_later_turns_by_score():
    game = start(["worst-is-first"], to_actions=False)
    support.choose_barons(game)
    assert game.state.phase is Phase.AUCTION  # turn 1 keeps its auction
    support.pass_auction(game)
    order_1 = list(game.state.order)
    scores = {0: 5, 1: 2, 2: 5, 3: 0}
    for seat, score in scores.items():
        game.state.players[seat].score = score
    finish_turn(game)
    assert game.state.phase is Phase.ACTIONS  # no auction
    # lowest first; seats 0 and 2 tie at 5 and keep turn 1's order between them
    tied = sorted([0, 2], key=order_1.index)
    assert game.state.order == [3, 1, *tied]


@pytest.mark.rules("RW-p7-33")
def test_cube_chart_is_read_from_each_board_s_map_toml():
    """The chart's column, as the compendium prints it, is in each listed board's map.toml."""
    says = {
        "eastern-us": True,
        "western-us": True,
        "north-america": True,
        "mexico": False,
        "europe": False,
        "great-britain": False,
        "through-time": False,
        "nippon": False,
    }
    for map_id, fewer in says.items():
        assert load_map(map_id).module_params["cube-reduction"] == {"fewer": fewer}, map_id
    for map_id in ("australia", "portugal", "sweden", "transcontinental"):
        assert "cube-reduction" not in load_map(map_id).module_params, map_id


@pytest.mark.rules("RW-p7-33")
def test_a_wrong_cube_chart_setting_is_named_by_file_and_key():
    board = load_map("nippon")
    for settings, wanted in (
        ({"fewer": "yes"}, "map.toml:modules.cube-reduction.fewer: expected true or false"),
        ({}, "map.toml:modules.cube-reduction.fewer: expected true or false"),
        ({"fewer": True, "less": 1}, "map.toml:modules.cube-reduction.less: not a setting"),
    ):
        bad = replace(board, module_params={"cube-reduction": settings})
        problems = check_map(bad)
        assert any(p.startswith(wanted) for p in problems), (settings, problems)
    assert not [p for p in check_map(board) if "cube-reduction" in p]
