"""The ten Rail Barons of Great Britain (RW-p20-09..18), both sides of every goal.

Positions are written into the state (links, money, bonds, engines); the score is asked of
the baron's effect exactly as the engine asks it at the end. Expected points are worked out
by hand from the card (a tie for a "most" goal scores nothing, RW-p19-03).
"""

from __future__ import annotations

import pytest

from railways.core.game import Game

from .helpers import baron_score as score
from .helpers import put_link, start


@pytest.fixture
def game() -> Game:
    g = start(players=3)
    g.state.links.clear()
    return g


@pytest.mark.rules("RW-p19-02", "RW-p15-03")
def test_the_deck_is_the_ten_great_britain_barons(game: Game) -> None:
    names = {b.name for b in game.ruleset.barons.values()}
    assert names == {
        "George Hudson",
        "George Stephenson",
        "Daniel Gooch",
        "Joseph Locke",
        "Joseph Pease",
        "Nicholas Wood",
        "Robert Stephenson",
        "Arthur Wellesley, Duke of Wellington",
        "Edward Pease",
        "Isambard Kingdom Brunel",
    }
    assert all(b.text for b in game.ruleset.barons.values())


@pytest.mark.rules("RW-p20-09", "RW-p19-07")
def test_george_hudson_leeds_and_york_to_bristol(game: Game) -> None:
    for a, b in [("york", "leeds"), ("leeds", "sheffield"), ("sheffield", "birmingham")]:
        put_link(game, 0, a, b)
    put_link(game, 0, "birmingham", "gloucester")
    assert score(game, "george-hudson", 0) == 0  # Bristol not reached yet
    put_link(game, 1, "gloucester", "bristol")  # another player's link does not count
    assert score(game, "george-hudson", 0) == 0
    put_link(game, 0, "gloucester", "bristol")
    assert score(game, "george-hudson", 0) == 5


@pytest.mark.rules("RW-p20-09")
def test_george_hudson_needs_york_too(game: Game) -> None:
    put_link(game, 0, "leeds", "sheffield")
    put_link(game, 0, "sheffield", "birmingham")
    put_link(game, 0, "birmingham", "bristol")
    assert score(game, "george-hudson", 0) == 0


@pytest.mark.rules("RW-p20-10", "RW-p19-03")
def test_george_stephenson_most_cities(game: Game) -> None:
    put_link(game, 0, "london", "reading")
    put_link(game, 0, "reading", "oxford")  # seat 0: London, Reading, Oxford = 3
    put_link(game, 1, "leeds", "york")  # seat 1: 2
    assert score(game, "george-stephenson", 0) == 5
    assert score(game, "george-stephenson", 1) == 0
    put_link(game, 1, "york", "darlington")  # 3 each: a tie scores nothing
    assert score(game, "george-stephenson", 0) == 0


@pytest.mark.rules("RW-p20-11", "RW-p19-03")
def test_daniel_gooch_fewest_bonds(game: Game) -> None:
    for p, bonds in zip(game.state.players, [1, 2, 3], strict=True):
        p.bonds = bonds
    assert score(game, "daniel-gooch", 0) == 6
    assert score(game, "daniel-gooch", 1) == 0
    game.state.players[1].bonds = 1
    assert score(game, "daniel-gooch", 0) == 0


@pytest.mark.rules("RW-p20-12", "RW-p19-03")
def test_joseph_locke_most_track_tiles(game: Game) -> None:
    put_link(game, 0, "london", "reading", tiles=4)
    put_link(game, 1, "leeds", "york", tiles=1)
    put_link(game, 1, "york", "darlington", tiles=2)  # 3 tiles against 4
    assert score(game, "joseph-locke", 0) == 5
    assert score(game, "joseph-locke", 1) == 0
    put_link(game, 1, "york", "scarborough", tiles=1)  # 4 each
    assert score(game, "joseph-locke", 0) == 0


@pytest.mark.rules("RW-p20-13", "RW-p19-05")
def test_joseph_pease_largest_railroad(game: Game) -> None:
    put_link(game, 0, "london", "reading", tiles=4)
    put_link(game, 1, "leeds", "york")
    put_link(game, 1, "york", "darlington")  # two links beat one long one
    assert score(game, "joseph-pease", 1) == 5
    assert score(game, "joseph-pease", 0) == 0


@pytest.mark.rules("RW-p20-14", "RW-p19-07")
def test_nicholas_wood_liverpool_to_london(game: Game) -> None:
    put_link(game, 2, "liverpool", "crewe")
    put_link(game, 2, "crewe", "birmingham")
    put_link(game, 2, "birmingham", "coventry")
    put_link(game, 0, "coventry", "london")
    assert score(game, "nicholas-wood", 2) == 0
    put_link(game, 2, "coventry", "northampton")
    put_link(game, 2, "northampton", "london")
    assert score(game, "nicholas-wood", 2) == 5


@pytest.mark.rules("RW-p20-15", "RW-p19-03")
def test_robert_stephenson_highest_engine(game: Game) -> None:
    for p, level in zip(game.state.players, [5, 4, 4], strict=True):
        p.engine = level
    assert score(game, "robert-stephenson", 0) == 6
    assert score(game, "robert-stephenson", 1) == 0
    game.state.players[2].engine = 5
    assert score(game, "robert-stephenson", 0) == 0


@pytest.mark.rules("RW-p20-16", "RW-p19-03")
def test_duke_of_wellington_most_money(game: Game) -> None:
    for p, cash in zip(game.state.players, [12, 30, 29], strict=True):
        p.cash = cash
    assert score(game, "duke-of-wellington", 1) == 6
    assert score(game, "duke-of-wellington", 2) == 0
    game.state.players[2].cash = 30
    assert score(game, "duke-of-wellington", 1) == 0


@pytest.mark.rules("RW-p20-17", "RW-p19-06")
def test_edward_pease_longest_railroad(game: Game) -> None:
    # Seat 0: a chain of three (Bristol - Gloucester - Worcester - Birmingham) plus a branch.
    put_link(game, 0, "bristol", "gloucester")
    put_link(game, 0, "gloucester", "worcester")
    put_link(game, 0, "worcester", "birmingham")
    put_link(game, 0, "gloucester", "swindon")
    # Seat 1: a star of four links from Leeds: longest chain only two.
    for city in ("york", "sheffield", "manchester", "preston"):
        put_link(game, 1, "leeds", city)
    assert score(game, "edward-pease", 0) == 5
    assert score(game, "edward-pease", 1) == 0


@pytest.mark.rules("RW-p20-18", "RW-p19-04")
def test_brunel_two_points_a_london_link_four_links_at_most(game: Game) -> None:
    put_link(game, 0, "london", "reading")
    put_link(game, 0, "london", "reading")  # a second link to the same city counts too
    put_link(game, 0, "london", "brighton")
    put_link(game, 1, "london", "dover")  # another player's
    put_link(game, 0, "reading", "oxford")  # not a London link
    assert score(game, "isambard-kingdom-brunel", 0) == 6
    put_link(game, 0, "london", "cambridge")
    put_link(game, 0, "london", "dover")
    assert score(game, "isambard-kingdom-brunel", 0) == 8  # five links, capped at four
