"""Green-circle goals met by building or upgrading: Long Distance (RW-p22-01) and New
Train (RW-p22-04), on the Eastern U.S. board."""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack, TakeOperationsCard, UpgradeEngine
from railways.core.cards import Icon
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side

from ..eus_helpers import refused, turn_of
from .eus_cards import ALB_NH, CHI_CIN, card, game_with, give, show, terrain_of

LONG = card("long-distance", "long_distance", Icon.GOAL, tiles=4, points=2)
TRAIN = card("new-train", "new_train", Icon.GOAL, level=4, points=4)
EU = card("engine-upgrade", "engine_upgrade", Icon.HAND)


def _game() -> Game:
    game = game_with(LONG, TRAIN, EU)
    for p in game.state.players:
        p.cash = 60
    return game


def _build(game: Game, seat: int, path: tuple[Hex, ...], exit_side: Side | None = None) -> None:
    turn_of(game, seat)
    game.apply(BuildTrack(seat=seat, path=path, exit=exit_side))


def _upgrade(game: Game, seat: int, *cards: str) -> None:
    turn_of(game, seat)
    game.apply(UpgradeEngine(seat=seat, cards=cards))


def test_the_paths_have_the_lengths_the_tests_say() -> None:
    game = _game()
    assert terrain_of(game, CHI_CIN) == ("oooo", 0)  # four tiles
    assert terrain_of(game, ALB_NH)[0] == "mwo"  # three tiles


# -- Long Distance -----------------------------------------------------------------------------
@pytest.mark.rules("RW-p22-01", "RW-p5-37")
def test_long_distance_goes_to_the_first_link_of_four_tiles() -> None:
    game = _game()
    show(game, LONG.id)
    _build(game, 1, ALB_NH)  # three tiles: not yet
    assert game.state.players[1].score == 0
    assert LONG.id in game.state.ops_display
    _build(game, 2, CHI_CIN)
    assert [p.score for p in game.state.players] == [0, 0, 2, 0]
    assert LONG.id in game.state.ops_discard and LONG.id not in game.state.ops_display


@pytest.mark.rules("RW-p22-01")
def test_long_distance_counts_a_link_laid_over_two_actions_once_it_is_complete() -> None:
    game = _game()
    show(game, LONG.id)
    first, rest = CHI_CIN[:4], CHI_CIN[3:]
    _build(game, 0, first, first[-1].side_towards(rest[1]))  # three tiles, unfinished
    assert LONG.id in game.state.ops_display
    _build(game, 0, rest)  # the fourth tile completes it
    assert game.state.players[0].score == 2


@pytest.mark.rules("RW-p22-01", "RW-p21-02")
def test_long_distance_only_while_it_is_on_the_display() -> None:
    game = _game()
    game.state.ops_deck.append(LONG.id)  # not turned up yet
    _build(game, 0, CHI_CIN)
    assert game.state.players[0].score == 0
    game.draw_operations_card()
    assert game.state.ops_display[-1] == LONG.id  # the earlier link does not count now


@pytest.mark.rules("RW-p22-01", "RW-p5-37")
def test_long_distance_cannot_be_taken() -> None:
    game = _game()
    show(game, LONG.id)
    turn_of(game, 0)
    refused(game, TakeOperationsCard(seat=0, card=LONG.id), "RW-p5-37")


# -- New Train ---------------------------------------------------------------------------------
@pytest.mark.rules("RW-p22-04", "RW-p5-37")
def test_new_train_goes_to_the_first_upgrade_to_level_four() -> None:
    game = _game()
    show(game, TRAIN.id)
    game.state.players[0].engine = 2
    game.state.players[1].engine = 3
    _upgrade(game, 0)  # to 3: not yet
    assert game.state.players[0].score == 0
    _upgrade(game, 1)  # to 4
    assert [p.score for p in game.state.players] == [0, 4, 0, 0]
    assert TRAIN.id in game.state.ops_discard
    _upgrade(game, 0)  # also to 4, but the card is gone
    assert game.state.players[0].score == 0


@pytest.mark.rules("RW-p22-04", "RW-p21-21")
def test_new_train_reached_with_a_free_upgrade_counts() -> None:
    game = _game()
    show(game, TRAIN.id)
    game.state.players[2].engine = 3
    give(game, 2, EU.id)
    _upgrade(game, 2, EU.id)
    assert game.state.players[2].score == 4


@pytest.mark.rules("RW-p22-04", "RW-p21-02")
def test_new_train_not_before_it_is_shown() -> None:
    game = _game()
    game.state.players[0].engine = 3
    _upgrade(game, 0)
    assert game.state.players[0].score == 0
