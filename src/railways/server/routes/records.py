"""Records out: a finished game's GameRecord, and any game step by step."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from railways.rules.records import game_from_record, record_of
from railways.server.appstate import Server, caller
from railways.server.auth import bearer
from railways.server.errors import GAME_ERRORS
from railways.server.games import ApiError
from railways.server.replay import Replayer
from railways.server.signing import sign

router = APIRouter()


@router.get("/api/games/{game_id}/replay", responses=GAME_ERRORS)
async def replay_step(
    game_id: str,
    request: Request,
    server: Server,
    at: Annotated[int, Query(ge=0, le=1_000_000)],
    token: str | None = None,
) -> dict[str, Any]:
    """The position after the game's first ``at`` actions as this token's seat saw it
    then (a spectator token: the public view), with that step's last log line. Any game,
    running or over; the record itself never leaves the server."""
    handle, seat = await server.manager.open(game_id, token or bearer(request), caller(request))
    async with handle.lock:
        actions = tuple(handle.game.actions)
        if handle.replayer is None:
            start = record_of(handle.game)
            handle.replayer = Replayer(game_from_record(dataclasses.replace(start, actions=())))
        replayer = handle.replayer
    if at > len(actions):
        raise ApiError(400, f"step {at}: this game has {len(actions)} actions so far")
    who = seat if isinstance(seat, int) else None  # SPECTATOR: the public view
    step = await asyncio.to_thread(replayer.view_at, actions, at, who)
    return {"id": game_id, "seat": who, "at": at, "total": len(actions), **step}


@router.get("/api/games/{game_id}/record", responses=GAME_ERRORS)
async def get_record(
    game_id: str, request: Request, server: Server, token: str | None = None
) -> dict[str, Any]:
    """The GameRecord, once the game is over (before, it would reveal the seed and
    everyone's Rail Barons). A game this server refereed from its first action carries
    this server's signature (docs/server.md); one imported from a record that was not
    this server's own is given back as it came, unsigned."""
    manager = server.manager
    handle, _seat = await manager.open(game_id, token or bearer(request), caller(request))
    async with handle.lock:
        if not handle.game.over:
            raise ApiError(
                403,
                "the record can be exported once the game is over: it holds the seed, "
                "which decides every hidden card and cube, and every seat's Rail Baron",
            )
        record = record_of(handle.game).to_dict()
        if handle.info.get("signed_by_this_server", True):
            record = sign(manager.signing_key, record)
        return record
