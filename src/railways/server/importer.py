"""``POST /api/games/import`` done in a replay worker process, from the request's bytes to
the stored game, so that the server process holds its interpreter for none of it.

The server process reads the body's bytes and hands them over as they are: the worker
parses and validates them (:class:`~railways.server.bodies.ImportIn`), checks and replays
the record, makes the game's tokens and writes the game with its actions to the store on
a connection of its own. The server is sent back the stored game's summary and its tokens
(a few hundred bytes), and replays the game only when it is first asked for it (a game
with a bot seat at once, so that its bots play). Measured before (issue 30): parsing the
body on the event loop, unpickling the replayed game and writing 2,990 actions from a
thread of the server held its interpreter for about 0.2 s per import, and other games'
answers waited behind it.

A store the worker cannot open (one without a database URL) is written by the server
process instead: the worker then answers the rows to store.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from pydantic import ValidationError

from railways.core.errors import RecordError
from railways.store import GameStore, SeatInfo

# What the worker answers (the last item is always its pid):
#   ("stored", meta, seat tokens, spectator token, pid): the game is in the store;
#   ("rows", Creation, seat tokens, spectator token, pid): for the server to store;
#   ("invalid", errors, pid): the body is not an ImportIn (FastAPI's 422);
#   ("refused", status, message, extra, pid): an ApiError's parts (400 with "where"...);
#   ("store-failed", reason, pid): the store refused the write (a 503 for the server).
Answer = tuple[Any, ...]

_stores: dict[str, GameStore] = {}  # in a worker: one store per database URL, kept open


@dataclasses.dataclass(frozen=True)
class Creation:
    """The arguments of :meth:`GameStore.create_game` for an imported game."""

    game_id: str
    setup: dict[str, Any]
    seats: list[SeatInfo]
    tokens: dict[str, int | None]
    status: str
    turn: int
    actions: list[dict[str, Any]]

    def arguments(self) -> tuple[Any, ...]:
        return (
            self.game_id,
            self.setup,
            self.seats,
            self.tokens,
            self.status,
            self.turn,
            self.actions,
        )


def import_body(body: bytes, signing_key: bytes, store_url: str | None, max_actions: int) -> Answer:
    """In a worker: the import request ``body`` parsed, checked (at most ``max_actions``
    actions: the server's limit, as it is set there), replayed and (with ``store_url``)
    stored; see :data:`Answer`."""
    from railways.server.games import ApiError

    pid = os.getpid()
    try:
        creation, seat_tokens, spectator = _prepared(body, signing_key, max_actions)
    except _Invalid as exc:
        return ("invalid", exc.errors, pid)
    except ApiError as exc:
        return ("refused", exc.status, exc.message, exc.extra, pid)
    if store_url is None:
        return ("rows", creation, seat_tokens, spectator, pid)
    try:
        meta = _store(store_url).create_game(*creation.arguments())
    except Exception as exc:  # the server answers 503, as for its own store calls
        from railways.store.sql import describe

        return ("store-failed", describe(exc), pid)
    return ("stored", meta, seat_tokens, spectator, pid)


class _Invalid(Exception):
    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("invalid body")
        self.errors = errors


def _prepared(
    body: bytes, signing_key: bytes, max_actions: int
) -> tuple[Creation, list[str | None], str]:
    from railways.rules.records import record_of
    from railways.server import games
    from railways.server.bodies import ImportIn
    from railways.server.signing import signed_by

    try:
        request = ImportIn.model_validate_json(body)
    except ValidationError as exc:
        raise _Invalid(_as_fastapi_errors(exc)) from None
    data = request.record
    raw = data.get("actions")
    if isinstance(raw, list) and len(raw) > max_actions:
        raise games.ApiError(
            400,
            f"{len(raw)} actions: this server plays at most {max_actions}",
            where="actions",
        )
    try:
        record = games.check_import_record(data)
        game, _undos = games.replay_record(record)
    except RecordError as exc:
        raise games.ApiError(400, exc.message, where=exc.where) from None
    # The importer knows the seed, hence every hidden card: every seat is shown it.
    info = {"seed_chosen": True, "signed_by_this_server": signed_by(signing_key, data)}
    if request.seats is None:
        seats = [SeatInfo(name) for name in record.seats]
    elif len(request.seats) != len(record.seats):
        raise games.ApiError(
            422, f"the record has {len(record.seats)} seats, the request {len(request.seats)}"
        )
    else:
        seats = [
            SeatInfo(name, s.kind, s.bot)
            for name, s in zip(record.seats, request.seats, strict=True)
        ]
    seats = games.seats_to_store(seats, game)
    seat_tokens, spectator, hashed = _tokens(seats)
    setup = record_of(game).body()
    actions = setup.pop("actions")
    setup[games.SERVER_KEY] = info
    creation = Creation(
        games.new_game_id(),
        setup,
        seats,
        hashed,
        games.status_of(game),
        game.state.turn,
        actions,
    )
    return creation, seat_tokens, spectator


def _tokens(seats: list[SeatInfo]) -> tuple[list[str | None], str, dict[str, int | None]]:
    """Each human seat's token (None for bots), the spectator's, and their hashes."""
    from railways.server.games import issued_tokens

    return issued_tokens(seats)


def _as_fastapi_errors(exc: ValidationError) -> list[dict[str, Any]]:
    """Pydantic's errors as FastAPI reports a body's (``loc`` from ``"body"``), without the
    input (the whole record) or anything that would not survive pickling."""
    return [
        {"loc": ["body", *err.get("loc", ())], "msg": err.get("msg", ""), "type": err["type"]}
        for err in exc.errors(include_url=False)[:20]
    ]


def _store(url: str) -> GameStore:
    """In a worker: the store at ``url``, opened once (the server has migrated it)."""
    store = _stores.get(url)
    if store is None:
        from railways.store.sql import SqlStore

        store = _stores[url] = SqlStore(url)
    return store
