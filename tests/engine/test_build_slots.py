"""The slots kept as the track changes (``build_slots._synced_slots``) against a fresh look.

The slots keep the track's hexes as bits of an int and each slot's position in its group,
and where track is only added they go on from the route they offered (the routes before
it stay refused). Here, along whole random games (tracks laid, crossed, lifted at the end
of a turn), each slot's route is compared with the one an independent walk of its group
picks on the track as it is: the first route whose hexes meet no track, or meet it only
as overpasses (what ``_group_choice`` picks in the fast case), and a first leg only when
its whole route meets no track.
"""

from __future__ import annotations

import pytest

from railways.core import build_slots, legal, route_fit
from railways.core.game import Game
from railways.core.rng import Rng
from railways.rules import new_game

GAMES = [("eastern-us", 4, 5), ("transcontinental", 6, 6), ("australia", 6, 7)]


def expected_routes(game: Game, max_tiles: int) -> list[object]:
    index = build_slots._slot_index(game.board, max_tiles, game.edge_costs)
    track = game.state.track
    occupied = {h for h, pieces in track.items() if pieces}
    out: list[object] = []
    for group in index.groups:
        out.append(
            next(
                (
                    r
                    for r in group
                    if r.inner.isdisjoint(occupied) or route_fit._crossable(track, r.laid)
                ),
                None,
            )
        )
    out.extend(leg if leg.inner.isdisjoint(occupied) else None for leg in index.legs)
    return out


@pytest.mark.parametrize(("map_id", "players", "seed"), GAMES)
def test_the_kept_slots_offer_what_a_fresh_walk_of_each_group_picks(
    map_id: str, players: int, seed: int
) -> None:
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed * 31)
    checked = lifted = steps = 0
    while not game.over and steps < 3000:
        before = sum(len(p) for p in game.state.track.values())
        slots = build_slots._synced_slots(game, 4)  # kept in step with every change
        if steps % 7 == 0:
            index = build_slots._slot_index(game.board, 4, game.edge_costs)
            assert slots.occ == build_slots._occupancy(index, game.state.track)
            assert slots.routes == expected_routes(game, 4)
            checked += 1
        seat = game.to_act
        assert seat is not None
        options = legal.legal_actions(game, seat).all()
        game.apply(options[rng.below(len(options))])
        lifted += sum(len(p) for p in game.state.track.values()) < before
        steps += 1
    assert game.over and checked > 30
    assert lifted  # some track was taken away (an incomplete link left too long)
