"""A board's solo appendix is found through its plug-in (``Plugin.solo_hook``,
``railways.rules.solo.hooks``): Australia's town tracker lives in its own folder (RB-093..095)."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from railways.rules.boards.australia.solo import AustraliaSolo
from railways.rules.boards.portugal.solo import PortugalSolo
from railways.rules.solo import new_solo_game
from railways.rules.solo.hooks import NO_HOOK, card_problems, solo_hook
from railways.rules.solo.railbot import describe
from railways.rules.solo.state import solo_map


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
