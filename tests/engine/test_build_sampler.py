"""The fast playout's draw of a link (``legal.sample_build``) and the short cuts it takes.

- The supply check on a candidate route (``route_fit._supply_ok``: the route's own count of
  plain tiles, and a walk of its tiles where it meets track) says what counting the tiles
  after the build (``track.tiles_after``) says, for every route and first leg of the board.
- When ``route_fit._starved`` says no route can get its tiles, none can: checked by trying every
  route and first leg of the board.
- The kept extensions (``build_listing._own_extensions``) equal a fresh computation, and every
  sampled link is one that ``link_options`` lists.

Positions come from whole random games, Transcontinental with six players among them: long
enough that the tile supply runs short and then out.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from railways.core import build_listing, build_option, build_slots, legal, route_fit
from railways.core import routes as static_tables
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.rng import Rng
from railways.core.track import tiles_after
from railways.rules import new_game

GAMES = [("transcontinental", 6, 2), ("eastern-us", 4, 3), ("north-america", 5, 4)]


def positions(map_id: str, players: int, seed: int, every: int) -> Iterator[Game]:
    """Every ``every``-th position of a random game (a random choice among the legal actions
    listed, so the games do not change with the sampler), and every third position once the
    supply is short."""
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed * 7919)
    steps = 0
    while not game.over and steps < 3000:
        short = min(route_fit._room(game)) < 5
        if steps % every == 0 or (short and steps % 3 == 0):
            yield game
        seat = game.to_act
        assert seat is not None
        options = legal.legal_actions(game, seat).all()
        game.apply(options[rng.below(len(options))])
        steps += 1
    assert game.over


def by_counting(game: Game, laid: tuple[tuple[Hex, Side, Side], ...]) -> bool:
    supply = game.board.tables.tile_supply
    used = tiles_after(game.state, laid)
    return all(count <= supply.get(kind, 0) for kind, count in used.items())


def routes(game: Game, max_tiles: int) -> list[legal.StaticRoute | legal.FirstLeg]:
    found: list[legal.StaticRoute | legal.FirstLeg] = []
    for group in legal.static_routes(game.board, max_tiles, game.edge_costs).values():
        found.extend(group)
    found.extend(legal.long_routes(game.board, max_tiles, game.edge_costs))
    return found


@pytest.mark.parametrize(("map_id", "players", "seed"), GAMES)
def test_supply_check_and_starved_agree_with_counting_the_tiles(
    map_id: str, players: int, seed: int
) -> None:
    checked = short = starved = 0
    for game in positions(map_id, players, seed, 60):
        occupied = set(game.state.track)
        all_routes = routes(game, 4)
        answers = [by_counting(game, r.laid) for r in all_routes]
        for route, answer in zip(all_routes, answers, strict=True):
            assert route_fit._supply_ok(game, route, occupied) == answer, route.path
        checked += 1
        room = route_fit._room(game)
        short += min(room) < 4
        if route_fit._starved(game, room):
            starved += 1
            assert not any(answers)
    assert checked > 5
    if map_id == "transcontinental":  # this game uses up the supply
        assert short > 10 and starved > 5


@pytest.mark.parametrize(("map_id", "players", "seed"), GAMES)
def test_sampled_links_are_listed_and_kept_extensions_are_fresh(
    map_id: str, players: int, seed: int
) -> None:
    draws = opened = 0
    rng = Rng(seed)
    for game in positions(map_id, players, seed, 15):
        for each in range(players):  # every seat's kept extensions, not only the one to act
            max_tiles, cards = build_option._max_tiles(game, each)
            closed, starts = build_option._closed(game, each)
            kept = build_listing._own_extensions(game, each, max_tiles, cards, closed, starts)
            assert kept == build_listing._extensions(game, each, max_tiles, cards)
            # the places the sampler gives the extensions are enough for all of them
            own_open = [lk for lk in game.state.links.values() if lk.owner == each and not lk.end]
            assert build_option._open_links(game, each) == own_open
            for lk in own_open:  # each open end's extensions fit in the places it gets
                reached = static_tables._end_routes(game.board, lk, max_tiles)[1]
                near = static_tables._cities_near(game.board, lk.open_end[0], max_tiles)
                assert reached <= near
            places = sum(
                static_tables._cities_near(game.board, lk.open_end[0], max_tiles) for lk in own_open
            )
            assert len(kept) <= places
            opened += bool(kept)
        seat = game.to_act
        assert seat is not None
        listed = {o.action for o in legal.link_options(game, seat)}
        for _ in range(5):
            drawn = legal.sample_build(game, seat, rng)
            if drawn is None:
                assert not listed
                break
            assert drawn in listed
            draws += 1
    assert draws > 100 and opened > 3


def test_the_kept_tiles_of_each_candidate_give_the_listing_when_the_supply_is_short() -> None:
    """With the supply short, ``_short_options`` (from the tiles each slot's routes take,
    kept as the track changes) lists exactly what ``link_options`` lists, in order; and each
    slot's choice is ``_group_choice``'s or ``_leg_choice``'s."""
    compared = slots_compared = 0
    rng = Rng(4)
    for game in positions("transcontinental", 6, 4, 1000):
        room = route_fit._room(game)
        if min(room) >= 5 or route_fit._starved(game, room):
            continue
        for seat in range(6):
            max_tiles, cards = build_option._max_tiles(game, seat)
            closed, starts = build_option._closed(game, seat)
            if min(room) >= max_tiles or closed or starts:
                continue
            listed = legal.link_options(game, seat)
            for _ in range(3):  # draws set slots aside (_Needs.hopeful): the list still holds
                drawn = legal.sample_build(game, seat, rng)
                assert drawn is None if not listed else drawn in {o.action for o in listed}
            short = build_listing._short_options(game, seat, max_tiles, cards, room)
            assert short == listed
            compared += 1
        if compared % 7 == 1:  # every slot, now and then (each is planned the old way)
            table = build_slots._synced_needs(game, 4)
            index = build_slots._slot_index(game.board, 4, game.edge_costs)
            occupied = set(game.state.track)
            for i, dest in enumerate(index.dests):
                if i < len(index.groups):
                    old = build_slots._group_choice(
                        game, 0, (), dest or "", index.groups[i], False, False, occupied, True
                    )
                else:
                    leg = index.legs[i - len(index.groups)]
                    old = build_slots._leg_choice(game, 0, (), leg, False, occupied, True)
                route = build_slots._short_choice(game, table, index, i, room)
                new = (
                    None if route is None else build_option._option(game.board, 0, (), route, dest)
                )
                assert new == old
                slots_compared += 1
    assert compared > 50 and slots_compared > 5000


@pytest.mark.parametrize(("map_id", "players", "seed"), [("eastern-us", 4, 5), ("mexico", 3, 6)])
def test_kept_extensions_after_every_action_are_fresh(map_id: str, players: int, seed: int) -> None:
    """Asked after every action, the kept extensions plan again only the routes over a
    changed hex (``build_listing._route_plans``): still what planning them all gives."""
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed)
    compared = 0
    for _ in range(300):
        if game.over:
            break
        for each in range(players):
            max_tiles, cards = build_option._max_tiles(game, each)
            kept = build_listing._kept_extensions(game, each, max_tiles, cards)
            assert kept == build_listing._extensions(game, each, max_tiles, cards)
            compared += bool(kept)
        seat = game.to_act
        assert seat is not None
        options = legal.legal_actions(game, seat).all()
        game.apply(options[rng.below(len(options))])
    assert compared > 50
