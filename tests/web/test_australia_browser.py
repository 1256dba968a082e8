"""Railways of Australia in the browser: a game made in the lobby, a Town built by clicking a
link into it hex by hex (AU-028..AU-031), a Switch Track placed by clicking a hex of that
link and building on to a third city (AU-033), then the game played to its end against
three random bots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from web.conftest import Server
from web.play import action_index, plainest_move, to_actions, wait_after, wait_my_turn

MY_TURN_OR_OVER = "body[data-my-turn='1'], body[data-phase='game_over']"
SEED = 11
TOWN_COST = 5  # $5,000 for the town (AU-028)
SWITCH_COST = 5  # $5,000 for the Switch Track (AU-033)


def ids(page: Any) -> tuple[str, str]:
    """The game id and this seat's token, from the page's address."""
    m = re.search(r"/game/([^/?#]+).*#token=([^&]+)", page.url)
    assert m, page.url
    return unquote(m.group(1)), unquote(m.group(2))


def click_path(page: Any, hexes: list[list[int]], first: str = "g.hl-start") -> None:
    """Click a build's hexes in order: the start among the highlighted starts, then each next
    hex among the highlighted next hexes."""
    for i, (row, col) in enumerate(hexes):
        where = f"[data-row='{row}'][data-col='{col}']"
        kind = first if i == 0 else "g.hl-next"
        page.locator(f"#layer-highlights {kind}{where}").first.click()
        page.wait_for_selector(f"#layer-highlights g.hl-path{where}", state="attached")


def cheapest(builds: list[dict[str, Any]]) -> dict[str, Any]:
    return min(builds, key=lambda b: (b["cost"], b["tiles"], b["action"]["path"]))


@pytest.mark.rules("AU-028", "AU-029", "AU-030", "AU-031", "AU-033")
def test_an_australia_game_with_a_town_and_a_switch_track_to_its_end(
    page: Any, server: Server, tmp_path: Path
) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#map", "australia")
    page.click("details.more > summary")
    page.fill("#seed", str(SEED))
    for i in (1, 2, 3):  # fast bots, so the whole game fits in a test
        page.select_option(f"#seats li >> nth={i} >> .seat-bot", "random")
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    # Four players: the three eastern regions and the central one (AU-009); Perth, in the
    # west, is not on the game's board.
    page.wait_for_selector("#board-view svg g.city[data-city='sydney']")
    assert page.locator("#board-view svg g.city[data-city='adelaide']").count() == 1
    assert page.locator("#board-view svg g.city[data-city='perth']").count() == 0
    game_id, token = ids(page)
    to_actions(page)

    # -- a Town, built by a link clicked into it hex by hex ---------------------------------
    data = server.state(game_id, token)
    unbuilt = set(data["view"]["plugins"]["australia"]["towns_unbuilt"])
    to_town = [
        b for b in data["legal"]["builds"] if b["to_city"] in unbuilt and not b["action"]["cards"]
    ]
    assert to_town, f"no link into a town at the first action: choose another seed ({SEED})"
    plan = cheapest(to_town)
    town = plan["to_city"]
    markers = page.locator(f"#layer-marks g.marker[data-kind='town'][data-city='{town}']")
    assert markers.count() == 1, "the unbuilt town is marked on the board"
    page.keyboard.press("b")
    page.wait_for_selector("body[data-mode='build']")
    click_path(page, plan["action"]["path"])
    assert "completes the link" in page.inner_text("#build-summary")
    cost_text = page.inner_text("#build-cost")
    assert f"Cost ${plan['cost']},000" in cost_text
    # The town's $5,000 is in the price: a link of the same tiles to a built city would cost
    # that much less (the same tiles, priced by the server for the empty path).
    assert plan["cost"] >= TOWN_COST + len(plan["action"]["path"]) - 2
    page.screenshot(path=str(tmp_path / "australia-town-build.png"))
    before = action_index(page)
    page.keyboard.press("Enter")
    wait_after(page, before)
    page.wait_for_selector("#layer-track g.link[data-owner='0']", state="attached")
    view = server.state(game_id, token)["view"]
    assert town in view["plugins"]["australia"]["towns_built"]
    assert town not in view["plugins"]["australia"]["towns_unbuilt"]
    assert len(view["cubes"][town]) == 2  # two random goods (AU-031)
    assert markers.count() == 0, "a built town is no longer marked as a town"
    log = page.locator("#log li").all_inner_texts()
    assert any("is built as a gray city" in line for line in log), log
    mine = [lk for lk in view["links"] if lk["owner"] == 0 and lk["end"]]
    assert len(mine) == 1
    town_link = mine[0]

    # -- a Switch Track on that link, and a new link from it to a third city -----------------
    assert wait_my_turn(page) == "actions"
    data = server.state(game_id, token)
    track = {(t[0], t[1]) for t in town_link["tiles"]}
    ends = {town_link["start"], town_link["end"]}
    from_switch = [
        b
        for b in data["legal"]["builds"]
        if tuple(b["action"]["path"][0]) in track and b["to_city"] and b["to_city"] not in ends
    ]
    assert from_switch, f"no link from a switch on the town's link: choose another seed ({SEED})"
    branch = cheapest(from_switch)
    page.keyboard.press("b")
    page.wait_for_selector("body[data-mode='build']")
    # Every hex of the own link is offered as a switch, marked Y.
    for row, col in track:
        page.wait_for_selector(
            f"#layer-highlights g.hl-start.hl-switch[data-row='{row}'][data-col='{col}']",
            state="attached",
        )
    click_path(page, branch["action"]["path"], first="g.hl-switch")
    summary = page.inner_text("#build-summary")
    assert "Switch Track" in summary and "completes the link" in summary
    assert f"Cost ${branch['cost']},000" in page.inner_text("#build-cost")
    assert branch["cost"] >= SWITCH_COST + 1
    page.screenshot(path=str(tmp_path / "australia-switch-build.png"))
    before = action_index(page)
    page.keyboard.press("Enter")
    wait_after(page, before)
    view = server.state(game_id, token)["view"]
    switches = view["plugins"]["switch_tracks"]["switches"]
    assert [s["seat"] for s in switches] == [0]
    assert switches[0]["hex"] == list(branch["action"]["path"][0])
    assert view["plugins"]["switch_tracks"]["left"]["0"] == 1
    page.wait_for_selector(
        "#layer-marks g.marker[data-kind='switch'][data-owner='0']", state="attached"
    )
    assert any(lk["end"] == branch["to_city"] and lk["owner"] == 0 for lk in view["links"])

    # -- then pass every action until the game ends -------------------------------------------
    for _ in range(800):
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "game_over":
            break
        plainest_move(page, phase)
    assert page.evaluate("document.body.dataset.phase") == "game_over"
    final = server.state(game_id, token)["view"]
    assert final["winner"] is not None and final["final_scores"]
    page.screenshot(path=str(tmp_path / "australia-over.png"))
    assert not page.errors
