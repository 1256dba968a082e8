"""Ferries (RW-p15-14..16, RW-p21-23..25): six ferry spots beside Iqaluit and St. John, five
Ferry Line cards, and a Ferry Line card as the only way onto a ferry hex, which is then free.

Prices by hand: water $3,000, open $2,000 (RW-p4-52), $1,000 more north of the snow line
(rows 0-15, RW-p15-13).
"""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack
from railways.core.game import Game
from railways.core.hexgrid import Side
from railways.rules import check_map

from .helpers import H, give_card, ready, refused, start

IQALUIT_WEST = (H(5, 31), H(5, 30), H(6, 30), H(7, 30), H(8, 30))  # ferry, then Hudson Strait
ST_JOHN_TO_SYDNEY = (H(17, 44), H(18, 44), H(19, 43), H(20, 43), H(21, 43), H(21, 44))


@pytest.fixture
def game() -> Game:
    g = start(players=3)
    ready(g, g.state.order[0])
    return g


def seat_of(game: Game) -> int:
    seat = game.to_act
    assert seat is not None
    return seat


@pytest.mark.rules("RW-p15-15")
def test_six_ferry_spots_beside_iqaluit_and_st_john_and_five_cards(game: Game) -> None:
    board = game.board
    ferries = [s for s in board.specials.values() if s.kind == "ferry"]
    assert len(ferries) == 6
    assert sorted(s.city or "" for s in ferries) == ["iqaluit"] * 3 + ["st-john"] * 3
    for spot in ferries:
        city = board.cities[spot.city or ""]
        side = city.at.side_towards(spot.at)
        assert side is not None and side in city.spokes
    cards = [c for c in game.ruleset.cards.values() if c.effect == "ferry_line"]
    assert len(cards) == 5  # so at most five of the six ferry lines are ever built


@pytest.mark.rules("RW-p15-15", "RW-p21-24")
def test_the_island_cities_are_reached_only_through_their_ferries(game: Game) -> None:
    board = game.board
    for city_id in ("iqaluit", "st-john"):
        city = board.cities[city_id]
        for side in city.spokes:
            special = board.special_at(city.at.neighbour(side))
            assert special is not None and special.kind == "ferry"
    assert check_map(board) == []  # and through the ferries they join the rest of the board


@pytest.mark.rules("RW-p21-24", "RW-p15-15")
def test_no_track_on_a_ferry_hex_without_a_ferry_line_card(game: Game) -> None:
    seat = seat_of(game)
    error = refused(game, BuildTrack(seat=seat, path=IQALUIT_WEST, exit=Side.SW), "RW-p21-24")
    assert "Ferry" in str(error)


@pytest.mark.rules("RW-p21-23", "RW-p15-14", "RW-p15-13")
def test_a_ferry_line_card_lays_the_ferry_hex_free_and_without_the_snow_surcharge(
    game: Game,
) -> None:
    seat = seat_of(game)
    give_card(game, seat, "ferry-line-1")
    before = game.state.players[seat].cash
    build = BuildTrack(seat=seat, path=IQALUIT_WEST, exit=Side.SW, cards=("ferry-line-1",))
    game.apply(build)
    # Ferry hex (5,30): free although north of the line. Then three water hexes, all north:
    # 3 x (3 + 1) = 12.
    assert before - game.state.players[seat].cash == 12
    assert game.state.track[H(5, 30)][0].owner == seat


@pytest.mark.rules("RW-p21-23", "RW-p15-14")
def test_the_ferry_to_st_john_south_of_the_line(game: Game) -> None:
    seat = seat_of(game)
    give_card(game, seat, "ferry-line-2")
    before = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=ST_JOHN_TO_SYDNEY, cards=("ferry-line-2",)))
    # The ferry free, then three water hexes south of the line: 3 x 3.
    assert before - game.state.players[seat].cash == 9
    link = max(game.state.links.values(), key=lambda lk: lk.id)
    assert {link.start, link.end} == {"st-john", "sydney"}


@pytest.mark.rules("RW-p21-25", "RW-p21-05")
def test_the_ferry_line_card_leaves_the_game_after_use(game: Game) -> None:
    seat = seat_of(game)
    give_card(game, seat, "ferry-line-3")
    game.apply(BuildTrack(seat=seat, path=ST_JOHN_TO_SYDNEY, cards=("ferry-line-3",)))
    player = game.state.players[seat]
    assert "ferry-line-3" not in player.hand
    assert "ferry-line-3" in game.state.ops_discard
    assert "ferry-line-3" not in game.state.ops_display + game.state.ops_deck


@pytest.mark.rules("RW-p21-23")
def test_a_ferry_line_card_is_for_a_build_over_a_ferry(game: Game) -> None:
    seat = seat_of(game)
    give_card(game, seat, "ferry-line-1")
    plain = BuildTrack(seat=seat, path=(H(18, 10), H(18, 11)), exit=Side.E, cards=("ferry-line-1",))
    refused(game, plain, "RW-p21-23")
    assert "ferry-line-1" in game.state.players[seat].hand


@pytest.mark.rules("RW-p21-24")
def test_a_card_held_by_another_player_opens_nothing(game: Game) -> None:
    seat = seat_of(game)
    other = (seat + 1) % game.n
    give_card(game, other, "ferry-line-1")
    build = BuildTrack(seat=seat, path=ST_JOHN_TO_SYDNEY, cards=("ferry-line-1",))
    refused(game, build, "RW-p5-40")


@pytest.mark.rules("RW-p15-16")
def test_the_water_hex_south_west_of_iqaluit_takes_track_but_leads_nowhere(game: Game) -> None:
    seat = seat_of(game)
    board = game.board
    iqaluit = board.cities["iqaluit"]
    water = iqaluit.at.neighbour(Side.SW)
    assert water == H(6, 31) and board.is_buildable(water)
    assert Side.SW not in iqaluit.spokes and board.special_at(water) is None
    # From Ivujivik across the strait (open 2 + 1, then three water 3 + 1: 15)...
    strait = (H(9, 28), H(9, 29), H(8, 30), H(8, 31), H(7, 31))
    before = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=strait, exit=Side.NW))
    assert before - game.state.players[seat].cash == 15
    # ...then onto the water hex: legal, a water hex north of the line (3 + 1)...
    ready(game, seat)
    onto = BuildTrack(seat=seat, path=(H(7, 31), water), exit=Side.W)
    assert game.plan(onto).cost == 4
    # ...but never into Iqaluit: the city has no spoke on that side.
    refused(game, BuildTrack(seat=seat, path=(H(7, 31), water, iqaluit.at)), "RW-p5-07")


@pytest.mark.rules("RW-p15-14")
def test_an_outlined_sea_hex_is_an_ordinary_water_hex(game: Game) -> None:
    seat = seat_of(game)
    # (8,31) and (7,31) lie in Hudson Strait: on the board, no ferry, water hexes: 3, plus 1
    # north of the line.
    board = game.board
    for sea in (H(8, 31), H(7, 31)):
        assert board.is_buildable(sea) and board.special_at(sea) is None
    path = (H(9, 28), H(9, 29), H(8, 30), H(8, 31), H(7, 31))
    plan = game.plan(BuildTrack(seat=seat, path=path, exit=Side.E))
    assert plan.tile_costs == [2, 3, 3, 3]
    assert plan.cost == (2 + 1) + 3 * (3 + 1)
