"""Hidden information at the HTTP and WebSocket boundary (RW-p4-12).

Over a played sequence, every body a seat receives (views, legal actions,
refusals, live updates) is checked against the true state at that moment:
no other seat's unrevealed Rail Baron (nor any baron dealt to someone else or
left in the deck), no card of the Operations deck, no bag contents, no seed,
and no other seat's token.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from railways.core.game import Game
from railways.core.state import Phase
from railways.server.bench import choose_from_legal
from server.helpers import act, create, humans, receive_text, state

# Money is public (RW-p6-18), so a view may carry the ledger of payments; these may not appear.
FORBIDDEN_KEYS = {"bag", "rng", "seed", "ops_deck", "baron_deck"}


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = set(value)
        for v in value.values():
            found |= _keys(v)
        return found
    if isinstance(value, list):
        found = set()
        for v in value:
            found |= _keys(v)
        return found
    return set()


def _secrets(game: Game, seat: int | None) -> set[str]:
    """Quoted ids that ``seat`` must not receive now."""
    state = game.state
    hidden = set(state.ops_deck) | set(state.baron_deck)
    for p in state.players:
        if p.seat == seat:
            continue
        kept_public = p.baron_revealed or state.phase is Phase.GAME_OVER
        for baron in p.barons_dealt:
            if baron != p.baron or not kept_public:
                hidden.add(baron)
        if p.baron and not kept_public:
            hidden.add(p.baron)
    return {json.dumps(s) for s in hidden}


def _check(text: str, game: Game, seat: int | None, tokens: list[str], own: str | None) -> None:
    for secret in _secrets(game, seat):
        assert secret not in text, f"seat {seat} received {secret}"
    for token in tokens:
        if token != own:
            assert token not in text, f"seat {seat} received another seat's token"
    body = json.loads(text)
    leaked = _keys(body) & FORBIDDEN_KEYS
    assert not leaked, f"seat {seat} received {leaked}"


@pytest.mark.rules("RW-p4-12")
def test_no_seat_receives_another_seats_secrets(client: TestClient) -> None:
    n = 4
    game = create(client, humans(n), seed=21)
    gid = game["id"]
    tokens = [s["token"] for s in game["seats"]]
    spectator = game["spectator"]["token"]
    everyone = [*tokens, spectator]
    handle = client.app.state.manager._handles[gid]  # type: ignore[attr-defined]
    engine = handle.game
    rng = random.Random(5)
    watchers: list[tuple[int | None, str, Any]] = []
    with contextlib.ExitStack() as stack:
        for seat, token in [*enumerate(tokens), (None, spectator)]:
            ws = stack.enter_context(client.websocket_connect(f"/api/games/{gid}/ws?token={token}"))
            watchers.append((seat, token, ws))
        seen_phases = set()
        for _step in range(90):
            for seat, token, ws in watchers:
                _check(receive_text(ws, f"seat {seat}'s update"), engine, seat, everyone, token)
            for seat, token in [*enumerate(tokens), (None, spectator)]:
                r = client.get(f"/api/games/{gid}", params={"token": token})
                _check(r.text, engine, seat, everyone, token)
            to_act = engine.to_act
            if to_act is None:
                break
            mine = state(client, gid, tokens[to_act])
            seen_phases.add(mine["view"]["phase"])
            # a refused action and a stale one: their bodies must not leak either
            other = (to_act + 1) % n
            r = act(
                client, gid, tokens[other], mine["action_index"], {"kind": "pass", "seat": other}
            )
            assert r.status_code == 400
            _check(r.text, engine, other, everyone, tokens[other])
            r = act(
                client,
                gid,
                tokens[to_act],
                mine["action_index"] + 1,
                {"kind": "pass", "seat": to_act},
            )
            assert r.status_code == 409
            _check(r.text, engine, to_act, everyone, tokens[to_act])
            r = client.get(f"/api/games/{gid}/record", params={"token": tokens[to_act]})
            assert r.status_code == 403
            _check(r.text, engine, to_act, everyone, tokens[to_act])
            action = choose_from_legal(mine["legal"], rng)
            r = act(client, gid, tokens[to_act], mine["action_index"], action)
            assert r.status_code == 200, r.text
            _check(r.text, engine, to_act, everyone, tokens[to_act])
        listed = client.get("/api/games", params={"token": tokens[0]})
        _check(listed.text, engine, 0, everyone, tokens[0])
    assert {"choose_baron", "auction", "actions"} <= seen_phases
