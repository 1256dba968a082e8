"""The browser UI: its two pages and its static files."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from railways.server.appstate import Server
from railways.server.games import ApiError

router = APIRouter()

WEB_STATIC = Path(__file__).resolve().parents[2] / "web" / "static"

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Railways of the World</title></head>
<body><h1>Railways of the World</h1>
<p>The browser UI is not installed here yet. The API is at <a href="/docs">/docs</a>.</p>
</body></html>
"""


def _page(static: Path, name: str) -> Response:
    path = static / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(PLACEHOLDER)


@router.get("/", include_in_schema=False)
async def index(server: Server) -> Response:
    return _page(server.static, "index.html")


@router.get("/game/{game_id}", include_in_schema=False)
async def game_page(game_id: str, server: Server) -> Response:
    return _page(server.static, "game.html")


async def no_static(path: str) -> Response:
    raise ApiError(404, f"no file {path!r}: the browser UI is not installed")


def mount_static(app: FastAPI, static: Path) -> None:
    """Serve the UI's files under ``/static`` (a 404 that says why when they are missing)."""
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    else:
        app.add_api_route("/static/{path:path}", no_static, include_in_schema=False)
