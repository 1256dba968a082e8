"""The HTTP API of docs/api.md: create, view, act and every refusal (never a 500)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from railways.bots.random_bot import RandomBot
from railways.content.maps import load_map
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import record_of
from railways.server import create_app
from railways.store import open_store
from server.helpers import act, create, first_legal, humans, state


def _to_phase(client: TestClient, game: dict[str, Any], phase: str) -> dict[str, Any]:
    """Play first legal actions (keep a baron, pass bids) until ``phase``; the to-act state."""
    tokens = [s["token"] for s in game["seats"]]
    spectator = game["spectator"]["token"]
    for _ in range(50):
        seen = state(client, game["id"], spectator)
        if seen["view"]["phase"] == phase:
            break
        seat = seen["view"]["to_act"]
        mine = state(client, game["id"], tokens[seat])
        r = act(client, game["id"], tokens[seat], mine["action_index"], first_legal(mine["legal"]))
        assert r.status_code == 200, r.text
    seat = seen["view"]["to_act"]
    return state(client, game["id"], tokens[seat])


def test_create_game_gives_each_human_seat_a_private_token(client: TestClient) -> None:
    seats = [*humans(2), {"name": "Robo", "kind": "bot", "bot": "random"}]
    game = create(client, seats)
    assert re.fullmatch(r"[0-9a-f]+", game["id"])
    tokens = [s["token"] for s in game["seats"]]
    assert all(re.fullmatch(r"[0-9a-f]{32}", t) for t in tokens[:2])  # 128 bits
    assert tokens[2] is None and game["seats"][2]["kind"] == "bot"
    assert len({*tokens[:2], game["spectator"]["token"]}) == 3
    assert game["seats"][0]["url"] == f"/game/{game['id']}?token={tokens[0]}"


def test_get_view_is_the_token_seats_own(client: TestClient) -> None:
    game = create(client, humans(3))
    mine = state(client, game["id"], game["seats"][1]["token"])
    assert mine["seat"] == 1 and mine["view"]["seat"] == 1 and mine["action_index"] == 0
    assert mine["legal"]["seat"] == 1
    watching = state(client, game["id"], game["spectator"]["token"])
    assert watching["seat"] is None and watching["view"]["seat"] is None
    assert watching["legal"] is None


def test_act_advances_the_action_index(client: TestClient) -> None:
    game = create(client, humans(3))
    token = game["seats"][0]["token"]
    mine = state(client, game["id"], token)
    r = act(client, game["id"], token, 0, first_legal(mine["legal"]))
    assert r.status_code == 200, r.text
    assert r.json()["action_index"] == 1 and r.json()["seat"] == 0
    assert state(client, game["id"], token)["action_index"] == 1


def test_illegal_action_is_400_with_clause_and_rule_and_changes_nothing(
    client: TestClient,
) -> None:
    """RW-p4-32: the lowest bid is $1,000."""
    game = create(client, humans(3))
    mine = _to_phase(client, game, "auction")
    seat, index = mine["seat"], mine["action_index"]
    token = game["seats"][seat]["token"]
    r = act(client, game["id"], token, index, {"kind": "bid", "seat": seat, "amount": 0})
    assert r.status_code == 400
    body = r.json()
    assert body["clause"] == "RW-p4-32" and "bid" in body["error"]
    assert body["rule"] and "bid" in body["rule"]
    assert state(client, game["id"], token) == mine


def test_not_your_turn_is_400(client: TestClient) -> None:
    game = create(client, humans(3))
    token = game["seats"][1]["token"]
    r = act(client, game["id"], token, 0, {"kind": "pass", "seat": 1})
    assert r.status_code == 400 and r.json()["clause"] == "RW-p4-39"


def test_stale_index_is_409(client: TestClient) -> None:
    game = create(client, humans(3))
    token = game["seats"][0]["token"]
    mine = state(client, game["id"], token)
    action = first_legal(mine["legal"])
    assert act(client, game["id"], token, 0, action).status_code == 200
    r = act(client, game["id"], token, 0, action)
    assert r.status_code == 409 and r.json()["action_index"] == 1
    r = act(client, game["id"], token, 5, action)
    assert r.status_code == 409 and r.json()["action_index"] == 1
    assert state(client, game["id"], token)["action_index"] == 1


def test_wrong_or_spectator_token_is_403(client: TestClient) -> None:
    game = create(client, humans(3))
    gid = game["id"]
    mine = state(client, gid, game["seats"][0]["token"])
    action = first_legal(mine["legal"])
    assert act(client, gid, "0" * 32, 0, action).status_code == 403
    assert act(client, gid, game["spectator"]["token"], 0, action).status_code == 403
    other = act(client, gid, game["seats"][1]["token"], 0, action)  # seat 1 acting for seat 0
    assert other.status_code == 403 and "seat" in other.json()["error"]
    assert client.get(f"/api/games/{gid}").status_code == 403
    assert client.get(f"/api/games/{gid}", params={"token": "nope"}).status_code == 403
    # a token of another game does not open this one
    second = create(client, humans(3))
    assert (
        client.get(f"/api/games/{gid}", params={"token": second["seats"][0]["token"]}).status_code
        == 403
    )
    assert state(client, gid, game["seats"][0]["token"])["action_index"] == 0


def test_malformed_requests_are_422_with_a_message(client: TestClient) -> None:
    game = create(client, humans(3))
    gid, token = game["id"], game["seats"][0]["token"]
    url = f"/api/games/{gid}/actions"
    bad_bodies: list[Any] = [
        {"token": token, "after": 0},  # missing action
        {"token": token, "after": "0", "action": {"kind": "pass", "seat": 0}},  # wrong type
        {"token": token, "after": 0, "action": {"kind": "fly", "seat": 0}},  # unknown kind
        {"token": token, "after": 0, "action": {"kind": "bid", "seat": 0, "amount": "x"}},
        {"token": token, "after": 0, "action": {"kind": "pass"}},  # missing seat
        {"token": token, "after": 0, "action": {"kind": "pass", "seat": 0, "x": 1}},
        {"token": token, "after": 0, "action": [1, 2]},
        {"token": 5, "after": 0, "action": {"kind": "pass", "seat": 0}},
        [],
        "text",
    ]
    for body in bad_bodies:
        r = client.post(url, json=body)
        assert r.status_code == 422, (body, r.text)
        assert isinstance(r.json()["error"], str) and r.json()["error"]
    r = client.post(url, content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]
    for body in [
        {"map": "eastern-us", "seats": []},
        {"map": "atlantis", "seats": humans(3)},
        {"map": "eastern-us", "seats": humans(7)},
        {"map": "eastern-us", "seats": [{"name": "B", "kind": "bot", "bot": "nobody"}] * 3},
        {"map": "eastern-us", "seats": [{"name": "A", "kind": "alien"}] * 3},
        {"map": "eastern-us", "seats": humans(3), "seed": -1},
        {"map": "eastern-us", "seats": humans(3), "options": {"shorter_game": "yes"}},
        {"seats": "three"},
    ]:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["error"]
    assert state(client, gid, token)["action_index"] == 0


def test_unknown_game_is_404(client: TestClient) -> None:
    for path in ["/api/games/abc123", "/api/games/abc123/record", "/api/games/abc123/next-hexes"]:
        r = client.get(path, params={"token": "x"})
        assert r.status_code == 404 and r.json()["error"]
    r = act(client, "abc123", "x", 0, {"kind": "pass", "seat": 0})
    assert r.status_code == 404
    assert client.get("/api/games/../../etc", params={"token": "x"}).status_code == 404
    assert client.get("/api/nothing").status_code == 404


def _finished_record() -> dict[str, Any]:
    game = new_game("eastern-us", ["Ann", "Ben", "Cy"], seed=11)
    bot = RandomBot(3)
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    return record_of(game).to_dict()


def test_import_and_export_record(client: TestClient) -> None:
    record = _finished_record()
    r = client.post("/api/games/import", json={"record": record})
    assert r.status_code == 201, r.text
    game = r.json()
    assert [s["name"] for s in game["seats"]] == ["Ann", "Ben", "Cy"]
    exported = client.get(
        f"/api/games/{game['id']}/record", params={"token": game["seats"][0]["token"]}
    )
    assert exported.status_code == 200
    assert exported.json() == record
    view = state(client, game["id"], game["spectator"]["token"])
    assert view["view"]["phase"] == "game_over" and view["action_index"] == len(record["actions"])
    listed = client.get("/api/games", params={"token": game["seats"][0]["token"]}).json()
    assert [g["id"] for g in listed] == [game["id"]] and listed[0]["status"] == "over"


def test_import_refuses_a_bad_record_saying_where(client: TestClient) -> None:
    record = _finished_record()
    tampered = dict(record, seed=record["seed"] + 1)
    r = client.post("/api/games/import", json={"record": tampered})
    assert r.status_code == 400 and r.json()["where"] == "digest"
    del tampered["digest"]  # the replay itself now goes wrong somewhere
    r = client.post("/api/games/import", json={"record": tampered})
    assert r.status_code == 400 and r.json()["where"].startswith("actions[")
    r = client.post("/api/games/import", json={"record": {"format": "nonsense"}})
    assert r.status_code == 400 and r.json()["where"] == "format"
    r = client.post("/api/games/import", json={"record": dict(record, map="../../etc")})
    assert r.status_code == 400
    r = client.post("/api/games/import", json={"record": record, "seats": [{"kind": "human"}]})
    assert r.status_code == 422
    r = client.post("/api/games/import", json={"record": "x"})
    assert r.status_code == 422
    assert client.get("/api/games").json() == []


def test_record_is_not_exported_while_the_game_is_on(client: TestClient) -> None:
    game = create(client, humans(3))
    r = client.get(f"/api/games/{game['id']}/record", params={"token": game["seats"][0]["token"]})
    assert r.status_code == 403 and "over" in r.json()["error"]


def test_next_hexes(client: TestClient) -> None:
    game = create(client, humans(3))
    mine = _to_phase(client, game, "actions")
    seat = mine["seat"]
    token = game["seats"][seat]["token"]
    board = load_map("eastern-us")
    city = board.cities["pittsburgh"]
    path = f"{city.at.row},{city.at.col}"
    r = client.get(f"/api/games/{game['id']}/next-hexes", params={"token": token, "path": path})
    assert r.status_code == 200, r.text
    steps = r.json()
    assert steps and all(set(s) == {"row", "col", "cost", "completes"} for s in steps)
    assert all(s["cost"] > 0 for s in steps)
    spectator = game["spectator"]["token"]
    r = client.get(f"/api/games/{game['id']}/next-hexes", params={"token": spectator, "path": path})
    assert r.status_code == 403
    r = client.get(f"/api/games/{game['id']}/next-hexes", params={"token": token, "path": "x,y"})
    assert r.status_code == 422


def test_rule_summary(client: TestClient) -> None:
    r = client.get("/api/rules/RW-p5-27")
    assert r.status_code == 200
    assert r.json()["clause"] == "RW-p5-27" and "twice" in r.json()["summary"]
    assert client.get("/api/rules/RW-p99-99").status_code == 404


def test_maps_and_board(client: TestClient) -> None:
    maps = client.get("/api/maps").json()
    eastern = next(m for m in maps if m["id"] == "eastern-us")
    assert {k: eastern[k] for k in ("name", "min_players", "max_players", "solo")} == {
        "name": "Eastern U.S.",
        "min_players": 2,
        "max_players": 6,
        "solo": True,
    }
    # the one board a create request naming no map plays (content/maps/default.toml)
    assert [m["id"] for m in maps if m["default"]] == ["eastern-us"]
    created = client.post("/api/games", json={"seats": [{"name": "Ann"}, {"name": "Bo"}]})
    token = created.json()["seats"][0]["token"]
    game = client.get(f"/api/games/{created.json()['id']}?token={token}").json()
    assert game["view"]["map"] == "eastern-us"
    r = client.get("/api/maps/eastern-us/board.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "layer-track" in r.text
    assert client.get("/api/maps/atlantis/board.svg").status_code == 404


def test_list_games(client: TestClient) -> None:
    a = create(client, humans(3))
    b = create(client, humans(2))
    listed = client.get("/api/games").json()
    assert {g["id"] for g in listed} == {a["id"], b["id"]}
    assert all("token" not in str(g) for g in listed)
    mine = client.get("/api/games", params={"token": b["seats"][1]["token"]}).json()
    assert [g["id"] for g in mine] == [b["id"]]
    assert mine[0]["status"] == "setup" and mine[0]["map"] == "eastern-us"


def test_openapi_schema_and_pages(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in ["/api/games", "/api/games/{game_id}/actions", "/api/rules/{clause}"]:
        assert path in schema["paths"]
    assert client.get("/docs").status_code == 200
    assert client.get("/").status_code == 200
    assert client.get("/game/abc").status_code == 200
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_idle_games_leave_memory_and_come_back_from_the_store(data_dir: Path) -> None:
    store = open_store(data_dir=data_dir)
    with TestClient(create_app(store, bot_delay=0, max_loaded=2)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        games = [create(client, humans(3), seed=i) for i in range(4)]
        assert len(manager._handles) <= 2
        for game in games:  # each is replayed from the store when asked for again
            token = game["seats"][0]["token"]
            mine = state(client, game["id"], token)
            r = act(client, game["id"], token, mine["action_index"], first_legal(mine["legal"]))
            assert r.status_code == 200 and r.json()["action_index"] == 1
            assert len(manager._handles) <= 2
        for game in games:
            assert state(client, game["id"], game["spectator"]["token"])["action_index"] == 1
