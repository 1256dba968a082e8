"""Moves you can follow (issue 29), in Chromium: a bot's new build comes in hex by hex in the
order laid, and its delivery's cube runs along the route, city to city; with
``prefers-reduced-motion: reduce`` the same moves are marked but nothing moves (no animation
runs on the page). The human seat passes throughout, so the bot's moves are the news."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from web.conftest import TIMEOUT_MS, Server
from web.play import action_index, open_game, plainest_move, wait_after, wait_my_turn

MAX_TURNS = 60  # the seat's passes before the bot has built and delivered (far fewer here)
MOTIONS = "window.railwaysGame.motions"


def page_with(browser: Any, server: Server, reduced: bool) -> Any:
    context = browser.new_context(
        viewport={"width": 1440, "height": 900},
        base_url=server.base,
        reduced_motion="reduce" if reduced else "no-preference",
    )
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture(params=[False, True], ids=["motion", "reduced-motion"])
def page(request: Any, browser: Any, server: Server) -> Iterator[tuple[Any, bool]]:
    context = page_with(browser, server, request.param)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, request.param
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def pass_until_the_bot_delivered(page: Any) -> list[dict[str, Any]]:
    """Pass (keeping the first Rail Baron) until the bot has a build and a delivery drawn as
    new moves; what the page recorded of each new move."""
    for _ in range(MAX_TURNS):
        phase = wait_my_turn(page, timeout=60_000)
        motions: list[dict[str, Any]] = page.evaluate(MOTIONS)
        kinds = {m["kind"] for m in motions if m["seat"] == 1}
        if {"build_track", "deliver_goods"} <= kinds:
            return motions
        plainest_move(page, phase)
    raise AssertionError(f"the bot built and delivered nothing new: {page.evaluate(MOTIONS)}")


def test_new_moves_move_unless_reduced_motion_is_asked(
    page: tuple[Any, bool], server: Server
) -> None:
    tab, reduced = page
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "bot", "bot": "greedy"}]
    created = server.post(
        "/api/games",
        {"map": "eastern-us", "seats": seats, "seed": 3, "options": {"shorter_game": True}},
    )
    open_game(tab, created["seats"][0]["url"])
    motions = pass_until_the_bot_delivered(tab)
    bot = [m for m in motions if m["seat"] == 1]
    builds = [m for m in bot if m["kind"] == "build_track"]
    deliveries = [m for m in bot if m["kind"] == "deliver_goods"]
    if reduced:
        assert not any(m["animated"] for m in motions), motions
        assert tab.evaluate("document.getAnimations().length") == 0
        # The moves are still marked on the board, without a pulse.
        assert tab.locator("#layer-recent g.recent").count() >= 1
        pulse = tab.evaluate(
            "(() => { const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');"
            " g.setAttribute('class', 'recent recent-fresh');"
            " document.querySelector('#layer-recent').append(g);"
            " const name = getComputedStyle(g).animationName; g.remove(); return name; })()"
        )
        assert pulse == "none"
        # Build mode's highlights of the next hexes do not pulse either.
        while wait_my_turn(tab) != "actions":
            before = action_index(tab)
            tab.click("#btn-pass-bid")
            wait_after(tab, before)
        tab.click("#btn-build")
        tab.click("#layer-highlights g.hl-start >> nth=0")
        tab.wait_for_selector("#layer-highlights g.hl-next")
        assert tab.evaluate("document.getAnimations().length") == 0
    else:
        # A build comes in hex by hex (its laid hexes after the first), a delivery's cube
        # passes the centres of its route: at least its two cities and a hex between.
        assert any(m["animated"] and m["parts"] >= 1 for m in builds), builds
        assert all(m["animated"] and m["parts"] >= 3 for m in deliveries), deliveries
