"""A whole game played by taps on a phone (390x844, touch, issue 29): the panels' sheet, the
board under it, hexes tapped one by one for a first link, ready-made links and deliveries
from the lists, engine upgrades and passes, to the game-over table. A greedy bot holds the
other seat; the shorter game (two fewer Empty City Markers) keeps it short."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web.conftest import Server, screen_page
from web.play import action_index, delivering_link, open_game, wait_after

MY_TURN_OR_OVER = "body[data-my-turn='1'], body[data-phase='game_over']"
MAX_STEPS = 400  # the seat's moves; a game on this seed takes far fewer
LINKS_WANTED = 4  # ready-made links built before the seat only delivers, upgrades or passes


@pytest.fixture
def phone(browser: Any, server: Server) -> Iterator[Any]:
    with screen_page(browser, server.base, 390, 844, touch=True) as page:
        yield page


def build_by_tapping_hexes(phone: Any, server: Server, game_id: str, token: str) -> None:
    """The first link: the sheet goes, each hex is tapped on the board, the sheet comes back
    for the confirmation."""
    path = delivering_link(server, game_id, token)["build"]["action"]["path"]
    phone.tap("#btn-build")
    phone.wait_for_selector("body[data-mode='build']")
    phone.tap("#btn-sheet")
    phone.wait_for_selector("#side", state="hidden")
    for i, (row, col) in enumerate(path):
        kind = "hl-start" if i == 0 else "hl-next"
        phone.tap(f"#layer-highlights g.{kind}[data-row='{row}'][data-col='{col}']")
        phone.wait_for_selector(f"#layer-highlights g.hl-path[data-row='{row}'][data-col='{col}']")
    phone.tap("#btn-sheet")
    before = action_index(phone)
    phone.tap("#btn-confirm")
    wait_after(phone, before)


def build_a_ready_made_link(phone: Any) -> bool:
    """The cheapest link to a city from the build panel's list; False if there is none."""
    phone.tap("#btn-build")
    phone.wait_for_selector("body[data-mode='build']")
    links = phone.locator("#candidate-list .candidate:not([data-to=''])")
    if links.count() == 0:
        phone.tap("#btn-cancel")
        return False
    costs = [int(c) for c in links.evaluate_all("(all) => all.map((b) => b.dataset.cost)")]
    links.nth(costs.index(min(costs))).tap()
    phone.wait_for_selector("#candidate-list .candidate.chosen")
    before = action_index(phone)
    phone.tap("#btn-confirm")
    wait_after(phone, before)
    return True


def deliver_from_the_list(phone: Any) -> None:
    phone.tap("#btn-deliver")
    phone.wait_for_selector("body[data-mode='deliver']")
    phone.tap("#delivery-list .delivery >> nth=0")
    phone.wait_for_selector("#route-list .route.chosen")
    before = action_index(phone)
    phone.tap("#btn-confirm")
    wait_after(phone, before)


def take_an_action(phone: Any, built: int) -> str:
    """One action by taps: deliver if a cube can go, else build, upgrade or pass."""
    if phone.is_enabled("#btn-deliver"):
        deliver_from_the_list(phone)
        return "deliver"
    if built < LINKS_WANTED and build_a_ready_made_link(phone):
        return "build"
    upgrade = phone.locator("#action-panel .btn-upgrade")
    before = action_index(phone)
    if upgrade.count() and upgrade.first.is_enabled():
        upgrade.first.tap()
        wait_after(phone, before)
        return "upgrade"
    phone.tap("#btn-pass")
    wait_after(phone, before)
    return "pass"


def test_a_whole_game_by_taps_on_a_phone(phone: Any, server: Server, tmp_path: Path) -> None:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "bot", "bot": "greedy"}]
    created = server.post(
        "/api/games",
        {"map": "eastern-us", "seats": seats, "seed": 3, "options": {"shorter_game": True}},
    )
    token = created["seats"][0]["token"]
    open_game(phone, created["seats"][0]["url"])
    done: list[str] = []
    for _ in range(MAX_STEPS):
        phone.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        phase = phone.evaluate("document.body.dataset.phase")
        if phase == "game_over":
            break
        # The sheet is up when the turn begins: the moves are at hand.
        assert phone.is_visible("#side")
        before = action_index(phone)
        if phase == "choose_baron":
            phone.tap("#action-panel [data-baron] >> nth=0")
            wait_after(phone, before)
        elif phase == "auction":
            phone.tap("#btn-pass-bid")
            wait_after(phone, before)
        elif phase == "actions" and "build" not in done:
            build_by_tapping_hexes(phone, server, created["id"], token)
            done.append("build")
        else:
            assert phase == "actions", f"a phase this test does not play: {phase}"
            done.append(take_an_action(phone, done.count("build")))
    assert phone.evaluate("document.body.dataset.phase") == "game_over"
    assert done.count("build") >= 2 and "deliver" in done, done
    # The end table is in the sheet, whole on the phone's width.
    table = phone.locator("#action-panel table.breakdown")
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(tmp_path / "phone-game-over.png"))
