"""The Transcontinental game in the front ends: the lobby's map list (the three boards of the
American West, each with its player counts), a six-player game made on it with bots and its
Rail Baron options, the phase marker every seat sees, a whole terminal game with bots through
both phases, and a human's bond return in the terminal between the phases."""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from railways.cli.main import _register, cli
from railways.cli.terminal.board import city_codes
from railways.cli.terminal.io import Terminal
from railways.cli.terminal.menus import Hooks
from railways.cli.terminal.prompts import Decision
from railways.core.actions import Action
from railways.core.game import Game
from railways.rules.boards.transcontinental import ReturnBonds, data
from railways.server import create_app
from railways.store import open_store

from .helpers import MAP, end_eastern_phase, pass_out_the_turn, start

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

_register()

# Name, fewest and most players: Eastern U.S. and Western U.S. take two to six (their ECM
# tables, RW-p10, RW-p12-16), so the joined game does too; North America two to five (RW-p15-18).
AMERICAN_WEST = {
    "western-us": ("Western U.S.", 2, 6),
    "north-america": ("North America", 2, 5),
    "transcontinental": ("Transcontinental", 2, 6),
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


def test_the_lobby_lists_the_three_boards_of_the_american_west(client: TestClient) -> None:
    listed = {m["id"]: m for m in client.get("/api/maps").json()}
    for map_id, (name, low, high) in AMERICAN_WEST.items():
        row = listed[map_id]
        assert (row["name"], row["min_players"], row["max_players"]) == (name, low, high)
        svg = client.get(f"/api/maps/{map_id}/board.svg")
        assert svg.status_code == 200 and f'data-map="{map_id}"' in svg.text
    # Fuel Depots come with the game and open in the Western phase (RW-p9-09); rotors are
    # the players' choice (RW-p9-08), so not on by default.
    assert listed[MAP]["default_modules"] == ["fuel-depots"]


@pytest.mark.rules("RW-p8-28", "RW-p9-05", "RW-p8-34")
def test_a_six_player_game_is_made_with_bots_and_shows_the_eastern_phase(
    client: TestClient,
) -> None:
    seats = [{"name": "Ada", "kind": "human"}] + [
        {"name": f"Bot {i}", "kind": "bot", "bot": "random"} for i in range(1, 6)
    ]
    body = {"map": MAP, "seats": seats, "seed": 5, "options": {"modules": ["baron-option-2"]}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    token = created["seats"][0]["token"]
    view = client.get(f"/api/games/{created['id']}", params={"token": token}).json()["view"]
    phase = [m for m in view["markers"] if m["kind"] == "transcontinental"]
    assert [m["symbol"] for m in phase] == ["E"]  # the game starts on the Eastern board
    assert view["plugins"]["transcontinental"]["phase"] == "east"
    # Option 2: the Western barons are dealt only when the West opens, so none yet.
    assert "my_western_barons_dealt" not in view["plugins"]["transcontinental"]
    seven = seats + [{"name": "Extra", "kind": "human"}]
    r = client.post("/api/games", json={"map": MAP, "seats": seven, "seed": 5})
    assert r.status_code in (400, 422), r.text


@pytest.mark.rules("RW-p9-04", "RW-p9-27")
def test_the_terminal_game_is_played_by_bots_through_both_phases() -> None:
    runner = CliRunner()
    args = ["play", "--map", MAP, "--seats", "random,random", "--seed", "3", "--delay", "0"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Transcontinental:")
    assert "Modules: Fuel Depots" in out
    east_over = out.index("The Eastern phase is over")
    west_open = out.index("The West is open")
    assert east_over < west_open < out.index("Final scores")


def _decide(game: Game, answers: list[str]) -> tuple[Action, str]:
    """One terminal decision of the seat to act, typed from ``answers``."""
    out = io.StringIO()
    term = Terminal(console=Console(file=out, width=140, highlight=False), echo=True)
    typed = iter(answers)
    term.read = lambda: next(typed)
    hooks = Hooks(save=lambda _name: None, redraw=lambda: None)
    seat = game.to_act
    assert seat is not None
    return Decision(game, seat, term, city_codes(game.board), hooks).choose(), out.getvalue()


@pytest.mark.rules("RW-p9-12", "RW-p9-13", "RW-p9-14")
def test_a_human_returns_bonds_in_the_terminal_between_the_phases() -> None:
    game = start(players=3)
    for player in game.state.players:
        player.bonds = 3
    end_eastern_phase(game)
    pass_out_the_turn(game)
    assert data(game)["phase"] == "between"
    seat = game.to_act
    assert seat is not None
    score = game.state.players[seat].score
    # The menu's entry for returning bonds, then the fourth choice: three bonds.
    action, shown = _decide(game, ["t", "4"])
    assert "Return 3 bond(s) for 9 points" in shown  # 2 + 3 + 4 (RW-p9-14)
    assert action == ReturnBonds(seat=seat, amount=3)
    game.apply(action)
    assert game.state.players[seat].bonds == 0
    assert game.state.players[seat].score == score - 9
