"""``/api/health``: liveness, warmth, and whether the store takes writes."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from railways.server.appstate import Server

router = APIRouter()


@router.get("/api/health", include_in_schema=False)
async def health(server: Server) -> JSONResponse:
    """Liveness; whether the route tables of the default board (``warm``) and of every
    board (``boards_warm``) are computed yet; and whether
    the store takes writes (503 with the reason if not: a read-only database, a full
    disk, a lock held elsewhere)."""
    if server.store_check_stale():
        await server.check_store()
    problem = server.store_problem
    body = {
        "ok": problem is None,
        "warm": server.warm,
        "boards_warm": server.boards_warm,
        "store": {"writable": problem is None, "problem": problem},
    }
    return JSONResponse(body, status_code=200 if problem is None else 503)
