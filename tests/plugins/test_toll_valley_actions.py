"""A plug-in's action with a field of its own, on Toll Valley: ``pick_era`` and its ``era``.

The module ``tests.fixtures.plugins.toll_eras`` (``--with toll-eras``) brings the kind; no
action of the base game has a field named ``era``, so its JSON form comes only from the
class's own annotation. It goes through a saved record, the server's API (actions posted,
the store reopened, a record imported) and the terminal's menus and save file.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from tests.fixtures.plugins import toll_eras
from tests.fixtures.plugins.toll_eras import Era, PickEra

from cli.test_play import play
from plugins.conftest import PLUGIN_MODULE
from railways.core.actions import ACTION_TYPES, Action, PassBid, action_from_dict
from railways.core.errors import RecordError
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.record import GameRecord
from railways.rules import new_game, registry
from railways.rules.records import load_record, record_of, save_record
from railways.store import open_store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from railways.server import create_app

ERAS_MODULE = "tests.fixtures.plugins.toll_eras"
OPTIONS = {"modules": ["toll-eras"]}

# Known only while a test here runs: other tests list every module and kind known.
registry._PLUGINS.pop(toll_eras.TollEras.id, None)
ACTION_TYPES.pop(PickEra.kind, None)


@pytest.fixture(autouse=True)
def eras_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILWAYS_PLUGINS", f"{PLUGIN_MODULE},{ERAS_MODULE}")
    monkeypatch.setitem(registry._PLUGINS, toll_eras.TollEras.id, toll_eras.TollEras)
    monkeypatch.setitem(ACTION_TYPES, PickEra.kind, PickEra)


def to_actions(game: Game) -> None:
    """Keep the first Rail Baron each and pass the auction: the action rounds begin."""
    while game.state.phase.value != "actions":
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat).simple
        passes = [a for a in legal if isinstance(a, PassBid)]
        game.apply(passes[0] if passes else legal[0])


def test_the_action_is_written_with_its_own_field_and_read_back() -> None:
    action = PickEra(seat=1, era=Era.STEEL)
    assert action.to_dict() == {"kind": "pick_era", "seat": 1, "era": "steel"}
    assert action_from_dict({"kind": "pick_era", "seat": 1, "era": "steel"}) == action
    with pytest.raises(ValueError) as caught:
        action_from_dict({"kind": "pick_era", "seat": 1, "era": "bronze"})
    assert str(caught.value) == "pick_era.era: expected one of wood, iron, steel, got 'bronze'"


def test_a_saved_game_with_the_action_loads_and_plays_on(tmp_path: Path) -> None:
    game = new_game("toll-valley", ["A", "B"], seed=3, options=OPTIONS)
    to_actions(game)
    seat = game.to_act
    assert seat is not None
    offered = [a for a in legal_actions(game, seat).simple if isinstance(a, PickEra)]
    assert offered == [PickEra(seat=seat, era=e) for e in Era]
    game.apply(PickEra(seat=seat, era=Era.IRON))
    paid = game.state.ledger[-1]
    assert (paid.seat, paid.amount, paid.reason) == (seat, -2, "iron bridges")  # $2,000

    path = tmp_path / "eras.json"
    save_record(game, path)
    raw = json.loads(path.read_text())
    assert {"kind": "pick_era", "seat": seat, "era": "iron"} in raw["actions"]
    loaded = load_record(path)
    assert loaded.actions == game.actions
    assert loaded.state.plugin_data["toll_eras"] == {str(seat): "iron"}
    assert record_of(loaded).to_dict() == record_of(game).to_dict()
    # A second era for the same railroad is refused, in the loaded game as in the first.
    later = loaded.to_act
    assert later is not None and later != seat
    loaded.apply(PickEra(seat=later, era=Era.WOOD))
    assert not any(isinstance(a, PickEra) for a in legal_actions(loaded, seat).simple)


def test_a_damaged_era_in_a_record_is_refused_naming_the_field() -> None:
    game = new_game("toll-valley", ["A", "B"], seed=3, options=OPTIONS)
    to_actions(game)
    seat = game.to_act
    assert seat is not None
    game.apply(PickEra(seat=seat, era=Era.WOOD))
    body = record_of(game).body()
    body["actions"][-1]["era"] = "WOOD"  # the name, not the value
    with pytest.raises(RecordError) as caught:
        GameRecord.from_dict(body)
    assert f"actions[{len(body['actions']) - 1}]" in str(caught.value)
    assert "pick_era.era: expected one of wood, iron, steel, got 'WOOD'" in str(caught.value)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def serve(data_dir: Path) -> TestClient:
    return TestClient(create_app(open_store(data_dir=data_dir), bot_delay=0))


def _legal_of_kind(got: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [dict(e["action"]) for e in got["legal"]["simple"] if e["action"]["kind"] == kind]


def test_the_server_takes_lists_stores_and_imports_the_action(data_dir: Path) -> None:
    seats = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    with serve(data_dir) as client:
        created = client.post(
            "/api/games", json={"map": "toll-valley", "seats": seats, "seed": 3, "options": OPTIONS}
        )
        assert created.status_code == 201, created.text
        gid = created.json()["id"]
        tokens = [s["token"] for s in created.json()["seats"]]

        def get(seat: int) -> dict[str, Any]:
            r = client.get(f"/api/games/{gid}", params={"token": tokens[seat]})
            assert r.status_code == 200, r.text
            return dict(r.json())

        def post(seat: int, after: int, action: dict[str, Any]) -> Any:
            body = {"token": tokens[seat], "after": after, "action": action}
            return client.post(f"/api/games/{gid}/actions", json=body)

        while True:  # Rail Barons, then the auction (everyone passes)
            states = [get(0), get(1)]
            to_act = states[0]["view"]["to_act"]
            if states[0]["view"]["phase"] == "actions":
                break
            mine = states[to_act]
            passes = _legal_of_kind(mine, "pass_bid")
            action = passes[0] if passes else mine["legal"]["simple"][0]["action"]
            assert post(to_act, mine["action_index"], action).status_code == 200
        mine = states[to_act]
        listed = _legal_of_kind(mine, "pick_era")
        assert listed == [{"kind": "pick_era", "seat": to_act, "era": e.value} for e in Era]
        after = mine["action_index"]
        bad = post(to_act, after, {"kind": "pick_era", "seat": to_act, "era": "gold"})
        assert bad.status_code == 422
        assert "pick_era.era: expected one of wood, iron, steel, got 'gold'" in bad.text
        done = post(to_act, after, {"kind": "pick_era", "seat": to_act, "era": "steel"})
        assert done.status_code == 200, done.text
        assert done.json()["view"]["plugins"]["eras"] == {str(to_act): "steel"}

    with serve(data_dir) as client:  # a new server reads the game back from the store
        r = client.get(f"/api/games/{gid}", params={"token": tokens[to_act]})
        assert r.status_code == 200, r.text
        assert r.json()["view"]["plugins"]["eras"] == {str(to_act): "steel"}
        assert r.json()["action_index"] == after + 1

        game = new_game("toll-valley", ["A", "B"], seed=5, options=OPTIONS)
        to_actions(game)
        seat = game.to_act
        assert seat is not None
        game.apply(PickEra(seat=seat, era=Era.IRON))
        imported = client.post("/api/games/import", json={"record": record_of(game).to_dict()})
        assert imported.status_code == 201, imported.text
        token = imported.json()["seats"][0]["token"]
        view = client.get(f"/api/games/{imported.json()['id']}", params={"token": token}).json()
        assert view["view"]["plugins"]["eras"] == {str(seat): "iron"}


def test_the_terminal_offers_the_kind_and_saves_it(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    steps = [
        ("Keep which", "1"),
        ("Bid at least", "p"),
        ("What will you do", "t"),  # the kind's own menu entry, its suggested key
        ("Which", "3"),  # steel
        ("What will you do", f"save {saved}"),
        ("What will you do", "q"),
        ("Save the game", "n"),
    ]
    result, out, script = play(
        ["--map", "toll-valley", "--seats", "human,random", "--seed", "1", "--with", "toll-eras"],
        steps,
    )
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(steps), out
    assert "Pick a bridge era" in out
    assert "Steel bridges" in out
    assert "Player 1 builds steel bridges" in out
    raw = json.loads(saved.read_text())
    assert {"kind": "pick_era", "seat": 0, "era": "steel"} in raw["actions"]
    loaded = load_record(saved)
    picked: list[Action] = [a for a in loaded.actions if isinstance(a, PickEra)]
    assert picked == [PickEra(seat=0, era=Era.STEEL)]
    assert loaded.state.plugin_data["toll_eras"]["0"] == "steel"
