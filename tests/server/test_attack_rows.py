"""The attack suite's rows for a server killed mid-burst, hidden information at every step
and markup in Chromium (issue 30): each run for real, and each checker shown to report
FAILED on a planted lost action, leak or injected element."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from railways.rules.records import record_of
from railways.server import create_app
from railways.server.attack import Outcome, report
from railways.server.attack_hidden import (
    Seen,
    _play_and_read,
    _Reader,
    hidden_outcome,
    leaks,
    secrets_by_step,
)
from railways.server.attack_kill import kill_during_bursts, kill_outcome, lost_actions
from railways.server.attack_xss import PAYLOADS, xss_in_chromium, xss_outcome
from railways.store import open_store
from server.helpers import humans
from server.test_postgres import pg_url  # noqa: F401  (the fixture)

PASS = {"kind": "pass", "seat": 0}
# The tests that use the game played once (in whichever of them comes first).
PLAYED = pytest.mark.timeout(900)
STEPS = 30
BID = {"kind": "bid", "seat": 1, "amount": 2}


# --- kill -9 during bursts ---


def test_lost_actions_names_each_acknowledged_action_the_store_lacks() -> None:
    acknowledged = {"g1" * 4: {0: PASS, 1: BID}, "g2" * 4: {0: PASS}}
    assert lost_actions(acknowledged, {"g1" * 4: [PASS, BID], "g2" * 4: [PASS]}) == []
    # one cut short, one changed, one game missing from the store
    assert lost_actions(acknowledged, {"g1" * 4: [PASS], "g2" * 4: [BID]}) == [
        "g1g1g1g1#1",
        "g2g2g2g2#0",
    ]
    assert lost_actions(acknowledged, {"g1" * 4: [PASS, BID], "g2" * 4: None}) == ["g2g2g2g2#0"]


def test_the_kill_row_fails_on_a_lost_action_or_a_game_the_restart_does_not_load() -> None:
    acknowledged = {"game": {0: PASS, 1: BID}}
    good = kill_outcome(acknowledged, {"game": [PASS, BID, PASS]}, {"game": 3}, "SQLite")
    assert good.held, good.detail
    lost = kill_outcome(acknowledged, {"game": [PASS]}, {"game": 1}, "SQLite")
    assert not lost.held and "1 lost" in lost.detail
    unloaded = kill_outcome(acknowledged, {"game": [PASS, BID]}, {"game": None}, "SQLite")
    assert not unloaded.held and "wrong or none" in unloaded.detail
    nothing = kill_outcome({"game": {}}, {"game": []}, {"game": 0}, "SQLite")
    assert not nothing.held and "nothing was tested" in nothing.detail


def _kill_row(monkeypatch: pytest.MonkeyPatch, database: str | None) -> Outcome:
    if database is None:
        monkeypatch.delenv("RAILWAYS_DATABASE_URL", raising=False)
    else:
        monkeypatch.setenv("RAILWAYS_DATABASE_URL", database)
    [row] = kill_during_bursts(clients=3, moves=30)
    return row


@pytest.mark.timeout(600)  # two server starts, slow on a loaded machine
def test_kill_9_during_bursts_on_sqlite_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    row = _kill_row(monkeypatch, None)
    assert row.held, row.detail
    assert "SQLite" in row.attack


@pytest.mark.timeout(600)
def test_kill_9_during_bursts_on_postgresql_loses_nothing(
    monkeypatch: pytest.MonkeyPatch,
    pg_url: str,  # noqa: F811
) -> None:
    row = _kill_row(monkeypatch, pg_url)
    assert row.held, row.detail
    assert "PostgreSQL" in row.attack


# --- hidden information at every step ---


@pytest.fixture(scope="module")
def played(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[list[Seen], dict[str, Any], list[str]]]:
    """A server-seeded two-seat game's first ``STEPS + 1`` moves, played in process with
    every payload read at every step (no WebSockets: the TestClient has none of its kind);
    its record so far (from the server's own game: the API gives it out only at the end),
    and the tokens. Played once for the module, through barons, auctions and actions."""
    store = open_store(data_dir=tmp_path_factory.mktemp("hidden"))
    with TestClient(create_app(store, bot_delay=0)) as client:
        game = client.post("/api/games", json={"seats": humans(2)}).json()
        tokens = [s["token"] for s in game["seats"]]
        readers: list[tuple[int | None, str]] = [*enumerate(tokens)]
        readers.append((None, game["spectator"]["token"]))
        seen: list[Seen] = []
        io = _Reader(client, game["id"])
        assert not _play_and_read(io, readers, [], seen, random.Random(4), STEPS)
        handle = client.app.state.manager._handles[game["id"]]  # type: ignore[attr-defined]
        yield seen, record_of(handle.game).to_dict(), tokens


@PLAYED
def test_a_game_read_at_every_step_leaks_nothing(
    played: tuple[list[Seen], dict[str, Any], list[str]],
) -> None:
    seen, record, tokens = played
    secrets = secrets_by_step(record, tokens)
    assert len(secrets) == len(record["actions"]) + 1
    row = hidden_outcome(seen, secrets)
    assert row.held, row.detail
    assert {s.source for s in seen} >= {"state", "the record", "the move's answer", "the chat"}
    phases = {json.loads(s.text)["view"]["phase"] for s in seen if s.source == "state"}
    assert {"choose_baron", "auction", "actions"} <= phases


@PLAYED
def test_the_secrets_at_the_start_are_decks_barons_seed_and_tokens(
    played: tuple[list[Seen], dict[str, Any], list[str]],
) -> None:
    _seen, record, tokens = played
    first = secrets_by_step(record, tokens)[0]
    for reader in first:
        whats = {s.what for s in reader}
        assert {"a card in the Operations deck", "an undealt Rail Baron", "the seed"} <= whats
        assert str(int(record["seed"], 16)) in {s.needle for s in reader}
    assert tokens[1] in {s.needle for s in first[0]}
    assert tokens[0] not in {s.needle for s in first[0]}
    assert set(tokens) <= {s.needle for s in first[2]}  # the spectator has no seat's


def _plants(record: dict[str, Any], tokens: list[str]) -> dict[str, str]:
    """One planted payload for each kind of leak, each one a secret of seat 0 at step 0."""
    first = secrets_by_step(record, tokens)[0][0]
    card = next(s.needle for s in first if s.what == "a card in the Operations deck")
    baron = next(s.needle for s in first if s.what == "seat 1's Rail Baron")
    return {
        "an Operations card": json.dumps({"next": card}),
        "seat 1's baron in a log line": json.dumps({"log": [f"P2 keeps {baron} (2 points)"]}),
        "the seed": json.dumps({"n": int(record["seed"], 16)}),
        "the seed in hex": json.dumps({"seed_hex": record["seed"]}),
        "seat 1's token": json.dumps({"link": f"/game/x?token={tokens[1]}"}),
        "a bag key": json.dumps({"view": {"bag": {"red": 3}}}),
    }


@PLAYED
def test_the_hidden_row_fails_on_each_planted_leak(
    played: tuple[list[Seen], dict[str, Any], list[str]],
) -> None:
    seen, record, tokens = played
    secrets = secrets_by_step(record, tokens)
    for what, text in _plants(record, tokens).items():
        leak = Seen(0, 0, f"a planted {what}", text)
        found = leaks([leak], secrets)
        assert len(found) == 1 and found[0].startswith("step 0, seat 0, a planted"), what
        row = hidden_outcome([*seen, leak], secrets)
        assert not row.held and "1 secrets found" in row.detail, what


@PLAYED
def test_a_seat_may_receive_its_own_baron_and_token_and_longer_ids(
    played: tuple[list[Seen], dict[str, Any], list[str]],
) -> None:
    _seen, record, tokens = played
    secrets = secrets_by_step(record, tokens)
    own = [s.needle for s in secrets[0][0] if s.what == "seat 1's Rail Baron"]
    text = json.dumps({"mine": own, "token": tokens[1]})
    assert leaks([Seen(0, 1, "own", text)], secrets) == []
    assert len(leaks([Seen(0, None, "the spectator's", text)], secrets)) == 1 + len(own)
    # an id is found whole: another id it is the start of is not it
    card = next(s.needle for s in secrets[0][0] if s.what == "a card in the Operations deck")
    assert leaks([Seen(0, 0, "longer", json.dumps([card + "0", "x" + card]))], secrets) == []


def test_the_hidden_row_does_not_hold_for_a_game_it_could_not_search() -> None:
    row = hidden_outcome([], None, "the game did not end in 5 actions")
    assert not row.held and "not searched" in row.detail


# --- markup in Chromium ---


def test_the_xss_row_fails_on_an_injected_element_a_script_or_an_unshown_payload() -> None:
    clean = {"injected": 0, "ran": False}
    assert xss_outcome({"the game": clean}, {"chat": True}).held
    injected = xss_outcome({"the game": {"injected": 1, "ran": False}}, {"chat": True})
    assert not injected.held and "1 injected" in injected.detail
    ran = xss_outcome({"the lobby": {"injected": 0, "ran": True}}, {"chat": True})
    assert not ran.held and "a script ran" in ran.detail
    unshown = xss_outcome({"the game": clean}, {"chat": False})
    assert not unshown.held and "unchecked" in unshown.detail
    assert not xss_outcome({}, {}).held


def test_the_xss_row_is_skipped_not_held_without_chromium(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RAILWAYS_CHROMIUM", "/nonexistent/chromium")
    [row] = xss_in_chromium("http://127.0.0.1:9")
    assert row.skipped and not row.held and "no Chromium at /nonexistent" in row.detail
    printed = report([row])
    assert printed.startswith("skipped") and printed.endswith("0 of 1 held, 1 skipped")
    assert len(PAYLOADS) == 3
