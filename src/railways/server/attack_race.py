"""The race row of ``railways bench server --attack`` (issue 30): two server processes on
one database, each sent a move for the same game at the same moment, round after round.

It holds when every round has exactly one 200 (the other 409), both processes end on the
same view, and the store holds the taken moves in the order they were taken, none lost.
The two processes are started here, on one temporary SQLite file, or on
$RAILWAYS_DATABASE_URL when that is set (PostgreSQL).
"""

from __future__ import annotations

import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Any

import httpx

from railways.server.attack import SEATS, Outcome
from railways.store import open_store


def two_servers_race(rounds: int = 12) -> list[Outcome]:
    from railways.server.bench import local_server

    url = os.environ.get("RAILWAYS_DATABASE_URL")
    kind = "PostgreSQL" if url and url.startswith("postgres") else "SQLite"
    with ExitStack() as stack:
        data = stack.enter_context(tempfile.TemporaryDirectory(prefix="railways-race-"))
        a = stack.enter_context(local_server(data_dir=data))
        b = stack.enter_context(local_server(data_dir=data))
        held, detail = _race(a, b, url or f"sqlite:///{data}/railways.sqlite3", rounds)
    return [Outcome(f"two server processes on one {kind} race for one game", held, detail)]


def _race(a: str, b: str, store_url: str, rounds: int) -> tuple[bool, str]:
    with httpx.Client(timeout=30) as client, ThreadPoolExecutor(2) as pool:
        game = client.post(f"{a}/api/games", json={"seats": SEATS}).json()
        gid = game["id"]
        taken: list[dict[str, Any]] = []
        answers: list[list[int]] = []
        for _ in range(rounds):
            token, index, moves = _two_moves(client, a, game)
            body = [{"token": token, "after": index, "action": move} for move in moves]
            sent = [
                pool.submit(client.post, f"{server}/api/games/{gid}/actions", json=one)
                for server, one in zip((a, b), body, strict=True)
            ]
            codes = [f.result().status_code for f in sent]
            answers.append(codes)
            taken += [moves[i] for i, code in enumerate(codes) if code == 200]
        spectator = game["spectator"]["token"]
        views = [
            client.get(f"{s}/api/games/{gid}", params={"token": spectator}).json() for s in (a, b)
        ]
    store = open_store(store_url)
    try:
        stored = store.load(gid)[1]["actions"]
    finally:
        store.close()
    return race_outcome(answers, views[0]["view"] == views[1]["view"], stored, taken)


def race_outcome(
    answers: list[list[int]], same_view: bool, stored: list[Any], taken: list[Any]
) -> tuple[bool, str]:
    """The race row's verdict from each round's two answers, whether both processes showed
    the same view, the moves in the store and those answered 200: held when every round
    had one 200 and one 409, the views agree and the store holds exactly the taken moves in
    their order."""
    one_winner = sum(sorted(codes) == [200, 409] for codes in answers)
    two_winners = sum(codes.count(200) > 1 for codes in answers)
    in_order = stored == taken
    held = bool(answers) and one_winner == len(answers) and same_view and in_order
    return held, (
        f"one 200 in {one_winner} of {len(answers)} rounds"
        + (f", two in {two_winners}" if two_winners else "")
        + f"; same view on both: {same_view}; stored {len(stored)} moves, the {len(taken)} "
        f"taken, in order: {in_order}"
    )


def _two_moves(
    client: httpx.Client, server: str, game: dict[str, Any]
) -> tuple[str, int, list[dict[str, Any]]]:
    """The token of the seat to act, the action index, and two of its moves (the same one
    twice when it has only one)."""
    for seat in game["seats"]:
        mine = client.get(f"{server}/api/games/{game['id']}", params={"token": seat["token"]})
        legal = mine.json()["legal"]
        options = [o["action"] for o in (legal or {}).get("simple", [])]
        if options:
            return seat["token"], mine.json()["action_index"], (options * 2)[:2]
    raise RuntimeError("no seat can act")
