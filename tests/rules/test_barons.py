"""Rail Baron cards of the Eastern U.S. (RW-p19-01 .. RW-p19-22).

Most tests score one baron's effect on a constructed position; the last ones
play a game to its end so the bonuses land in the final scores.
"""

from __future__ import annotations

import itertools

import pytest

from railways.core.actions import UpgradeEngine
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link
from railways.rules.barons import longest_railroad, tiles_owned
from railways.rules.boards.western_link import BuildWesternLink
from support import start

from .eus_helpers import link, pass_to_next_turn, put_link, turn_of

EUS_BARONS = {
    "Henry Farnam",
    "James Fisk",
    "Jay Gould",
    "E.H. Harriman",
    "Cyrus Holliday",
    "Mark Hopkins",
    "Theodore D. Judah",
    "J.P. Morgan",
    "George Pullman",
    "Moses Taylor",
    "Wm. Henry Vanderbilt",
    "Cornelius Vanderbilt",
}


def bonus(game: Game, seat: int, baron_id: str) -> int:
    """What the baron would give ``seat`` if the game ended now."""
    baron = game.ruleset.barons[baron_id]
    return game.ruleset.baron_effects[baron.effect].score(game, seat, baron)


def position(players: int = 3) -> Game:
    """A game at the action rounds with equal cash, bonds and engines for everyone."""
    game = start(players)
    for p in game.state.players:
        p.cash, p.bonds, p.engine = 10, 0, 1
    return game


def put_incomplete(game: Game, seat: int, start_city: str, tiles: int) -> int:
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    state.links[link_id] = Link(link_id, seat, start_city, [(Hex(0, 0), Side.E, Side.W)] * tiles)
    return link_id


@pytest.mark.rules("RW-p10-04", "RW-p19-02", "RW-p19-10")
def test_eastern_us_has_its_own_twelve_barons() -> None:
    game = start(4)
    barons = game.ruleset.barons.values()
    assert len(barons) == 12
    assert {b.name for b in barons} == EUS_BARONS


@pytest.mark.rules("RW-p19-01")
def test_barons_are_secret_until_the_end() -> None:
    """Each player keeps one baron; none is revealed while the game goes on."""
    game = start(4)
    for p in game.state.players:
        assert p.baron in p.barons_dealt
        assert not p.baron_revealed
    assert game.state.reveals == 0


# -- links to one city (Henry Farnam, James Fisk) --------------------------------------------
@pytest.mark.rules("RW-p19-11", "RW-p19-04")
def test_henry_farnam_two_points_per_chicago_link_counting_repeats() -> None:
    game = position()
    put_link(game, 0, "chicago", "milwaukee")
    put_link(game, 0, "milwaukee", "chicago")  # a second link to the same city counts
    put_link(game, 0, "springfield", "chicago")
    put_link(game, 0, "milwaukee", "minneapolis")  # does not touch Chicago
    put_link(game, 1, "chicago", "indianapolis")  # another player's
    put_incomplete(game, 0, "chicago", 3)  # not a completed link
    assert bonus(game, 0, "henry-farnam") == 6
    assert bonus(game, 1, "henry-farnam") == 2
    assert bonus(game, 2, "henry-farnam") == 0


@pytest.mark.rules("RW-p19-11", "RW-p19-04")
def test_henry_farnam_capped_at_eight() -> None:
    game = position()
    for other in ("milwaukee", "springfield", "indianapolis", "st-louis", "louisville"):
        put_link(game, 0, "chicago", other)
    assert bonus(game, 0, "henry-farnam") == 8


@pytest.mark.rules("RW-p19-12", "RW-p19-04")
def test_james_fisk_two_points_per_mobile_link_capped_at_eight() -> None:
    game = position()
    put_link(game, 0, "mobile", "new-orleans")
    assert bonus(game, 0, "james-fisk") == 2
    put_link(game, 0, "jackson", "mobile")
    put_link(game, 0, "mobile", "montgomery")
    put_link(game, 0, "new-orleans", "mobile")
    put_link(game, 0, "mobile", "memphis")
    assert bonus(game, 0, "james-fisk") == 8
    put_link(game, 1, "chicago", "milwaukee")
    assert bonus(game, 1, "james-fisk") == 0


# -- strict "most" goals and ties (RW-p19-03) --------------------------------------------------
@pytest.mark.rules("RW-p19-13", "RW-p19-03")
def test_jay_gould_fewest_bonds_and_tie() -> None:
    game = position()
    bonds = [1, 2, 3]
    for p, n in zip(game.state.players, bonds, strict=True):
        p.bonds = n
    assert [bonus(game, s, "jay-gould") for s in range(3)] == [7, 0, 0]
    game.state.players[1].bonds = 1  # tied for fewest
    assert [bonus(game, s, "jay-gould") for s in range(3)] == [0, 0, 0]


@pytest.mark.rules("RW-p19-13", "RW-p19-03")
def test_jay_gould_nobody_scores_when_no_one_issued_bonds() -> None:
    game = position()
    assert [bonus(game, s, "jay-gould") for s in range(3)] == [0, 0, 0]


@pytest.mark.rules("RW-p19-14", "RW-p19-03")
def test_eh_harriman_highest_engine_and_tie() -> None:
    game = position()
    for p, level in zip(game.state.players, [4, 3, 2], strict=True):
        p.engine = level
    assert [bonus(game, s, "eh-harriman") for s in range(3)] == [6, 0, 0]
    game.state.players[1].engine = 4
    assert [bonus(game, s, "eh-harriman") for s in range(3)] == [0, 0, 0]


@pytest.mark.rules("RW-p19-15")
def test_cyrus_holliday_built_a_western_link() -> None:
    game = position()
    link(game, 0, "des-moines", "kansas-city")
    link(game, 1, "kansas-city", "tulsa")
    assert [bonus(game, s, "cyrus-holliday") for s in range(3)] == [0, 0, 0]
    turn_of(game, 0)
    game.state.players[0].cash = 40
    game.apply(BuildWesternLink(seat=0, city="kansas-city"))
    assert [bonus(game, s, "cyrus-holliday") for s in range(3)] == [5, 0, 0]


@pytest.mark.rules("RW-p19-16", "RW-p19-03")
def test_mark_hopkins_most_cities_connected() -> None:
    """Three links, three cities beats three links between two cities."""
    game = position()
    put_link(game, 0, "chicago", "milwaukee")
    put_link(game, 0, "milwaukee", "minneapolis")
    put_link(game, 0, "minneapolis", "duluth")  # 4 cities
    put_link(game, 1, "boston", "providence")
    put_link(game, 1, "providence", "boston")
    put_link(game, 1, "boston", "providence")  # 2 cities
    assert [bonus(game, s, "mark-hopkins") for s in range(3)] == [6, 0, 0]
    put_link(game, 1, "boston", "portland")
    put_link(game, 1, "new-haven", "providence")  # now 4 cities too
    assert [bonus(game, s, "mark-hopkins") for s in range(3)] == [0, 0, 0]


@pytest.mark.rules("RW-p19-17", "RW-p19-06", "RW-p19-03")
def test_theodore_judah_longest_unbranched_railroad() -> None:
    """Four links out of one hub are a chain of two; three links in a row are three."""
    game = position()
    for spoke in ("milwaukee", "springfield", "indianapolis", "st-louis"):
        put_link(game, 0, "chicago", spoke)
    put_link(game, 1, "boston", "providence")
    put_link(game, 1, "providence", "new-haven")
    put_link(game, 1, "new-haven", "new-york")
    assert longest_railroad(game, 0) == 2
    assert longest_railroad(game, 1) == 3
    assert [bonus(game, s, "theodore-judah") for s in range(3)] == [0, 8, 0]
    put_link(game, 0, "milwaukee", "minneapolis")  # a chain of 3 through Chicago: a tie
    assert longest_railroad(game, 0) == 3
    assert [bonus(game, s, "theodore-judah") for s in range(3)] == [0, 0, 0]


@pytest.mark.rules("RW-p19-17", "RW-p19-06")
def test_longest_railroad_ignores_branches_off_the_chain() -> None:
    game = position()
    chain = ["new-york", "new-haven", "providence", "boston", "portland"]
    for a, b in itertools.pairwise(chain):
        put_link(game, 0, a, b)
    put_link(game, 0, "new-haven", "albany")  # a branch
    put_link(game, 0, "providence", "albany")  # and a way round
    put_incomplete(game, 0, "portland", 4)  # incomplete track is not a link
    # New York - New Haven - Albany - Providence - Boston - Portland: five in a row.
    assert longest_railroad(game, 0) == 5


@pytest.mark.rules("RW-p19-18", "RW-p19-05", "RW-p19-03")
def test_jp_morgan_most_completed_links() -> None:
    game = position()
    put_link(game, 0, "chicago", "milwaukee")
    put_link(game, 0, "chicago", "springfield")
    put_link(game, 1, "boston", "providence")
    put_incomplete(game, 1, "boston", 4)
    put_incomplete(game, 1, "boston", 2)
    assert [bonus(game, s, "jp-morgan") for s in range(3)] == [6, 0, 0]
    put_link(game, 2, "dallas", "fort-worth")
    put_link(game, 2, "dallas", "houston")
    assert [bonus(game, s, "jp-morgan") for s in range(3)] == [0, 0, 0]


@pytest.mark.rules("RW-p19-20", "RW-p19-03")
def test_moses_taylor_most_money_and_tie() -> None:
    game = position()
    for p, cash in zip(game.state.players, [30, 29, 5], strict=True):
        p.cash = cash
    assert [bonus(game, s, "moses-taylor") for s in range(3)] == [5, 0, 0]
    game.state.players[1].cash = 30
    assert [bonus(game, s, "moses-taylor") for s in range(3)] == [0, 0, 0]


@pytest.mark.rules("RW-p19-21", "RW-p19-03")
def test_wh_vanderbilt_most_track_tiles() -> None:
    """Tiles of incomplete links are in play too."""
    game = position()
    put_link(game, 0, "chicago", "st-louis", tiles=4)
    put_link(game, 1, "boston", "providence", tiles=1)
    put_incomplete(game, 1, "boston", 2)
    assert [bonus(game, s, "wh-vanderbilt") for s in range(3)] == [6, 0, 0]
    put_incomplete(game, 1, "providence", 1)  # 4 tiles each
    assert [bonus(game, s, "wh-vanderbilt") for s in range(3)] == [0, 0, 0]
    put_incomplete(game, 1, "providence", 1)
    assert [bonus(game, s, "wh-vanderbilt") for s in range(3)] == [0, 6, 0]


@pytest.mark.rules("RW-p19-21")
def test_wh_vanderbilt_counts_tiles_laid_by_building() -> None:
    game = position()
    link(game, 0, "albany", "new-york")  # two tiles
    link(game, 1, "chicago", "milwaukee")  # one tile
    assert [tiles_owned(game, s) for s in range(3)] == [2, 1, 0]
    assert [bonus(game, s, "wh-vanderbilt") for s in range(3)] == [6, 0, 0]


@pytest.mark.rules("RW-p19-22", "RW-p19-07")
def test_cornelius_vanderbilt_new_york_to_chicago_on_own_links() -> None:
    game = position()
    chain = ["new-york", "harrisburg", "pittsburgh", "cleveland", "detroit", "chicago"]
    for a, b in itertools.pairwise(chain):
        put_link(game, 0, a, b)
    assert bonus(game, 0, "cornelius-vanderbilt") == 5
    # The same route with one link belonging to someone else does not count.
    for a, b in itertools.pairwise(chain):
        put_link(game, 1, a, b)
    for lk in game.state.links.values():
        if lk.owner == 1 and {lk.start, lk.end} == {"cleveland", "detroit"}:
            lk.owner = 2
    assert bonus(game, 1, "cornelius-vanderbilt") == 0
    assert bonus(game, 2, "cornelius-vanderbilt") == 0


# -- George Pullman (RW-p19-19) ---------------------------------------------------------------
def upgrade(game: Game, seat: int) -> None:
    turn_of(game, seat)
    game.state.players[seat].cash = 30
    game.apply(UpgradeEngine(seat=seat))


@pytest.mark.rules("RW-p19-19")
def test_george_pullman_revealed_at_once_when_first_to_level_six() -> None:
    game = position()
    game.state.players[0].baron = "george-pullman"
    game.state.players[0].engine = 5
    upgrade(game, 0)
    assert game.state.players[0].engine == 6
    assert game.state.players[0].baron_revealed
    assert game.state.reveals == 1
    assert bonus(game, 0, "george-pullman") == 6


@pytest.mark.rules("RW-p19-19")
def test_george_pullman_stays_hidden_below_level_six() -> None:
    game = position()
    game.state.players[0].baron = "george-pullman"
    game.state.players[0].engine = 4
    upgrade(game, 0)
    assert not game.state.players[0].baron_revealed
    assert bonus(game, 0, "george-pullman") == 0


@pytest.mark.rules("RW-p19-19")
def test_george_pullman_nothing_for_the_second_to_level_six() -> None:
    game = position()
    game.state.players[1].baron = "george-pullman"
    for p in game.state.players[:2]:
        p.engine = 5
    upgrade(game, 0)  # seat 0 gets there first, holding another baron
    assert not game.state.players[0].baron_revealed
    upgrade(game, 1)
    assert game.state.players[1].engine == 6
    assert not game.state.players[1].baron_revealed
    assert bonus(game, 1, "george-pullman") == 0


# -- at the end of the game ---------------------------------------------------------------------
def _end_game(game: Game) -> None:
    """Trigger the end now; the game ends after this turn and one more."""
    game.state.end_trigger_turn = game.state.turn
    pass_to_next_turn(game)
    pass_to_next_turn(game)
    assert game.over


@pytest.mark.rules("RW-p19-01", "RW-p19-03", "RW-p19-20", "RW-p19-13", "RW-p19-18")
def test_baron_bonuses_added_to_final_scores() -> None:
    game = position()
    state = game.state
    state.players[0].baron = "moses-taylor"  # most money: alone with 40
    state.players[1].baron = "jay-gould"  # fewest bonds: all have none, a tie
    state.players[2].baron = "jp-morgan"  # most links: 2 against 1 and 0
    for p, cash in zip(state.players, [40, 20, 20], strict=True):
        p.cash = cash
    put_link(game, 2, "chicago", "milwaukee")
    put_link(game, 2, "chicago", "springfield")
    put_link(game, 1, "boston", "providence")
    scores = [p.score for p in state.players]
    _end_game(game)
    assert all(p.baron_revealed for p in state.players)
    assert state.final_scores == {0: scores[0] + 5, 1: scores[1], 2: scores[2] + 6}


@pytest.mark.rules("RW-p19-01", "RW-p19-03", "RW-p19-14")
def test_tied_baron_goal_scores_nothing_at_the_end() -> None:
    game = position()
    state = game.state
    for p in state.players:
        p.baron = "eh-harriman"
        p.engine = 3
    state.players[2].engine = 2
    _end_game(game)
    assert state.final_scores == {0: 0, 1: 0, 2: 0}


@pytest.mark.rules("RW-p19-19", "RW-p19-14", "RW-p19-03", "RW-p19-01")
def test_george_pullman_scores_at_the_end_via_finish() -> None:
    """Seat 1 reaches level 6 first and keeps Pullman's 6; seat 0 follows to level 6,
    so E.H. Harriman (highest engine) is a tie and scores nothing."""
    game = position()
    state = game.state
    state.players[0].baron = "eh-harriman"
    state.players[1].baron = "george-pullman"
    state.players[2].baron = ""
    state.players[0].engine = 5
    state.players[1].engine = 5
    upgrade(game, 1)
    upgrade(game, 0)
    assert state.players[1].baron_revealed and not state.players[0].baron_revealed
    base = {p.seat: p.score - p.bonds for p in state.players}
    game._finish()
    assert state.final_scores == {0: base[0], 1: base[1] + 6, 2: base[2]}
    assert state.players[0].baron_revealed


@pytest.mark.rules("RW-p19-06", "RW-p19-17")
def test_longest_railroad_counts_a_closed_loop() -> None:
    """A loop of three links is a chain of three; a city passed twice mid-chain is a branch."""
    from railways.core.state import Link
    from railways.rules import new_game
    from railways.rules.barons import longest_railroad

    game = new_game("eastern-us", players=2, seed=1)
    loop = [("albany", "boston"), ("boston", "providence"), ("providence", "albany")]
    for i, (a, b) in enumerate(loop, start=1):
        game.state.links[i] = Link(id=i, owner=0, start=a, tiles=[], end=b)
    assert longest_railroad(game, 0) == 3
    # A spur at Albany does not lengthen the loop: the chain may not pass Albany twice.
    game.state.links[4] = Link(id=4, owner=0, start="albany", tiles=[], end="syracuse")
    assert longest_railroad(game, 0) == 3
    del game.state.links[2]
    assert longest_railroad(game, 0) == 2  # a star at Albany: any chain through it has two
