"""A board's solo appendix is found through its plug-in (``Plugin.solo_hook``,
``railways.rules.solo.hooks``): Australia's town tracker lives in its own folder (RB-093..095)."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from railways.content.maps import load_map
from railways.content.solo import load_solo
from railways.core.board import Color
from railways.core.view import view_for
from railways.rules import board_plugins
from railways.rules.boards.australia.solo import AustraliaSolo, TownTracker
from railways.rules.boards.mexico.solo import MexicoSolo, ScarceColor, scarce_of, supply
from railways.rules.boards.portugal.solo import PortugalSolo
from railways.rules.solo import new_solo_game
from railways.rules.solo.hooks import NO_HOOK, card_problems, hook_of, read_appendix, solo_hook
from railways.rules.solo.railbot import describe
from railways.rules.solo.state import solo_map

from .helpers import fixture_deck_map, fixture_solo


@pytest.mark.rules("RB-093", "RB-094", "RB-095")
def test_australia_brings_its_town_tracker_and_other_boards_nothing():
    game = new_solo_game("australia", seed=1)
    hook = solo_hook(game)
    assert isinstance(hook, AustraliaSolo)
    towns = sorted(c for c in game.board.cities if hook.is_town(game, c))
    assert towns and all(hook.is_unbuilt(game, t) for t in towns)  # none built at the start
    assert hook.path_prices(game) == {t: 5 for t in towns}  # $5,000 a town (AU-028)
    plain = new_solo_game("eastern-us", seed=1)
    assert solo_hook(plain) is NO_HOOK
    assert not NO_HOOK.is_town(plain, "boston") and NO_HOOK.path_prices(plain) == {}
    assert NO_HOOK.final_points(plain) == 0 and not NO_HOOK.lost(plain)


def test_a_wrong_hook_is_named():
    for path, words in (("nothing", "expected 'module:Class'"), (f"{__name__}:NO", "not a Solo")):
        game = SimpleNamespace(ruleset=SimpleNamespace(plugins=[SimpleNamespace(solo_hook=path)]))
        with pytest.raises(ValueError, match=words):
            solo_hook(game)


@pytest.mark.rules("RB-088")
def test_portugal_brings_its_maritime_card_and_the_kinds_are_checked_by_the_hook():
    """The maritime card is a kind of Portugal's own deck: its hook makes its tasks, words
    and checks; a kind no hook claims, or a maritime card not in pairs, is refused."""
    game = new_solo_game("portugal", seed=1)
    hook = solo_hook(game)
    assert isinstance(hook, PortugalSolo)
    (card,) = [c for c in solo_map(game).cards.values() if c.kind == "maritime"]
    tasks = hook.card_tasks(game, card)
    assert [t["kind"] for t in tasks] == ["maritime", "maritime", "any_cube", "any_cube"]
    assert describe(card, False, game).startswith("Maritime links ")
    assert card_problems([card], hook) == []
    odd = dataclasses.replace(card, cities=card.cities[:3])
    assert card_problems([odd], hook) == [
        f"railbot.toml:{card.id}.cities: a maritime card names (island, port) pairs"
    ]
    (problem,) = card_problems([card], NO_HOOK)  # on a board whose hook does not know it
    assert problem.startswith(f"railbot.toml:{card.id}.kind: unknown kind 'maritime' (links,")
    assert not NO_HOOK.do_task(game, tasks[0]) and NO_HOOK.card_tasks(game, card) == []


@pytest.mark.rules("RB-102", "RB-105", "RB-106", "RB-107")
def test_mexico_reads_its_purple_cubes_from_its_own_keys_of_the_solo_data():
    """The generic loader keeps Mexico's ``[scarce_color]`` table and its cards' ``place``
    keys as written; Mexico's hook makes the scarce colour of them when a game is set up (the
    test deck, whose cards carry the purple cube icon)."""
    game = fixture_solo("mexico", seed=1)
    hook = solo_hook(game)
    assert isinstance(hook, MexicoSolo)
    smap = solo_map(game)
    assert set(smap.own) == {"scarce_color"}
    scarce = smap.appendix
    assert isinstance(scarce, ScarceColor) and scarce_of(game) is scarce
    assert scarce.color is Color.PURPLE and scarce.card == "exhaust-purple"
    assert scarce.points_lost(1) == 2 and scarce.points_lost(20) == 30  # the last for more
    placed = [c for c in smap.cards.values() if "place" in c.own]
    assert placed and all(set(c.own) == {"place"} for c in placed)
    assert hook.held(game) == {Color.PURPLE: supply(game)}
    # No other board reads these keys: Eastern U.S. has neither a table nor a hook.
    plain = new_solo_game("eastern-us", seed=1)
    assert solo_map(plain).own == {} and solo_map(plain).appendix is None
    assert NO_HOOK.removal_saves(plain, Color.PURPLE) == 0 and NO_HOOK.held(plain) == {}


def test_keys_no_hook_reads_and_wrong_tables_are_refused_when_a_game_is_set_up():
    smap, board = fixture_deck_map("mexico"), load_map("mexico")
    mexico = hook_of(board_plugins(board))
    assert read_appendix(smap, board, mexico)[1] == []
    # A key of solo.toml the board's hook does not read; the table on a board without a hook.
    stray = dataclasses.replace(smap, own={**smap.own, "scarce_colour": {}})
    assert read_appendix(stray, board, mexico)[1] == ["solo.toml:scarce_colour: unknown key"]
    assert read_appendix(smap, board, NO_HOOK)[1] == ["solo.toml:scarce_color: unknown key"]
    # What is wrong inside the table, and a card whose icon names no city in play.
    bad = {**smap.own["scarce_color"], "card": "no-such-card", "penalty": "many"}
    broken = dataclasses.replace(smap, own={"scarce_color": bad})
    assert read_appendix(broken, board, mexico)[1] == [
        "solo.toml:scarce_color.penalty: expected a list of points",
        "solo.toml:scarce_color.card: 'no-such-card' is not a Railbot card",
    ]
    card = next(c for c in smap.cards.values() if "place" in c.own)
    astray = dataclasses.replace(card, own={"place": "atlantis"})
    cards = {**smap.cards, card.id: astray}
    assert read_appendix(dataclasses.replace(smap, cards=cards), board, mexico)[1] == [
        f"railbot.toml:{card.id}.place: 'atlantis' is not a city in play"
    ]
    # A card key no hook reads.
    assert card_problems([card], mexico) == []
    assert card_problems([card], NO_HOOK) == [f"railbot.toml:{card.id}.place: unknown key"]


@pytest.mark.rules("RB-093", "RB-094")
def test_australia_reads_its_town_tracker_from_its_own_table():
    game = new_solo_game("australia", seed=1)
    tracker = solo_map(game).appendix
    assert isinstance(tracker, TownTracker) and tracker.must_deliver
    assert tracker.points_for_built(1) == 2 and tracker.points_for_built(9) == 16
    hook = solo_hook(game)
    town = sorted(c for c in game.board.cities if hook.is_town(game, c))[0]
    assert hook.delivery_points(game, town) == 1 and hook.delivery_needed(game, town)
    assert hook.build_points(game, town) == 2
    assert "towns" in view_for(game, 0)["plugins"]["solo"]
    smap, board = load_solo("australia"), load_map("australia")
    wrong = dataclasses.replace(smap, own={"towns": {"built_points": [1, -1], "must": 1}})
    assert read_appendix(wrong, board, hook)[1] == [
        "solo.toml:towns.must: unknown key",
        "solo.toml:towns.built_points: expected a list of points",
    ]
    on_mexico = read_appendix(dataclasses.replace(smap, own=smap.own), load_map("mexico"), hook)
    assert on_mexico[1] == ["solo.toml:towns: mexico has no towns"]


@pytest.mark.rules("RB-085")
def test_portugal_reads_its_lanes_and_spared_islands_from_its_own_keys():
    game = new_solo_game("portugal", seed=1)
    hook = solo_hook(game)
    assert hook.lane_prices(game) == {"maritime": 6}
    assert hook.exhaust_spares(game) == {"acores", "madeira"}
    assert NO_HOOK.lane_prices(game) == {} and NO_HOOK.exhaust_spares(game) == frozenset()
    smap, board = load_solo("portugal"), load_map("portugal")
    wrong = dataclasses.replace(
        smap, own={"exhaust_exempt": ["atlantis"], "railbot_lanes": {"ferry": 6}}
    )
    assert read_appendix(wrong, board, hook)[1] == [
        "solo.toml:exhaust_exempt: 'atlantis' is not a city of portugal",
        "solo.toml:railbot_lanes: portugal has no border of kind 'ferry'",
    ]
