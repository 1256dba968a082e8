"""Hand cards played on a build or an engine upgrade (RW-p21-12, RW-p21-18, RW-p21-19,
RW-p21-21, RW-p21-30, RW-p22-25), on the Eastern U.S. board.

Prices are the Eastern U.S. table's, worked out by hand: open $2k, water $3k, mountain $4k,
a ridge $4k more; engine level 2 costs $5k, level 3 $6k.
"""

from __future__ import annotations

import dataclasses

import pytest

from railways.content.maps import load_map
from railways.core.actions import BuildTrack, UpgradeEngine
from railways.core.board import Board, TerrainCosts
from railways.core.cards import Icon
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.legal import legal_actions
from support import make_turn

from ..eus_helpers import refused, turn_of
from .eus_cards import (
    ALB_NH,
    ATL_KNOX,
    DAL_SHRE,
    PITT_WASH,
    RICH_WASH,
    card,
    game_with,
    give,
    terrain_of,
)

TE = card("tunnel-engineer-1", "tunnel_engineer", Icon.HAND)
TE2 = card("tunnel-engineer-2", "tunnel_engineer", Icon.HAND)
CE = card("civil-engineers", "civil_engineers", Icon.HAND, water=1)
HS = card("hot-springs", "hot_springs", Icon.HAND, points=1)
CF = card("coal-fueled-engines", "coal_fueled_engines", Icon.HAND)
EU = card("engine-upgrade", "engine_upgrade", Icon.HAND)
BO = card("boost", "boost", Icon.HAND, discount=5)
ALL = (TE, TE2, CE, HS, CF, EU, BO)


def _game(board: Board | None = None) -> Game:
    game = game_with(*ALL, board=board)
    for p in game.state.players:
        p.cash = 50
    return game


def _build(game: Game, seat: int, path: tuple[Hex, ...], *cards: str) -> int:
    """Build ``path`` as ``seat`` naming ``cards``; return what it cost."""
    turn_of(game, seat)
    cash = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=path, cards=cards))
    return cash - game.state.players[seat].cash


def _upgrade(game: Game, seat: int, *cards: str) -> int:
    turn_of(game, seat)
    cash = game.state.players[seat].cash
    game.apply(UpgradeEngine(seat=seat, cards=cards))
    return cash - game.state.players[seat].cash


def _used_up(game: Game, seat: int, card_id: str) -> bool:
    player = game.state.players[seat]
    return card_id not in player.hand and card_id in game.state.ops_discard


def test_the_paths_cross_the_terrain_the_tests_say() -> None:
    game = _game()
    assert terrain_of(game, ATL_KNOX) == ("omm", 1)
    assert terrain_of(game, DAL_SHRE) == ("www", 0)
    assert terrain_of(game, ALB_NH) == ("mwo", 0)
    assert terrain_of(game, RICH_WASH) == ("o", 0)
    assert terrain_of(game, PITT_WASH) == ("mmm", 1)
    assert _build(game, 1, ATL_KNOX) == 2 + 4 + 4 + 4  # the printed prices, no card


# -- Tunnel Engineer (RW-p22-25) ---------------------------------------------------------------
@pytest.mark.rules("RW-p22-25")
def test_tunnel_engineer_halves_mountains_and_ridges_for_one_build() -> None:
    game = _game()
    give(game, 0, TE.id)
    assert _build(game, 0, ATL_KNOX, TE.id) == 2 + 2 + 2 + 2  # open, 2 mountains, the ridge
    assert _used_up(game, 0, TE.id)
    assert game.to_act == 1  # still one action


@pytest.mark.rules("RW-p22-25")
def test_tunnel_engineer_leaves_water_and_open_at_full_price() -> None:
    game = _game()
    give(game, 0, TE.id)
    assert _build(game, 0, ALB_NH, TE.id) == 2 + 3 + 2  # mountain halved, water, open


@pytest.mark.rules("RW-p22-25")
def test_tunnel_engineer_rounds_each_odd_price_up() -> None:
    """On a board whose mountains cost $5k and ridges $3k: 2.5 -> 3 and 1.5 -> 2."""
    board = load_map("eastern-us")
    prices = TerrainCosts(open=2, water=3, mountain=5, ridge=3)
    board = dataclasses.replace(
        board, tables=dataclasses.replace(board.tables, terrain_costs=prices)
    )
    game = _game(board=board)
    assert _build(game, 1, PITT_WASH) == 5 + 5 + 5 + 3
    give(game, 0, TE.id)
    assert _build(game, 0, ATL_KNOX, TE.id) == 2 + 3 + 3 + 2


@pytest.mark.rules("RW-p22-25", "RW-p5-35")
def test_tunnel_engineer_only_on_a_build_and_one_per_build() -> None:
    game = _game()
    give(game, 0, TE.id, TE2.id)
    turn_of(game, 0)
    refused(game, UpgradeEngine(seat=0, cards=(TE.id,)), "RW-p5-35")
    refused(game, BuildTrack(seat=0, path=ATL_KNOX, cards=(TE.id, TE2.id)), "RW-p5-35")
    assert game.state.players[0].hand == [TE.id, TE2.id]


@pytest.mark.rules("RW-p22-25")
def test_tunnel_engineer_is_kept_until_played() -> None:
    game = _game()
    give(game, 0, TE.id)
    assert _build(game, 0, ATL_KNOX) == 14  # not named: full price, card kept
    assert game.state.players[0].hand == [TE.id]


# -- Civil Engineers (RW-p21-18) ---------------------------------------------------------------
@pytest.mark.rules("RW-p21-18")
def test_civil_engineers_make_every_water_hex_cost_one() -> None:
    game = _game()
    give(game, 0, CE.id)
    assert _build(game, 0, DAL_SHRE, CE.id) == 1 + 1 + 1
    assert _used_up(game, 0, CE.id)


@pytest.mark.rules("RW-p21-18", "RW-p22-25")
def test_civil_engineers_with_tunnel_engineer_on_one_build() -> None:
    game = _game()
    give(game, 0, CE.id, TE.id)
    assert _build(game, 0, ALB_NH, CE.id) == 4 + 1 + 2
    game = _game()
    give(game, 1, CE.id, TE.id)
    assert _build(game, 1, ALB_NH, CE.id, TE.id) == 2 + 1 + 2
    assert _used_up(game, 1, CE.id) and _used_up(game, 1, TE.id)


@pytest.mark.rules("RW-p21-18", "RW-p5-35")
def test_civil_engineers_are_for_builds_only() -> None:
    game = _game()
    give(game, 0, CE.id)
    turn_of(game, 0)
    refused(game, UpgradeEngine(seat=0, cards=(CE.id,)), "RW-p5-35")
    assert game.state.players[0].hand == [CE.id]


@pytest.mark.rules("RW-p21-18")
def test_civil_engineers_named_on_a_dry_build_save_nothing_and_are_spent() -> None:
    """Like Government Land Grant, the card may be named on any build; with no water it
    saves nothing and is discarded all the same (the player chose to play it)."""
    game = _game()
    give(game, 0, CE.id)
    assert _build(game, 0, RICH_WASH, CE.id) == 2
    assert _used_up(game, 0, CE.id)


# -- Hot Springs (RW-p21-30) -------------------------------------------------------------------
@pytest.mark.rules("RW-p21-30")
def test_hot_springs_scores_a_point_per_mountain_tile_of_the_build() -> None:
    game = _game()
    give(game, 0, HS.id)
    score = game.state.players[0].score
    assert _build(game, 0, PITT_WASH, HS.id) == 4 + 4 + 4 + 4  # it changes no price
    assert game.state.players[0].score == score + 3
    assert _used_up(game, 0, HS.id)


@pytest.mark.rules("RW-p21-30")
def test_hot_springs_counts_only_mountain_hexes() -> None:
    game = _game()
    give(game, 0, HS.id)
    _build(game, 0, ATL_KNOX, HS.id)  # open, mountain, mountain
    assert game.state.players[0].score == 2


@pytest.mark.rules("RW-p21-30")
def test_hot_springs_not_played_gives_nothing_and_stays() -> None:
    game = _game()
    give(game, 0, HS.id)
    _build(game, 0, PITT_WASH)
    assert game.state.players[0].score == 0
    assert game.state.players[0].hand == [HS.id]


@pytest.mark.rules("RW-p21-30", "RW-p5-35")
def test_hot_springs_is_for_builds_only() -> None:
    game = _game()
    give(game, 0, HS.id)
    turn_of(game, 0)
    refused(game, UpgradeEngine(seat=0, cards=(HS.id,)), "RW-p5-35")


# -- engine upgrades (RW-p21-19, RW-p21-21, RW-p21-12) -----------------------------------------
@pytest.mark.rules("RW-p21-19")
def test_coal_fueled_engines_pay_half_rounded_up() -> None:
    game = _game()
    give(game, 0, CF.id)
    assert _upgrade(game, 0, CF.id) == 3  # level 2: $5k, half is 2.5
    assert game.state.players[0].engine == 2
    assert _used_up(game, 0, CF.id)
    assert _upgrade(game, 0) == 6  # the next upgrade is at full price again


@pytest.mark.rules("RW-p21-19")
def test_coal_fueled_engines_on_an_even_price() -> None:
    game = _game()
    game.state.players[0].engine = 2
    give(game, 0, CF.id)
    assert _upgrade(game, 0, CF.id) == 3  # level 3: $6k


@pytest.mark.rules("RW-p21-21")
def test_engine_upgrade_card_gives_one_level_free() -> None:
    game = _game()
    give(game, 0, EU.id)
    assert _upgrade(game, 0, EU.id) == 0
    assert game.state.players[0].engine == 2
    assert _used_up(game, 0, EU.id)


@pytest.mark.rules("RW-p21-21", "RW-p5-21")
def test_engine_upgrade_card_cannot_pass_the_top_level() -> None:
    game = _game()
    game.state.players[0].engine = game.board.tables.max_engine
    give(game, 0, EU.id)
    turn_of(game, 0)
    refused(game, UpgradeEngine(seat=0, cards=(EU.id,)), "RW-p5-21")
    refused(game, BuildTrack(seat=0, path=RICH_WASH, cards=(EU.id,)), "RW-p5-35")
    assert game.state.players[0].hand == [EU.id]


@pytest.mark.rules("RW-p21-12")
def test_boost_takes_five_thousand_off_one_upgrade() -> None:
    game = _game()
    game.state.players[0].engine = 2
    give(game, 0, BO.id)
    assert _upgrade(game, 0, BO.id) == 6 - 5
    assert _used_up(game, 0, BO.id)


@pytest.mark.rules("RW-p21-12", "RW-p21-19")
def test_boost_never_makes_an_upgrade_pay_the_player() -> None:
    """Coal Fueled Engines first ($5k -> $3k), then Boost: $0, not -$2k."""
    game = _game()
    give(game, 0, CF.id, BO.id)
    assert _upgrade(game, 0, CF.id, BO.id) == 0
    assert _used_up(game, 0, CF.id) and _used_up(game, 0, BO.id)


@pytest.mark.rules("RW-p21-12", "RW-p5-35")
def test_boost_is_for_upgrades_only() -> None:
    game = _game()
    give(game, 0, BO.id)
    turn_of(game, 0)
    refused(game, BuildTrack(seat=0, path=RICH_WASH, cards=(BO.id,)), "RW-p5-35")


# -- what the listing offers -------------------------------------------------------------------
@pytest.mark.rules("RW-p21-19", "RW-p21-21", "RW-p21-12")
def test_the_listing_offers_an_upgrade_with_each_upgrade_card() -> None:
    game = _game()
    give(game, 0, CF.id, EU.id, BO.id, TE.id)
    make_turn(game, 0)
    offered = {a.cards for a in legal_actions(game, 0).simple if isinstance(a, UpgradeEngine)}
    assert offered == {(), (CF.id,), (EU.id,), (BO.id,)}  # not the Tunnel Engineer


@pytest.mark.rules("RW-p22-25", "RW-p21-18", "RW-p21-30", "RW-p5-35")
def test_the_listing_offers_builds_with_the_hand_cards_that_help_them() -> None:
    """A card is offered on a candidate link where it lowers the price (Tunnel Engineer on
    mountains or ridges, Civil Engineers on water) or scores (Hot Springs on mountains);
    never an upgrade card, and never where it would do nothing."""
    game = _game()
    give(game, 0, TE.id, TE2.id, CE.id, HS.id, BO.id)
    make_turn(game, 0)
    builds = legal_actions(game, 0).builds
    plain = {o.action.path: o.cost for o in builds if not o.action.cards}
    with_card: dict[str, dict[tuple[Hex, ...], int]] = {}
    for o in builds:
        if o.action.cards:
            (card_id,) = o.action.cards
            with_card.setdefault(card_id, {})[o.action.path] = o.cost
    assert set(with_card) == {TE.id, CE.id, HS.id}  # one Tunnel Engineer of the two
    for card_id, offered in with_card.items():
        for path, cost in offered.items():
            # A first leg of a long link ends on a tile, not a city: count that hex too.
            ends_in_city = game.board.city_at(path[-1]) is not None
            letters, ridges = terrain_of(game, path if ends_in_city else (*path, path[-1]))
            if card_id == TE.id:
                assert "m" in letters or ridges
                assert cost == plain[path] - 2 * letters.count("m") - 2 * ridges
            elif card_id == CE.id:
                assert "w" in letters
                assert cost == plain[path] - 2 * letters.count("w")
            else:
                assert "m" in letters
                assert cost == plain[path]
    for o in builds:  # each is legal, at the price listed
        assert game.plan(o.action).cost == o.cost, o.action
    knox = next(p for p in plain if p[0] == ATL_KNOX[0] and p[-1] == ATL_KNOX[-1])
    assert knox in with_card[HS.id]
    option = next(o for o in builds if o.action.cards == (TE.id,) and o.action.path == knox)
    turn_of(game, 0)
    cash = game.state.players[0].cash
    game.apply(option.action)  # what is listed is accepted, at the listed price
    assert cash - game.state.players[0].cash == option.cost
