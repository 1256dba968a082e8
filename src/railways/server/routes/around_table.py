"""Around the table: chat, stand-in bots, muting spectators, turn notices."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from railways.bots import LEVELS
from railways.bots.ladder import entry_for, levels_by_strength, shipped
from railways.server import table
from railways.server.appstate import Server, ServerState, caller
from railways.server.auth import bearer
from railways.server.bodies import ChatIn, ConcedeIn, MuteIn, NotifyIn, StandinIn
from railways.server.errors import GAME_ERRORS, POSTING, TOO_MANY, errors
from railways.server.games import ApiError, GameHandle
from railways.server.limits import retry_after
from railways.store import hash_token

router = APIRouter()


async def _seat(
    server: ServerState, game_id: str, request: Request, token: str | None
) -> tuple[GameHandle, int]:
    """The game and the seat of the token; a spectator link is refused (403)."""
    given = token or bearer(request)
    handle, seat = await server.manager.open(game_id, given, caller(request))
    if not isinstance(seat, int):
        raise ApiError(403, "only a seat can do this; a spectator link can only watch")
    return handle, seat


@router.get("/api/games/{game_id}/chat", responses=GAME_ERRORS)
async def read_chat(
    game_id: str,
    request: Request,
    server: Server,
    after: Annotated[int, Query(ge=0)] = 0,
    token: str | None = None,
) -> list[dict[str, Any]]:
    """The chat messages after ``after`` that this token may read."""
    manager = server.manager
    handle, seat = await manager.open(game_id, token or bearer(request), caller(request))
    await manager.load_chat(handle)
    return handle.visible_chat(seat if isinstance(seat, int) else None, after)


@router.post("/api/games/{game_id}/chat", status_code=201, responses={**POSTING, **TOO_MANY})
async def post_chat(
    game_id: str, body: ChatIn, request: Request, server: Server, token: str | None = None
) -> dict[str, Any]:
    """Say something to the table (seats and spectators; spectators not when muted)."""
    manager = server.manager
    given = token or bearer(request)
    handle, seat = await manager.open(game_id, given, caller(request))
    who = seat if isinstance(seat, int) else None
    if who is None and handle.settings.get(table.MUTED):
        raise ApiError(403, "the seats have muted spectators in this game's chat")
    wait = server.chat_limit.take(hash_token(given or ""))
    if wait:
        raise ApiError(
            429, "too many messages; wait a little", headers={"Retry-After": retry_after(wait)}
        )
    try:
        text = table.clean_chat(body.text)
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None
    name = handle.game.seats[who] if who is not None else "Spectator"
    return await manager.add_chat(handle, who, name, text)


def standin_levels() -> list[dict[str, Any]]:
    """The stand-in levels, weakest first by the bot ladder (``railways.bots.ladder``), each
    with its place on it and the rating and decision time of the bot it seats."""
    ladder = shipped()
    out = []
    for place, level in enumerate(levels_by_strength(ladder), start=1):
        if level not in table.STANDIN_LEVELS:
            continue
        row = entry_for(level, ladder) or {}
        out.append(
            {
                "level": level,
                "bot": LEVELS[level],
                "place": place,
                "rated_as": row.get("bot"),
                "mu": row.get("mu"),
                "sigma": row.get("sigma"),
                "decision_p50_ms": row.get("decision_p50_ms"),
            }
        )
    return out


@router.get("/api/games/{game_id}/standin", responses=GAME_ERRORS)
async def standin_choices(
    game_id: str, request: Request, server: Server, token: str | None = None
) -> dict[str, Any]:
    """The levels this seat can hand itself to (weakest first, by the ladder) and the one to
    offer first: the seat's stand-in now, else the game's level for a seat out of time."""
    handle, seat = await _seat(server, game_id, request, token)
    now = (handle.settings.get(table.STANDINS) or {}).get(str(seat))
    default = now or handle.settings.get(table.STANDIN_LEVEL, table.DEFAULT_STANDIN)
    return {"levels": standin_levels(), "default": default}


@router.post("/api/games/{game_id}/standin", responses=POSTING)
async def standin(
    game_id: str, body: StandinIn, request: Request, server: Server, token: str | None = None
) -> dict[str, Any]:
    """Hand this seat to a bot of ``level`` (``null``: take the seat back)."""
    handle, seat = await _seat(server, game_id, request, token)
    await server.manager.set_standin(handle, seat, body.level)
    return {"seat": seat, "standin": body.level}


@router.post("/api/games/{game_id}/concede", responses={**POSTING, **errors(409)})
async def concede(
    game_id: str, body: ConcedeIn, request: Request, server: Server, token: str | None = None
) -> dict[str, Any]:
    """This seat leaves the game: a bot of ``level`` plays it to the end (for good: the
    seat's token can then only watch)."""
    handle, seat = await _seat(server, game_id, request, token)
    await server.manager.concede(handle, seat, body.level)
    return {"seat": seat, "standin": body.level, "conceded": True}


@router.post("/api/games/{game_id}/mute", responses=POSTING)
async def mute(
    game_id: str, body: MuteIn, request: Request, server: Server, token: str | None = None
) -> dict[str, Any]:
    """A seat mutes (or unmutes) spectators in the chat, for everyone."""
    manager = server.manager
    handle, seat = await _seat(server, game_id, request, token)
    await manager.set_setting(handle, table.MUTED, True if body.muted else None)
    name = handle.game.seats[seat]
    state = "mutes" if body.muted else "unmutes"
    await manager.add_chat(handle, None, "Table", f"{name} {state} spectators", system=True)
    return {"muted": body.muted}


@router.post("/api/games/{game_id}/notify", responses={**POSTING, **errors(409)})
async def notify(
    game_id: str, body: NotifyIn, request: Request, server: Server, token: str | None = None
) -> dict[str, Any]:
    """Where this seat is told that it is its turn when its page is closed (``null``:
    nowhere). Only this seat ever sees the address."""
    manager = server.manager
    handle, seat = await _seat(server, game_id, request, token)
    email = None
    if body.email is not None:
        try:
            email = table.check_email(body.email)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        if not manager.notices.smtp_host:
            raise ApiError(409, "this server sends no e-mail (its operator has not set one)")
    addresses = dict(handle.settings.get(table.NOTIFY) or {})
    if email is None:
        addresses.pop(str(seat), None)
    else:
        addresses[str(seat)] = email
    await manager.set_setting(handle, table.NOTIFY, addresses or None)
    return {"seat": seat, "email": email}
