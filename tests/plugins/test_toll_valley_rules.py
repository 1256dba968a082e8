"""Toll Valley's own rules, played through the engine: the river toll and the embargo.

Expected costs are added up by hand from the board file (open 2, water 3, toll 2).
"""

from __future__ import annotations

import dataclasses

import pytest

from plugins.conftest import TOLL_VALLEY
from railways.core.actions import BuildTrack, DeliverGoods
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.legal import build_options, delivery_options, sample_delivery
from railways.core.rng import Rng
from railways.core.view import view_for
from railways.rules import check_map
from railways.rules.registry import plugin_classes
from support import build_link, make_turn, set_cubes, start


def _path(*cells: tuple[int, int]) -> tuple[Hex, ...]:
    return tuple(Hex.from_offset(r, c) for r, c in cells)


# Dunmore (4,4) east to Juniper (4,7): two open hexes, and the river between 4,5 and 4,6.
ACROSS = _path((4, 4), (4, 5), (4, 6), (4, 7))
ACROSS_COST = 2 + 2 + 2
# Brookmere (1,4) east to Harwick (1,7): two water hexes, and the river between them.
ACROSS_WATER = _path((1, 4), (1, 5), (1, 6), (1, 7))
ACROSS_WATER_COST = 3 + 3 + 2
# Dunmore (4,4) west to Cinderfell (4,1): two open hexes, no river.
WEST = _path((4, 4), (4, 3), (4, 2), (4, 1))
WEST_COST = 2 + 2


def _game(players: int = 2, seed: int = 1) -> Game:
    return start(players=players, seed=seed, map_id=str(TOLL_VALLEY))


def _build(game: Game, seat: int, path: tuple[Hex, ...]) -> int:
    """Lay ``path`` for ``seat`` through the engine; what it cost."""
    make_turn(game, seat)
    game.state.players[seat].cash = 50
    game.apply(BuildTrack(seat=seat, path=path))
    return 50 - game.state.players[seat].cash


def test_the_board_names_its_plug_in_and_passes_its_checks() -> None:
    assert "toll_valley" in plugin_classes()
    game = _game()
    assert [p.id for p in game.ruleset.plugins] == ["toll_valley"]
    assert check_map(game.board) == []


@pytest.mark.rules("RW-p5-02")
@pytest.mark.parametrize(
    ("path", "cost"),
    [(ACROSS, ACROSS_COST), (ACROSS_WATER, ACROSS_WATER_COST), (WEST, WEST_COST)],
    ids=["across-open", "across-water", "same-bank"],
)
def test_track_pays_the_toll_only_where_it_crosses_the_river(
    path: tuple[Hex, ...], cost: int
) -> None:
    game = _game()
    assert _build(game, 0, path) == cost
    assert f"(${cost},000)" in game.state.log[-1]


@pytest.mark.rules("RW-p5-02")
def test_each_river_edge_costs_the_toll_once_and_other_edges_nothing() -> None:
    game = _game()
    board, plugin = game.board, game.ruleset.plugins[0]
    # An odd row's column 5 meets column 6 at its E, NE and SE sides.
    for there in [(3, 6), (2, 6), (4, 6)]:
        assert plugin.edge_cost(board, Hex.from_offset(3, 5), Hex.from_offset(*there)) == 2
        assert plugin.edge_cost(board, Hex.from_offset(*there), Hex.from_offset(3, 5)) == 2
    # Along the river, and away from it: no toll.
    assert plugin.edge_cost(board, Hex.from_offset(3, 5), Hex.from_offset(4, 5)) == 0
    assert plugin.edge_cost(board, Hex.from_offset(4, 2), Hex.from_offset(4, 3)) == 0


@pytest.mark.rules("RW-p5-02")
def test_the_build_list_prices_the_crossing_with_the_toll() -> None:
    game = _game()
    make_turn(game, 0)
    options = {o.action.path: o.cost for o in build_options(game, 0)}
    assert options[ACROSS] == ACROSS_COST
    assert options[ACROSS_WATER] == ACROSS_WATER_COST
    assert options[WEST] == WEST_COST


# -- the embargo -----------------------------------------------------------------------


def _embargo_position() -> tuple[Game, int, int]:
    """Seat 0 owns Cinderfell - Dunmore and Dunmore - Fallow, engine 2; a black cube waits
    in Cinderfell. Returns the game and the two link ids."""
    game = _game()
    west = build_link(game, 0, "cinderfell", "dunmore")
    south = build_link(game, 0, "dunmore", "fallow")
    game.state.players[0].engine = 2
    set_cubes(game, "cinderfell", [Color.BLACK])
    set_cubes(game, "dunmore", [Color.BLUE])
    set_cubes(game, "fallow", [Color.RED])
    game.state.ops_display = []  # no goal card scores the deliveries here
    make_turn(game, 0)
    return game, west, south


@pytest.mark.rules("RW-p5-22")
def test_black_goods_are_refused_in_dunmore_with_the_plug_ins_reason() -> None:
    game, west, _south = _embargo_position()
    before = game.state.clone()
    action = DeliverGoods(seat=0, city="cinderfell", color="black", links=(west,))
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert "Dunmore is under embargo" in refused.value.message
    assert "black goods" in refused.value.message
    assert game.state.cubes["cinderfell"] == [Color.BLACK]
    # Nothing changed: the state (its random stream compared by its draws) is as before.
    assert dataclasses.replace(game.state, rng=before.rng) == before
    assert game.state.rng.draws == before.rng.draws


@pytest.mark.rules("RW-p5-22", "RW-p5-28")
def test_black_goods_travel_on_through_dunmore_to_another_black_city() -> None:
    game, west, south = _embargo_position()
    score = game.state.players[0].score
    game.apply(DeliverGoods(seat=0, city="cinderfell", color="black", links=(west, south)))
    assert game.state.cubes["cinderfell"] == []
    assert game.state.players[0].score == score + 2  # two links of its own
    assert "Player 1 delivers black from Cinderfell to Fallow" in game.state.log


@pytest.mark.rules("RW-p5-22")
def test_the_embargo_turns_away_only_its_colour() -> None:
    """Dunmore takes no colour but black (RW-p5-22); a blue cube there is refused by that
    rule, not by the embargo, and a blue cube from Dunmore is delivered as usual."""
    game, west, _south = _embargo_position()
    set_cubes(game, "cinderfell", [Color.BLUE])
    with pytest.raises(IllegalAction) as refused:
        game.apply(DeliverGoods(seat=0, city="cinderfell", color="blue", links=(west,)))
    assert "embargo" not in refused.value.message
    assert refused.value.clause == "RW-p5-22"
    game.apply(DeliverGoods(seat=0, city="dunmore", color="blue", links=(west,)))
    assert "Player 1 delivers blue from Dunmore to Cinderfell" in game.state.log


@pytest.mark.rules("RW-p5-22")
def test_the_delivery_list_never_offers_black_to_dunmore() -> None:
    game, west, south = _embargo_position()
    options = delivery_options(game, 0)
    black = options[("cinderfell", "black")]
    assert [(o.action.links, o.destination) for o in black] == [((west, south), "fallow")]
    assert all(
        o.destination != "dunmore" or color != "black"
        for (_city, color), found in options.items()
        for o in found
    )


@pytest.mark.rules("RW-p5-22")
def test_the_sampler_never_draws_black_to_dunmore() -> None:
    game, west, south = _embargo_position()
    drawn: set[tuple[str, str, tuple[int, ...]]] = set()
    for seed in range(200):
        action = sample_delivery(game, 0, Rng(seed))
        assert action is not None
        assert action.color is not None
        drawn.add((action.city, action.color, action.links))
    assert ("cinderfell", "black", (west,)) not in drawn
    assert ("cinderfell", "black", (west, south)) in drawn  # the sampler does draw black
    for city, color, links in drawn:
        game.check(DeliverGoods(seat=0, city=city, color=color, links=links))


def test_views_carry_the_embargo_marker_and_the_toll() -> None:
    game = _game()
    markers = view_for(game, 0)["markers"]
    embargo = [m for m in markers if m["kind"] == "embargo"]
    assert embargo == [
        {
            "kind": "embargo",
            "label": "Customs house: no black goods delivered in Dunmore",
            "symbol": "X",
            "hex": [5, 3],
            "city": "dunmore",
            "owner": None,
            "help": None,
        }
    ]
    tolls = [m["label"] for m in markers if m["kind"] == "toll"]
    assert tolls == ["River toll: track crossing it costs $2k more"]
    assert view_for(game, None)["markers"] == markers  # public: spectators see the same


def test_the_board_check_reports_a_toll_without_a_cost_and_a_wrong_embargo() -> None:
    board = _game().board
    river = board.borders["river"]
    customs = board.specials["dunmore-customs"]
    broken = dataclasses.replace(
        board,
        borders={"river": dataclasses.replace(river, params={})},
        specials={
            "dunmore-customs": dataclasses.replace(customs, params={"color": "mauve"}),
            "nowhere": dataclasses.replace(customs, id="nowhere", city="atlantis"),
            "far": dataclasses.replace(customs, id="far", city="marrow"),
            "moot": dataclasses.replace(customs, id="moot", params={"color": "red"}),
        },
    )
    problems = check_map(broken)
    assert (
        "toll border river needs params.cost, a whole number of $1,000s of 1 or more (got None)"
        in problems
    )
    assert any(p.startswith("embargo dunmore-customs needs params.color") for p in problems)
    assert "embargo nowhere names no city of the board" in problems
    assert any(
        p.startswith("embargo far (") and p.endswith("is not next to Marrow") for p in problems
    )
    assert "embargo moot turns away red goods, which Dunmore (black) never takes" in problems
    # A kind no plug-in of the board knows is reported by the whole-board check.
    odd = dataclasses.replace(board, borders={"river": dataclasses.replace(river, kind="ferry")})
    assert any("kind 'ferry'" in p for p in check_map(odd))
