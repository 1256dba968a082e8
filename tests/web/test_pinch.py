"""Two-finger pinch and pan on the big boards (issue 29, "pinch and pan stay smooth on big
boards"): on Transcontinental and on Australia with six seats, at a tablet's 768x1024 with
touch, real touch events (Chromium's own, through the DevTools protocol) pinch outwards and
inwards and move two fingers together. The board point under the fingers' midpoint stays
under it (or follows it, for a move), a pinch is no tap (no build started, no move sent),
and "smooth" is checked by structure, not by time: during the gestures no node under the
board is added or removed, and the very same SVG, city and hex nodes are there after."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from web.conftest import Server, screen_page
from web.play import action_index, open_game, to_actions

Point = tuple[float, float]

# Marks the board's SVG, its cities and hexes with a property and watches for nodes added
# to or removed from the board; the count of nodes under it.
MARK = """() => {
  const view = document.querySelector('#board-view');
  const svg = view.querySelector('svg');
  const marked = [svg, ...svg.querySelectorAll('g.city, [id^="hex-"]')];
  for (const node of marked) node.pinchMark = true;
  window.pinchMarked = marked;
  window.pinchChanges = 0;
  window.pinchObserver = new MutationObserver((records) => {
    for (const r of records) window.pinchChanges += r.addedNodes.length + r.removedNodes.length;
  });
  window.pinchObserver.observe(view, {childList: true, subtree: true});
  return {nodes: view.querySelectorAll('*').length, marked: marked.length};
}"""

CHECK = """() => {
  const view = document.querySelector('#board-view');
  const svg = view.querySelector('svg');
  for (const r of window.pinchObserver.takeRecords()) {
    window.pinchChanges += r.addedNodes.length + r.removedNodes.length;
  }
  window.pinchObserver.disconnect();
  const now = [svg, ...svg.querySelectorAll('g.city, [id^="hex-"]')];
  return {
    nodes: view.querySelectorAll('*').length,
    changes: window.pinchChanges,
    allMarked: now.every((node) => node.pinchMark === true),
    allThere: window.pinchMarked.every((node) => view.contains(node)),
  };
}"""

TO_BOARD = """([x, y]) => {
  const svg = document.querySelector('#board-view svg');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
  return [p.x, p.y];
}"""

TO_SCREEN = """([x, y]) => {
  const svg = document.querySelector('#board-view svg');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""

# The city whose marker is nearest the middle of the board area, and its centre on screen.
MIDDLE_CITY = """() => {
  const view = document.querySelector('#board-view').getBoundingClientRect();
  const mx = view.left + view.width / 2, my = view.top + view.height / 2;
  let best = null;
  for (const m of document.querySelectorAll('#board-view g.city .city-marker')) {
    const r = m.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const d = Math.hypot(x - mx, y - my);
    if (!best || d < best.d) best = {d, x, y, city: m.closest('g.city').dataset.city};
  }
  return best;
}"""

NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => done(0)))"


@pytest.fixture
def upright_tablet(browser: Any, server: Server) -> Iterator[Any]:
    """A 768x1024 touch screen with no mouse hover."""
    with screen_page(browser, server.base, 768, 1024, touch=True) as page:
        yield page


def two_fingers(cdp: Any, start: tuple[Point, Point], end: tuple[Point, Point]) -> None:
    """Put two fingers down at ``start`` (one, then the other), move them in steps to
    ``end`` and lift them."""

    def send(kind: str, points: list[Point]) -> None:
        touch = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch})

    (a0, b0), (a1, b1) = start, end
    send("touchStart", [a0])
    send("touchStart", [a0, b0])
    steps = 12
    for i in range(1, steps + 1):
        t = i / steps
        a = (a0[0] + (a1[0] - a0[0]) * t, a0[1] + (a1[1] - a0[1]) * t)
        b = (b0[0] + (b1[0] - b0[0]) * t, b0[1] + (b1[1] - b0[1]) * t)
        send("touchMove", [a, b])
    send("touchEnd", [])


def around(mid: Point, half: float) -> tuple[Point, Point]:
    """Two fingers ``half`` px left and right of ``mid``."""
    return (mid[0] - half, mid[1]), (mid[0] + half, mid[1])


def moved(fingers: tuple[Point, Point], dx: float, dy: float) -> tuple[Point, Point]:
    a, b = fingers
    return (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)


def zoom(page: Any) -> float:
    return float(page.evaluate("window.railwaysGame.board.zoom"))


def assert_near(page: Any, board_point: list[float], screen: Point, what: str) -> None:
    x, y = page.evaluate(TO_SCREEN, board_point)
    sx, sy = screen
    assert abs(x - sx) < 4 and abs(y - sy) < 4, (
        f"{what}: the board point is at ({x:.1f}, {y:.1f}), not under ({sx:.1f}, {sy:.1f})"
    )


@pytest.mark.parametrize(("board", "seed"), [("transcontinental", 291), ("australia", 292)])
def test_pinch_zooms_about_the_fingers_and_two_fingers_pan_without_rebuilding_the_board(
    upright_tablet: Any, server: Server, board: str, seed: int
) -> None:
    page = upright_tablet
    seats: list[dict[str, Any]] = [{"name": "Ann", "kind": "human"}]
    seats += [{"name": f"Bot {i}", "kind": "bot", "bot": "greedy"} for i in range(2, 7)]
    created = server.post("/api/games", {"map": board, "seats": seats, "seed": seed})
    open_game(page, created["seats"][0]["url"])
    to_actions(page)  # a tap on a city now starts a build: a pinch must not
    page.evaluate(NEXT_FRAME)
    index = action_index(page)
    mode = page.evaluate("document.body.dataset.mode || ''")
    city = page.evaluate(MIDDLE_CITY)
    before = page.evaluate(MARK)
    assert before["marked"] > 100 and before["nodes"] > 1000
    cdp = page.context.new_cdp_session(page)

    # Outwards, the first finger on a city: zoomed in about the midpoint.
    mid = (city["x"] + 40, city["y"])
    anchor = page.evaluate(TO_BOARD, list(mid))
    z0 = zoom(page)
    two_fingers(cdp, around(mid, 40), around(mid, 100))
    page.evaluate(NEXT_FRAME)
    assert zoom(page) == pytest.approx(z0 * 2.5, rel=0.02)
    assert_near(page, anchor, mid, "pinch outwards")

    # Both fingers moved together: the board follows them, at the same zoom.
    z1 = zoom(page)
    anchor = page.evaluate(TO_BOARD, list(mid))
    two_fingers(cdp, around(mid, 50), moved(around(mid, 50), -90, -70))
    page.evaluate(NEXT_FRAME)
    assert zoom(page) == pytest.approx(z1, rel=0.01)
    assert_near(page, anchor, (mid[0] - 90, mid[1] - 70), "two-finger move")

    # Inwards: zoomed out about the midpoint.
    anchor = page.evaluate(TO_BOARD, list(mid))
    two_fingers(cdp, around(mid, 100), around(mid, 60))
    page.evaluate(NEXT_FRAME)
    assert zoom(page) == pytest.approx(z1 * 0.6, rel=0.02)
    assert_near(page, anchor, mid, "pinch inwards")

    # Smooth: the same board, only its size and scroll changed.
    after = page.evaluate(CHECK)
    assert after["changes"] == 0, f"{after['changes']} nodes added or removed under the board"
    assert after["allMarked"] and after["allThere"], "the board was drawn anew"
    assert after["nodes"] == before["nodes"]
    # No tap: no move sent, no build started.
    assert action_index(page) == index
    assert page.evaluate("document.body.dataset.mode || ''") == mode != "build"
    # ... whereas one finger's tap on that city does start one.
    target = page.evaluate(MIDDLE_CITY)
    page.touchscreen.tap(target["x"], target["y"])
    page.wait_for_selector("body[data-mode='build']")
