"""Headers and validation (issue 10, item 11): browser policy headers, strictly typed
options, names without control or bidirectional characters, a paginated public list, and
an OpenAPI schema that lists every answer."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from server.helpers import act, create, first_legal, humans, state


@pytest.mark.parametrize("path", ["/", "/game/abc", "/api/maps", "/api/games", "/static/game.js"])
def test_every_answer_carries_the_browser_policy(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    if path.startswith("/api/"):
        assert r.headers["cache-control"] == "no-store"


def test_errors_carry_the_headers_too(client: TestClient) -> None:
    r = client.get("/api/games/nosuchgame", params={"token": "x"})
    assert r.status_code == 404
    assert r.headers["cache-control"] == "no-store" and r.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    "options",
    [
        {"solo": 1},
        {"solo": "true"},
        {"solo": "false"},
        {"shorter_game": 1},
        {"universal_barons": "yes"},
        {"target_score": "50"},
        {"operations_limit": 4.0},
        {"no_such_option": True},
    ],
)
def test_options_are_strictly_typed(client: TestClient, options: dict[str, object]) -> None:
    seats = humans(1) if "solo" in options else humans(3)
    r = client.post("/api/games", json={"map": "eastern-us", "seats": seats, "options": options})
    assert r.status_code == 422, r.text
    assert "options" in r.json()["error"]


def test_typed_options_still_start_games(client: TestClient) -> None:
    solo = {"solo": True, "duel_barons": True, "operations_limit": 4, "target_score": 60}
    r = client.post("/api/games", json={"seats": humans(1), "options": solo})
    assert r.status_code == 201, r.text
    r = client.post("/api/games", json={"seats": humans(3), "options": {"shorter_game": True}})
    assert r.status_code == 201, r.text


@pytest.mark.parametrize(
    "name",
    [
        "Ann\u202eeoJ",
        "Bob\u2066",
        "line\nbreak",
        "tab\there",
        "nul\x00",
        "bell\x07",
        "zw\u200b",
        " ",
        "non\uffff",
        "non\ufdd0",
        "plane\U0010ffff",
        "line\u2028sep",
        "para\u2029sep",
        "Z" + "\u0301" * 39,
        "a\u0300\u0301\u0302\u0303",
    ],
)
def test_names_with_control_or_bidi_characters_are_refused(client: TestClient, name: str) -> None:
    seats = [{"name": name}, {"name": "B"}, {"name": "C"}]
    r = client.post("/api/games", json={"seats": seats})
    assert r.status_code == 422, r.text
    assert "seats.0.name" in r.json()["error"]


def test_ordinary_names_in_any_script_are_fine(client: TestClient) -> None:
    seats = [{"name": "Zoë"}, {"name": "שרה"}, {"name": "李雷 🚂"}]
    r = client.post("/api/games", json={"seats": seats})
    assert r.status_code == 201, r.text
    # Vietnamese with its marks decomposed (two on one vowel) and Hindi are names too.
    seats = [{"name": "Nguye\u0302\u0303n"}, {"name": "देवनागरी"}, {"name": "C"}]
    r = client.post("/api/games", json={"seats": seats})
    assert r.status_code == 201, r.text


def test_the_public_list_is_paginated_and_shows_open_games_only(client: TestClient) -> None:
    ids = [create(client, humans(3), seed=i)["id"] for i in range(5)]
    page = client.get("/api/games", params={"limit": 2})
    assert page.status_code == 200
    assert page.headers["x-total-count"] == "5"
    first = [g["id"] for g in page.json()]
    second = [g["id"] for g in client.get("/api/games", params={"limit": 2, "offset": 2}).json()]
    third = [g["id"] for g in client.get("/api/games", params={"limit": 2, "offset": 4}).json()]
    assert len(first) == 2 and len(second) == 2 and len(third) == 1
    assert sorted(first + second + third) == sorted(ids)
    assert client.get("/api/games", params={"limit": 101}).status_code == 422
    assert client.get("/api/games", params={"limit": 0}).status_code == 422


def test_strangers_do_not_see_finished_games(client: TestClient) -> None:
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    game = create(client, humans(3))
    over = create(client, humans(3), seed=8)
    store.set_status(over["id"], "over", 1)
    listed = [g["id"] for g in client.get("/api/games").json()]
    assert listed == [game["id"]]
    # A seat of the finished game still finds it with its token.
    token = over["seats"][0]["token"]
    mine = client.get("/api/games", params={"token": token}).json()
    assert [g["id"] for g in mine] == [over["id"]]


def test_the_schema_lists_every_answer(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]

    def codes(path: str, method: str) -> set[str]:
        return set(paths[path][method]["responses"])

    assert {"201", "400", "413", "422", "429", "503"} <= codes("/api/games", "post")
    assert {"201", "400", "413", "422", "429", "503"} <= codes("/api/games/import", "post")
    assert {"200", "400", "403", "404", "409", "413", "422", "503"} <= codes(
        "/api/games/{game_id}/actions", "post"
    )
    assert {"200", "403", "404", "503"} <= codes("/api/games/{game_id}", "get")
    assert "Retry-After" in paths["/api/games"]["post"]["responses"]["429"]["headers"]


def test_a_game_still_plays_through_the_api(client: TestClient) -> None:
    game = create(client, humans(3))
    token = game["seats"][0]["token"]
    mine = state(client, game["id"], token)
    r = act(client, game["id"], token, 0, first_legal(mine["legal"]))
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
