"""Nippon's port cities (RW-p21-26) and the Shinbashi Station line (RW-p22-16) on our board."""

from __future__ import annotations

from dataclasses import replace

import pytest

import support
from railways.core.actions import DeliverGoods, TakeOperationsCard
from railways.core.board import Color
from railways.core.view import view_for
from railways.rules import check_map
from railways.rules.boards.nippon import Nippon

from .helpers import act_as, start

PORTS = ["hanagawa", "nagasaki", "yokohama", "kobe"]


@pytest.mark.rules("RW-p21-26")
def test_the_four_ports_are_on_the_board_and_flagged() -> None:
    game = start()
    flagged = sorted(c.id for c in game.board.cities.values() if "port" in c.flags)
    assert flagged == sorted(PORTS)
    assert check_map(game.board) == []


@pytest.mark.rules("RW-p21-26")
def test_the_map_check_wants_every_port() -> None:
    board = start().board
    cities = dict(board.cities)
    cities["kobe"] = replace(cities["kobe"], flags=frozenset())
    problems = Nippon().check_board(replace(board, cities=cities))
    assert any("Kobe" in p for p in problems), problems


@pytest.mark.rules("RW-p21-26")
def test_front_ends_list_the_ports() -> None:
    game = start()
    markers = [m for m in view_for(game, 0)["markers"] if m["kind"] == "port"]
    assert sorted(m["city"] for m in markers) == sorted(PORTS)
    assert all(m["help"] == "RW-p21-26" for m in markers)


@pytest.mark.rules("RW-p21-26", "RW-p21-04")
def test_foreign_trade_ports_puts_a_cube_on_each_port() -> None:
    game = start()
    card = "foreign-trade-ports"
    state = game.state
    if card in state.ops_deck:
        state.ops_deck.remove(card)
    state.ops_display.append(card)
    before = {city: len(state.cubes[city]) for city in PORTS}
    in_bag = sum(state.bag.values())
    act_as(game, 0)
    game.apply(TakeOperationsCard(seat=0, card=card))
    assert {city: len(state.cubes[city]) for city in PORTS} == {c: n + 1 for c, n in before.items()}
    assert sum(state.bag.values()) == in_bag - 4
    assert card in state.ops_discard and card not in state.ops_display  # red X: used, discarded


def _link_for(game, seat: int, a: str, b: str) -> int:
    return support.build_link(game, seat, a, b)


@pytest.mark.rules("RW-p22-16")
def test_a_blue_cube_from_tokyo_to_yokohama_claims_shinbashi_station() -> None:
    game = start()
    state = game.state
    assert "shinbashi-station" in state.ops_display
    link = _link_for(game, 0, "tokyo", "yokohama")
    support.set_cubes(game, "tokyo", [Color.BLUE])
    score = state.players[0].score
    act_as(game, 0)
    game.apply(DeliverGoods(seat=0, city="tokyo", color="blue", links=(link,)))
    # One point for the one link, one for Shinbashi Station.
    assert state.players[0].score == score + 2
    assert "shinbashi-station" not in state.ops_display


@pytest.mark.rules("RW-p22-16")
def test_a_blue_cube_from_elsewhere_does_not_claim_it() -> None:
    game = start()
    state = game.state
    link = _link_for(game, 1, "hanagawa", "yokohama")
    support.set_cubes(game, "hanagawa", [Color.BLUE])
    score = state.players[1].score
    act_as(game, 1)
    game.apply(DeliverGoods(seat=1, city="hanagawa", color="blue", links=(link,)))
    assert state.players[1].score == score + 1
    assert "shinbashi-station" in state.ops_display
