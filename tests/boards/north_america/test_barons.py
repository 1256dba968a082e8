"""The twelve Rail Barons of North America (RW-p20-19..30), both sides of every goal.

Positions are written into the state (links, money, bonds, engines); the score is asked of
the baron's effect exactly as the engine asks it at the end. Expected points are worked out
by hand from the card (a tie for a "most" goal scores nothing, RW-p19-03).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from railways.core.game import Game

from .helpers import put_link, start


def score(game: Game, baron_id: str, seat: int) -> int:
    baron = game.ruleset.barons[baron_id]
    return game.ruleset.baron_effects[baron.effect].score(game, seat, baron)


@pytest.fixture
def game() -> Game:
    g = start(players=3)
    g.state.links.clear()
    return g


@pytest.mark.rules("RW-p19-02", "RW-p15-08", "RW-p15-11")
def test_the_deck_is_the_twelve_maple_leaf_barons(game: Game) -> None:
    names = {b.name for b in game.ruleset.barons.values()}
    assert names == {
        "Alexander Galt",
        "Donald Smith",
        "Francis Hincks",
        "George-Etienne Cartier",
        "George Stephen",
        "John MacDonald",
        "John Molson",
        "John Young",
        "Casimir Gzowski",
        "William Van Horne",
        "Thomas Shaughnessy",
        "Sandford Fleming",
    }
    assert all(b.text for b in game.ruleset.barons.values())
    # The other twelve of the box's 24 are the Golden Spike barons of the Transcontinental game.


@pytest.mark.rules("RW-p20-19", "RW-p19-03")
def test_alexander_galt_highest_engine(game: Game) -> None:
    players = game.state.players
    players[0].engine, players[1].engine, players[2].engine = 4, 3, 2
    assert score(game, "alexander-galt", 0) == 6
    assert score(game, "alexander-galt", 1) == 0
    players[1].engine = 4  # a tie at the top scores nothing
    assert score(game, "alexander-galt", 0) == 0


@pytest.mark.rules("RW-p20-20", "RW-p19-05")
def test_donald_smith_largest_railroad(game: Game) -> None:
    for a, b in [("winnipeg", "regina"), ("regina", "calgary"), ("calgary", "edmonton")]:
        put_link(game, 0, a, b)
    put_link(game, 1, "toronto", "ottawa")
    assert score(game, "donald-smith", 0) == 6
    assert score(game, "donald-smith", 1) == 0
    for a, b in [("ottawa", "montreal"), ("montreal", "quebec")]:
        put_link(game, 1, a, b)
    assert score(game, "donald-smith", 0) == 0  # 3 links each: a tie


@pytest.mark.rules("RW-p20-21", "RW-p19-04")
def test_francis_hincks_links_from_vancouver_capped_at_eight(game: Game) -> None:
    put_link(game, 0, "vancouver", "kamloops")
    put_link(game, 0, "seattle", "vancouver")
    put_link(game, 1, "vancouver", "nelson")  # another player's link does not count
    assert score(game, "francis-hincks", 0) == 4
    for _ in range(3):  # links to the same city count again
        put_link(game, 0, "vancouver", "kamloops")
    assert score(game, "francis-hincks", 0) == 8  # 5 links x 2, at most 8


@pytest.mark.rules("RW-p20-22", "RW-p19-03")
def test_george_etienne_cartier_most_money(game: Game) -> None:
    players = game.state.players
    players[0].cash, players[1].cash, players[2].cash = 20, 19, 3
    assert score(game, "george-etienne-cartier", 0) == 6
    players[1].cash = 20
    assert score(game, "george-etienne-cartier", 0) == 0


@pytest.mark.rules("RW-p20-23", "RW-p19-06")
def test_george_stephen_longest_railroad(game: Game) -> None:
    chain = ["vancouver", "kamloops", "calgary", "regina", "winnipeg"]
    for a, b in pairwise(chain):
        put_link(game, 0, a, b)
    put_link(game, 0, "calgary", "edmonton")  # a branch: does not lengthen the chain
    for a, b in [("toronto", "ottawa"), ("ottawa", "montreal"), ("montreal", "quebec")]:
        put_link(game, 1, a, b)
    assert score(game, "george-stephen", 0) == 8  # 4 unbranched links against 3
    put_link(game, 1, "quebec", "chicoutimi")
    assert score(game, "george-stephen", 0) == 0  # 4 against 4


@pytest.mark.rules("RW-p20-24", "RW-p19-07")
def test_john_macdonald_ottawa_to_iqaluit(game: Game) -> None:
    put_link(game, 0, "ottawa", "montreal")
    put_link(game, 0, "montreal", "kuujjuaq")
    assert score(game, "john-macdonald", 0) == 0
    put_link(game, 1, "kuujjuaq", "iqaluit")  # only the seat's own links count
    assert score(game, "john-macdonald", 0) == 0
    put_link(game, 0, "iqaluit", "kuujjuaq")
    assert score(game, "john-macdonald", 0) == 8


@pytest.mark.rules("RW-p20-25", "RW-p19-07")
def test_john_molson_ottawa_to_seattle(game: Game) -> None:
    chain = ["ottawa", "sudbury", "thunder-bay", "winnipeg", "regina", "calgary", "vancouver"]
    for a, b in pairwise(chain):
        put_link(game, 0, a, b)
    assert score(game, "john-molson", 0) == 0
    put_link(game, 0, "vancouver", "seattle")
    assert score(game, "john-molson", 0) == 8


@pytest.mark.rules("RW-p20-26", "RW-p19-04")
def test_john_young_two_points_for_each_remote_city_reached(game: Game) -> None:
    assert score(game, "john-young", 0) == 0
    put_link(game, 0, "juneau", "whitehorse")
    put_link(game, 0, "ivujivik", "kuujjuaq")
    put_link(game, 1, "echo-bay", "yellowknife")  # another player's
    assert score(game, "john-young", 0) == 4
    put_link(game, 0, "echo-bay", "yellowknife")
    put_link(game, 0, "st-john", "sydney")
    put_link(game, 0, "st-john", "goose-bay")  # the same city twice counts once
    assert score(game, "john-young", 0) == 8


@pytest.mark.rules("RW-p20-27", "RW-p19-04")
def test_casimir_gzowski_links_from_quebec(game: Game) -> None:
    put_link(game, 0, "quebec", "montreal")
    assert score(game, "casimir-gzowski", 0) == 2
    for city in ("chicoutimi", "moncton", "montreal", "sept-iles"):
        put_link(game, 0, "quebec", city)
    assert score(game, "casimir-gzowski", 0) == 8  # 5 links, at most 8 points


@pytest.mark.rules("RW-p20-28", "RW-p19-03")
def test_william_van_horne_fewest_bonds(game: Game) -> None:
    players = game.state.players
    players[0].bonds, players[1].bonds, players[2].bonds = 1, 2, 3
    assert score(game, "william-van-horne", 0) == 6
    assert score(game, "william-van-horne", 2) == 0
    players[1].bonds = 1
    assert score(game, "william-van-horne", 0) == 0


@pytest.mark.rules("RW-p20-29", "RW-p19-03")
def test_thomas_shaughnessy_most_bonds(game: Game) -> None:
    players = game.state.players
    players[0].bonds, players[1].bonds, players[2].bonds = 5, 2, 3
    assert score(game, "thomas-shaughnessy", 0) == 6
    assert score(game, "thomas-shaughnessy", 2) == 0
    players[2].bonds = 5
    assert score(game, "thomas-shaughnessy", 0) == 0


@pytest.mark.rules("RW-p20-30", "RW-p19-07")
def test_sandford_fleming_st_john_to_winnipeg(game: Game) -> None:
    chain = ["st-john", "sydney", "halifax", "moncton", "quebec", "montreal", "ottawa"]
    for a, b in pairwise(chain):
        put_link(game, 0, a, b)
    put_link(game, 0, "ottawa", "sudbury")
    put_link(game, 0, "sudbury", "thunder-bay")
    assert score(game, "sandford-fleming", 0) == 0
    put_link(game, 0, "thunder-bay", "winnipeg")
    assert score(game, "sandford-fleming", 0) == 6
