"""The lobby: start a game (new, or from a GameRecord), list the games."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from railways.server.answers import CreatedOut, GameListItem
from railways.server.appstate import Server
from railways.server.auth import bearer
from railways.server.bodies import CreateGameIn, ImportIn, json_body
from railways.server.errors import TOO_MANY, errors
from railways.server.games import SERVER_KEY
from railways.store import GameMeta, SeatInfo, hash_token

router = APIRouter()


def created_answer(meta: GameMeta, tokens: list[str | None], spectator: str) -> dict[str, Any]:
    """A new game's seats with their private links (shown once), and the spectator link."""
    seats = []
    game_id = meta.id
    for i, (info, token) in enumerate(zip(meta.seats, tokens, strict=True)):
        seats.append(
            {
                "seat": i,
                "name": info.name,
                "kind": info.kind,
                "bot": info.bot,
                "token": token,
                "url": f"/game/{game_id}?token={token}" if token else None,
            }
        )
    return {
        "id": game_id,
        "seats": seats,
        "spectator": {"token": spectator, "url": f"/game/{game_id}?token={spectator}"},
    }


def _list_item(meta: GameMeta) -> dict[str, Any]:
    return {
        "id": meta.id,
        "map": meta.map_id,
        "status": meta.status,
        "turn": meta.turn,
        "action_index": meta.action_count,
        "seats": [
            {"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot}
            for i, s in enumerate(meta.seats)
        ],
        "created": datetime.fromtimestamp(meta.created, UTC).isoformat(timespec="seconds"),
        "seed_chosen": bool((meta.setup.get(SERVER_KEY) or {}).get("seed_chosen")),
    }


@router.post(
    "/api/games",
    status_code=201,
    response_model=CreatedOut,
    responses={**errors(400), **TOO_MANY},
)
async def create_game(body: CreateGameIn, request: Request, server: Server) -> dict[str, Any]:
    """Start a game; the answer holds each human seat's private token (shown once)."""
    server.take_create(request)
    seats = [SeatInfo(s.name, s.kind, s.bot) for s in body.seats]
    handle, tokens, spectator = await server.manager.create(
        body.map,
        seats,
        body.seed,
        body.options.given(),
        move_limit=body.move_limit,
        standin_level=body.standin_level,
    )
    return created_answer(handle.meta, tokens, spectator)


@router.post(
    "/api/games/import",
    status_code=201,
    response_model=CreatedOut,
    responses={**errors(400), **TOO_MANY},
    openapi_extra=json_body(ImportIn),
)
async def import_game(request: Request, server: Server) -> dict[str, Any]:
    """Start a game from a GameRecord; it is replayed and checked first (400 with where)."""
    server.take_create(request)
    # The body (an ImportIn: a record of up to thousands of actions) is read as bytes and
    # parsed, checked and stored by a worker process: parsed here, it held the event loop
    # for tens of milliseconds while other games' answers waited (issue 30).
    body = await request.body()
    meta, tokens, spectator = await server.manager.import_body(body)
    return created_answer(meta, tokens, spectator)


@router.get("/api/games", response_model=list[GameListItem], responses=errors())
async def list_games(
    response: Response,
    request: Request,
    server: Server,
    token: Annotated[list[str] | None, Query(max_length=20)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> list[dict[str, Any]]:
    """Games, newest first, ``limit`` at a time from ``offset``. Without ``token`` only
    open games (not over); with ``token`` (repeatable) only the caller's games, over
    or not. ``X-Total-Count`` says how many there are in all."""
    if not token and bearer(request):
        token = [str(bearer(request))]
    hashes = [hash_token(t) for t in token] if token else None
    open_only = hashes is None  # a stranger sees the games still open to watch
    store = server.store

    def page() -> tuple[int, list[GameMeta]]:
        total = store.count_games(hashes, open_only)
        return total, store.list_games(hashes, open_only=open_only, limit=limit, offset=offset)

    page.__name__ = "list_games"  # a read, for the store's thread pools
    total, metas = await server.manager.call_store(page)
    response.headers["X-Total-Count"] = str(total)
    return [_list_item(m) for m in metas]
