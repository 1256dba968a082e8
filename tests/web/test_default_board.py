"""The lobby names no board: it shows the server's default board first, and when the board
list cannot be had it still creates a game, on the default board, by sending no map."""

from __future__ import annotations

from typing import Any

from railways.content.maps import DEFAULT_MAP
from web.conftest import Server


def _created_map(page: Any, server: Server) -> str:
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    url = page.locator("#btn-play").get_attribute("href")
    game_id = url.split("/game/", 1)[1].split("?", 1)[0]
    token = url.split("token=", 1)[1]
    return str(server.get(f"/api/games/{game_id}?token={token}")["view"]["map"])


def test_the_lobby_selects_the_servers_default_board_first(page: Any, server: Server) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#map").input_value() == DEFAULT_MAP
    assert page.locator("#map option").count() > 1  # the server's list, not the fallback
    assert _created_map(page, server) == DEFAULT_MAP


def test_without_the_board_list_the_default_board_is_still_played(
    page: Any, server: Server
) -> None:
    page.route("**/api/maps", lambda route: route.abort())
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#map option").all_inner_texts() == ["The default board"]
    assert page.locator("#map").input_value() == ""
    assert _created_map(page, server) == DEFAULT_MAP
