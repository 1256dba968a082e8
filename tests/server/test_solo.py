"""The server's side of the browser UI: map facts (card and baron names), the colour-blind
board, redirecting an end tile step by step, and solo games against the Railbot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from railways.content.maps import load_map
from railways.core.hexgrid import Hex, Side
from railways.server import create_app
from railways.store import open_store
from server.helpers import act, state

SIDES = ("E", "NE", "NW", "W", "SW", "SE")
SOLO_OPTIONS = {"solo": True, "duel_barons": True, "target_score": 110}


def create_solo(client: TestClient, seed: int = 1, **options: Any) -> dict[str, Any]:
    body = {
        "map": "eastern-us",
        "seats": [{"name": "Solo", "kind": "human"}],
        "seed": seed,
        "options": {"solo": True, **options},
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def _hex(name: str) -> tuple[int, int]:
    at = load_map("eastern-us").cities[name].at
    return at.row, at.col


def _path(*hexes: tuple[int, int]) -> str:
    return ";".join(f"{r},{c}" for r, c in hexes)


# -- the board and the map's facts ----------------------------------------------------------
def test_board_svg_colorblind_takes_1_0_true_false(client: TestClient) -> None:
    plain = client.get("/api/maps/eastern-us/board.svg").text
    for value in ("1", "true"):
        r = client.get("/api/maps/eastern-us/board.svg", params={"colorblind": value})
        assert r.status_code == 200, r.text
        assert r.text != plain
    for value in ("0", "false"):
        r = client.get("/api/maps/eastern-us/board.svg", params={"colorblind": value})
        assert r.status_code == 200 and r.text == plain
    r = client.get("/api/maps/eastern-us/board.svg", params={"colorblind": "perhaps"})
    assert r.status_code == 422 and "colorblind" in r.json()["error"]


def test_map_info_names_the_cards_and_barons(client: TestClient) -> None:
    r = client.get("/api/maps/eastern-us")
    assert r.status_code == 200, r.text
    info = r.json()
    assert info["id"] == "eastern-us" and info["name"] == "Eastern U.S."
    assert (info["min_players"], info["max_players"]) == (2, 6)
    assert info["solo"] is True
    assert info["cards"]["passenger-lines"]["name"] == "Passenger Lines"
    assert set(info["cards"]["passenger-lines"]) == {"name", "icon", "text", "on_build"}
    assert info["cards"]["service-bounty-duluth"]["name"] == "Service Bounty: Duluth"
    baron = info["barons"]["henry-farnam"]
    assert baron["name"] == "Henry Farnam" and baron["text"] and baron["points"] > 0
    line = info["major_lines"]["A"]
    assert line["endpoints"] == ["new-york", "chicago"] and line["points"] == 9
    west = info["west_of_the_mountains"]
    assert west["unlock_score"] == 30 and west["limits"]["9"] == 19
    # The printed decks only: nothing about any game or seat.
    assert not {"seats", "players", "seat", "holder"} & set(info)
    listed = client.get("/api/maps").json()
    keys = ("id", "name", "min_players", "max_players", "solo")
    assert {k: info[k] for k in keys} in [{k: m[k] for k in keys} for m in listed]
    assert client.get("/api/maps/atlantis").status_code == 404
    assert "error" in client.get("/api/maps/atlantis").json()


# -- redirecting an end tile ----------------------------------------------------------------
def test_next_hexes_with_redirect_turns_the_end_tile(client: TestClient) -> None:
    game = create_solo(client)
    gid, token = game["id"], game["seats"][0]["token"]
    start = _hex("harrisburg")
    # Lay one tile out of Harrisburg and leave the link unfinished.
    mine = state(client, gid, token)
    steps = client.get(
        f"/api/games/{gid}/next-hexes", params={"token": token, "path": _path(start)}
    ).json()
    action = None
    for step in (s for s in steps if not s["completes"]):
        for exit_ in SIDES:
            candidate = {
                "kind": "build_track",
                "seat": 0,
                "path": [list(start), [step["row"], step["col"]]],
                "exit": exit_,
                "redirect": False,
                "cards": [],
            }
            if act(client, gid, token, mine["action_index"], candidate).status_code == 200:
                action = candidate
                break
        if action:
            break
    assert action is not None
    end = tuple(action["path"][-1])
    mine = state(client, gid, token)
    index = mine["action_index"]

    # Without redirect the unfinished link goes on only where it points.
    plain = client.get(
        f"/api/games/{gid}/next-hexes", params={"token": token, "path": _path(end)}
    ).json()
    assert len(plain) <= 1 and all("turn_cost" not in s for s in plain)

    r = client.get(
        f"/api/games/{gid}/next-hexes",
        params={"token": token, "path": _path(end), "redirect": "1"},
    )
    assert r.status_code == 200, r.text
    turns = r.json()
    assert turns and all(set(s) == {"row", "col", "cost", "completes", "turn_cost"} for s in turns)
    pointed = [tuple(s) for s in plain]
    assert all((s["row"], s["col"]) not in pointed for s in turns)  # a new direction only
    onward = [s for s in turns if s["cost"] is not None]
    assert onward
    # Going on from a turned tile: the tile is paid again, plus the new one.
    step = onward[0]
    r = client.get(
        f"/api/games/{gid}/next-hexes",
        params={"token": token, "path": _path(end, (step["row"], step["col"])), "redirect": "1"},
    )
    assert r.status_code == 200
    assert all(s["turn_cost"] is None for s in r.json())

    # Turning only: the engine takes the turn the answer offered, at the cost it said.
    only = next(s for s in turns if s["turn_cost"] is not None)
    here, there = Hex.from_offset(*end), Hex.from_offset(only["row"], only["col"])
    side = next(x for x in Side if here.neighbour(x) == there)
    turn = {
        "kind": "build_track",
        "seat": 0,
        "path": [list(end)],
        "exit": side.name,
        "redirect": True,
        "cards": [],
    }
    r = act(client, gid, token, index, turn)
    assert r.status_code == 200, r.text
    accepted = r.json()
    link = next(x for x in accepted["view"]["links"] if x["owner"] == 0 and not x["end"])
    assert link["tiles"][-1][:2] == list(end) and link["tiles"][-1][3] == side.name

    spectator = game["spectator"]["token"]
    r = client.get(
        f"/api/games/{gid}/next-hexes",
        params={"token": spectator, "path": _path(end), "redirect": "1"},
    )
    assert r.status_code == 403
    r = client.get(
        f"/api/games/{gid}/next-hexes",
        params={"token": token, "path": _path(start), "redirect": "1"},
    )
    assert r.status_code == 200 and r.json() == []  # a city has no end tile to turn


# -- solo games -------------------------------------------------------------------------------
def test_a_solo_game_has_one_seat_and_the_railbot_in_its_view(client: TestClient) -> None:
    game = create_solo(client, **{k: v for k, v in SOLO_OPTIONS.items() if k != "solo"})
    assert [s["kind"] for s in game["seats"]] == ["human"]
    mine = state(client, game["id"], game["seats"][0]["token"])
    view = mine["view"]
    assert view["phase"] == "actions" and view["to_act"] == 0
    solo = view["plugins"]["solo"]
    assert solo["railbot_seat"] == -1
    assert solo["target_score"] == 110 + 15  # the Duel Barons add 15 (RB-049)
    assert len(solo["row"]) == 3 and solo["deck_size"] > 0
    assert "boston" in solo["out_of_play_cities"] and solo["out_of_play_lines"] == ["F"]
    assert len(solo["duel_barons"]) == 4 and solo["west_open"] is False
    kinds = {o["action"]["kind"] for o in mine["legal"]["simple"]}
    assert {"pass", "insure"} <= kinds
    listed = client.get("/api/games", params={"token": game["seats"][0]["token"]}).json()
    assert listed[0]["status"] == "playing" and len(listed[0]["seats"]) == 1


def test_solo_options_and_seats_are_checked(client: TestClient) -> None:
    def post(seats: int, options: dict[str, Any]) -> Any:
        body = {
            "map": "eastern-us",
            "seats": [{"name": f"P{i}", "kind": "human"} for i in range(seats)],
            "options": options,
        }
        return client.post("/api/games", json=body)

    r = post(2, {"solo": True})
    assert r.status_code == 422 and "one player" in r.json()["error"]
    r = post(1, {"solo": True, "operations_limit": 9})
    assert r.status_code == 422 and "operations_limit" in r.json()["error"]
    r = post(1, {"solo": True, "railbot": "smart"})
    assert r.status_code == 422 and "railbot" in r.json()["error"]
    r = post(1, {})
    assert r.status_code == 422 and "1" in r.json()["error"]
    r = post(1, {"solo": True, "easy_start": True, "fewer_empty_cities": 2, "operations_limit": 4})
    assert r.status_code == 201, r.text


def test_a_solo_game_plays_through_the_railbots_card_and_comes_back_from_the_store(
    data_dir: Path,
) -> None:
    """Pass twice: the Railbot's card comes between the second and third action (RB-050);
    a choice it leaves to the player is answered from the legal actions."""
    store = open_store(data_dir=data_dir)
    with TestClient(create_app(store, bot_delay=0)) as client:
        game = create_solo(client, seed=3, duel_barons=True)
        gid, token = game["id"], game["seats"][0]["token"]
        for _ in range(12):
            mine = state(client, gid, token)
            simple = [o["action"] for o in mine["legal"]["simple"]]
            choice = mine["view"]["plugins"]["solo"]["choice"]
            if choice:
                kinds = {a["kind"] for a in simple}
                assert kinds == {choice["kind"]}, (kinds, choice)
                action = simple[0]
            else:
                action = next(
                    (a for a in simple if a["kind"] == "end_turn"),
                    next(a for a in simple if a["kind"] == "pass"),
                )
            r = act(client, gid, token, mine["action_index"], action)
            assert r.status_code == 200, r.text
        before = state(client, gid, token)
        assert before["view"]["turn"] >= 2
        assert "The Railbot draws" in "\n".join(before["view"]["log"])
        # Replayed from the store, the game is the same.
        client.app.state.manager.evict(client.app.state.manager._handles[gid])  # type: ignore[attr-defined]
        after = state(client, gid, token)
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
