"""The simulation's mid-game checks can fail: leaking views and divergent replays are reported."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import railways.sim.checks as checks
from railways.cli.simulate import play_one
from railways.cli.simulate_solo import play_solo
from railways.core.game import Game
from railways.core.legal import sample_action
from railways.core.record import GameRecord
from railways.core.rng import Rng
from railways.core.state import GameState, Phase
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.solo.state import solo_state
from railways.sim.checks import (
    CACHE_FIELDS,
    ReplayCheck,
    canonical,
    full_state,
    secret_leaks,
)


def _played(actions: int, players: int = 4, seed: int = 3, options: Any = None) -> Game:
    """A random game ``actions`` actions in (barons chosen, the auction over)."""
    game = new_game("eastern-us", players=players, seed=seed, options=options)
    rng = Rng(seed * 7 + 1)
    for _ in range(actions):
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, rng))
    return game


def _leaking(extra: Any) -> checks.ViewFn:
    """A view function that adds ``extra(game, seat)`` to every real view."""

    def view(game: Game, seat: int | None) -> dict[str, Any]:
        out = view_for(game, seat)
        out["leak"] = extra(game, seat)
        return out

    return view


def _other(game: Game, seat: int | None) -> int:
    return 1 if seat == 0 else 0


# -- secrets in views --------------------------------------------------------------------
def test_a_game_in_progress_leaks_nothing_and_has_secrets_to_leak() -> None:
    game = _played(60)
    assert game.state.phase is Phase.ACTIONS
    assert not any(p.baron_revealed for p in game.state.players)
    assert game.state.ops_deck and game.state.baron_deck
    assert secret_leaks(game) == []


def test_another_seats_baron_in_a_view_is_reported() -> None:
    game = _played(60)
    view = _leaking(lambda g, seat: {"note": g.state.players[_other(g, seat)].baron})
    problems = secret_leaks(game, view)
    assert any("seat 1's kept Rail Baron card" in p for p in problems if "seat 0's view" in p)
    assert any("seat 0's kept Rail Baron card" in p for p in problems if "spectator" in p)


def test_a_baron_named_in_a_log_line_is_reported() -> None:
    game = _played(60)
    name = game.ruleset.barons[game.state.players[2].baron or ""].name
    problems = secret_leaks(game, _leaking(lambda g, seat: [f"rumour has it: {name}"]))
    assert any("(by name)" in p and "seat 0's view" in p for p in problems)
    assert not any("seat 2's view" in p for p in problems)  # its own baron is no secret to it


@pytest.mark.parametrize(
    ("leak", "what"),
    [
        (lambda g, s: list(g.state.ops_deck[-3:]), "still in the Operations deck"),
        (lambda g, s: g.state.baron_deck[0], "the Rail Baron deck"),
        (lambda g, s: {"seed": g.state.rng.state}, "random generator's state"),
        (lambda g, s: {c.value: n for c, n in g.state.bag.items()}, "bag's contents"),
        (lambda g, s: {"cube_bag": ["red", "red", "blue"]}, "the bag itself"),
        (lambda g, s: list(g.state.players[_other(g, s)].barons_dealt), "dealt to seat"),
    ],
)
def test_every_kind_of_secret_is_reported(leak: Any, what: str) -> None:
    game = _played(60)
    problems = secret_leaks(game, _leaking(leak))
    assert any(what in p for p in problems), problems


def test_a_view_that_hides_the_seats_own_baron_is_reported() -> None:
    """The check proves it can see a baron: each seat's own must be in its view."""

    def blind(game: Game, seat: int | None) -> dict[str, Any]:
        out = view_for(game, seat)
        for entry in out["players"]:
            entry["baron"] = None
        return out

    problems = secret_leaks(_played(60), blind)
    assert sum("does not show its own Rail Baron card" in p for p in problems) == 4


def test_revealed_and_final_barons_are_no_secret() -> None:
    game = _played(60)
    revealed = game.state.players[1]
    revealed.baron_revealed = True
    view = _leaking(lambda g, s: g.state.players[1].baron)
    assert secret_leaks(game, view) == []


def test_play_one_reports_a_leak_seen_only_mid_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that leaks only while the game runs is caught by the checks every N actions."""

    def leaks_mid_game(game: Game, seat: int | None) -> dict[str, Any]:
        out = view_for(game, seat)
        if game.state.phase is not Phase.GAME_OVER and game.state.ops_deck:
            out["peek"] = game.state.ops_deck[-1]
        return out

    monkeypatch.setattr(checks, "view_for", leaks_mid_game)
    result = play_one("eastern-us", 3, ["random"], seed=11, check=True, check_every=30)
    assert result.problems
    assert result.problems[0].startswith("action 30: ")
    assert "still in the Operations deck" in result.problems[0]
    assert result.actions == 30  # it stopped at the first broken check
    monkeypatch.undo()
    assert play_one("eastern-us", 3, ["random"], seed=11, check=True).problems == []


def test_solo_views_hiding_railbot_cards_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    def leaks_railbot_deck(game: Game, seat: int | None) -> dict[str, Any]:
        out = view_for(game, seat)
        out["next_railbot_card"] = solo_state(game).deck[-1] if solo_state(game).deck else None
        return out

    monkeypatch.setattr(checks, "view_for", leaks_railbot_deck)
    result = play_solo("eastern-us", "random", 4, {}, check=True, check_every=10)
    assert result.problems and "hidden Railbot card" in result.problems[0]
    assert result.problems[0].startswith("action 10: ")


# -- replays of the full state -----------------------------------------------------------
def test_the_full_state_covers_every_field_of_the_game_state() -> None:
    dump = full_state(_played(80))
    names = {f.name for f in dataclasses.fields(GameState)}
    assert set(dump) - {"__type__"} == names - CACHE_FIELDS
    assert dump["rng"]["state"] and dump["rng"]["draws"] > 0
    assert dump["plugin_data"]["__dict__"]  # the Western Link's state is in it
    json.dumps(dump)  # plain JSON data


def test_canonical_refuses_what_it_does_not_know() -> None:
    class Opaque:
        pass

    with pytest.raises(TypeError, match="Opaque"):
        canonical({"x": [Opaque()]})


def test_a_faithful_replay_passes_at_every_checkpoint() -> None:
    game = new_game("eastern-us", players=4, seed=5)
    rng = Rng(2)
    check = ReplayCheck([20, 50, 90, 140])
    for _ in range(150):
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, rng))
        check.observe(game)
    assert set(check.dumps) == {20, 50, 90, 140}
    assert check.verify(game) == []


@pytest.mark.parametrize(
    ("tamper", "where"),
    [
        (lambda s: s.ops_deck.reverse(), "state.ops_deck"),
        (lambda s: setattr(s.rng, "draws", s.rng.draws + 1), "state.rng.draws"),
        (lambda s: s.baron_deck.reverse(), "state.baron_deck"),
        (lambda s: s.ledger.pop(0), "state.ledger"),
    ],
)
def test_a_replay_that_differs_in_hidden_state_is_reported(tamper: Any, where: str) -> None:
    """Changes no spectator can see (deck order, draws, the ledger) still fail the check."""
    game = new_game("eastern-us", players=4, seed=5)
    rng = Rng(2)
    check = ReplayCheck([30, 60, 90])
    for step in range(1, 101):
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, rng))
        if step == 60:
            before = view_for(game, None)
            tamper(game.state)
            if where != "state.ledger":
                assert view_for(game, None) == before  # invisible to the old check
        check.observe(game)
    problems = check.verify(game)
    assert len(problems) == 1
    assert "after action 60" in problems[0]
    assert where in problems[0]


def test_a_replay_into_a_different_game_is_reported() -> None:
    game = _played(100, seed=9)
    check = ReplayCheck([50])
    check.dumps[50] = full_state(_played(50, seed=9))

    def other_seed(record: GameRecord) -> Game:
        return new_game(record.map_id, list(record.seats), record.seed + 1, record.options)

    problems = check.verify(game, other_seed)
    assert len(problems) == 1
    assert "refused" in problems[0] or "different state" in problems[0]


def test_play_one_reports_a_divergent_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    def other_seed(record: GameRecord) -> Game:
        return new_game(record.map_id, list(record.seats), record.seed + 1, record.options)

    monkeypatch.setattr(checks, "_fresh_game", other_seed)
    result = play_one("eastern-us", 2, ["random"], seed=4, check=True)
    assert len(result.problems) == 1
    assert "replaying the record" in result.problems[0]
