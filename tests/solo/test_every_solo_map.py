"""Every solo map of the appendix that has a board is offered everywhere a solo game starts:
the loader, `railways simulate --solo --map ID`, `railways play --solo --map ID` and the
server's map list (the lobby's solo choice reads it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from railways.cli.main import _register, cli
from railways.content.solo import load_solo, solo_maps
from railways.server import create_app
from railways.store import open_store

# The appendix's maps (RB-079..114) that have a board here: all seven.
SOLO_MAPS = {
    "eastern-us",
    "portugal",
    "sweden",
    "nippon",
    "great-britain",
    "mexico",
    "australia",
}


def test_the_solo_maps() -> None:
    assert set(solo_maps()) >= SOLO_MAPS


@pytest.mark.rules("RB-039", "RB-042", "RB-047")
@pytest.mark.parametrize("map_id", sorted(SOLO_MAPS))
def test_each_deck_is_fourteen_map_cards_and_the_eleven_common_ones(map_id: str) -> None:
    """RB-042: 14 map cards and 11 common ones (no map named), 25 in all; Final Evaluation
    (RB-047) names no map, so it is one of the 11 and 10 other common cards remain."""
    smap = load_solo(map_id)
    assert len([c for c in smap.cards.values() if c.map_id == map_id]) == 14
    assert len([c for c in smap.cards.values() if c.map_id is None]) + 1 == 11
    assert smap.final_evaluation_id not in smap.cards and len(smap.cards) + 1 == 25
    assert all(c.source == "house" for c in smap.cards.values() if c.map_id == map_id)


@pytest.mark.parametrize("map_id", sorted(SOLO_MAPS))
def test_simulate_solo_on_every_map(map_id: str) -> None:
    _register()
    args = ["simulate", "--solo", "--map", map_id, "--bot", "random", "--games", "1"]
    result = CliRunner().invoke(cli, [*args, "--seed", "5", "--json", "-q"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["finished"] == 1 and summary["invariant_failures"] == 0


@pytest.mark.parametrize("map_id", sorted(SOLO_MAPS))
def test_play_solo_starts_on_every_map(map_id: str) -> None:
    """The terminal game starts and quits at once (typed "quit")."""
    _register()
    result = CliRunner().invoke(cli, ["play", "--solo", "--map", map_id], input="quit\n")
    assert "no solo game" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output


def test_the_server_lists_every_solo_map(tmp_path: Path) -> None:
    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    with TestClient(app) as client:
        listed = {m["id"]: m["solo"] for m in client.get("/api/maps").json()}
        for map_id in SOLO_MAPS:
            assert listed[map_id] is True, map_id
            r = client.post(
                "/api/games",
                json={
                    "map": map_id,
                    "seats": [{"name": "Solo", "kind": "human"}],
                    "seed": 3,
                    "options": {"solo": True},
                },
            )
            assert r.status_code == 201, r.text
        info = client.get("/api/maps/eastern-us").json()
        assert info["cards"]["service-bounty-kansas-city"]["name"] == "Service Bounty: Kansas City"
