"""`railways simulate --check-every`: the mid-game checks run from the command line and fail it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

import railways.sim.checks as checks
from railways.cli.main import _register, cli
from railways.core.game import Game
from railways.core.state import Phase
from railways.core.view import view_for

_register()


def _leaks_the_next_card(game: Game, seat: int | None) -> dict[str, Any]:
    out = view_for(game, seat)
    if game.state.phase is not Phase.GAME_OVER and game.state.ops_deck:
        out["peek"] = game.state.ops_deck[-1]
    return out


def test_simulate_with_frequent_checks_passes() -> None:
    args = ["simulate", "--players", "3", "--games", "2", "--check-every", "7", "--json", "-q"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["invariant_failures"] == 0


def test_simulate_fails_on_a_view_that_leaks_mid_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "view_for", _leaks_the_next_card)
    args = ["simulate", "--players", "2", "--games", "1", "--check-every", "25", "-q"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert "PROBLEM seed 1: action 25:" in result.output
    assert "still in the Operations deck" in result.output


def test_simulate_solo_fails_on_a_view_that_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "view_for", _leaks_the_next_card)
    args = ["simulate", "--solo", "--games", "1", "--check-every", "3"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert "PROBLEM seed 1: action 3:" in result.output


def test_check_every_must_be_positive() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--check-every", "0"])
    assert result.exit_code == 2
    assert "--check-every" in result.output
