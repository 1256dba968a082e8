"""Seeds a spectator cannot recover (issue 10, item 1).

A game the server seeds gets 128 bits from ``secrets`` and the keyed ``blake2b-ctr``
generator; its record (released only once the game is over) carries both and replays.
A seed somebody chose is shown to every seat and the spectators."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from railways.core.legal import legal_actions
from railways.core.rng import KeyedRng, Rng
from railways.rules.records import game_from_record
from railways.server.bench import choose_from_legal
from server.helpers import create, humans, state


def _handle(client: TestClient, gid: str) -> Any:
    return client.app.state.manager._handles[gid]  # type: ignore[attr-defined]


def test_server_seeds_are_128_bit_and_keyed(client: TestClient) -> None:
    seeds = []
    for _ in range(4):
        r = client.post("/api/games", json={"seats": humans(3)})
        assert r.status_code == 201, r.text
        game = _handle(client, r.json()["id"]).game
        assert isinstance(game.state.rng, KeyedRng)
        assert game.options.rng == "blake2b-ctr"
        seeds.append(game.seed)
        body = state(client, r.json()["id"], r.json()["seats"][0]["token"])
        assert "chosen_seed" not in body
    # Four draws of 128 bits: the chance that any is below 2**96 is 4 * 2**-32.
    assert all(2**96 <= s < 2**128 for s in seeds) and len(set(seeds)) == 4


def test_the_server_refuses_the_old_generator_for_a_seed_it_draws(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": humans(3), "options": {"rng": "splitmix64"}})
    assert r.status_code == 422 and "rng" in r.json()["error"]


def test_a_chosen_seed_is_shown_to_every_seat(client: TestClient) -> None:
    created = create(client, humans(3), seed=7)
    gid = created["id"]
    for token in [s["token"] for s in created["seats"]] + [created["spectator"]["token"]]:
        assert state(client, gid, token)["chosen_seed"] == 7
    listed = client.get("/api/games").json()
    assert listed[0]["id"] == gid and listed[0]["seed_chosen"] is True
    # a chosen seed keeps its old meaning: the same game as before (splitmix64)...
    assert type(_handle(client, gid).game.state.rng) is Rng
    # ...unless the generator is chosen too; a 128-bit seed travels as hex
    big = "0x" + "ab" * 16
    r = client.post(
        "/api/games", json={"seats": humans(2), "seed": big, "options": {"rng": "blake2b-ctr"}}
    )
    assert r.status_code == 201, r.text
    view = state(client, r.json()["id"], r.json()["seats"][1]["token"])
    assert view["chosen_seed"] == big
    game = _handle(client, r.json()["id"]).game
    assert game.seed == int(big, 16) and isinstance(game.state.rng, KeyedRng)


def test_the_record_of_a_finished_keyed_game_replays(client: TestClient) -> None:
    created = client.post("/api/games", json={"seats": humans(2)}).json()
    handle = _handle(client, created["id"])
    pick = random.Random(3)  # play it out through the API
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(2000):
        seat = handle.game.to_act
        if seat is None:
            break
        legal = legal_actions(handle.game, seat).to_dict()
        r = client.post(
            f"/api/games/{created['id']}/actions",
            json={
                "token": tokens[seat],
                "after": handle.index,
                "action": choose_from_legal(legal, pick),
            },
        )
        assert r.status_code == 200, r.text
    assert handle.game.over
    record = client.get(
        f"/api/games/{created['id']}/record", headers={"Authorization": f"Bearer {tokens[0]}"}
    ).json()
    assert isinstance(record["seed"], str) and int(record["seed"], 16) == handle.game.seed
    assert record["options"]["rng"] == "blake2b-ctr"
    replayed = game_from_record(record)
    assert replayed.state.players[0].cash == handle.game.state.players[0].cash
    assert replayed.state.cubes == handle.game.state.cubes
