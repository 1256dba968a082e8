"""Toll Valley in the browser: a real Chromium against ``railways serve`` started with the
board's folder on ``$RAILWAYS_MAPS_PATH`` and its plug-in in ``$RAILWAYS_PLUGINS``."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plugins.conftest import child_env
from web.conftest import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, Server, _missing, running_server
from web.play import action_index, open_game, to_actions, wait_after

EMBARGO_LABEL = "Customs house: no black goods delivered in Dunmore"
TOLL_LABEL = "River toll: track crossing it costs $2k more"


@pytest.fixture(scope="module")
def toll_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    reason = _missing()
    if reason is not None:
        pytest.skip(reason)
    with running_server(tmp_path_factory.mktemp("toll-valley-server"), child_env()) as running:
        yield running


@pytest.fixture
def toll_page(toll_server: Server) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(
            viewport={"width": 1366, "height": 900}, base_url=toll_server.base
        )
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        yield page
        context.close()
        browser.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_the_server_lists_and_describes_toll_valley(toll_server: Server) -> None:
    maps = toll_server.get("/api/maps")
    entries = maps if isinstance(maps, list) else maps.get("maps", [])
    ids = [m["id"] for m in entries]
    assert "toll-valley" in ids
    with urllib.request.urlopen(toll_server.base + "/api/maps/toll-valley/board.svg") as got:
        svg = got.read().decode()
    assert 'data-city="dunmore"' in svg and 'data-city="juniper"' in svg
    # The river is drawn as a border of its kind, the customs house as a special hex.
    assert 'data-border="river" data-kind="toll"' in svg
    assert 'data-special="dunmore-customs" data-kind="embargo"' in svg


def test_a_browser_game_on_toll_valley_charges_the_toll_and_draws_the_embargo(
    toll_page: Any, toll_server: Server, tmp_path: Path
) -> None:
    page = toll_page
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "bot", "bot": "greedy"}]
    created = toll_server.post("/api/games", {"map": "toll-valley", "seats": seats, "seed": 1})
    token = created["seats"][0]["token"]
    open_game(page, str(created["seats"][0]["url"]))

    # The embargo's marker: drawn on its hex with its label as the tooltip, and listed.
    marker = page.locator("#board-view g.marker[data-kind='embargo']")
    marker.wait_for(state="attached")
    assert marker.get_attribute("data-row") == "5" and marker.get_attribute("data-col") == "3"
    assert marker.locator("title").text_content() == EMBARGO_LABEL
    assert page.locator("text=" + EMBARGO_LABEL).count() >= 1
    listed = page.locator("li.marker[data-kind]").all_inner_texts()
    assert EMBARGO_LABEL in " ".join(listed) and TOLL_LABEL in " ".join(listed), listed

    to_actions(page)
    legal = toll_server.state(created["id"], token)["legal"]
    across = [b for b in legal["builds"] if b["action"]["path"] == [[4, 4], [4, 5], [4, 6], [4, 7]]]
    assert across, "the bot took Dunmore - Juniper first: choose another seed"
    assert across[0]["cost"] == 2 + 2 + 2  # two open hexes and the river toll

    # Pick Dunmore -> Juniper from the ready-made links: its price includes the toll.
    page.keyboard.press("b")
    page.wait_for_selector("body[data-mode='build']")
    page.fill("#candidate-filter", "Juniper")
    choice = page.locator("#candidate-list .candidate[data-to='juniper']", has_text="Dunmore")
    assert choice.count() >= 1
    assert choice.first.get_attribute("data-cost") == "6"
    choice.first.click()
    page.wait_for_selector("#candidate-list .candidate.chosen")
    assert "Cost $6,000" in page.inner_text("#build-cost")
    page.screenshot(path=str(tmp_path / "toll-valley-build.png"))
    before = action_index(page)
    page.keyboard.press("Enter")
    wait_after(page, before)
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some("
        "li => li.textContent.includes('Ann completes a link Dunmore - Juniper ($6,000)'))"
    )
