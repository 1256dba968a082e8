"""The hidden-information row of ``railways bench server --attack`` (issue 30): a whole game
played through the API with its seat tokens, and after every action every payload a seat or
a spectator can receive searched for what that reader must not know at that step.

What is read at each step: every seat's and the spectator's state, their WebSocket updates,
the answer to the move and to a refused move, the record (refused until the game is over),
the replay at this step and at an earlier one, the chat and the games list. The secrets at
each step come afterwards from the record the finished game releases: it is replayed
action by action, and after each one the Operations deck, the undealt Rail Barons, the
other seats' Rail Barons not yet shown, the seed and the other seats' tokens are what a
reader must not have received; nor may any payload carry a key naming the bag, the deck,
the generator or the seed. A payload is checked against the secrets of the step at which
it was read (they only shrink as the game goes on, so a late WebSocket update is not
flagged for what it may by then show).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import httpx

from railways.server.attack import SEATS, Outcome
from railways.server.bench import choose_from_legal

FORBIDDEN_KEYS = frozenset({"bag", "rng", "seed", "ops_deck", "baron_deck"})


@dataclass(frozen=True)
class Seen:
    """One payload ``reader`` (a seat, or None: the spectator) received at ``step``."""

    step: int
    reader: int | None
    source: str
    text: str


@dataclass(frozen=True)
class Secret:
    """Something a reader must not have: ``needle`` (a card or baron id, the seed, a token)
    and what it is."""

    needle: str
    what: str

    def found_in(self, text: str) -> bool:
        if _ID.fullmatch(self.needle):  # an id: whole, in a JSON string or in a log line
            return re.search(rf"(?<![\w-]){re.escape(self.needle)}(?![\w-])", text) is not None
        return self.needle in text


_ID = re.compile(r"[a-z]+(?:-[a-z0-9]+)+")  # card and baron ids: land-grant-4, jp-morgan
Secrets = list[Secret]


def secrets_by_step(record: dict[str, Any], tokens: Sequence[str]) -> list[list[Secrets]]:
    """For each step 0..len(actions) of ``record``, for each seat and last the spectator,
    what that reader must not have received then (``tokens``: the seats' tokens)."""
    from railways.core.record import GameRecord
    from railways.rules.records import game_from_record

    whole = GameRecord.from_dict(record)
    game = game_from_record(dataclasses.replace(whole, actions=()))
    steps = [_secrets_now(game, tokens)]
    for action in whole.actions:
        game.apply(action)
        steps.append(_secrets_now(game, tokens))
    return steps


def _secrets_now(game: Any, tokens: Sequence[str]) -> list[Secrets]:
    state = game.state
    shared = [Secret(c, "a card in the Operations deck") for c in state.ops_deck]
    shared += [Secret(b, "an undealt Rail Baron") for b in state.baron_deck]
    shared += [Secret(str(game.seed), "the seed"), Secret(format(game.seed, "x"), "the seed")]
    over = game.over
    readers: list[Secrets] = []
    for reader in [*range(len(state.players)), None]:
        mine = list(shared)
        for p in state.players:
            if p.seat == reader:
                continue
            shown = p.baron_revealed or over
            for baron in p.barons_dealt:
                if baron != p.baron or not shown:
                    mine.append(Secret(baron, f"seat {p.seat}'s Rail Baron"))
        mine += [Secret(t, "another seat's token") for i, t in enumerate(tokens) if i != reader]
        readers.append(mine)
    return readers


def leaks(seen: Sequence[Seen], secrets: Sequence[Sequence[Secrets]]) -> list[str]:
    """Every secret found in a payload, as 'step N, reader, source: what'."""
    found = []
    for payload in seen:
        mine = secrets[payload.step][-1 if payload.reader is None else payload.reader]
        hits = [s.what for s in mine if s.found_in(payload.text)]
        hits += [f"a key {k!r}" for k in sorted(_keys(payload.text) & FORBIDDEN_KEYS)]
        who = "the spectator" if payload.reader is None else f"seat {payload.reader}"
        found += [f"step {payload.step}, {who}, {payload.source}: {hit}" for hit in hits]
    return found


def _keys(text: str) -> set[str]:
    try:
        body = json.loads(text)
    except ValueError:
        return set()
    return set(_walk_keys(body))


def _walk_keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _walk_keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _walk_keys(inner)


def hidden_outcome(
    seen: Sequence[Seen], secrets: Sequence[Sequence[Secrets]] | None, why: str = ""
) -> Outcome:
    """The row: held when the game ended, was searched at every step, and nothing leaked."""
    steps = len({s.step for s in seen})
    if secrets is None:
        detail = f"not searched: {why}" if why else "not searched"
        return Outcome("hidden information at every step of a game", False, detail)
    found = leaks(seen, secrets)
    every_step = steps >= len(secrets)
    detail = f"{len(seen)} payloads at {steps} of {len(secrets)} steps, {len(found)} secrets found"
    if found:
        detail += ": " + "; ".join(found[:3]) + ("..." if len(found) > 3 else "")
    return Outcome("hidden information at every step of a game", every_step and not found, detail)


class _Reader:
    """Requests of one game, waiting out a 429 (a server with its limits, given by --url)."""

    def __init__(self, client: httpx.Client, gid: str) -> None:
        self.client = client
        self.gid = gid

    def get(self, path: str, **params: Any) -> httpx.Response:
        return self._send("GET", path, params=params)

    def post(self, path: str, body: Any) -> httpx.Response:
        return self._send("POST", path, json=body)

    def _send(self, method: str, path: str, **kw: Any) -> httpx.Response:
        for _ in range(30):
            r = self.client.request(method, f"/api/games/{self.gid}{path}", **kw)
            if r.status_code != 429:
                return r
            time.sleep(float(r.headers.get("retry-after", "1")))
        return r


def hidden_every_step(url: str, seed: int = 30, max_steps: int = 2000) -> list[Outcome]:
    """Play one server-seeded game to its end through ``url`` and search every step."""
    from websockets.sync.client import connect

    with httpx.Client(base_url=url, timeout=30) as client, ExitStack() as stack:
        made = client.post("/api/games", json={"seats": SEATS})
        if made.status_code != 201:
            return [hidden_outcome([], None, f"could not create a game: {made.status_code}")]
        game = made.json()
        tokens = [s["token"] for s in game["seats"]]
        readers: list[tuple[int | None, str]] = [*enumerate(tokens)]
        readers.append((None, game["spectator"]["token"]))
        io = _Reader(client, game["id"])
        ws_base = url.replace("http://", "ws://") + f"/api/games/{game['id']}/ws?token="
        sockets = [
            (who, stack.enter_context(connect(ws_base + token, open_timeout=10)))
            for who, token in readers
        ]
        seen: list[Seen] = []
        over = _play_and_read(io, readers, sockets, seen, random.Random(seed), max_steps)
        if not over:
            return [hidden_outcome(seen, None, f"the game did not end in {max_steps} actions")]
        record = io.get("/record", token=tokens[0])
    if record.status_code != 200:
        return [hidden_outcome(seen, None, f"the finished game's record: {record.status_code}")]
    return [hidden_outcome(seen, secrets_by_step(record.json(), tokens))]


def _play_and_read(
    io: _Reader,
    readers: list[tuple[int | None, str]],
    sockets: list[tuple[int | None, Any]],
    seen: list[Seen],
    rng: random.Random,
    max_steps: int,
) -> bool:
    """Play until the game is over (True) or ``max_steps``, reading everything each step."""
    tokens = [token for who, token in readers if who is not None]
    for step in range(max_steps + 1):
        states = {}
        for who, token in readers:
            r = io.get("", token=token)
            seen.append(Seen(step, who, "state", r.text))
            states[who] = r.json()
        _drain(sockets, step, seen)
        to_act = states[None]["view"]["to_act"]
        if to_act is None:
            return True
        _read_extras(io, readers, to_act, step, rng, seen)
        token = tokens[to_act]
        other = (to_act + 1) % len(tokens)
        refused = io.post(
            "/actions",
            {"token": tokens[other], "after": step, "action": {"kind": "pass", "seat": other}},
        )
        seen.append(Seen(step, other, "a refused move", refused.text))
        action = choose_from_legal(states[to_act]["legal"], rng)
        answer = io.post("/actions", {"token": token, "after": step, "action": action})
        if answer.status_code != 200:
            raise RuntimeError(f"move {step} refused: {answer.status_code} {answer.text[:200]}")
        seen.append(Seen(step + 1, to_act, "the move's answer", answer.text))
    return False


def _read_extras(
    io: _Reader,
    readers: list[tuple[int | None, str]],
    to_act: int,
    step: int,
    rng: random.Random,
    seen: list[Seen],
) -> None:
    """The record (refused mid-game), the replay now and earlier, the chat, the games list."""
    token = readers[to_act][1]
    spectator = readers[-1][1]
    seen.append(Seen(step, to_act, "the record", io.get("/record", token=token).text))
    earlier = rng.randrange(step + 1)
    for who, tok, at in ((to_act, token, step), (None, spectator, earlier)):
        seen.append(Seen(at, who, f"the replay at {at}", io.get("/replay", token=tok, at=at).text))
    seen.append(Seen(step, to_act, "the chat", io.get("/chat", token=token).text))
    listed = io.client.get("/api/games", params={"token": token})
    seen.append(Seen(step, to_act, "the games list", listed.text))


def _drain(sockets: list[tuple[int | None, Any]], step: int, seen: list[Seen]) -> None:
    """Every WebSocket update that has come (it is read at ``step`` or later)."""
    for who, ws in sockets:
        while True:
            try:
                text = ws.recv(timeout=0.01)
            except TimeoutError:
                break
            seen.append(Seen(step, who, "a WebSocket update", str(text)))
