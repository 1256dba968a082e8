"""Steps the browser tests share: open a game page, get to a phase, find a useful link."""

from __future__ import annotations

import re
from typing import Any

from web.conftest import Server

MY_TURN = "body[data-my-turn='1']"


def open_game(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#board-view svg g.city")


def wait_my_turn(page: Any, timeout: int = 30_000) -> str:
    """Wait until the seat may act; the phase it is in."""
    page.wait_for_selector(MY_TURN, timeout=timeout)
    return str(page.evaluate("document.body.dataset.phase"))


def action_index(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.actionIndex"))


def wait_after(page: Any, index: int) -> None:
    """Wait until the page shows a position later than ``index``."""
    # Functions, not expression strings: under the page's CSP a string would need eval.
    page.wait_for_function(f"() => Number(document.body.dataset.actionIndex) > {index}")


def plainest_move(page: Any, phase: str) -> None:
    """Make the seat's plainest move in ``phase`` (keep the first Rail Baron, pass in the
    auction, else pass) and wait until the page shows the position after it."""
    before = action_index(page)
    if phase == "choose_baron":
        page.click("#action-panel [data-baron] >> nth=0")
    elif phase == "auction":
        page.click("#btn-pass-bid")
    else:
        page.click("#btn-pass")
    wait_after(page, before)


def keep_baron(page: Any) -> None:
    assert wait_my_turn(page) == "choose_baron"
    before = action_index(page)
    page.click("#action-panel [data-baron] >> nth=0")
    wait_after(page, before)


def to_actions(page: Any) -> None:
    """Keep a Rail Baron and pass in every auction until the seat has an action to take."""
    while True:
        phase = wait_my_turn(page)
        if phase == "actions":
            return
        before = action_index(page)
        if phase == "choose_baron":
            page.click("#action-panel [data-baron] >> nth=0")
        else:
            page.click("#btn-pass-bid")
        wait_after(page, before)


def city_hexes(server: Server) -> dict[tuple[int, int], str]:
    """Board hex (row, col) -> city id, read from the board SVG."""
    import urllib.request

    with urllib.request.urlopen(server.base + "/api/maps/eastern-us/board.svg") as response:
        svg = response.read().decode()
    out = {}
    for tag in re.findall(r'<g id="city-[^"]*"[^>]*>', svg):
        city = re.search(r'data-city="([^"]+)"', tag)
        row = re.search(r'data-row="(\d+)"', tag)
        col = re.search(r'data-col="(\d+)"', tag)
        assert city and row and col
        out[(int(row.group(1)), int(col.group(1)))] = city.group(1)
    return out


def delivering_link(server: Server, game_id: str, token: str) -> dict[str, Any]:
    """The cheapest complete link the seat may build now that opens a delivery.

    One of its two cities must hold a cube of the other's colour.
    """
    data = server.state(game_id, token)
    view, legal = data["view"], data["legal"]
    cities = city_hexes(server)
    cubes, colors = view["cubes"], view["city_colors"]
    options = []
    for build in legal["builds"]:
        dest = build["to_city"]
        start = cities.get(tuple(build["action"]["path"][0]))
        if not dest or not start:
            continue
        if colors[dest] in cubes.get(start, []) or colors[start] in cubes.get(dest, []):
            options.append((build["cost"], build["tiles"], start, dest, build))
    assert options, "no link opens a delivery in this position: choose another seed"
    options.sort(key=lambda o: o[:4])
    cost, _tiles, start, dest, build = options[0]
    return {"start": start, "dest": dest, "cost": cost, "build": build}
