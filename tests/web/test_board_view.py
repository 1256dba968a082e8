"""The board a player looks at (issue 17, "Readable"): names and cubes a person can read at
the default view, zoom around the pointer, pan by dragging, the view remembered per game,
city tooltips, and hexes a finger can hit on a tablet. Screenshots of the default view at a
laptop's and a tablet's size are saved under build/screenshots/ for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web.conftest import TIMEOUT_MS, Server
from web.play import open_game, to_actions

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

LABEL_PX = """() => {
  const svg = document.querySelector('#board-view svg');
  const k = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('g.city text.name')].map((t) => {
    const m = new DOMMatrix(getComputedStyle(t).transform === 'none' ? undefined
                            : getComputedStyle(t).transform);
    return parseFloat(t.getAttribute('font-size')) * k * m.a;
  });
}"""

CUBE_PX = """() => [...document.querySelectorAll('#board-view g.cubes rect')]
  .map((r) => r.getBoundingClientRect().width)"""


@pytest.fixture
def laptop(browser: Any, server: Server) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, base_url=server.base)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def test_city_names_and_cubes_are_readable_at_the_default_view(laptop: Any, server: Server) -> None:
    created = server.new_game(seed=21)
    open_game(laptop, created["seats"][0]["url"])
    sizes = laptop.evaluate(LABEL_PX)
    assert len(sizes) >= 40
    assert min(sizes) >= 11, f"smallest city name {min(sizes):.1f} CSS px"
    cubes = laptop.evaluate(CUBE_PX)
    assert cubes and min(cubes) >= 8, f"smallest cube {min(cubes):.1f} CSS px"
    SHOTS.mkdir(parents=True, exist_ok=True)
    laptop.screenshot(path=str(SHOTS / "default-1440x900.png"))


def test_wheel_zooms_about_the_pointer_and_the_view_is_remembered(
    laptop: Any, server: Server
) -> None:
    created = server.new_game(seed=22)
    open_game(laptop, created["seats"][0]["url"])
    city = laptop.locator("#board-view g.city[data-city='pittsburgh'] .city-marker")
    box = city.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    laptop.mouse.move(x, y)
    for _ in range(3):
        laptop.mouse.wheel(0, -300)
    laptop.wait_for_function("() => Number(document.body.dataset.zoom) > 1.5")
    after = city.bounding_box()
    assert after["width"] > box["width"] * 1.5  # zoomed in
    # ... about the pointer: Pittsburgh stayed under it.
    assert abs(after["x"] + after["width"] / 2 - x) < 12
    assert abs(after["y"] + after["height"] / 2 - y) < 12
    zoom = float(laptop.evaluate("document.body.dataset.zoom"))
    laptop.reload()
    laptop.wait_for_selector("body[data-ready='1']")
    laptop.wait_for_selector("#board-view svg g.city")
    assert abs(float(laptop.evaluate("window.railwaysGame.board.zoom")) - zoom) < 0.01
    again = city.bounding_box()
    assert abs(again["x"] + again["width"] / 2 - x) < 40


def test_dragging_pans_without_making_a_move_and_tooltips_tell_about_a_city(
    laptop: Any, server: Server
) -> None:
    created = server.new_game(seed=23)
    open_game(laptop, created["seats"][0]["url"])
    laptop.click("#zoom-in")
    laptop.click("#zoom-in")
    before = laptop.evaluate(
        "[document.querySelector('#board-view').scrollLeft, "
        "document.querySelector('#board-view').scrollTop]"
    )
    view = laptop.locator("#board-view").bounding_box()
    cx, cy = view["x"] + view["width"] / 2, view["y"] + view["height"] / 2
    laptop.mouse.move(cx, cy)
    laptop.mouse.down()
    laptop.mouse.move(cx - 120, cy - 80, steps=8)
    laptop.mouse.up()
    after = laptop.evaluate(
        "[document.querySelector('#board-view').scrollLeft, "
        "document.querySelector('#board-view').scrollTop]"
    )
    assert after[0] - before[0] > 80 and after[1] - before[1] > 40
    laptop.locator("#board-view g.city[data-city='chicago'] .city-marker").hover()
    laptop.wait_for_selector("#city-tip:not([hidden])")
    tip = laptop.inner_text("#city-tip")
    assert "Chicago" in tip and "red city" in tip.lower()
    assert "Goods:" in tip or "No goods" in tip


def test_on_a_tablet_building_zooms_so_a_hex_is_a_finger_wide(tablet: Any, server: Server) -> None:
    created = server.new_game(seed=24)
    open_game(tablet, created["seats"][0]["url"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    tablet.screenshot(path=str(SHOTS / "default-820x1180.png"))
    assert min(tablet.evaluate(LABEL_PX)) >= 11
    to_actions(tablet)
    tablet.click("#btn-build")
    tablet.wait_for_selector("body[data-mode='build']")
    hex_px = float(tablet.evaluate("window.railwaysGame.board.hexPixels()"))
    assert hex_px >= 40


# Hexes of the Eastern U.S. board: even and odd rows, both edges.
GEOMETRY_HEXES = [(0, 10), (1, 10), (8, 26), (9, 25), (12, 3), (15, 20)]

PAGE_GEOMETRY = """(hexes) => {
  const geo = window.railwaysGame.board.geo;
  const svg = document.querySelector('#board-view svg');
  return hexes.map(([r, c]) => ({
    center: geo.center(r, c),
    corners: geo.corners(r, c),
    mids: [0, 1, 2, 3, 4, 5].map((s) => geo.sideMidpoint(r, c, s)),
    neighbours: geo.sides.map((name) => geo.neighbour(r, c, name)),
    towards: geo.sides.map((name) => geo.sideTowards([r, c], geo.neighbour(r, c, name))),
    drawn: (svg.querySelector(`#hex-${r}-${c} polygon`) || {getAttribute: () => null})
      .getAttribute('points'),
  }));
}"""


def test_the_page_draws_and_steps_with_the_servers_geometry(laptop: Any, server: Server) -> None:
    """board.js keeps no copy of render/svg.py's layout: it reads the picture's
    data-geometry, so its hex centres, corners, side middles and neighbours are the
    server's (issue 27)."""
    from railways.core.hexgrid import SIDES, Hex
    from railways.render.svg import hex_center, hex_corners, side_midpoint

    created = server.new_game(seed=21)
    open_game(laptop, created["seats"][0]["url"])
    found = laptop.evaluate(PAGE_GEOMETRY, GEOMETRY_HEXES)
    for (row, col), page in zip(GEOMETRY_HEXES, found, strict=True):
        at = Hex.from_offset(row, col)
        assert page["center"] == pytest.approx(list(hex_center(at)))
        assert page["corners"] == [pytest.approx(list(p)) for p in hex_corners(at)]
        mids = [pytest.approx(list(side_midpoint(at, side))) for side in SIDES]
        assert page["mids"] == mids
        assert page["neighbours"] == [list(at.neighbour(side).offset) for side in SIDES]
        assert page["towards"] == [int(side) for side in SIDES]
        if page["drawn"] is not None:  # a hex of the board: the page's corners are the drawn ones
            drawn = [[float(v) for v in p.split(",")] for p in page["drawn"].split()]
            assert drawn == [pytest.approx(list(p), abs=0.01) for p in hex_corners(at)]
    assert any(page["drawn"] for page in found)
