"""A map's own action in the browser, drawn generically from the legal-actions payload.

The Eastern U.S. Western Link is the example: the page has no code of its own for it.
Its box, button label, cost, bond warning, board highlights and the marker left after
building it all come from what the server sends (``legal.simple``, ``legal.kinds``,
``view.money``, ``view.markers``).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from web.conftest import Server
from web.play import action_index, open_game, to_actions, wait_after, wait_my_turn

KIND = "build_western_link"
LINK_CITIES = ("kansas-city", "des-moines")  # the board's cities with a Western Link hex


def money(thousands: int) -> str:
    return f"${thousands:,},000" if thousands else "$0"


def test_a_plugin_action_is_offered_and_taken_through_the_generic_ui(
    page: Any, server: Server, tmp_path: Path
) -> None:
    created = server.new_game(seed=5)
    game_id, token = created["id"], created["seats"][0]["token"]
    open_game(page, str(created["seats"][0]["url"]))
    to_actions(page)

    # First action: a link of our own into a Western Link city, sent as the page would.
    legal = server.state(game_id, token)["legal"]
    builds = [
        b
        for b in legal["builds"]
        if b["to_city"] in LINK_CITIES and b["route"][0] != b["route"][-1]
    ]
    assert builds, "no one-action link into a Western Link city: choose another seed"
    build = min(builds, key=lambda b: b["cost"])
    before = action_index(page)
    server.post(
        f"/api/games/{game_id}/actions",
        {"token": token, "after": before, "action": build["action"]},
    )
    wait_after(page, before)
    assert wait_my_turn(page) == "actions"

    data = server.state(game_id, token)
    offered = [e for e in data["legal"]["simple"] if e["action"]["kind"] == KIND]
    assert offered, f"the bots took the Western Link first: choose another seed ({build})"
    info = data["legal"]["kinds"][KIND]
    entry = offered[0]
    cash = data["view"]["players"][0]["cash"]
    bond = data["view"]["money"]["bond_value"]

    box = page.locator(f"#action-panel section.plugin-kind[data-kind='{KIND}']")
    box.wait_for()
    assert box.locator(".plugin-title").inner_text() == info["title"]
    assert box.locator(".plugin-summary").inner_text() == info["summary"]
    button = box.locator("button.btn-plugin").first
    assert button.locator(".plugin-label").inner_text() == entry["label"]
    assert button.get_attribute("data-cost") == str(entry["cost"])
    assert money(entry["cost"]) in button.inner_text()
    short = entry["cost"] - cash
    if short > 0:  # a bond warning, with the view's bond value
        bonds = math.ceil(short / bond)
        assert f"{bonds} bond{'s' if bonds > 1 else ''} will be issued" in button.inner_text()
        assert money(bonds * bond) in button.inner_text()
    else:
        assert "bond" not in button.inner_text()

    # Hovering marks the action's hexes (and its city) on the board.
    button.hover()
    for row, col in entry["hexes"]:
        page.wait_for_selector(
            f"#layer-highlights g.hl-plugin[data-row='{row}'][data-col='{col}']", state="attached"
        )
    page.screenshot(path=str(tmp_path / "plugin-action.png"))

    # The rule link opens the clause's summary, as for a refusal.
    box.locator("button.rule-link").click()
    page.wait_for_selector("#rule-dialog[open]")
    assert info["help"] in page.inner_text("#rule-title")
    page.wait_for_function(
        "() => !document.querySelector('#rule-text').textContent.includes('Loading')"
    )
    summary = server.get(f"/api/rules/{info['help']}")["summary"]
    assert page.inner_text("#rule-text") == summary
    page.keyboard.press("Escape")
    page.wait_for_selector("#rule-dialog[open]", state="detached")

    # $30,000 is more than two bonds from a first turn's cash (RW-p4-23): the first press
    # only asks, beside the button (spend.js); the second sends it.
    before = action_index(page)
    bonds = math.ceil(max(0, short) / bond)
    if bonds > 2:
        button.click()
        notes = box.locator(".armed-note").all_inner_texts()  # one beside each button
        assert notes[0] == (
            f"This issues {bonds} bonds ({money(bonds * bond)}): press again to confirm."
        )
        assert not any(notes[1:])  # only the button pressed asks
        page.wait_for_timeout(500)  # a move sent would be answered by now
        assert action_index(page) == before
        if len(notes) > 1:
            # Another choice asks for itself and disarms the first: pressed again, the
            # first asks anew.
            box.locator("button.btn-plugin").nth(1).click()
            assert box.locator(".armed-note").all_inner_texts()[:2] == ["", notes[0]]
            button.click()
            assert box.locator(".armed-note").all_inner_texts() == notes
            page.wait_for_timeout(500)
            assert action_index(page) == before
    button.click()
    wait_after(page, before)
    markers = server.state(game_id, token)["view"]["markers"]
    (mine,) = [m for m in markers if m["owner"] == 0]
    drawn = page.locator(f"#layer-marks g.marker[data-kind='{mine['kind']}'][data-owner='0']")
    drawn.wait_for(state="attached")
    assert drawn.locator("title").text_content() == mine["label"]
    assert mine["label"] in " ".join(page.locator("li.marker").all_inner_texts())
    page.screenshot(path=str(tmp_path / "plugin-marker.png"))
    assert not page.errors, page.errors
