"""The seat-token rows of ``railways bench server --attack`` (issue 30): one token used
from several addresses, tokens guessed, and how long a wrong token takes to refuse.

Several client addresses come from binding the client's end of each connection to another
loopback address (127.0.0.2, 127.0.0.3, ...: Linux routes all of 127.0.0.0/8 to the
loopback), so each has its own per-address buckets on the server.
"""

from __future__ import annotations

import random
import secrets
import statistics
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx

from railways.server.attack import SEATS, Outcome
from railways.server.limits import ACTION_BURST, READ_BURST, WRONG_TOKEN_BURST


@contextmanager
def clients_from(url: str, first: int, count: int) -> Iterator[list[httpx.Client]]:
    """``count`` clients, each from its own loopback address 127.0.0.<first + i>."""
    with ExitStack() as stack:
        made = [
            stack.enter_context(
                httpx.Client(
                    base_url=url,
                    timeout=30,
                    transport=httpx.HTTPTransport(local_address=f"127.0.0.{first + i}"),
                )
            )
            for i in range(count)
        ]
        yield made


def _game(client: httpx.Client) -> dict[str, Any]:
    made = client.post("/api/games", json={"seats": SEATS})
    made.raise_for_status()
    game: dict[str, Any] = made.json()
    return game


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def token_reads(url: str, addresses: int = 4) -> list[Outcome]:
    """One seat token reading from ``addresses`` addresses, more in all than one address's
    burst and less from each."""
    count = 2 * READ_BURST  # more than the bucket holds, refills during the run included
    with clients_from(url, 10, addresses + 1) as clients:
        game = _game(clients[-1])
        token = game["seats"][0]["token"]
        answers = [
            clients[i % addresses].get(f"/api/games/{game['id']}/chat", headers=_bearer(token))
            for i in range(count)
        ]
    return [_spread_outcome("reads", count, addresses, answers, "requests with this token")]


def token_actions(url: str, addresses: int = 4) -> list[Outcome]:
    """One seat token acting from ``addresses`` addresses (each action out of date, so
    refused with 409 when it is let through: the game never changes)."""
    count = 2 * ACTION_BURST
    with clients_from(url, 20, addresses + 1) as clients:
        game = _game(clients[-1])
        token = game["seats"][0]["token"]
        body = {"token": token, "after": 10_000, "action": {"kind": "pass", "seat": 0}}
        answers = [
            clients[i % addresses].post(f"/api/games/{game['id']}/actions", json=body)
            for i in range(count)
        ]
    return [_spread_outcome("actions", count, addresses, answers, "actions with this token")]


def _spread_outcome(
    kind: str, count: int, addresses: int, answers: list[httpx.Response], says: str
) -> Outcome:
    by_token = [r for r in answers if r.status_code == 429 and says in r.text]
    by_address = [r for r in answers if r.status_code == 429 and says not in r.text]
    retry = by_token[0].headers.get("retry-after") if by_token else None
    return Outcome(
        f"one seat token's {count} {kind} from {addresses} addresses",
        bool(by_token) and retry is not None and not by_address,
        f"refused 429 by the token's limit {len(by_token)} (Retry-After {retry}), "
        f"by an address's {len(by_address)}, let through {count - len(by_token) - len(by_address)}",
    )


def token_guessing(url: str) -> list[Outcome]:
    """Random tokens for one game from one address, then its right token from that address
    and from another."""
    guesses = WRONG_TOKEN_BURST + 10
    with clients_from(url, 30, 3) as (guesser, other, maker):
        game = _game(maker)
        path = f"/api/games/{game['id']}"
        codes = [guesser.get(path, headers=_bearer(secrets.token_hex(16))) for _ in range(guesses)]
        right = game["seats"][0]["token"]
        own = guesser.get(path, headers=_bearer(right)).status_code
        elsewhere = other.get(path, headers=_bearer(right)).status_code
    retry = next((r.headers.get("retry-after") for r in codes if r.status_code == 429), None)
    return [guessing_outcome([r.status_code for r in codes], retry, own, elsewhere)]


def guessing_outcome(codes: list[int], retry: str | None, own: int, elsewhere: int) -> Outcome:
    """The guessing row's verdict: held when some guesses were refused 429 with a
    Retry-After, none was taken (200), and the right token was then refused from the
    guessing address (429) but taken from another (200)."""
    refused = codes.count(429)
    taken = codes.count(200)
    return Outcome(
        f"{len(codes)} guessed seat tokens from one address",
        refused > 0 and retry is not None and taken == 0 and own == 429 and elsewhere == 200,
        f"403 {codes.count(403)}, 429 {refused} (Retry-After {retry})"
        + (f", taken {taken}" if taken else "")
        + f"; then the right token: {own} from that address, {elsewhere} from another",
    )


def token_timing(url: str, samples: int = 200) -> list[Outcome]:
    """How long a wrong token takes to refuse, when it is the right one with its last digit
    changed and when it is random: alike, if the compare takes the same time whatever
    the token. Guesses are spread over addresses to stay under the wrong-token limit."""
    per_address = WRONG_TOKEN_BURST - 2
    addresses = -(-2 * samples // per_address)
    near: list[float] = []
    far: list[float] = []
    with clients_from(url, 40, addresses + 1) as clients:
        game = _game(clients[-1])
        path = f"/api/games/{game['id']}"
        right = game["seats"][0]["token"]
        off_by_one = right[:-1] + ("0" if right[-1] != "0" else "1")
        kinds = [True, False] * samples
        random.Random(1).shuffle(kinds)  # no kind always first on a connection
        for i, is_near in enumerate(kinds):
            client = clients[i // per_address]
            token, into = (off_by_one, near) if is_near else (secrets.token_hex(16), far)
            t0 = time.perf_counter()
            status = client.get(path, headers=_bearer(token)).status_code
            if status == 403:
                into.append((time.perf_counter() - t0) * 1000)
    if not near or not far:
        return [Outcome("wrong tokens timed", False, "no 403 answers to time")]
    a, b = statistics.median(near), statistics.median(far)
    alike = abs(a - b) <= max(0.25, 0.15 * min(a, b))
    return [
        Outcome(
            f"{len(near) + len(far)} wrong tokens timed",
            alike,
            f"403 median {a:.2f} ms for the right token with its last digit changed, "
            f"{b:.2f} ms for random ones (tokens compared with hmac.compare_digest)",
        )
    ]
