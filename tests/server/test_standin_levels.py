"""``GET /api/games/{id}/standin``: the levels a seat may hand itself to, ordered by the bot
ladder (``railways.bots.ladder``), and the one the page offers first."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from railways.bots import LEVELS
from railways.server.routes import around_table
from server.helpers import create, humans


def ladder(*ordinals: tuple[str, float]) -> dict[str, Any]:
    """A ladder.json with the given bots' conservative ratings (the only field that orders)."""
    return {
        "format": 1,
        "command": "railways ladder (test)",
        "bots": [
            {"bot": bot, "rank": i + 1, "mu": 25.0, "sigma": 1.0, "ordinal": o, "games": 8,
             "decision_p50_ms": 1.5}
            for i, (bot, o) in enumerate(ordinals)
        ],
    }  # fmt: skip


def choices(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/standin", params={"token": token})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_levels_follow_the_ladder_weakest_first(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A ladder where the easy bot beat the search bot and greedy: the order is the ladder's,
    # not the names' (easy, medium, hard).
    rated = ladder(("easy", 9.0), ("mcts:iters=100", 5.0), ("greedy", 1.0))
    monkeypatch.setattr(around_table, "shipped", lambda: rated)
    game = create(client, humans(2))
    got = choices(client, game["id"], game["seats"][0]["token"])
    assert [c["level"] for c in got["levels"]] == ["medium", "hard", "easy"]
    assert [c["place"] for c in got["levels"]] == [1, 2, 3]
    hard = got["levels"][1]
    assert hard["bot"] == LEVELS["hard"] and hard["rated_as"] == "mcts:iters=100"
    assert hard["decision_p50_ms"] == 1.5


def test_without_a_ladder_the_levels_keep_their_order(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(around_table, "shipped", lambda: None)
    game = create(client, humans(2))
    got = choices(client, game["id"], game["seats"][0]["token"])
    assert [c["level"] for c in got["levels"]] == ["easy", "medium", "hard"]
    assert all(c["mu"] is None for c in got["levels"])


def test_the_default_is_the_seats_bot_then_the_games_level(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={"map": "eastern-us", "seats": humans(2), "seed": 7, "standin_level": "hard"},
    )
    assert r.status_code == 201, r.text
    game = r.json()
    gid, token = game["id"], game["seats"][1]["token"]
    assert choices(client, gid, token)["default"] == "hard"  # the game's out-of-time level
    r = client.post(f"/api/games/{gid}/standin", params={"token": token}, json={"level": "easy"})
    assert r.status_code == 200, r.text
    assert choices(client, gid, token)["default"] == "easy"  # the bot playing the seat now
    plain = create(client, humans(2))
    assert choices(client, plain["id"], plain["seats"][0]["token"])["default"] == "medium"


def test_a_spectator_is_offered_no_levels(client: TestClient) -> None:
    game = create(client, humans(2))
    r = client.get(f"/api/games/{game['id']}/standin", params={"token": game["spectator"]["token"]})
    assert r.status_code == 403
