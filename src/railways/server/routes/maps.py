"""The boards: the maps, the variants a game may choose, board pictures, rule summaries."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from railways.content.maps import available_maps
from railways.content.rules import summary
from railways.rules.solo.state import is_solo
from railways.server import catalogue
from railways.server.answers import MapInfoOut, MapOut, RuleOut, VariantOut
from railways.server.appstate import Server
from railways.server.errors import errors
from railways.server.games import ApiError

router = APIRouter()

_SVG = {200: {"content": {"image/svg+xml": {}}}, **errors(404)}


@router.get("/api/maps", response_model=list[MapOut], responses=errors())
async def list_maps() -> list[dict[str, Any]]:
    """The maps; ``solo``: the map can be played solo against the Railbot."""
    return catalogue.maps()


@router.get("/api/variants", response_model=list[VariantOut], responses=errors())
async def list_variants() -> list[dict[str, Any]]:
    """The optional modules and variants a game may choose (``options.modules``)."""
    from railways.rules.modules.base import describe_modules

    return describe_modules()


@router.get("/api/maps/{map_id}", response_model=MapInfoOut, responses=errors(404))
async def map_info(map_id: str) -> dict[str, Any]:
    """A map with the names and texts of its Operations cards and Rail Barons (the
    printed decks; who holds which is never here)."""
    found = map_id in available_maps()
    info = await asyncio.to_thread(catalogue.map_info, map_id) if found else None
    if info is None:
        raise ApiError(404, f"no map {map_id!r}")
    return info


@router.get("/api/maps/{map_id}/board.svg", response_class=Response, responses=_SVG)
async def board_svg(map_id: str, colorblind: bool = False) -> Response:
    """The board picture; ``colorblind`` (1/0, true/false) adds colour letters."""
    if map_id not in available_maps():
        raise ApiError(404, f"no map {map_id!r}")
    svg = await asyncio.to_thread(catalogue.board_svg, map_id, colorblind)
    return Response(content=svg, media_type="image/svg+xml")


@router.get("/api/games/{game_id}/board.svg", response_class=Response, responses=_SVG)
async def game_board_svg(game_id: str, server: Server, colorblind: bool = False) -> Response:
    """The picture of the board the game is played on: the map's, or for a board put
    together at set-up (Through Time's eras) that game's own. Public, as the map's is."""
    handle = await server.manager.get(game_id)
    if is_solo(handle.game):
        # Solo leaves its out-of-play cities off the game's board, but the table still
        # shows them, under the Not in Play discs the page draws (RB-097).
        svg = await asyncio.to_thread(catalogue.board_svg, handle.game.board.id, colorblind)
    else:
        svg = await asyncio.to_thread(catalogue.game_board_svg, handle.game.board, colorblind)
    return Response(content=svg, media_type="image/svg+xml")


@router.get("/api/rules/{clause}", response_model=RuleOut, responses=errors(404))
async def rule(clause: str) -> dict[str, Any]:
    text = summary(clause)
    if text is None:
        raise ApiError(404, f"no summary of clause {clause!r}")
    return {"clause": clause, "summary": text}
