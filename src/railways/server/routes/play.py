"""Playing: a seat's view and legal actions, its actions, where a build may go next."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from railways.content.rules import summary
from railways.core.actions import BuildTrack
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import next_hexes
from railways.server.answers import NextHexOut
from railways.server.appstate import Server, caller, json_response
from railways.server.auth import bearer
from railways.server.bodies import ActionIn
from railways.server.errors import errors
from railways.server.games import SPECTATOR, ApiError

router = APIRouter()

MAX_PATH = 64  # hexes a build in progress may hold in a next-hexes question


@router.get("/api/games/{game_id}", responses=errors(403, 404))
async def get_game(
    game_id: str, request: Request, server: Server, token: str | None = None
) -> Response:
    """The token's seat's view and legal actions (spectators: public view, legal null).
    The token may come as ``Authorization: Bearer ...`` instead of ``?token=``."""
    manager = server.manager
    handle, seat = await manager.open(game_id, token or bearer(request), caller(request))
    who = None if seat is SPECTATOR else seat
    assert who is None or isinstance(who, int)
    async with handle.lock:
        moved = await manager.catch_up(handle)  # another server process may have acted
        text = handle.state_json(who)
    if moved:
        manager.changed(handle)
    return json_response(text)


@router.post("/api/games/{game_id}/actions", responses=errors(400, 403, 404, 409))
async def act(game_id: str, body: ActionIn, request: Request, server: Server) -> Response:
    """Take an action as the token's seat, after action number ``after``."""
    manager = server.manager
    handle, _seat = await manager.open(game_id, body.token, caller(request))
    try:
        seat = await manager.act(handle, body.token, body.after, body.action)
    except IllegalAction as exc:
        return JSONResponse(
            {"error": exc.message, "clause": exc.clause, "rule": summary(exc.clause)},
            status_code=400,
        )
    async with handle.lock:
        return json_response(handle.state_json(seat))


@router.get(
    "/api/games/{game_id}/next-hexes",
    response_model=list[NextHexOut],
    response_model_exclude_unset=True,
    responses=errors(403, 404),
)
async def get_next_hexes(
    game_id: str,
    request: Request,
    server: Server,
    token: str | None = None,
    path: str = "",
    cards: str = "",
    redirect: bool = False,
) -> list[dict[str, Any]]:
    """Where a build in progress (``path``) may go next, with the cost so far.

    With ``redirect=1`` the build turns the end tile of the seat's own incomplete link
    at the path's first hex; each answer then also says (``turn_cost``) what turning
    the tile to face that hex alone would cost, while the path is that one hex."""
    handle, seat = await server.manager.open(game_id, token or bearer(request), caller(request))
    if seat is SPECTATOR:
        raise ApiError(403, "a spectator token can only watch")
    assert isinstance(seat, int)
    hexes = _parse_path(path)
    card_ids = tuple(c for c in cards.split(",") if c)
    if redirect:
        async with handle.lock:
            return redirect_hexes(handle.game, seat, hexes, card_ids)
    async with handle.lock:
        found = next_hexes(handle.game, seat, hexes, card_ids)
    return [
        {"row": h.row, "col": h.col, "cost": cost, "completes": completes}
        for h, cost, completes in found
    ]


def _try_plan(game: Game, action: BuildTrack) -> Any:
    try:
        return game.plan(action)
    except IllegalAction:
        return None


def redirect_hexes(
    game: Game, seat: int, path: tuple[Hex, ...], cards: tuple[str, ...]
) -> list[dict[str, Any]]:
    """``next_hexes`` for a build that turns (redirects) the end tile of the seat's own
    incomplete link at ``path[0]`` (RW-p5-04): where the build may go next, and, while the
    path is that one hex, what turning the tile to face each neighbour alone would cost."""
    board = game.board
    if not path:
        return []
    out = []
    for side, nxt in path[-1].neighbours():
        if nxt in path or nxt not in board.hexes:
            continue
        candidate = path + (nxt,)
        exits: list[Side | None] = [None] if board.city_at(nxt) is not None else list(Side)
        plan = None
        for exit_ in exits:
            plan = _try_plan(
                game, BuildTrack(seat=seat, path=candidate, exit=exit_, redirect=True, cards=cards)
            )
            if plan is not None:
                break
        turn = None
        if len(path) == 1:
            turn = _try_plan(
                game, BuildTrack(seat=seat, path=path, exit=side, redirect=True, cards=cards)
            )
        if plan is None and turn is None:
            continue
        out.append(
            {
                "row": nxt.row,
                "col": nxt.col,
                "cost": plan.cost if plan is not None else None,
                "completes": bool(plan is not None and plan.completes),
                "turn_cost": turn.cost if turn is not None else None,
            }
        )
    return out


def _parse_path(text: str) -> tuple[Hex, ...]:
    hexes = []
    for part in filter(None, text.split(";")):
        try:
            row, col = (int(x) for x in part.split(","))
        except ValueError:
            raise ApiError(422, f"path: expected row,col;row,col;... but got {part!r}") from None
        hexes.append(Hex.from_offset(row, col))
    if len(hexes) > MAX_PATH:
        raise ApiError(422, "path: too long")
    return tuple(hexes)
