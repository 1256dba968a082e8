"""The quick ways of listing deliveries with Fuel Depots give exactly what the general way
gives, route for route and in the same order (RW-p7-15, RW-p7-17).

With depots on the board the route rules have a hook. Two short cuts keep the listing fast:
a seat with no depot is listed by the base rules' loop (``DeliveryHook.in_force``), and a
seat with depots by that loop with its depot cities passable (``DeliveryHook.passable``);
the stops at a depot are looked for only where a depot of the seat's is within the engine's
reach. Here the general way (every hook asked at every step, every walk tried) is run beside
them at every position of random Western U.S. games; and a fast playout, which draws a stop
by a random walk, draws only stops the listing gives.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from railways.bots.random_bot import RandomBot
from railways.core.delivery import Walk
from railways.core.game import Game
from railways.core.legal import delivery_options, legal_actions, sample_action
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.modules import city_rotors as cr
from railways.rules.modules import fuel_depots as fd


def positions(players: int, seed: int, actions: int, rotors: bool = False) -> Iterator[Game]:
    # Without the rotors unless asked (the Transcontinental game plays depots without them):
    # a rotor showing a second colour is a hook too, one the quick ways take into account.
    options = {} if rotors else {"without_modules": ["city-rotors"]}
    game = new_game("western-us", players=players, seed=seed, options=options)
    bots = [RandomBot(seed * 31 + i) for i in range(players)]
    for _ in range(actions):
        if game.over:
            return
        yield game
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))


def listed(game: Game, seat: int) -> list[tuple[tuple[str, str], list[object]]]:
    found = delivery_options(game, seat)
    return [(key, [o.action for o in found[key]]) for key in sorted(found)]


def every_stop(game: Game, seat: int) -> list[fd.StopAtFuelDepot]:
    """The stops at the seat's depots, from every walk of every cube (no pruning)."""
    mine = {c for c, (s, n) in fd.data(game)["placed"].items() if s == seat and n > 0}
    graph, rules = fd._graph(game), game.delivery_rules(seat)
    out = []
    for city, cubes in sorted(game.state.cubes.items()):
        for color in sorted(set(cubes), key=lambda c: c.value):
            for walk in fd.extensions(rules, graph, Walk(seat, color, (city,), ()), 0):
                end = walk.cities[-1]
                if end in mine and fd.depots_at(game, seat, end) >= fd.stop_needs(
                    rules, seat, color, walk.cities
                ):
                    out.append(fd.StopAtFuelDepot(seat, city, color.value, walk.links))
    return out


@pytest.mark.rules("RW-p7-15", "RW-p7-17", "RW-p7-05")
@pytest.mark.parametrize(
    ("players", "seed", "rotors"), [(4, 1, False), (5, 7, False), (4, 2, True)]
)
def test_the_short_cuts_list_what_the_general_way_lists(
    players: int, seed: int, rotors: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    stops = fd.StopAtFuelDepotKind()
    with_depots = turned = 0
    for game in positions(players, seed, 350, rotors):
        for seat in range(players):
            quick, quick_stops = listed(game, seat), stops.stops(game, seat)
            with monkeypatch.context() as general:
                general.setattr(fd.DepotHook, "in_force", lambda _h, _g, _s: True)
                general.setattr(fd.DepotHook, "passable", lambda _h, _g, _s: None)
                general.setattr(cr.RotorHook, "also_takes", lambda _h, _g, _s: None)
                assert listed(game, seat) == quick
                assert every_stop(game, seat) == quick_stops
            depots = any(s == seat for s, _n in fd.data(game)["placed"].values())
            with_depots += depots
            turned += depots and bool(quick_stops) and bool(cr.second_colors(game))
    assert with_depots > 100  # the seats had depots often enough for this to mean something
    if rotors:  # and stops were listed while a rotor showed a second colour (RW-p7-04)
        assert turned > 20


@pytest.mark.rules("RW-p7-17")
def test_a_sampled_stop_is_one_the_listing_offers() -> None:
    """Fast playouts draw a stop at a depot by a random walk: each one drawn is among the
    stops the full listing gives, and they are drawn."""
    options = {"without_modules": ["city-rotors"]}
    game = new_game("western-us", players=3, seed=2, options=options)
    rng = Rng(2)
    drawn = 0
    while not game.over:
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        if isinstance(action, fd.StopAtFuelDepot):
            drawn += 1
            assert action in fd.StopAtFuelDepotKind().stops(game, seat)
        game.apply(action)
    assert drawn >= 5


@pytest.mark.rules("RW-p7-17")
@pytest.mark.parametrize(("general", "rotors"), [(False, False), (True, False), (False, True)])
def test_the_stop_sampler_draws_listed_stops_and_none_only_when_there_is_none(
    general: bool, rotors: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sampler's random walk (the quick steps, or with ``general`` the hooks asked at
    every step) ends only at stops the listing gives, and it says there is none (without
    listing) exactly when the listing is empty."""
    stops = fd.StopAtFuelDepotKind()
    rng = Rng(5)
    drawn = empty = 0
    for game in positions(4, 3, 300, rotors):
        for seat in range(4):
            with monkeypatch.context() as patch:
                if general:
                    patch.setattr(fd.DepotHook, "passable", lambda _h, _g, _s: None)
                offered = stops.stops(game, seat)
                action = stops.sample(game, seat, rng)
            if action is None:
                assert offered == []
                empty += 1
            else:
                assert action in offered
                drawn += 1
    assert drawn > 30 and empty > 30


@pytest.mark.rules("RW-p7-20")
def test_carrying_on_to_another_depot_lists_what_every_walk_gives() -> None:
    """The ways to carry a held cube on to another depot are looked for only within reach
    of a depot; they are exactly those found by trying every walk."""
    kind = fd.ContinueToFuelDepotKind()
    held = 0
    for game in positions(4, 11, 400):
        for seat in range(4):
            cube = fd.held(game, seat)
            if cube is None or fd.depots_at(game, seat, cube.cities[-1]) < 1:
                continue
            rules, graph = game.delivery_rules(seat), fd._graph(game)
            start = Walk(seat, cube.color, cube.cities, cube.links)
            every = [
                fd.ContinueToFuelDepot(seat=seat, links=w.links[len(cube.links) :])
                for w in fd.extensions(rules, graph, start, len(cube.links))
                if fd.depots_at(game, seat, w.cities[-1])
                >= fd.stop_needs(rules, seat, w.color, w.cities)
            ]
            assert kind.options(game, seat) == every
            held += 1
    assert held > 5
