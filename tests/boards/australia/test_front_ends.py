"""Railways of Australia in the front ends: the lobby's map list and board picture, a game
made on the server (2 and 6 players: its regions), a finished game imported and shown over,
the terminal game, and the modules listed by `railways variants`."""

from __future__ import annotations

import json
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
FIXTURE = Path(__file__).parents[2] / "fixtures" / "games" / "australia-4p-greedy-151.json"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.rules("AU-005", "AU-007")
def test_the_lobby_lists_and_draws_the_board(client):
    listed = {m["id"]: m for m in client.get("/api/maps").json()}
    assert (listed["australia"]["min_players"], listed["australia"]["max_players"]) == (2, 6)
    svg = client.get("/api/maps/australia/board.svg")
    assert svg.status_code == 200 and 'data-map="australia"' in svg.text
    assert 'data-kind="gauge_break"' in svg.text and 'data-kind="ferry"' in svg.text


@pytest.mark.rules("AU-008", "AU-010")
@pytest.mark.parametrize(("players", "regions"), [(2, 3), (6, 5)])
def test_a_game_starts_on_the_server_with_its_regions(client, players, regions):
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(players)]
    r = client.post("/api/games", json={"map": "australia", "seats": seats, "seed": 5})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["seats"][0]["token"]
    view = client.get(f"/api/games/{game['id']}", params={"token": token}).json()["view"]
    assert len(view["plugins"]["australia"]["regions"]) == regions
    kinds = {m["kind"] for m in view["markers"]}
    assert {"regions", "town"} <= kinds


def test_a_finished_game_is_imported_and_shown_over(client):
    record = json.loads(FIXTURE.read_text())["record"]
    r = client.post("/api/games/import", json={"record": record})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["spectator"]["token"]
    view = client.get(f"/api/games/{game['id']}", params={"token": token}).json()["view"]
    assert view["phase"] == "game_over" and view["winner"] is not None


def test_the_terminal_game_plays_to_the_end():
    runner = CliRunner()
    args = ["play", "--map", "australia", "--seats", "greedy,greedy", "--seed", "3", "--delay", "0"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output


def test_the_modules_are_listed():
    result = CliRunner().invoke(cli, ["variants"])
    assert result.exit_code == 0, result.output
    for module in ("switch-tracks", "base-score-track", "australia-optional-barons"):
        assert module in result.output
