"""Scenario helpers for the Rail Barons solo rule tests.

Set-up edits the state directly (cubes, the Railbot row, the top of its deck, scores);
the rule under test is always exercised through ``Game.apply`` so the engine's checks run.
"""

from __future__ import annotations

import copy
import dataclasses
import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

import railways.rules.solo as solo_package
from railways.content.solo import SoloMap, _cards, load_solo
from railways.core.actions import Action, Pass
from railways.core.board import Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.track import CostRules, lay, plan_build
from railways.rules.solo import RAILBOT, new_solo_game, solo_state
from railways.rules.solo.paths import cheapest_path
from railways.rules.solo.state import solo_map
from support import set_cubes

PLAYER = 0


FIXTURES = Path(__file__).parents[1] / "fixtures" / "solo"


def fixture_deck_map(map_id: str = "eastern-us") -> SoloMap:
    """The map's solo data with the fixed test deck (tests/fixtures/solo) for its cards."""
    real = load_solo(map_id)
    problems: list[str] = []
    with (FIXTURES / f"{map_id}-railbot.toml").open("rb") as fh:
        mine = _cards("railbot.toml", tomllib.load(fh), map_id, problems)
    with (FIXTURES / "common.toml").open("rb") as fh:
        common = _cards("common.toml", tomllib.load(fh), None, problems)
    assert not problems, problems
    return dataclasses.replace(real, cards={**mine, **common})


def solo(seed: int = 1, **options: Any) -> Game:
    """A solo game on the Eastern U.S. played with the fixed test deck, so that the rule tests'
    scenarios (which cities a card names, its slot and icons) do not follow the house deck."""
    smap = fixture_deck_map()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solo_package, "load_solo", lambda _map_id: smap)
        return new_solo_game("eastern-us", seed=seed, options=options)


def fixture_solo(map_id: str, seed: int = 1, **options: Any) -> Game:
    """A solo game on ``map_id`` played with its fixed test deck (tests/fixtures/solo)."""
    smap = fixture_deck_map(map_id)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solo_package, "load_solo", lambda _map_id: smap)
        return new_solo_game(map_id, seed=seed, options=options)


def real_solo(seed: int = 1, map_id: str = "eastern-us", **options: Any) -> Game:
    """A solo game with the map's own (house) Railbot deck."""
    return new_solo_game(map_id, seed=seed, options=options)


def snapshot(game: Game) -> dict[str, Any]:
    state = game.state
    # ``tile_counts`` is a cache, worked out when first asked (a refused build may ask).
    skip = ("rng", "tile_counts")
    out = {
        f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(state) if f.name not in skip
    }
    out["rng"] = (state.rng.state, state.rng.draws)
    return out


def refused(game: Game, action: Action, clause: str | None = None) -> IllegalAction:
    """Apply ``action``, expect IllegalAction (with ``clause`` if given) and no change."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    if clause is not None:
        assert info.value.clause == clause, info.value
    assert snapshot(game) == before
    return info.value


def lay_link(game: Game, owner: int, a: str, b: str) -> int:
    """Lay a direct link a-b for ``owner`` (a seat or the Railbot) along the cheapest route."""
    legs = cheapest_path(game, a, b, use_existing=False)
    assert legs is not None and len(legs) == 1, f"no direct route {a}-{b}"
    plan = plan_build(game.board, game.state, owner, legs[0], None, False, CostRules(max_tiles=99))
    return lay(game.state, plan, game.state.turn).id


def cubes(game: Game, city: str, *colors: Color) -> None:
    set_cubes(game, city, list(colors))


def _take(game: Game, card: str) -> None:
    """Take a Railbot card from wherever it is (deck, set aside, discard, row)."""
    s = solo_state(game)
    for pile in (s.deck, s.removed, s.discard):
        if card in pile:
            pile.remove(card)
            return
    if card in s.row:
        s.row[s.row.index(card)] = None
        return
    raise AssertionError(f"{card} is nowhere")


def set_row(game: Game, *cards: str) -> None:
    """Make the Railbot row exactly these cards; the cards they replace go into the deck."""
    s = solo_state(game)
    for card in cards:
        _take(game, card)
    for old in s.row:
        if old is not None:
            s.deck.insert(0, old)
    s.row = list(cards)
    if s.insured not in s.row:
        s.insured = None


def set_top(game: Game, card: str) -> None:
    """Put a card on top of the Railbot deck (the next one drawn)."""
    _take(game, card)
    solo_state(game).deck.append(card)


def show_bounties(game: Game, *bounties: str) -> None:
    """Make these Service Bounties the ones drawn at set-up (the display's first cards)."""
    state = game.state
    shown = [c for c in state.ops_display if game.card(c).effect != "service_bounty"]
    state.ops_display = [*bounties, *shown]


def pass_action(game: Game) -> None:
    game.apply(Pass(seat=PLAYER))


def to_railbot(game: Game) -> None:
    """Take the turn's first two actions (passes): the Railbot's card is drawn and resolved."""
    assert game.state.round == 1
    pass_action(game)
    pass_action(game)


def finish_turn(game: Game) -> None:
    """Pass until a new turn starts (answering no Railbot choice)."""
    turn = game.state.turn
    while game.state.turn == turn and not game.over:
        pass_action(game)


def choice_kinds(game: Game) -> set[str]:
    return {a.kind for a in legal_actions(game, PLAYER).simple}


def railbot_links(game: Game) -> list[tuple[str, str | None]]:
    return [(lk.start, lk.end) for lk in game.state.links.values() if lk.owner == RAILBOT]


__all__ = ["PLAYER", "RAILBOT", "solo_map", "solo_state"]
