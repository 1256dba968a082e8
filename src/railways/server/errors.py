"""Refusals are JSON ``{"error": ...}`` with a 4xx status, never a 500 for bad input; and
the refusals each route may give, for the OpenAPI description."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from railways.server.answers import ErrorOut
from railways.server.games import ApiError

log = logging.getLogger("railways.server")

_RETRY = {"Retry-After": {"schema": {"type": "string"}, "description": "seconds to wait"}}
# A route limited per address or token may answer 429 with Retry-After.
TOO_MANY: dict[int | str, dict[str, Any]] = {429: {"model": ErrorOut, "headers": _RETRY}}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route documents: ``codes`` and those every route may give (413: the
    body limit, 422: a malformed request, 503: the store is unavailable)."""
    return {c: {"model": ErrorOut} for c in sorted({*codes, 413, 422, 503})}


# A route about one game, for a token: a wrong token (403) or no such game (404).
GAME_ERRORS = errors(403, 404)
# A POST about one game: also 400, a body that is not JSON.
POSTING = errors(400, 403, 404)


def validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "malformed request: " + "; ".join(parts)


async def _api_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)


async def _invalid(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    detail = [
        {"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")}
        for e in exc.errors()[:20]
    ]
    return JSONResponse({"error": validation_message(exc), "detail": detail}, status_code=422)


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    body = {"error": str(exc.detail)}
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


async def _crash(_request: Request, exc: Exception) -> JSONResponse:  # pragma: no cover
    log.exception("unexpected error", exc_info=exc)
    return JSONResponse({"error": "internal error"}, status_code=500)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every refusal as JSON ``{"error": ...}``."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _crash)
