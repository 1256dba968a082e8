"""Switch Tracks (RW-p7-26..30) on the Eastern U.S. board.

The scene: seat 0 owns the link New York (9,25) - 8,26 - 8,27 - 7,27 - Boston (6,28), whose
tile on 8,26 enters from the SW (New York) and leaves to the E (8,27). Albany (6,25) is two
hexes north-west of 8,26, through the river hex 7,25.
"""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack, DeliverGoods
from railways.core.board import Color
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.legal import build_options, legal_actions
from railways.core.view import view_for
from railways.rules.modules.base import describe_modules
from support import make_turn, set_cubes

from .helpers import finish_turn, refused, start


def h(text: str) -> Hex:
    row, col = text.split(",")
    return Hex.from_offset(int(row), int(col))


def path(*hexes: str) -> tuple[Hex, ...]:
    return tuple(h(x) for x in hexes)


NY_BOSTON = path("9,25", "8,26", "8,27", "7,27", "6,28")
TO_ALBANY = path("8,26", "7,25", "6,25")  # from the switch: one river tile to Albany


def scene(modules: tuple[str, ...] = ("switch-tracks",)) -> tuple[Game, int]:
    game = start(list(modules), players=3)
    seat = game.to_act
    assert seat is not None
    game.state.players[seat].cash = 60
    game.state.ops_display = []  # no goal card scores on top of the deliveries
    game.apply(BuildTrack(seat=seat, path=NY_BOSTON))
    again(game, seat)
    return game, seat


def again(game: Game, seat: int) -> None:
    """Give ``seat`` another action in this round (scenario set-up)."""
    game.state.round = 1
    make_turn(game, seat)


def switches(game: Game) -> list[dict[str, object]]:
    found: list[dict[str, object]] = game.state.plugin_data["switch_tracks"]["switches"]
    return found


@pytest.mark.rules("RW-p7-27", "RW-p7-28")
def test_a_switch_costs_5000_and_a_new_link_leaves_it_by_a_free_side():
    game, seat = scene()
    cash = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=TO_ALBANY))
    # $5,000 for the switch and $3,000 for the one river tile (7,25).
    assert game.state.players[seat].cash == cash - (5 + 3)
    branch = max(game.state.links)
    link = game.state.links[branch]
    assert link.complete and link.end == "albany" and link.owner == seat
    assert [t[0] for t in link.tiles] == [h("7,25")]  # the parent's tile on 8,26 is not re-laid
    assert switches(game) == [{"hex": [8, 26], "seat": seat, "parent": 1, "branch": branch}]
    marks = [m for m in view_for(game, None)["markers"] if m["kind"] == "switch"]
    assert [(m["hex"], m["owner"]) for m in marks] == [([8, 26], seat)]


@pytest.mark.rules("RW-p7-27")
def test_the_switch_is_one_of_the_four_tiles_of_the_build():
    game, seat = scene()
    # Three tiles from the switch is four builds: allowed.
    game.apply(BuildTrack(seat=seat, path=path("8,26", "7,25", "7,24", "6,24", "6,23")))
    assert game.state.links[max(game.state.links)].end == "syracuse"
    game, seat = scene()
    # Four tiles from the switch would be five.
    five = path("8,26", "8,25", "8,24", "8,23", "9,22", "9,21")
    error = refused(game, BuildTrack(seat=seat, path=five), "RW-p4-43")
    assert "the switch counts as one" in str(error)


@pytest.mark.rules("RW-p7-27")
def test_a_switch_goes_only_on_own_track():
    game, seat = scene()
    other = (seat + 1) % 3
    again(game, other)
    game.state.players[other].cash = 60
    refused(game, BuildTrack(seat=other, path=TO_ALBANY), "RW-p4-46")
    assert switches(game) == []


@pytest.mark.rules("RW-p7-28", "RW-p7-30")
def test_the_new_track_may_not_leave_by_a_side_the_track_there_uses():
    game, seat = scene()
    # From 8,26 towards 8,27 (its E side) is where the link itself runs.
    error = refused(game, BuildTrack(seat=seat, path=path("8,26", "8,27", "8,28")), "RW-p7-28")
    assert "side" in str(error)


@pytest.mark.rules("RW-p7-30")
def test_the_switch_link_must_reach_a_third_city():
    game, seat = scene()
    # Back to Boston, the far end of the track it leaves: not a third city.
    back = path("8,26", "7,25", "6,26", "6,27", "6,28")
    error = refused(game, BuildTrack(seat=seat, path=back), "RW-p7-30")
    assert "Boston" in str(error)


@pytest.mark.rules("RW-p7-26")
def test_two_switches_per_player():
    game, seat = scene()
    game.apply(BuildTrack(seat=seat, path=TO_ALBANY))
    again(game, seat)
    # The second switch, on 7,27: out to Albany by the north-west (6,27, 6,26).
    game.apply(BuildTrack(seat=seat, path=path("7,27", "6,27", "6,26", "6,25")))
    assert len(switches(game)) == 2
    again(game, seat)
    # A third, on 8,27 (the last free piece of the link), out to New Haven: refused.
    third = path("8,27", "7,26")
    error = refused(game, BuildTrack(seat=seat, path=third), "RW-p7-26")
    assert "both" in str(error)


@pytest.mark.rules("RW-p7-29")
def test_an_unfinished_switch_link_is_removed_with_its_switch():
    game, seat = scene()
    # One river tile from the switch, pointing on to 7,24: not at a city yet.
    side = h("8,25").side_towards(h("7,24"))
    game.apply(BuildTrack(seat=seat, path=path("8,26", "8,25"), exit=side))
    assert len(switches(game)) == 1
    assert not game.state.links[max(game.state.links)].complete
    finish_turn(game)  # the income phase removes it (RW-p4-49)
    assert switches(game) == []
    assert h("8,25") not in game.state.track
    assert game.state.plugin_data["switch_tracks"]["switches"] == []
    left = view_for(game, None)["plugins"]["switch_tracks"]["left"]
    assert left[str(seat)] == 2  # the marker came back


@pytest.mark.rules("RW-p7-29")
def test_a_switch_link_finished_in_a_later_action_stays():
    game, seat = scene()
    side = h("8,25").side_towards(h("7,24"))
    game.apply(BuildTrack(seat=seat, path=path("8,26", "8,25"), exit=side))
    again(game, seat)
    game.apply(BuildTrack(seat=seat, path=path("8,25", "7,24", "6,25")))
    finish_turn(game)
    assert len(switches(game)) == 1
    assert game.state.links[switches(game)[0]["branch"]].end == "albany"


@pytest.mark.rules("RW-p7-30")
def test_three_cities_are_joined_three_ways_each_one_link():
    game, seat = scene()
    game.apply(BuildTrack(seat=seat, path=TO_ALBANY))
    branch = max(game.state.links)
    # Boston (yellow) to Albany (purple): one link over the switch, though no link of the
    # board runs from Boston to Albany; Boston and New York are not on the way.
    set_cubes(game, "boston", [Color.PURPLE])
    again(game, seat)
    score = game.state.players[seat].score
    game.apply(DeliverGoods(seat=seat, city="boston", color="purple", links=(-branch,)))
    assert game.state.players[seat].score == score + 1
    # New York to Albany along the new link itself: one link.
    set_cubes(game, "new-york", [Color.PURPLE])
    again(game, seat)
    game.apply(DeliverGoods(seat=seat, city="new-york", color="purple", links=(branch,)))
    assert game.state.players[seat].score == score + 2


@pytest.mark.rules("RW-p7-30")
def test_the_way_over_the_switch_is_listed_and_belongs_to_the_switch_owner():
    game, seat = scene()
    game.apply(BuildTrack(seat=seat, path=TO_ALBANY))
    branch = max(game.state.links)
    set_cubes(game, "boston", [Color.PURPLE])
    again(game, seat)
    routes = legal_actions(game, seat).deliveries[("boston", "purple")]
    assert any(o.action.links == (-branch,) and o.points == {seat: 1} for o in routes)
    # Another player may not start a delivery on it (the first link must be their own).
    other = (seat + 1) % 3
    again(game, other)
    refused(
        game, DeliverGoods(seat=other, city="boston", color="purple", links=(-branch,)), "RW-p5-32"
    )


@pytest.mark.rules("RW-p7-27", "RW-p7-28")
def test_switch_links_are_offered_with_the_module_only():
    game, seat = scene()
    from_switch = [
        o for o in build_options(game, seat) if game.board.city_at(o.action.path[0]) is None
    ]
    assert any(o.action.path == TO_ALBANY and o.cost == 8 for o in from_switch)
    plain, plain_seat = scene(())
    assert not [
        o for o in build_options(plain, plain_seat) if plain.board.city_at(o.action.path[0]) is None
    ]
    refused(plain, BuildTrack(seat=plain_seat, path=TO_ALBANY), "RW-p4-46")


@pytest.mark.rules("RW-p7-26", "RW-p7-27")
def test_the_legal_payload_says_where_a_switch_may_go():
    """Front ends mark the places the engine offers (``origins``), never the rule again."""
    game, seat = scene()

    def origins() -> list[tuple[int, int]]:
        found = legal_actions(game, seat).to_dict(game)["origins"]
        assert {(o["kind"], o["cost"], o["clause"]) for o in found} <= {("switch", 5, "RW-p7-28")}
        return [(o["hex"][0], o["hex"][1]) for o in found]

    # Every hex of the own complete link between its cities; the listing builds from them.
    assert origins() == [(8, 26), (8, 27), (7, 27)]
    off_city = {o.action.path[0] for o in build_options(game, seat)}
    off_city = {(x.row, x.col) for x in off_city if game.board.city_at(x) is None}
    assert (8, 26) in off_city and off_city <= set(origins())
    game.apply(BuildTrack(seat=seat, path=TO_ALBANY))
    again(game, seat)
    assert origins() == [(8, 27), (7, 27)]  # a switch's hex takes no other
    game.apply(BuildTrack(seat=seat, path=path("7,27", "6,27", "6,26", "6,25")))
    again(game, seat)
    assert origins() == []  # both placed (RW-p7-26)
    other = (seat + 1) % 3
    again(game, other)
    assert legal_actions(game, other).to_dict(game)["origins"] == []  # no track of its own
    plain, plain_seat = scene(())
    assert legal_actions(plain, plain_seat).to_dict(plain)["origins"] == []
    assert "origins" not in legal_actions(game, seat).to_dict()  # only with the game


def test_the_module_is_listed_and_refused_on_a_board_that_has_switches_of_its_own():
    ids = {m["id"]: m for m in describe_modules()}
    assert ids["switch-tracks"]["clauses"] == [
        "RW-p7-26",
        "RW-p7-27",
        "RW-p7-28",
        "RW-p7-29",
        "RW-p7-30",
    ]
