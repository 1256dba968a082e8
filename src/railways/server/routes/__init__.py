"""The server's routes, one router per concern, each a module of its own.

Every handler takes what it shares with the others from the application's state
(``railways.server.appstate.Server``); ``create_app`` includes :data:`ROUTERS` in this
order.
"""

from __future__ import annotations

from fastapi import APIRouter

from railways.server.routes import around_table, health, live, lobby, maps, pages, play, records

ROUTERS: tuple[APIRouter, ...] = (
    health.router,  # is the server up, warm, and can it write
    lobby.router,  # create a game or import one from a record, list games
    play.router,  # a seat's view, its actions, where a build may go next
    around_table.router,  # around the table: chat, stand-ins, muting, turn notices
    records.router,  # a game step by step, and its record once over
    maps.router,  # the boards, the variants, the rules' summaries
    live.router,  # the WebSocket of live updates
    pages.router,  # the browser UI's pages
)
