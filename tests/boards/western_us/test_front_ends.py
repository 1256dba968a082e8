"""The Western U.S. in every front end: the server's map list and game creation with its
default modules (left out on request, RW-p12-13), the view's markers, the terminal game and
`railways simulate` with --without."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from railways.cli.main import _register, cli
from railways.server import create_app
from railways.store import open_store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

_register()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


def _create(client: TestClient, options: dict[str, object]) -> dict[str, object]:
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(3)]
    r = client.post(
        "/api/games", json={"map": "western-us", "seats": seats, "seed": 5, "options": options}
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


@pytest.mark.rules("RW-p12-05", "RW-p12-13")
def test_the_lobby_lists_the_board_with_the_modules_it_is_played_with(client):
    maps = {m["id"]: m for m in client.get("/api/maps").json()}
    assert maps["western-us"]["default_modules"] == ["city-rotors", "fuel-depots"]
    assert maps["eastern-us"]["default_modules"] == []
    created = _create(client, {})
    seat = created["seats"][0]
    r = client.get(f"/api/games/{created['id']}", params={"token": seat["token"]})
    view = r.json()["view"]
    assert {m["kind"] for m in view["markers"]} >= {"modules", "city-rotor"}
    left_out = _create(client, {"without_modules": ["fuel-depots", "city-rotors"]})
    seat = left_out["seats"][0]
    view = client.get(f"/api/games/{left_out['id']}", params={"token": seat["token"]}).json()
    assert not [m for m in view["view"]["markers"] if m["kind"] == "city-rotor"]


def test_the_server_refuses_leaving_out_a_module_the_board_does_not_play(client):
    seats = [{"name": "P1", "kind": "human"}, {"name": "P2", "kind": "human"}]
    body = {"map": "western-us", "seats": seats, "options": {"without_modules": ["mines"]}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 422  # the engine's refusal of a game's set-up
    assert "without_modules: mines is not played on Western U.S." in r.text


def test_the_terminal_game_starts_on_the_board_and_names_its_modules():
    runner = CliRunner()
    result = runner.invoke(
        cli,
        ["play", "--map", "western-us", "--seats", "random,random", "--seed", "3", "--delay", "0"],
    )
    assert result.exit_code == 0, result.output
    assert "Western U.S." in result.output
    assert "Modules: City Rotors, Fuel Depots" in result.output


def test_simulate_leaves_the_modules_out_on_request():
    runner = CliRunner()
    args = ["simulate", "--map", "western-us", "--players", "2", "--games", "1", "-q"]
    result = runner.invoke(cli, [*args, "--without", "fuel-depots", "--no-check"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, [*args, "--without", "hotels", "--no-check"])
    assert result.exit_code != 0
    assert "hotels" in result.output
