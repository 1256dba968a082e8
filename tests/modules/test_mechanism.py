"""Choosing optional modules: validation, records, views and the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from railways.bots import make_bot
from railways.cli.main import _register, cli
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.modules.base import module_classes
from railways.rules.records import game_from_record, record_of

from .helpers import snap, start

ALL_IDS = {
    "auction-v1",
    "auction-v2",
    "cube-reduction",
    "cut-throat",
    "glenn-drover",
    "hotels",
    "late-barons",
    "mines",
    "shorter-game",
    "worst-is-first",
}


def test_every_module_is_known_by_id():
    assert set(module_classes()) >= ALL_IDS


@pytest.mark.parametrize(
    ("modules", "players", "words"),
    [
        (["no-such-module"], 4, "unknown module(s) no-such-module"),
        (["mines", "mines"], 4, "named twice"),
        (["auction-v1", "auction-v2"], 4, "cannot be played with"),
        (["worst-is-first", "auction-v2"], 4, "cannot be played with"),
        (["glenn-drover"], 4, "only for two players (RW-p8-04)"),
    ],
)
def test_forbidden_choices_are_refused_with_a_reason(modules, players, words):
    with pytest.raises(ValueError) as info:
        new_game("eastern-us", players=players, seed=1, options={"modules": modules})
    assert words in str(info.value)


def test_modules_must_be_a_list_of_ids():
    with pytest.raises(ValueError, match="expected a list of ids"):
        new_game("eastern-us", players=4, seed=1, options={"modules": "mines"})


def test_a_record_with_modules_replays_to_the_same_state():
    game = start(["mines", "cut-throat", "hotels", "auction-v2", "shorter-game"], seed=5)
    bots = [make_bot("random", 10 + i) for i in range(4)]
    for _ in range(150):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    record = record_of(game)
    data = json.loads(json.dumps(record.to_dict()))
    assert data["options"]["modules"] == [
        "auction-v2",
        "cut-throat",
        "hotels",
        "mines",
        "shorter-game",
    ]
    again = game_from_record(data)
    assert snap(again) == snap(game)
    assert [type(p).__name__ for p in again.ruleset.plugins] == [
        type(p).__name__ for p in game.ruleset.plugins
    ]


def test_every_seat_and_spectators_see_the_modules():
    game = start(["hotels", "mines"])
    for seat in (0, 1, 2, 3, None):
        assert view_for(game, seat)["plugins"]["modules"] == ["hotels", "mines"]


def test_a_game_without_modules_has_no_module_plugins():
    game = new_game("eastern-us", players=4, seed=1)
    assert [p.id for p in game.ruleset.plugins] == ["western_link"]
    assert "modules" not in view_for(game, 0)["plugins"]


def test_variants_command_lists_every_module():
    _register()
    result = CliRunner().invoke(cli, ["variants", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {r["id"] for r in rows} >= ALL_IDS
    house = {r["id"] for r in rows if r["house"]}
    assert house == {"worst-is-first"}


def test_simulate_with_modules_and_a_refused_combination():
    _register()
    runner = CliRunner()
    ok = runner.invoke(
        cli,
        ["simulate", "--games", "1", "--players", "3", "--with", "mines", "--with", "hotels", "-q"],
    )
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(
        cli, ["simulate", "--games", "1", "--with", "auction-v1", "--with", "auction-v2", "-q"]
    )
    assert bad.exit_code != 0
    assert "cannot be played with" in bad.output


def test_play_takes_modules_and_short_is_the_shorter_game_module():
    _register()
    result = CliRunner().invoke(
        cli,
        [
            "play",
            "--seats",
            "random,random,random",
            "--seed",
            "3",
            "--delay",
            "0",
            "--with",
            "event-deck",
            "--with",
            "mines",
            "--short",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Modules: Event Deck, Mines, Shorter Game" in result.output
    assert "Final scores" in result.output
    refused = CliRunner().invoke(
        cli, ["play", "--seats", "random,random", "--with", "glenn-drover", "--with", "nope"]
    )
    assert refused.exit_code != 0
    assert "unknown module(s) nope" in refused.output
