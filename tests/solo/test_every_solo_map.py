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
from railways.rules.solo import new_solo_game
from railways.rules.solo.state import solo_state
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


@pytest.mark.rules("RB-042", "RB-044", "RB-045", "RB-046", "RB-047")
@pytest.mark.parametrize("map_id", sorted(SOLO_MAPS))
def test_each_set_up_deals_twenty_five_cards_with_final_evaluation_once(map_id: str) -> None:
    """After set-up every card of the deck is in one place: 3 set aside unseen (RB-044), 3 in
    the row (RB-045), the rest in the draw deck with Final Evaluation among them (RB-046,
    RB-047); 25 in all (RB-042), each card once and Final Evaluation exactly once."""
    smap = load_solo(map_id)
    for seed in (1, 2, 3):
        s = solo_state(new_solo_game(map_id, seed=seed))
        row = [c for c in s.row if c is not None]
        placed = [*s.removed, *row, *s.deck]
        assert (len(s.removed), len(row), len(placed)) == (3, 3, 25)
        assert s.deck.count(smap.final_evaluation_id) == 1 == placed.count(smap.final_evaluation_id)
        assert len(set(placed)) == 25


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
