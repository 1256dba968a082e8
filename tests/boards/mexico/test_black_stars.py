"""Mexico's Black Star cards as a game option: the black-stars module (RW-p11-02, RW-p19-08,
RW-p21-07). Left out unless chosen; chosen by id like every module (``--with black-stars``,
``options.modules`` in the API and in records); refused on a board without such cards.
"""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import pytest

from railways.bots import make_bot
from railways.content.decks import load_operations
from railways.content.maps import MapError, map_dir
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.modules.base import describe_modules
from railways.rules.records import game_from_record, record_of

from .helpers import BLACK_STARS, MAP, game

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.mark.rules("RW-p11-02", "RW-p21-07")
def test_the_module_is_listed_with_the_clauses_it_follows() -> None:
    (row,) = [m for m in describe_modules() if m["id"] == BLACK_STARS]
    assert row["clauses"] == ["RW-p11-02", "RW-p19-08", "RW-p21-07"]
    assert not row["house"] and not row["changes_turn"]


@pytest.mark.rules("RW-p11-02")
def test_a_board_without_black_star_cards_refuses_the_module() -> None:
    with pytest.raises(ValueError, match="no Black Star cards"):
        new_game("eastern-us", players=3, seed=1, options={"modules": [BLACK_STARS]})


@pytest.mark.rules("RW-p11-02", "RW-p19-08", "RW-p21-07")
def test_every_seat_sees_that_the_game_has_them() -> None:
    g = game(players=3, modules=[BLACK_STARS])
    for seat in (0, 1, 2, None):
        view = view_for(g, seat)
        assert view["plugins"]["modules"] == [BLACK_STARS]
        labels = [m["label"] for m in view["markers"] if m["kind"] == "modules"]
        assert labels == ["Modules: Black Star cards"]
    plain = view_for(game(players=3), 0)
    assert not [m for m in plain["markers"] if m["kind"] == "modules"]


@pytest.mark.rules("RW-p11-02", "RW-p21-07")
def test_a_recorded_game_with_the_module_replays_with_the_same_decks() -> None:
    g = game(players=3, seed=9, modules=[BLACK_STARS])
    bots = [make_bot("random", 90 + i) for i in range(3)]
    for _ in range(60):
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].choose(g, seat, legal_actions(g, seat)))
    record = record_of(g).to_dict()
    assert record["options"]["modules"] == [BLACK_STARS]
    again = game_from_record(record)
    assert set(again.ruleset.cards) == set(g.ruleset.cards)
    assert len(again.ruleset.cards) == 38
    assert again.state.ops_display == g.state.ops_display
    assert again.state.players[0].score == g.state.players[0].score


def test_the_browser_lobby_can_start_mexico_with_or_without_the_stars(tmp_path: Path) -> None:
    from railways.server import create_app
    from railways.store import open_store

    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(3)]
    with TestClient(app) as client:
        maps = {m["id"]: m for m in client.get("/api/maps").json()}
        assert (maps[MAP]["min_players"], maps[MAP]["max_players"]) == (2, 4)
        assert BLACK_STARS in {r["id"] for r in client.get("/api/variants").json()}
        plain = client.post("/api/games", json={"map": MAP, "seats": seats, "seed": 3})
        assert plain.status_code == 201, plain.text
        starred = client.post(
            "/api/games",
            json={"map": MAP, "seats": seats, "seed": 3, "options": {"modules": [BLACK_STARS]}},
        )
        assert starred.status_code == 201, starred.text
        refused = client.post(
            "/api/games",
            json={
                "map": "eastern-us",
                "seats": seats,
                "seed": 3,
                "options": {"modules": [BLACK_STARS]},
            },
        )
        assert refused.status_code == 422
        assert "no Black Star cards" in refused.text


def test_a_deck_entry_with_a_bad_only_with_is_refused_by_name(tmp_path: Path) -> None:
    folder = tmp_path / MAP
    shutil.copytree(map_dir(MAP), folder)
    path = folder / "operations.toml"
    path.write_text(
        path.read_text().replace('only_with = "black-stars"', "only_with = 3", 1),
        encoding="utf-8",
    )
    with pytest.raises(MapError, match=r"operations\.toml:card\[\d+\]\.only_with"):
        load_operations(folder)
