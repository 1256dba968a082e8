"""City Rotors (RW-p7-01..06) on the Western U.S. (RW-p12-05..14) and on any other board.

The rotor's wheel is our own (the rulebook does not print it): clockwise red, yellow, blue,
purple, black and a blank slice (``railways.rules.modules.city_rotors``). A rotor starts on
its city's own colour, so the expected colours after each delivery below are read off that
order by hand.
"""

from __future__ import annotations

import pytest

from railways.core.actions import DeliverGoods
from railways.core.board import Color
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.modules.city_rotors import rotors, showing

from .helpers import act_as, chain, only_cubes, refused, start

# San Francisco is red (a rotor, RW-p12-06); Sacramento yellow, Fresno blue, Redding gray.
NO_DEPOTS = {"without_modules": ["fuel-depots"]}


def _deliver(game, seat, city, color, links):
    act_as(game, seat, engine=2)
    game.apply(DeliverGoods(seat=seat, city=city, color=color, links=links))


@pytest.mark.rules("RW-p7-04", "RW-p7-06")
def test_the_rotor_turns_one_colour_clockwise_after_every_delivery_to_its_city():
    game = start(options=NO_DEPOTS)
    (link,) = chain(game, 0, ["sacramento", "san-francisco"])
    seen = []
    for _ in range(7):
        only_cubes(game, "sacramento", [Color.RED])
        _deliver(game, 0, "sacramento", "red", (link,))
        second = showing(game, "san-francisco")
        seen.append(second.value if second else None)
    # red (its own) -> yellow -> blue -> purple -> black -> blank -> red -> yellow
    assert seen == ["yellow", "blue", "purple", "black", None, None, "yellow"]


@pytest.mark.rules("RW-p7-04", "RW-p7-05")
def test_a_rotor_city_takes_its_own_colour_and_the_colour_showing():
    game = start(options=NO_DEPOTS)
    to_sf, fresno_sf = (
        chain(game, 0, ["sacramento", "san-francisco"]),
        chain(game, 0, ["fresno", "san-francisco"]),
    )
    only_cubes(game, "fresno", [Color.YELLOW])
    act_as(game, 0)
    refused(game, DeliverGoods(seat=0, city="fresno", color="yellow", links=fresno_sf), "RW-p5-22")
    only_cubes(game, "sacramento", [Color.RED])
    _deliver(game, 0, "sacramento", "red", to_sf)  # the rotor turns to yellow
    score = game.state.players[0].score
    _deliver(game, 0, "fresno", "yellow", fresno_sf)
    assert game.state.players[0].score == score + 1
    assert showing(game, "san-francisco") is Color.BLUE  # and it turned again


@pytest.mark.rules("RW-p7-05", "RW-p5-28")
def test_a_cube_of_the_colour_showing_must_be_delivered_at_the_rotor_city():
    game = start(options=NO_DEPOTS)
    feed = chain(game, 0, ["redding", "san-francisco"])
    through = chain(game, 0, ["fresno", "san-francisco", "sacramento"])
    only_cubes(game, "fresno", [Color.YELLOW])
    act_as(game, 0, engine=2)
    # Showing red (its own colour): a yellow cube goes through to yellow Sacramento.
    assert game.allows(DeliverGoods(seat=0, city="fresno", color="yellow", links=through))
    only_cubes(game, "redding", [Color.RED])
    _deliver(game, 0, "redding", "red", feed)  # now it shows yellow as well
    act_as(game, 0, engine=2)
    error = refused(
        game, DeliverGoods(seat=0, city="fresno", color="yellow", links=through), "RW-p5-28"
    )
    assert "San Francisco" in str(error)
    listed = legal_actions(game, 0).deliveries[("fresno", "yellow")]
    assert [o.destination for o in listed] == ["san-francisco"]


@pytest.mark.rules("RW-p7-01", "RW-p7-02", "RW-p7-03")
def test_rotors_can_be_played_on_any_board_on_a_quarter_of_its_coloured_cities():
    game = new_game("eastern-us", players=4, seed=7, options={"modules": ["city-rotors"]})
    board = game.board
    coloured = [c for c in board.cities.values() if c.color is not Color.GRAY]
    placed = rotors(game)
    assert len(placed) == round(len(coloured) / 4)
    assert all(board.cities[c].color is not Color.GRAY for c in placed)
    assert all(showing(game, c) is None for c in placed)  # set to their own colour
    again = new_game("eastern-us", players=4, seed=7, options={"modules": ["city-rotors"]})
    assert rotors(again) == placed  # drawn from the game's seed: the same every replay
    chosen = new_game(
        "eastern-us",
        players=4,
        seed=7,
        options={"modules": ["city-rotors"], "rotor_cities": ["chicago", "new-york"]},
    )
    assert sorted(rotors(chosen)) == ["chicago", "new-york"]


@pytest.mark.rules("RW-p7-04")
def test_every_front_end_sees_each_rotor_and_the_colour_it_shows():
    game = start(options=NO_DEPOTS)
    (link,) = chain(game, 0, ["sacramento", "san-francisco"])
    only_cubes(game, "sacramento", [Color.RED])
    _deliver(game, 0, "sacramento", "red", (link,))
    markers = {m["city"]: m for m in view_for(game, None)["markers"] if m["kind"] == "city-rotor"}
    assert set(markers) == {
        "san-francisco", "tacoma", "denver", "butte", "salt-lake-city", "oklahoma-city",
    }  # fmt: skip
    assert markers["san-francisco"]["symbol"] == "Y"
    assert "also takes yellow" in markers["san-francisco"]["label"]
    rotor = view_for(game, 2)["plugins"]["city_rotors"]["san-francisco"]
    assert rotor["takes"] == ["red", "yellow"]


@pytest.mark.rules("RW-p7-03", "RW-p7-04", "RW-p7-05")
@pytest.mark.parametrize("options", [NO_DEPOTS, {}], ids=["rotors", "rotors-and-depots"])
def test_rotor_deliveries_by_the_quicker_walk_are_those_of_the_general_walk(monkeypatch, options):
    # A rotor hook with no second colour showing is left out of the route rules (it changes
    # nothing: the module gives none), and one with some showing says only which cities take
    # one more colour
    # (``also_takes``), so the seat's deliveries are listed by the base rules' integer walk:
    # at every position of a random game they are those of the general walk, with the hook
    # asked at every step.
    from railways.bots.random_bot import RandomBot
    from railways.core.legal import delivery_options, sample_action
    from railways.core.rng import Rng
    from railways.rules.modules import city_rotors

    def listed(game, seat):
        found = delivery_options(game, seat)
        return [(key, [o.action for o in found[key]]) for key in sorted(found)]

    game = new_game("western-us", players=4, seed=3, options=options)
    bots = [RandomBot(90 + i) for i in range(4)]
    idle = shown = 0
    for _ in range(300):
        if game.over:
            break
        showing_any = any(showing(game, c) for c in rotors(game))
        idle += not showing_any
        shown += showing_any
        for seat in range(4):
            quick = listed(game, seat)
            with monkeypatch.context() as general:
                general.setattr(city_rotors, "rotor_hooks", lambda g: (city_rotors.RotorHook(g),))
                general.setattr(city_rotors.RotorHook, "in_force", lambda _h, _g, _s: True)
                general.setattr(city_rotors.RotorHook, "also_takes", lambda _h, _g, _s: None)
                assert listed(game, seat) == quick
        seat = game.to_act
        drawn = [sample_action(game, seat, Rng(n)) for n in range(3)]  # the same draws
        with monkeypatch.context() as general:
            general.setattr(city_rotors.RotorHook, "also_takes", lambda _h, _g, _s: None)
            assert [sample_action(game, seat, Rng(n)) for n in range(3)] == drawn
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    assert idle > 20 and shown > 20  # both cases met often enough to mean something
