"""Rail Barons of the Transcontinental game: the twelve Golden Spike barons (RW-p20-31..42)
scored both ways, and both ways of dealing the boards' own barons instead (Option 2 and its
variant, RW-p8-34..36), with the Western baron kept secret until the end."""

from __future__ import annotations

from itertools import pairwise

import pytest

import support
from railways.core.actions import BuildTrack, ChooseBaron, DeliverGoods
from railways.core.board import Color
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.boards.transcontinental import ChooseWesternBaron, data
from railways.sim.checks import secret_leaks

from .helpers import MAP, pass_auction, pass_steps, put_link, ready, refused, start, to_the_west


def score(game: Game, baron_id: str, seat: int) -> int:
    baron = game.ruleset.barons[baron_id]
    return game.ruleset.baron_effects[baron.effect].score(game, seat, baron)


@pytest.fixture
def game() -> Game:
    g = start(players=3)
    g.state.links.clear()
    return g


@pytest.mark.rules("RW-p20-31", "RW-p20-40")
def test_durant_and_holliday_a_delivery_of_nine_links(game: Game) -> None:
    # Albany to Memphis over nine links, no purple city on the way: a purple cube goes all
    # the way (RW-p5-26).
    chain = [
        "albany", "syracuse", "buffalo", "cleveland", "columbus", "cincinnati", "louisville",
        "nashville", "chattanooga", "memphis",
    ]  # fmt: skip
    links = [put_link(game, 0, a, b) for a, b in pairwise(chain)]
    assert len(links) == 9
    data(game)["longest"]["0"] = 8  # a delivery of eight links earlier: not enough
    for baron in ("gs-thomas-durant", "gs-cyrus-holliday"):
        assert score(game, baron, 0) == 0
    # An engine moves a cube 8 links at most (RW-p5-26): nine take a Fuel Depot stop on the
    # way, and the journey ends as one delivery (Game.complete_delivery, RW-p7-25).
    support.set_cubes(game, "albany", [Color.PURPLE])
    game.state.players[0].engine = 8
    ready(game, 0)
    refused(
        game, DeliverGoods(seat=0, city="albany", color="purple", links=tuple(links)), "RW-p5-26"
    )
    game.state.cubes["albany"].remove(Color.PURPLE)  # held at a depot, then carried on
    game.complete_delivery(0, Color.PURPLE, tuple(chain), tuple(links))
    for baron in ("gs-thomas-durant", "gs-cyrus-holliday"):
        assert score(game, baron, 0) == 10
        assert score(game, baron, 1) == 0


@pytest.mark.rules("RW-p20-32", "RW-p19-05", "RW-p19-03")
def test_jay_gould_largest_railroad(game: Game) -> None:
    for a, b in [("chicago", "milwaukee"), ("chicago", "detroit")]:
        put_link(game, 0, a, b)
    put_link(game, 1, "boston", "albany")
    assert score(game, "gs-jay-gould", 0) == 8
    put_link(game, 1, "albany", "syracuse")
    assert score(game, "gs-jay-gould", 0) == 0


@pytest.mark.rules("RW-p20-33", "RW-p19-07")
def test_david_moffat_four_western_cities(game: Game) -> None:
    put_link(game, 0, "denver", "grand-junction")
    put_link(game, 0, "grand-junction", "salt-lake-city")
    assert score(game, "gs-david-moffat", 0) == 0
    put_link(game, 0, "grand-junction", "gallup")
    assert score(game, "gs-david-moffat", 0) == 8


@pytest.mark.rules("RW-p20-34", "RW-p20-35", "RW-p19-06")
def test_leland_stanford_money_and_harriman_longest(game: Game) -> None:
    players = game.state.players
    players[0].cash, players[1].cash, players[2].cash = 30, 10, 5
    assert score(game, "gs-leland-stanford", 0) == 8
    players[1].cash = 30
    assert score(game, "gs-leland-stanford", 0) == 0
    for a, b in [("boston", "albany"), ("albany", "syracuse"), ("syracuse", "buffalo")]:
        put_link(game, 2, a, b)
    put_link(game, 0, "chicago", "milwaukee")
    assert score(game, "gs-eh-harriman", 2) == 8
    assert score(game, "gs-eh-harriman", 0) == 0


@pytest.mark.rules("RW-p20-36", "RW-p20-38")
def test_villard_and_cooke_count_major_lines_by_board(game: Game) -> None:
    lines = game.state.major_lines
    west = sorted(lid for lid in game.board.major_lines if lid.startswith("W"))
    east = sorted(lid for lid in game.board.major_lines if lid.startswith("E"))
    lines[west[0]] = 0
    assert score(game, "gs-henry-villard", 0) == 0
    lines["T1"] = 0  # a Transcontinental line is not a Western board line
    assert score(game, "gs-henry-villard", 0) == 0
    lines[west[1]] = 0
    assert score(game, "gs-henry-villard", 0) == 8
    # Jay Cooke: three or more, at least one on each board: W, W, T so far (no Eastern).
    assert score(game, "gs-jay-cooke", 0) == 0
    lines[east[0]] = 0
    assert score(game, "gs-jay-cooke", 0) == 9
    assert score(game, "gs-jay-cooke", 1) == 0


@pytest.mark.rules("RW-p20-37", "RW-p20-41", "RW-p19-07")
def test_huntington_and_hill_east_coast_to_west_coast(game: Game) -> None:
    chain = ["charleston", "atlanta", "memphis", "little-rock", "dallas", "fort-worth"]
    for a, b in pairwise(chain):
        put_link(game, 0, a, b)
    west = ["fort-worth", "abilene", "el-paso", "tucson", "yuma", "los-angeles"]
    for a, b in pairwise(west):
        put_link(game, 0, a, b)
    for baron in ("gs-collis-huntington", "gs-james-hill"):
        assert score(game, baron, 0) == 0
    put_link(game, 0, "los-angeles", "bakersfield")
    put_link(game, 0, "bakersfield", "san-francisco")
    for baron in ("gs-collis-huntington", "gs-james-hill"):
        assert score(game, baron, 0) == 10


@pytest.mark.rules("RW-p20-39", "RW-p20-42")
def test_hopkins_and_billings_go_to_the_first_to_connect() -> None:
    game = start(players=3)
    to_the_west(game)
    pass_auction(game)
    pass_steps(game)
    first, second = game.state.order[0], game.state.order[1]
    # Both own San Francisco ... Dodge City; Wichita to Topeka is the last link to build.
    chain = ["san-francisco", "sacramento", "reno", "salt-lake-city", "cheyenne", "denver"]
    for seat in (first, second):
        for a, b in pairwise([*chain, "dodge-city"]):
            put_link(game, seat, a, b)
    ready(game, second)
    game.apply(
        BuildTrack(
            seat=second, path=support.link_option(game, second, "dodge-city", "wichita").action.path
        )
    )
    assert score(game, "gs-mark-hopkins", second) == 0  # Wichita is not one of the three
    ready(game, first)
    game.apply(
        BuildTrack(
            seat=first, path=support.link_option(game, first, "dodge-city", "wichita").action.path
        )
    )
    ready(game, first)
    game.apply(
        BuildTrack(
            seat=first, path=support.link_option(game, first, "wichita", "topeka").action.path
        )
    )
    assert score(game, "gs-mark-hopkins", first) == 8  # the first to join them
    put_link(game, second, "wichita", "topeka")  # the second player joins them later...
    ready(game, second)
    game.apply(
        BuildTrack(
            seat=second,
            path=support.link_option(game, second, "wichita", "oklahoma-city").action.path,
        )
    )
    assert score(game, "gs-mark-hopkins", second) == 0  # ...and is not first
    assert score(game, "gs-mark-hopkins", first) == 8
    # Frederick H. Billings: Tacoma was joined to none of them by anybody.
    assert score(game, "gs-frederick-billings", first) == 0


# -- dealing the boards' own barons ---------------------------------------------------------------
@pytest.mark.rules("RW-p8-34", "RW-p8-35", "RW-p19-02")
def test_option_two_eastern_barons_first_then_western_when_the_west_opens() -> None:
    game = new_game(MAP, players=4, seed=6, options={"modules": ["baron-option-2"]})
    dealt = [b for p in game.state.players for b in p.barons_dealt]
    assert len(dealt) == 8 and all(b.startswith("e-") for b in dealt)
    support.choose_barons(game)
    assert data(game)["west_dealt"] == {} and data(game)["west_barons"] == {}
    pass_auction(game)
    to_the_west(game, answer_steps=False)
    west = data(game)["west_dealt"]
    assert sorted(int(s) for s in west) == [0, 1, 2, 3]
    assert all(len(v) == 2 and all(b.startswith("w-") for b in v) for v in west.values())
    # Each keeps one before anything else, at their next decision.
    seat = game.to_act
    assert seat is not None
    offered = legal_actions(game, seat).simple
    assert offered == [ChooseWesternBaron(seat=seat, baron=b) for b in west[str(seat)]]
    refused(game, ChooseWesternBaron(seat=seat, baron="w-nobody"), "RW-p8-34")
    keep = west[str(seat)][1]
    game.apply(ChooseWesternBaron(seat=seat, baron=keep))
    assert data(game)["west_barons"][str(seat)] == keep
    # The Eastern baron stays secret: no reveal at the change.
    assert not any(p.baron_revealed for p in game.state.players)
    assert secret_leaks(game) == []
    mine = view_for(game, seat)["plugins"]["transcontinental"]
    assert mine["my_western_baron"] == keep
    other = view_for(game, (seat + 1) % 4)["plugins"]["transcontinental"]
    assert "my_western_baron" not in other and keep not in str(view_for(game, (seat + 1) % 4))


@pytest.mark.rules("RW-p8-35", "RW-p6-13")
def test_option_two_both_barons_score_at_the_end() -> None:
    game = new_game(MAP, players=2, seed=8, options={"modules": ["baron-option-2"]})
    support.choose_barons(game)
    pass_auction(game)
    to_the_west(game)
    state = data(game)
    for p in game.state.players:  # give both players a Western baron they meet: most money
        state["west_dealt"].pop(str(p.seat), None)
        state["west_barons"][str(p.seat)] = "w-leland-stanford"
    game.state.players[0].cash = 99
    plugin = next(p for p in game.ruleset.plugins if p.id == "transcontinental")
    assert plugin.final_points(game, 0) == game.ruleset.barons["w-leland-stanford"].points
    assert plugin.final_points(game, 1) == 0


@pytest.mark.rules("RW-p8-36")
def test_option_two_variant_deals_both_boards_at_set_up() -> None:
    game = new_game(MAP, players=3, seed=9, options={"modules": ["baron-option-2-variant"]})
    assert all(b.startswith("e-") for p in game.state.players for b in p.barons_dealt)
    west = data(game)["west_dealt"]
    assert sorted(west) == ["0", "1", "2"]
    support.choose_barons(game)
    assert game.state.phase is Phase.AUCTION
    seat = game.to_act
    assert seat is not None
    refused(game, ChooseBaron(seat=seat, baron="x"), "RW-p4-28")
    pass_auction(game)  # each keeps a Western baron at their first decision
    assert sorted(data(game)["west_barons"]) == ["0", "1", "2"]
    to_the_west(game)
    assert sorted(data(game)["west_barons"]) == ["0", "1", "2"]  # no second deal
    assert data(game)["west_dealt"] == {}


@pytest.mark.rules("RW-p8-33", "RW-p8-34")
def test_the_options_are_for_this_board_only() -> None:
    with pytest.raises(ValueError, match="Transcontinental"):
        new_game("eastern-us", players=3, seed=1, options={"modules": ["baron-option-2"]})
    with pytest.raises(ValueError, match="cannot be played with"):
        new_game(
            MAP,
            players=3,
            seed=1,
            options={"modules": ["baron-option-2", "baron-option-2-variant"]},
        )
