"""North America in the front ends: the server's map list and a game made on it, the map's
facts for the page (a Ferry Line card is offered on builds, the ferries drawn), the
step-by-step build the page and the terminal use (a ferry hex offered only with the card),
and a terminal game."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from railways.cli.main import _register, cli
from railways.core.legal import next_hexes
from railways.server import create_app
from railways.store import open_store

from .helpers import MAP, H, give_card, ready, start

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

_register()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.rules("RW-p15-07", "RW-p21-23")
def test_the_lobby_lists_the_board_and_a_game_is_made_on_it(client: TestClient) -> None:
    maps = {m["id"]: m for m in client.get("/api/maps").json()}
    assert maps[MAP]["name"] == "North America"
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(3)]
    r = client.post("/api/games", json={"map": MAP, "seats": seats, "seed": 5})
    assert r.status_code == 201, r.text
    info = client.get(f"/api/maps/{MAP}").json()
    assert info["cards"]["ferry-line-1"]["on_build"] is True  # the page offers it on a build
    assert info["cards"]["mine-1"]["on_build"] is False
    ferries = [s for s in info["specials"].values() if s["kind"] == "ferry"]
    assert len(ferries) == 6 and {s["symbol"] for s in ferries} == {"F"}


@pytest.mark.rules("RW-p21-24", "RW-p21-23")
def test_building_hex_by_hex_offers_the_ferry_only_with_the_card() -> None:
    game = start(players=3)
    seat = game.state.order[0]
    ready(game, seat)
    iqaluit, ferry = H(5, 31), H(5, 30)
    assert ferry not in [h for h, _c, _done in next_hexes(game, seat, (iqaluit,))]
    give_card(game, seat, "ferry-line-1")
    offered = {h: cost for h, cost, _done in next_hexes(game, seat, (iqaluit,), ("ferry-line-1",))}
    assert offered == {ferry: 0} or (ferry in offered and offered[ferry] == 0)


def test_the_terminal_game_starts_on_the_board() -> None:
    runner = CliRunner()
    args = ["play", "--map", MAP, "--seats", "random,random", "--seed", "3", "--delay", "0"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "North America" in result.output
