"""Optional modules through the API: the list, creation with modules, refusals."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.helpers import humans, state


def test_variants_are_listed(client: TestClient) -> None:
    rows = client.get("/api/variants").json()
    ids = {r["id"] for r in rows}
    assert {"event-deck", "mines", "cut-throat", "worst-is-first"} <= ids
    assert all(r["summary"] for r in rows)


def test_a_game_with_modules_shows_them_to_every_seat(client: TestClient) -> None:
    body = {
        "map": "eastern-us",
        "seats": humans(3),
        "seed": 4,
        "options": {"modules": ["event-deck", "mines"], "event_deck_without": ["cotton-boom"]},
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game = r.json()
    for seat in game["seats"]:
        view = state(client, game["id"], seat["token"])["view"]
        assert view["plugins"]["modules"] == ["event-deck", "mines"]
        assert view["plugins"]["event_deck"]["future"] is not None


def test_forbidden_and_mistyped_modules_are_refused(client: TestClient) -> None:
    body = {"map": "eastern-us", "seats": humans(3), "seed": 4}
    clash = client.post(
        "/api/games", json={**body, "options": {"modules": ["auction-v1", "auction-v2"]}}
    )
    assert clash.status_code == 422
    assert "cannot be played with" in clash.text
    typed = client.post("/api/games", json={**body, "options": {"modules": "mines"}})
    assert typed.status_code == 422
    assert client.get("/api/games").status_code == 200
