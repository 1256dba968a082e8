"""Capital Charter (RW-p21-13, RW-p21-14) and City Charter (RW-p21-15, RW-p21-16), on the
Eastern U.S. board with Washington as the chartered city."""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack, DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.core.cards import Icon
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import build_options, legal_actions

from ..eus_helpers import place_cubes, refused, turn_of
from .eus_cards import CHI_CIN, PITT_WASH, RICH_WASH, card, game_with, give, show, terrain_of

CAP_WASH = card("capital-charter-washington", "capital_charter", Icon.INFINITY, city="washington")
CAP_RICH = card("capital-charter-richmond", "capital_charter", Icon.INFINITY, city="richmond")
CITY_WASH = card("city-charter-washington", "city_charter", Icon.INFINITY, city="washington")
ALL = (CAP_WASH, CAP_RICH, CITY_WASH)
WASH_PITT = PITT_WASH[::-1]
WASHINGTON = PITT_WASH[-1]


def _game() -> Game:
    game = game_with(*ALL)
    for p in game.state.players:
        p.cash = 60
    return game


def _take(game: Game, seat: int, card_id: str) -> None:
    turn_of(game, seat)
    game.apply(TakeOperationsCard(seat=seat, card=card_id))


def _build(game: Game, seat: int, path: tuple[Hex, ...], exit_side: Side | None = None) -> None:
    turn_of(game, seat)
    game.apply(BuildTrack(seat=seat, path=path, exit=exit_side))


def _scores(game: Game) -> list[int]:
    return [p.score for p in game.state.players]


def test_the_paths_join_the_cities_the_tests_say() -> None:
    game = _game()
    assert game.board.city_at(WASHINGTON).id == "washington"
    assert game.board.city_at(RICH_WASH[0]).id == "richmond"
    assert game.board.city_at(PITT_WASH[0]).id == "pittsburgh"
    assert terrain_of(game, RICH_WASH) == ("o", 0)


# -- Capital Charter ---------------------------------------------------------------------------
@pytest.mark.rules("RW-p21-13", "RW-p21-06")
def test_capital_charter_scores_its_holder_for_each_new_link_into_the_city() -> None:
    game = _game()
    show(game, CAP_WASH.id)
    _take(game, 0, CAP_WASH.id)
    assert game.state.players[0].kept == [CAP_WASH.id]
    _build(game, 1, RICH_WASH)  # another player's link into Washington
    assert _scores(game) == [1, 0, 0, 0]
    _build(game, 0, PITT_WASH)  # the holder's own
    assert _scores(game) == [2, 0, 0, 0]
    _build(game, 2, CHI_CIN)  # elsewhere: nothing
    assert _scores(game) == [2, 0, 0, 0]
    assert game.state.players[0].kept == [CAP_WASH.id]  # kept for the rest of the game


@pytest.mark.rules("RW-p21-14")
def test_capital_charter_does_not_pay_for_links_built_before_it_was_taken() -> None:
    game = _game()
    show(game, CAP_WASH.id)
    _build(game, 1, RICH_WASH)
    _take(game, 0, CAP_WASH.id)
    assert _scores(game) == [0, 0, 0, 0]
    _build(game, 2, PITT_WASH)
    assert _scores(game) == [1, 0, 0, 0]


@pytest.mark.rules("RW-p21-14")
def test_capital_charter_counts_a_link_when_it_is_completed() -> None:
    """A link leaving Washington scores nothing while unfinished, one point when done."""
    game = _game()
    give(game, 0, CAP_WASH.id)
    first, rest = WASH_PITT[:3], WASH_PITT[2:]
    _build(game, 1, first, first[-1].side_towards(rest[1]))
    assert _scores(game) == [0, 0, 0, 0]
    _build(game, 1, rest)
    assert _scores(game) == [1, 0, 0, 0]


@pytest.mark.rules("RW-p21-13")
def test_only_one_capital_charter_per_player() -> None:
    game = _game()
    give(game, 0, CAP_WASH.id)
    show(game, CAP_RICH.id)
    turn_of(game, 0)
    error = refused(game, TakeOperationsCard(seat=0, card=CAP_RICH.id), "RW-p21-13")
    assert "one Capital Charter" in str(error)
    offered = [a for a in legal_actions(game, 0).simple if isinstance(a, TakeOperationsCard)]
    assert offered == []
    _take(game, 1, CAP_RICH.id)  # another player may take it
    assert game.state.players[1].kept == [CAP_RICH.id]


# -- City Charter ------------------------------------------------------------------------------
@pytest.mark.rules("RW-p21-15")
def test_city_charter_stops_other_players_building_links_into_the_city() -> None:
    game = _game()
    show(game, CITY_WASH.id)
    _take(game, 0, CITY_WASH.id)
    turn_of(game, 1)
    error = refused(game, BuildTrack(seat=1, path=RICH_WASH), "RW-p21-15")
    assert "City Charter" in str(error)
    refused(game, BuildTrack(seat=1, path=RICH_WASH[::-1]), "RW-p21-15")  # nor out of it
    _build(game, 0, RICH_WASH)  # the holder may
    assert game.state.links[max(game.state.links)].end == "washington"


@pytest.mark.rules("RW-p21-15")
def test_city_charter_is_kept_out_of_the_other_players_listed_builds() -> None:
    game = _game()
    give(game, 0, CITY_WASH.id)
    turn_of(game, 1)
    assert all(WASHINGTON not in o.action.path for o in build_options(game, 1))
    assert any(WASHINGTON in o.action.path for o in build_options(game, 0))


@pytest.mark.rules("RW-p21-15")
def test_city_charter_on_the_display_restricts_nobody() -> None:
    game = _game()
    show(game, CITY_WASH.id)
    _build(game, 1, RICH_WASH)
    assert game.state.links[max(game.state.links)].owner == 1


@pytest.mark.rules("RW-p21-16")
def test_city_charter_leaves_links_already_built_in_use() -> None:
    game = _game()
    show(game, CITY_WASH.id)
    _build(game, 1, RICH_WASH)
    link_id = max(game.state.links)
    _take(game, 0, CITY_WASH.id)
    place_cubes(game, "richmond", [Color.BLACK])  # Washington is a black city
    assert game.state.city_colors["washington"] is Color.BLACK
    turn_of(game, 1)
    game.apply(DeliverGoods(seat=1, city="richmond", color="black", links=(link_id,)))
    assert game.state.players[1].score == 1


@pytest.mark.rules("RW-p21-16")
def test_city_charter_lets_an_unfinished_link_that_left_the_city_be_finished() -> None:
    game = _game()
    show(game, CITY_WASH.id)
    first, rest = WASH_PITT[:3], WASH_PITT[2:]
    _build(game, 1, first, first[-1].side_towards(rest[1]))
    _take(game, 0, CITY_WASH.id)
    _build(game, 1, rest)
    assert game.state.links[max(game.state.links)].end == "pittsburgh"
