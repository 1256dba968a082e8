"""The twelve Rail Barons of the Western U.S. (RW-p19-47..53, RW-p20-01..08), scored as the
engine scores them at the end. A tie for a "most" or "fewest" goal scores nothing
(RW-p19-03); a link goal counts only the player's own links (RW-p19-07)."""

from __future__ import annotations

import pytest

from railways.core.actions import Urbanize
from railways.core.game import Game

from .helpers import act_as, chain, put_link, start


def score(game: Game, baron_id: str, seat: int) -> int:
    baron = game.ruleset.barons[baron_id]
    return game.ruleset.baron_effects[baron.effect].score(game, seat, baron)


def test_the_twelve_barons_of_the_box():
    game = start()
    assert sorted(game.ruleset.barons) == sorted(
        [
            "frederick-billings", "thomas-durant", "jay-gould", "david-moffat",
            "leland-stanford", "eh-harriman", "henry-villard", "collis-huntington",
            "jay-cooke", "mark-hopkins", "cyrus-holliday", "james-hill",
        ]
    )  # fmt: skip
    assert all(game.ruleset.barons[b].text for b in game.ruleset.barons)


@pytest.mark.rules("RW-p19-47", "RW-p19-48", "RW-p19-07")
def test_billings_six_points_for_joining_tacoma_and_billings_with_own_links():
    game = start()
    chain(game, 0, ["tacoma", "spokane", "missoula"])
    put_link(game, 1, "missoula", "billings")
    assert score(game, "frederick-billings", 0) == 0  # the last link is another's
    put_link(game, 0, "missoula", "billings")
    assert score(game, "frederick-billings", 0) == 6
    assert score(game, "frederick-billings", 1) == 0


@pytest.mark.rules("RW-p19-49", "RW-p19-03")
def test_durant_six_points_for_the_fewest_bonds_none_on_a_tie():
    game = start()
    for seat, bonds in enumerate([1, 2, 2, 3]):
        game.state.players[seat].bonds = bonds
    assert [score(game, "thomas-durant", s) for s in range(4)] == [6, 0, 0, 0]
    game.state.players[1].bonds = 1
    assert [score(game, "thomas-durant", s) for s in range(4)] == [0, 0, 0, 0]


@pytest.mark.rules("RW-p19-50", "RW-p19-05")
def test_gould_six_points_for_the_most_completed_links():
    game = start()
    chain(game, 2, ["boise", "idaho-falls", "butte", "helena"])
    chain(game, 1, ["reno", "elko"])
    assert [score(game, "jay-gould", s) for s in range(4)] == [0, 0, 6, 0]
    chain(game, 1, ["elko", "promontory", "salt-lake-city"])
    assert [score(game, "jay-gould", s) for s in range(4)] == [0, 0, 0, 0]


@pytest.mark.rules("RW-p19-51")
def test_moffat_six_points_for_the_highest_engine_at_the_end():
    game = start()
    for seat, level in enumerate([3, 5, 4, 2]):
        game.state.players[seat].engine = level
    assert [score(game, "david-moffat", s) for s in range(4)] == [0, 6, 0, 0]
    game.state.players[2].engine = 5
    assert score(game, "david-moffat", 1) == 0


@pytest.mark.rules("RW-p19-52")
def test_stanford_six_points_for_the_most_money():
    game = start()
    for seat, cash in enumerate([12, 30, 29, 0]):
        game.state.players[seat].cash = cash
    assert [score(game, "leland-stanford", s) for s in range(4)] == [0, 6, 0, 0]
    game.state.players[2].cash = 30
    assert score(game, "leland-stanford", 1) == 0


@pytest.mark.rules("RW-p19-53", "RW-p19-06")
def test_harriman_six_points_for_the_longest_unbranched_railroad():
    game = start()
    chain(game, 0, ["seattle", "tacoma", "portland", "eugene"])  # 3 in a row
    for city in ["spokane", "boise", "reno", "redding"]:  # 4 links, but a star of length 2
        put_link(game, 1, "richland", city)
    assert score(game, "eh-harriman", 0) == 6
    assert score(game, "eh-harriman", 1) == 0


@pytest.mark.rules("RW-p20-01", "RW-p19-04")
def test_villard_two_points_per_link_from_portland_four_links_at_most():
    game = start()
    put_link(game, 0, "portland", "tacoma")
    put_link(game, 0, "portland", "tacoma")  # a second link to the same city counts too
    assert score(game, "henry-villard", 0) == 4
    for city in ["eugene", "richland", "seattle"]:
        put_link(game, 0, "portland", city)
    assert score(game, "henry-villard", 0) == 8  # five links, four count
    put_link(game, 1, "eugene", "redding")
    assert score(game, "henry-villard", 1) == 0


@pytest.mark.rules("RW-p20-02")
def test_huntington_eight_points_for_joining_san_francisco_and_deming():
    game = start()
    route = ["san-francisco", "fresno", "bakersfield", "los-angeles", "yuma", "tucson", "deming"]
    chain(game, 3, route[:-1])
    assert score(game, "collis-huntington", 3) == 0
    put_link(game, 3, "tucson", "deming")
    assert score(game, "collis-huntington", 3) == 8


@pytest.mark.rules("RW-p20-03", "RW-p19-03")
def test_cooke_six_points_for_the_most_bonds_none_on_a_tie():
    game = start()
    for seat, bonds in enumerate([4, 2, 7, 0]):
        game.state.players[seat].bonds = bonds
    assert [score(game, "jay-cooke", s) for s in range(4)] == [0, 0, 6, 0]
    game.state.players[0].bonds = 7
    assert [score(game, "jay-cooke", s) for s in range(4)] == [0, 0, 0, 0]


@pytest.mark.rules("RW-p20-04", "RW-p19-04")
def test_hopkins_two_points_per_link_from_san_francisco_four_at_most():
    game = start()
    for city in ["sacramento", "fresno", "redding"]:
        put_link(game, 1, "san-francisco", city)
    assert score(game, "mark-hopkins", 1) == 6
    put_link(game, 1, "sacramento", "san-francisco")
    put_link(game, 1, "san-francisco", "reno")
    assert score(game, "mark-hopkins", 1) == 8


def _urbanize(game: Game, seat: int, city: str) -> None:
    act_as(game, seat, cash=20)
    game.apply(Urbanize(seat=seat, city=city, color="blue"))


@pytest.mark.rules("RW-p20-05", "RW-p20-06")
def test_holliday_three_points_each_for_urbanized_dodge_city_and_santa_fe_reached():
    game = start()
    put_link(game, 0, "wichita", "dodge-city")
    put_link(game, 0, "santa-fe", "albuquerque")
    assert score(game, "cyrus-holliday", 0) == 0  # reached, but still gray
    _urbanize(game, 1, "dodge-city")
    assert score(game, "cyrus-holliday", 0) == 3
    _urbanize(game, 2, "santa-fe")
    assert score(game, "cyrus-holliday", 0) == 6
    assert score(game, "cyrus-holliday", 1) == 0  # urbanized them, reaches neither


@pytest.mark.rules("RW-p20-07", "RW-p20-08")
def test_hill_three_points_each_for_urbanized_richland_and_idaho_falls_reached():
    game = start()
    _urbanize(game, 0, "richland")
    _urbanize(game, 0, "idaho-falls")
    assert score(game, "james-hill", 0) == 0  # urbanized, but no link reaches them
    put_link(game, 0, "spokane", "richland")
    assert score(game, "james-hill", 0) == 3
    put_link(game, 0, "idaho-falls", "butte")
    assert score(game, "james-hill", 0) == 6
