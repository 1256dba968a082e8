"""Live updates: a WebSocket per page, sent the seat's view whenever the game or the table
changes, and the chat."""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from railways.server.appstate import Server, caller
from railways.server.games import SPECTATOR, ApiError, GameHandle, GameManager, Watcher

router = APIRouter()

FIRST_MESSAGE_SECONDS = 10.0  # how long a WebSocket may take to send its token
# Close codes a browser can see (a refused handshake shows only as a generic failure).
CLOSE_TOO_MANY = 4429
CLOSE_RELOADED = 1012  # the game was dropped from memory: reconnect


@router.websocket("/api/games/{game_id}/ws")
async def live(
    websocket: WebSocket, game_id: str, server: Server, token: str | None = None
) -> None:
    try:
        if not token:  # the browser's way: the token is the first message, not in the URL
            token = await _first_message_token(websocket)
        handle, seat = await server.manager.open(game_id, token, caller(websocket))
    except ApiError as exc:
        # Accept, then close with 4403/4404 and the reason: a browser sees the code,
        # while a refused handshake would only show up as a generic failure.
        await _accept(websocket)
        await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
        return
    who = None if seat is SPECTATOR else seat
    assert who is None or isinstance(who, int)
    key = (handle.id, who)
    sockets = server.sockets
    if sockets.get(key, 0) >= server.websockets_per_seat:
        await _accept(websocket)
        await websocket.close(
            code=CLOSE_TOO_MANY,
            reason=f"this seat already has {server.websockets_per_seat} live connections",
        )
        return
    sockets[key] = sockets.get(key, 0) + 1
    try:
        await _follow(websocket, server.manager, handle, who)
    finally:
        sockets[key] -= 1
        if not sockets[key]:
            del sockets[key]


async def _follow(
    websocket: WebSocket, manager: GameManager, handle: GameHandle, who: int | None
) -> None:
    await _accept(websocket)
    watcher = Watcher(who)
    handle.watchers.add(watcher)
    sent = (-1, -1)
    chat_sent = 0
    await manager.load_chat(handle)
    closed_by_peer = asyncio.get_running_loop().create_task(_drain(websocket))
    try:
        # A handle dropped before the watcher was added (the awaits above) would never
        # wake it: the dead check sends that socket to reconnect too.
        while not (watcher.closed or handle.dead) and not closed_by_peer.done():
            watcher.wake.clear()
            async with handle.lock:
                now = (handle.index, handle.table_version)
                message = handle.update_json(who) if now != sent else None
                said = handle.visible_chat(who, chat_sent)
            if message is not None:
                await websocket.send_text(message)
                sent = now
            if said:
                await websocket.send_text(
                    json.dumps({"type": "chat", "messages": said}, separators=(",", ":"))
                )
                chat_sent = said[-1]["seq"]
            waiter = asyncio.ensure_future(watcher.wake.wait())
            await asyncio.wait({waiter, closed_by_peer}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
        if (watcher.closed or handle.dead) and not closed_by_peer.done():
            await websocket.close(code=CLOSE_RELOADED, reason="the game was reloaded; reconnect")
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        handle.watchers.discard(watcher)
        closed_by_peer.cancel()


async def _accept(websocket: WebSocket) -> None:
    if websocket.client_state is WebSocketState.CONNECTING:
        await websocket.accept()


async def _first_message_token(websocket: WebSocket) -> str:
    """Accept, then read ``{"token": "..."}`` as the first message (ApiError 403 if it does
    not come in time or is not that), so the token never travels in the URL."""
    await _accept(websocket)
    try:
        text = await asyncio.wait_for(websocket.receive_text(), FIRST_MESSAGE_SECONDS)
        token = json.loads(text).get("token")
    except (TimeoutError, ValueError, AttributeError, KeyError, WebSocketDisconnect):
        token = None
    if not isinstance(token, str) or not token:
        raise ApiError(403, 'a seat or spectator token is needed: send {"token": "..."} first')
    return token


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, so a disconnect is noticed at once."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message.get("type") == "websocket.disconnect":
                return
