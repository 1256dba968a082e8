"""A turn made of named steps: variants that change different steps combine.

The First Player Auction variants and Worst is First replace the ``auction`` step; the
Alternate Rail Baron selection replaces the ``baron-choice`` step. Each auction variant
is played here with the Rail Baron variant, both sides of each: what it allows works,
what it forbids is refused. Two replacements of one step are refused naming both.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner

from railways.cli.main import _register, cli
from railways.core.actions import Bid, Pass, PassBid
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.core.turns import (
    STEPS,
    ActionsStep,
    IncomeStep,
    PhaseStep,
    ResultStep,
    TurnStructure,
    compose,
    owned_steps,
)
from railways.rules import new_game
from railways.rules.modules.late_barons import KeepBaron
from railways.rules.solo.plugin import SoloTurn

from .helpers import finish_turn, refused, start


def keep_all(game: Game, which: int = 0) -> None:
    """Each seat, at its next action, keeps one of its two cards and passes."""
    for _ in range(game.n):
        seat = game.to_act
        assert seat is not None
        dealt = game.state.players[seat].barons_dealt
        game.apply(KeepBaron(seat=seat, baron=dealt[which]))
        game.apply(Pass(seat=seat))


def test_a_turn_is_made_of_seven_named_steps() -> None:
    assert STEPS == (
        "auction",
        "baron-choice",
        "actions",
        "income",
        "operations-card",
        "end-check",
        "result",
    )
    assert set(TurnStructure().steps) == set(STEPS)
    game = start(["auction-v1", "late-barons"], to_actions=False)
    made = game.turns.step_names()
    assert made["auction"] == "FirstTurnInOrder" and made["baron-choice"] == "LateBaronTurn"
    assert made["income"] == "IncomeStep"


# -- Auction Variant 1 with the Alternate Rail Baron selection ----------------------------------
@pytest.mark.rules("RW-p7-35", "RW-p7-36", "RW-p8-07", "RW-p8-08")
def test_auction_variant_1_and_late_barons_together() -> None:
    game = start(["auction-v1", "late-barons"], to_actions=False)
    players = game.state.players
    # RW-p8-08: no Rail Baron kept at set-up; RW-p7-35: no auction on turn 1, seat order,
    # $1,000 per place behind the first (every seat starts with $0 on the Eastern U.S.).
    assert game.state.phase is Phase.ACTIONS
    assert all(p.baron == "" and len(p.barons_dealt) == 2 for p in players)
    assert game.state.order == [0, 1, 2, 3]
    assert [p.cash for p in players] == [0, 1, 2, 3]
    dealt = players[0].barons_dealt
    refused(game, KeepBaron(seat=0, baron=dealt[0]), "RW-p8-08")  # no Major Line yet
    game.state.major_lines["a-line"] = 2  # someone completes a Major Line
    assert legal_actions(game, 0).all() == [KeepBaron(seat=0, baron=b) for b in dealt]
    refused(game, Pass(seat=0), "RW-p8-08")  # the choice comes first
    keep_all(game, which=1)
    assert [p.baron for p in players] == [p.barons_dealt[1] for p in players]
    finish_turn(game)
    # RW-p7-36: turn 2 has the usual auction, opened by the seat that went first.
    assert game.state.phase is Phase.AUCTION
    assert game.state.auction is not None and game.state.auction.order == [0, 1, 2, 3]


# -- Auction Variant 2 with the Alternate Rail Baron selection ----------------------------------
@pytest.mark.rules("RW-p8-01", "RW-p8-02", "RW-p8-03", "RW-p8-07", "RW-p8-08")
def test_auction_variant_2_and_late_barons_together() -> None:
    game = start(["auction-v2", "late-barons"], to_actions=False)
    players = game.state.players
    assert game.state.phase is Phase.AUCTION  # no Rail Baron choice at set-up (RW-p8-08)
    assert all(p.baron == "" for p in players)
    for p in players:
        p.cash = 20
    # A Major Line is already complete: the choice waits for each seat's action, so the
    # auction runs as usual (RW-p8-08 says at their next action, not in the auction).
    game.state.major_lines["a-line"] = 1
    game.apply(Bid(seat=0, amount=3))
    game.apply(Bid(seat=1, amount=5))
    game.apply(PassBid(seat=2))  # first out: moves last, pays nothing (never bid)
    game.apply(Bid(seat=3, amount=7))
    game.apply(PassBid(seat=0))  # half of 3, rounded up: 2 (RW-p8-01)
    game.apply(PassBid(seat=1))  # half of 5, rounded up: 3
    assert game.state.phase is Phase.ACTIONS
    assert game.state.order == [3, 1, 0, 2]  # the winner first (RW-p8-02), then by passing
    assert [p.cash for p in players] == [18, 17, 20, 13]  # seat 3 paid its 7 in full
    assert game.to_act == 3
    dealt = players[3].barons_dealt
    assert legal_actions(game, 3).all() == [KeepBaron(seat=3, baron=b) for b in dealt]
    refused(game, Pass(seat=3), "RW-p8-08")
    keep_all(game)
    finish_turn(game)
    # RW-p8-03: the next auction is bid in the new order.
    assert game.state.auction is not None and game.state.auction.order == [3, 1, 0, 2]


# -- Worst is first (house) with the Alternate Rail Baron selection -----------------------------
@pytest.mark.rules("RW-p8-07", "RW-p8-08")
def test_worst_is_first_and_late_barons_together() -> None:
    game = start(["late-barons", "worst-is-first"], to_actions=False)
    players = game.state.players
    assert game.state.phase is Phase.AUCTION  # turn 1 keeps its auction; no choice at set-up
    assert all(p.baron == "" for p in players)
    for _ in range(4):
        seat = game.to_act
        assert seat is not None
        game.apply(PassBid(seat=seat))
    finish_turn(game)  # no Major Line yet: every seat may pass
    for seat, score in {0: 6, 1: 2, 2: 9, 3: 4}.items():
        players[seat].score = score
    finish_turn(game)
    assert game.state.phase is Phase.ACTIONS  # no auction after turn 1
    assert game.state.order == [1, 3, 0, 2]  # lowest score first
    assert game.to_act == 1
    refused(game, KeepBaron(seat=1, baron=players[1].barons_dealt[0]), "RW-p8-08")
    game.state.major_lines["a-line"] = 2
    refused(game, Pass(seat=1), "RW-p8-08")
    keep_all(game)
    assert all(p.baron in p.barons_dealt for p in players)


# -- what is still refused ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("map_id", "modules", "words"),
    [
        (
            "eastern-us",
            ["auction-v1", "auction-v2", "late-barons"],
            "auction-v1 cannot be played with auction-v2: both replace the auction step",
        ),
        (
            "eastern-us",
            ["late-barons", "worst-is-first", "auction-v2"],
            "auction-v2 cannot be played with worst-is-first: both replace the auction step",
        ),
        (
            "transcontinental",
            ["late-barons"],
            "late-barons cannot be played with transcontinental: both change the baron-choice step",
        ),
    ],
)
def test_two_changes_of_one_step_are_refused_naming_both_and_the_step(
    map_id: str, modules: list[str], words: str
) -> None:
    with pytest.raises(ValueError) as info:
        new_game(map_id, 4, 1, {"modules": modules})
    assert words in str(info.value)


# -- the composition itself ---------------------------------------------------------------------
class Calls:
    seen: ClassVar[list[str]] = []


class TaxedIncome(PhaseStep):
    step = "income"

    def run(self, game: Game) -> None:
        Calls.seen.append("taxed")


class Fanfare(IncomeStep):
    wraps = True

    def run(self, game: Game) -> None:
        Calls.seen.append("before")
        self.below().run(game)
        Calls.seen.append("after")


class Drumroll(Fanfare):
    def run(self, game: Game) -> None:
        Calls.seen.append("drum")
        self.below().run(game)


class NobodyWins(ResultStep):
    def result(self, game: Game, final: Mapping[int, int]) -> tuple[int | None, str]:
        return None, "no winner"


class Misnamed(ActionsStep):
    step = "income"


class Nowhere(IncomeStep):
    step = "lunch"


def test_wraps_go_around_a_replacement_in_plug_in_order() -> None:
    turns = compose([("wrap-a", Fanfare), ("swap", TaxedIncome), ("wrap-b", Drumroll)])
    income = turns.steps["income"]
    chain = [income, income.inner, income.below().below()]
    assert [type(s).__name__ for s in chain] == ["Drumroll", "Fanfare", "TaxedIncome"]
    assert type(chain[2].inner).__name__ == "IncomeStep"  # the default, below the replacement
    assert [type(s).__name__ for s in turns.ending[1:]] == ["OperationsCardStep", "EndCheckStep"]
    Calls.seen.clear()
    game = start([], players=3)
    turns.end_turn(game)  # the other two steps play as usual: a card, then turn 2
    assert Calls.seen == ["drum", "before", "taxed", "after"]
    assert game.state.turn == 2 and game.state.phase is Phase.AUCTION


def test_bad_changes_are_refused_naming_the_plug_ins_and_the_step() -> None:
    with pytest.raises(ValueError, match="one cannot be played with two: both replace the "):
        compose([("one", TaxedIncome), ("two", TaxedIncome)])
    with pytest.raises(ValueError, match="one replaces the income step of a turn twice"):
        compose([("one", TaxedIncome), ("one", TaxedIncome)])
    compose([("one", Fanfare), ("two", Drumroll)])  # two wraps of one step combine
    with pytest.raises(ValueError, match="changes the income step, so it must be a PhaseStep"):
        compose([("odd", Misnamed)])
    with pytest.raises(ValueError, match="changes the step 'lunch', which a turn does not have"):
        compose([("odd", Nowhere)])
    # A whole turn of its own owns the steps whose hooks it overrides.
    assert owned_steps(SoloTurn) == frozenset(STEPS)
    assert owned_steps(TurnStructure) == frozenset()
    with pytest.raises(ValueError, match="nobody cannot be played with solo: both change"):
        compose([("nobody", NobodyWins)], SoloTurn, "solo")


def test_a_solo_game_still_plays_its_own_turn() -> None:
    game = new_game("eastern-us", ["Me"], 3, {"solo": True})
    assert type(game.turns) is SoloTurn
    assert game.state.phase is Phase.ACTIONS and game.state.auction is None  # RB-050


# -- the front ends offer the combinations ------------------------------------------------------
def test_play_takes_an_auction_variant_with_late_barons() -> None:
    _register()
    runner = CliRunner()
    played = runner.invoke(
        cli,
        ["play", "--seats", "random,random,random", "--seed", "2", "--delay", "0"]
        + ["--with", "auction-v1", "--with", "late-barons"],
    )
    assert played.exit_code == 0, played.output
    assert "Final scores" in played.output
    refused_run = runner.invoke(
        cli, ["play", "--seats", "random,random", "--with", "auction-v2", "--with", "auction-v1"]
    )
    assert refused_run.exit_code != 0
    assert "both replace the auction step of a turn" in refused_run.output
    listed = runner.invoke(cli, ["variants"])
    assert "replaces the baron-choice step" in listed.output


def test_the_server_lists_and_starts_the_combinations(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from railways.server import create_app
    from railways.store import open_store

    with TestClient(create_app(open_store(data_dir=tmp_path), bot_delay=0)) as client:
        served(client)


def served(client: Any) -> None:
    rows = {r["id"]: r for r in client.get("/api/variants").json()}
    assert rows["auction-v1"]["conflicts"] == ["auction-v2", "worst-is-first"]
    assert "late-barons" not in rows["auction-v1"]["conflicts"]
    assert rows["late-barons"]["conflicts"] == []
    assert all(rows[m]["changes_turn"] for m in ("auction-v1", "late-barons"))
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(3)]
    body = {"map": "eastern-us", "seats": seats, "seed": 4}
    for auction in ("auction-v1", "auction-v2", "worst-is-first"):
        modules = [auction, "late-barons"]
        made = client.post("/api/games", json={**body, "options": {"modules": modules}})
        assert made.status_code == 201, made.text
    clash = client.post(
        "/api/games", json={**body, "options": {"modules": ["auction-v1", "worst-is-first"]}}
    )
    assert clash.status_code == 422
    assert "both replace the auction step of a turn" in clash.text
