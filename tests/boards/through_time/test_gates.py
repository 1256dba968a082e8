"""Time gates (TT-001, TT-013, TT-020, RW-p13-16..18, RW-p13-20, RW-p13-21, RW-p14-07).

Costs are added up by hand from the era files: open terrain $2,000 a tile, and $1,000 more
for joining track to a gate."""

from __future__ import annotations

import pytest

from boards.board_helpers import act_as, refused
from railways.core.actions import BuildTrack, TakeOperationsCard, Urbanize
from railways.core.hexgrid import Hex
from railways.core.legal import build_options, long_routes, static_routes
from railways.core.track import tiles_in_use
from railways.rules.boards.through_time.eras import is_gate
from railways.rules.boards.through_time.plugin import ThroughTime

from .helpers import connect, route, start

H = Hex.from_offset
SA_WEST = "gate-stone-age-west"
NA_EAST = "gate-napoleonic-east"
# Olduvai (6,1) to the Stone Age's west gate (4,0) over one open hex (5,0).
OLDUVAI_GATE = (H(6, 1), H(5, 0), H(4, 0))


def _cost(game: object, seat: int, action: BuildTrack) -> int:
    from railways.core.game import Game

    assert isinstance(game, Game)
    act_as(game, seat, cash=30)
    before = game.state.players[seat].cash
    game.apply(action)
    return before - game.state.players[seat].cash


@pytest.mark.rules("TT-013", "RW-p13-16", "RW-p13-17", "RW-p13-18")
def test_track_into_a_time_gate_costs_1000_more_and_completes_a_link() -> None:
    game = start()
    cost = _cost(game, 0, BuildTrack(seat=0, path=OLDUVAI_GATE))
    assert cost == 2 + 1
    (link,) = game.own_links(0)
    assert (link.start, link.end) == ("olduvai", SA_WEST)
    assert game.to_act == 1  # the action is over: the other player acts next


@pytest.mark.rules("TT-013", "RW-p13-18")
def test_a_build_stops_at_the_gate_it_reaches() -> None:
    game = start()
    onward = (*OLDUVAI_GATE, H(3, 0))
    act_as(game, 0)
    refused(game, BuildTrack(seat=0, path=onward), "RW-p4-47")


@pytest.mark.rules("TT-013", "RW-p13-17")
def test_a_link_reaching_a_gate_over_two_builds_is_complete() -> None:
    game = start()
    link = connect(game, 0, "austerlitz", NA_EAST)  # six tiles: two builds
    assert game.state.links[link].end == NA_EAST


@pytest.mark.rules("RW-p13-21")
def test_a_land_grant_still_pays_for_the_gate() -> None:
    game = start()
    grant = next(c for c in game.ruleset.cards if game.card(c).effect == "land_grant")
    game.state.players[0].hand.append(grant)
    cost = _cost(game, 0, BuildTrack(seat=0, path=OLDUVAI_GATE, cards=(grant,)))
    assert cost == 0 + 1  # the open tile is free, the gate is not


@pytest.mark.rules("TT-020", "RW-p14-07")
def test_track_built_from_a_gate_must_reach_a_city_in_the_same_build() -> None:
    game = start()
    back = tuple(reversed(OLDUVAI_GATE))
    assert _cost(game, 0, BuildTrack(seat=0, path=back)) == 2 + 1  # gate to city: allowed
    # A loose end hanging off a gate is not allowed: the build must get to a city.
    loose = route(game, "jericho", "gate-stone-age-east")[::-1][:3]
    exit_ = loose[-1].side_towards(route(game, "jericho", "gate-stone-age-east")[::-1][3])
    act_as(game, 1)
    tiles_in_use(game.state)  # the tile count is a cache that checking a build fills in
    refused(game, BuildTrack(seat=1, path=loose, exit=exit_), "TT-020")


@pytest.mark.rules("TT-020", "RW-p14-07")
def test_no_listed_build_joins_two_gates_or_leaves_a_gate_unfinished() -> None:
    game = start()
    board = game.board
    gates = {c.at for c in board.cities.values() if is_gate(c)}
    for routes in static_routes(board, 4, game.edge_costs).values():
        for r in routes:
            assert not (r.path[0] in gates and r.path[-1] in gates)
    assert all(leg.path[0] not in gates for leg in long_routes(board, 4, game.edge_costs))
    for option in build_options(game, 0):
        if option.action.path[0] in gates:
            assert option.to_city is not None and not is_gate(board.cities[option.to_city])
    plugin = ThroughTime()
    sa_west, na_east = board.cities[SA_WEST].at, board.cities[NA_EAST].at
    assert not plugin.route_allowed(board, (sa_west, H(5, 0), na_east))  # a gate to a gate
    assert plugin.route_allowed(board, OLDUVAI_GATE[::-1])  # a gate to a city


@pytest.mark.rules("RW-p13-20")
def test_a_city_next_to_a_gate_is_not_joined_to_it() -> None:
    game = start()
    austerlitz, gate = game.board.cities["austerlitz"], game.board.cities[NA_EAST]
    assert austerlitz.at.side_towards(gate.at) is not None  # neighbours on the board
    assert austerlitz.at.side_towards(gate.at) not in austerlitz.spokes
    act_as(game, 0)
    refused(game, BuildTrack(seat=0, path=(austerlitz.at, gate.at)), "RW-p5-07")  # no spoke
    connect(game, 0, "olduvai", SA_WEST)
    connect(game, 0, "vienna", NA_EAST)
    ends = {c for w in game.route_links().values() for c in (w.start, w.end)}
    assert "austerlitz" not in ends  # only a link of its own would join it


@pytest.mark.rules("TT-001")
def test_a_time_gate_is_not_a_city_for_goods_cards_or_urbanizing() -> None:
    game = start()
    growth = next(c for c in game.ruleset.cards if game.card(c).effect == "city_growth")
    game.state.ops_display.append(growth)
    act_as(game, 0)
    refused(game, TakeOperationsCard(seat=0, card=growth, target=SA_WEST), "TT-001")
    from railways.core.legal import legal_actions

    taken = [
        a
        for a in legal_actions(game, 0).simple
        # Copies of a card on the display are listed once, under the first copy's id.
        if isinstance(a, TakeOperationsCard) and game.card(a.card).effect == "city_growth"
    ]
    assert taken and all(not is_gate(game.board.cities[str(a.target)]) for a in taken)
    refused(game, Urbanize(seat=0, city=SA_WEST, color="blue"), "RW-p5-16")
