"""Railways Through Time in the front ends: the lobby lists it with its eras to choose, a game
is created on chosen eras, the page draws that game's own board side by side, and the SVG
renderer and the terminal draw the eras with their time gates."""

from __future__ import annotations

import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from railways.cli.terminal.board import city_codes, render_board
from railways.content.maps import load_map
from railways.core.view import view_for
from railways.render.svg import render_board as render_svg
from railways.server import create_app
from railways.store import open_store
from waits import RUN_SECONDS

from .helpers import EXAMPLE_ERAS, MAP, connect, start


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.rules("TT-004", "RW-p13-04")
def test_the_lobby_offers_the_eras_and_a_game_starts_on_the_chosen_ones(
    client: TestClient,
) -> None:
    listed = {m["id"]: m for m in client.get("/api/maps").json()}
    entry = listed[MAP]
    assert (entry["name"], entry["min_players"], entry["max_players"]) == (
        "Railways Through Time",
        2,
        6,
    )
    assert [c["id"] for c in entry["choices"]["eras"]][:2] == ["stone-age", "egypt"]
    assert len(entry["choices"]["eras"]) == 8
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "bot", "bot": "random"}]
    body = {
        "map": MAP,
        "seats": seats,
        "seed": 5,
        "options": {"eras": ["wild-west", "roman-empire", "future"]},
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    token = r.json()["seats"][0]["token"]
    view = client.get(f"/api/games/{game_id}", params={"token": token}).json()["view"]
    eras = [e["id"] for e in view["plugins"]["through_time"]["eras"]]
    assert eras == ["roman-empire", "wild-west", "future"]  # in the boards' order
    svg = client.get(f"/api/games/{game_id}/board.svg")
    assert svg.status_code == 200
    assert "Santa Fe" in svg.text and "Roma" in svg.text and "Skyhaven" in svg.text
    assert "Olduvai" not in svg.text  # the Stone Age is not played
    bad = client.post("/api/games", json={**body, "options": {"eras": ["atlantis", "egypt"]}})
    assert bad.status_code == 422 and "unknown era(s) atlantis" in bad.text


def test_the_map_picture_shows_all_eight_eras_and_their_gates(client: TestClient) -> None:
    svg = client.get(f"/api/maps/{MAP}/board.svg").text
    for name in ("Olduvai", "Alexandria", "Roma", "Paris", "Vienna", "Deadwood", "Detroit"):
        assert name in svg
    assert svg.count('class="city" data-city="gate-') == 16  # two gates in each era
    assert svg.count('class="region"') == 8  # each era drawn inside its own border


def test_map_render_writes_the_board(tmp_path: Path) -> None:
    out = tmp_path / "tt.svg"
    done = subprocess.run(
        [sys.executable, "-m", "railways", "map", "render", MAP, "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=RUN_SECONDS,
    )
    assert done.returncode == 0, done.stderr
    assert "Gate I" in out.read_text()


@pytest.mark.rules("TT-014")
def test_a_game_board_and_its_gates_in_the_svg_and_the_terminal() -> None:
    game = start(eras=EXAMPLE_ERAS)
    connect(game, 0, "olduvai", "gate-stone-age-west")
    view = view_for(game, 0)
    gates = [m for m in view["markers"] if m["kind"] == "time-gate"]
    assert len(gates) == 6 and all(m["hex"] for m in gates)
    joined = [m for m in view["markers"] if m["kind"] == "time-gate-joined"]
    assert [(m["city"], m["owner"]) for m in joined] == [("gate-stone-age-west", 0)]
    assert view["plugins"]["through_time"]["eras"][0]["name"] == "Stone Age"
    svg = render_svg(game.board)
    assert ">Gate I<" in svg and "Future" not in svg
    text = render_board(game.board, view, city_codes(game.board)).plain
    code = city_codes(game.board)["gate-stone-age-west"]
    assert code in text and city_codes(game.board)["vienna"] in text
    assert len(text.splitlines()[2]) > 3 * 13  # three eras side by side


def test_the_full_board_is_the_map_and_a_game_board_is_smaller() -> None:
    full = load_map(MAP)
    game = start(eras=EXAMPLE_ERAS)
    assert len(game.board.cities) == 3 * 13 and len(full.cities) == 8 * 13
    cols = {h.col for h in game.board.hexes}
    assert max(cols) - min(cols) + 1 == 3 * 13 + 2  # three eras of 13 columns, two gaps
