"""Moves that issue many bonds ask once (issue 29): a build, an engine upgrade, a map's own
priced action. RW-p4-23: a payment beyond a player's cash is met with bonds, only as many as
it needs; the page says how many, and one issuing more than two is sent only on a second
press of the same control with the same choice. The engine still judges the move."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from web.conftest import Server
from web.play import action_index, open_game, to_actions, wait_after, wait_my_turn

QUIET_BONDS = 2  # spend.js: bonds a move issues without asking again
ENGINE_BEFORE_ASKING = 7  # Eastern U.S.: the upgrade to 8 costs $11,000, 3 bonds from no cash


def two_player_game(server: Server, seed: int) -> dict[str, Any]:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "bot", "bot": "greedy"}]
    return server.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": seed})


def bonds_for(cost: int, cash: int, bond: int) -> int:
    return max(0, math.ceil((cost - cash) / bond))


def build_with_bonds(server: Server, game_id: str, token: str, low: int, high: int) -> Any:
    """A ready-made link the seat may build now that issues ``low``..``high`` bonds, with the
    fewest tiles (the fewest clicks)."""
    data = server.state(game_id, token)
    cash = data["view"]["players"][0]["cash"]
    bond = data["view"]["money"]["bond_value"]
    fits = [
        b
        for b in data["legal"]["builds"]
        if b["to_city"] and low <= bonds_for(b["cost"], cash, bond) <= high
    ]
    assert fits, f"no link issues {low}-{high} bonds from ${cash},000: choose another seed"
    return min(fits, key=lambda b: (len(b["action"]["path"]), b["cost"]))


def click_path(page: Any, path: list[list[int]]) -> None:
    """Build mode: the start and each next hex clicked on the board."""
    page.click("#btn-build")
    page.wait_for_selector("body[data-mode='build']")
    for i, (row, col) in enumerate(path):
        kind = "hl-start" if i == 0 else "hl-next"
        page.click(f"#layer-highlights g.{kind}[data-row='{row}'][data-col='{col}']")
        page.wait_for_selector(f"#layer-highlights g.hl-path[data-row='{row}'][data-col='{col}']")


def assert_not_sent(page: Any, server: Server, game_id: str, token: str, before: int) -> None:
    """Nothing reached the server: the page and the game stand where they were."""
    page.wait_for_timeout(500)  # a move sent would be answered by now
    assert action_index(page) == before
    assert server.state(game_id, token)["action_index"] == before


@pytest.mark.rules("RW-p4-23", "RW-p4-42")
def test_a_build_issuing_three_bonds_is_sent_on_the_second_press(page: Any, server: Server) -> None:
    created = two_player_game(server, seed=3)
    game_id, token = created["id"], created["seats"][0]["token"]
    open_game(page, created["seats"][0]["url"])
    to_actions(page)
    build = build_with_bonds(server, game_id, token, QUIET_BONDS + 1, 99)
    data = server.state(game_id, token)
    cash, bond = data["view"]["players"][0]["cash"], data["view"]["money"]["bond_value"]
    bonds = bonds_for(build["cost"], cash, bond)
    path = build["action"]["path"]
    click_path(page, path)
    before = action_index(page)

    page.click("#btn-confirm")  # the first press asks, beside the button, read out
    assert_not_sent(page, server, game_id, token, before)
    note = page.locator("#action-panel .armed-note[data-control='build']")
    assert note.get_attribute("aria-live") == "polite"
    asked = f"This issues {bonds} bonds (${bonds * bond},000): press again to confirm."
    assert note.inner_text() == asked

    # A changed build is asked about again: back a hex, the same hex again, then Confirm.
    last_row, last_col = path[-1]
    page.click("#btn-back")
    page.wait_for_selector(
        f"#layer-highlights g.hl-next[data-row='{last_row}'][data-col='{last_col}']"
    )
    assert note.inner_text() == ""
    page.click(f"#layer-highlights g.hl-next[data-row='{last_row}'][data-col='{last_col}']")
    page.wait_for_selector(
        f"#layer-highlights g.hl-path[data-row='{last_row}'][data-col='{last_col}']"
    )
    page.keyboard.press("Enter")  # the keyboard's Confirm is the same control
    assert note.inner_text() == asked
    assert_not_sent(page, server, game_id, token, before)

    page.click("#btn-confirm")  # the second press on the same build sends it
    wait_after(page, before)
    assert server.state(game_id, token)["view"]["players"][0]["bonds"] == bonds

    # The next action: a build issuing one or two bonds goes on one press.
    assert wait_my_turn(page) == "actions"
    cheap = build_with_bonds(server, game_id, token, 1, QUIET_BONDS)
    me = server.state(game_id, token)["view"]["players"][0]
    click_path(page, cheap["action"]["path"])
    before = action_index(page)
    page.click("#btn-confirm")
    wait_after(page, before)
    issued = server.state(game_id, token)["view"]["players"][0]["bonds"] - me["bonds"]
    assert issued == bonds_for(cheap["cost"], me["cash"], bond)


def upgrade_to(server: Server, game_id: str, token: str, level: int) -> dict[str, Any]:
    """Through the API: keep a Rail Baron, pass every auction and upgrade the engine at each
    action until it reaches ``level``, then pass until the bonds' dividends took the last
    cash; the state then, with the seat to act."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        data = server.state(game_id, token)
        view, legal = data["view"], data["legal"]
        if view["to_act"] != 0 or not legal:
            time.sleep(0.1)
            continue
        kinds = {e["action"]["kind"]: e["action"] for e in legal["simple"]}
        at_level = view["players"][0]["engine"] >= level
        if view["phase"] == "actions" and at_level and view["players"][0]["cash"] == 0:
            return data
        action = kinds.get("choose_baron") or kinds.get("pass_bid")
        action = action or (kinds["pass"] if at_level else kinds["upgrade_engine"])
        body = {"token": token, "after": data["action_index"], "action": action}
        server.post(f"/api/games/{game_id}/actions", body)
    raise AssertionError(f"no position at engine level {level} with no cash in time")


@pytest.mark.rules("RW-p4-23", "RW-p5-17")
def test_an_upgrade_issuing_three_bonds_asks_once(page: Any, server: Server) -> None:
    created = two_player_game(server, seed=4)
    game_id, token = created["id"], created["seats"][0]["token"]
    data = upgrade_to(server, game_id, token, ENGINE_BEFORE_ASKING)
    me, bond = data["view"]["players"][0], data["view"]["money"]["bond_value"]
    (entry,) = [e for e in data["legal"]["simple"] if e["action"]["kind"] == "upgrade_engine"]
    bonds = bonds_for(entry["cost"], me["cash"], bond)
    assert bonds > QUIET_BONDS, f"the upgrade issues {bonds} bonds: choose another seed"

    open_game(page, created["seats"][0]["url"])
    assert wait_my_turn(page) == "actions"
    upgrade = page.locator("#action-panel .btn-upgrade")
    assert f"{bonds} bonds will be issued" in upgrade.inner_text()
    note = page.locator("#action-panel .armed-note")
    before = action_index(page)
    upgrade.click()
    assert_not_sent(page, server, game_id, token, before)
    assert note.inner_text() == (
        f"This issues {bonds} bonds (${bonds * bond},000): press again to confirm."
    )
    upgrade.click()
    wait_after(page, before)
    after = server.state(game_id, token)["view"]["players"][0]
    assert after["engine"] == ENGINE_BEFORE_ASKING + 1
    assert after["bonds"] == me["bonds"] + bonds
