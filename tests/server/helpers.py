"""Helpers for the server tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def humans(n: int) -> list[dict[str, Any]]:
    return [{"name": f"P{i + 1}", "kind": "human"} for i in range(n)]


def create(client: TestClient, seats: list[dict[str, Any]], seed: int = 7) -> dict[str, Any]:
    r = client.post("/api/games", json={"map": "eastern-us", "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    return dict(r.json())


def state(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}", params={"token": token})
    assert r.status_code == 200, r.text
    return dict(r.json())


def first_legal(legal: dict[str, Any]) -> dict[str, Any]:
    """A legal action: the first simple one (choose a baron, pass a bid, pass)."""
    return dict(legal["simple"][0]["action"])


def act(client: TestClient, game_id: str, token: str, after: int, action: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{game_id}/actions", json={"token": token, "after": after, "action": action}
    )
