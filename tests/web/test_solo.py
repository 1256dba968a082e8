"""Solo in the browser: Rail Barons against the Railbot, from the lobby to a second turn.

A seed with the Duel Barons where, after the player passes twice, the Railbot's card leaves
the player a choice (which city loses a cube, which line or Duel Baron it claims): the page
asks, and only that; then a reload, and a link built from the ready-made list.
"""

from __future__ import annotations

import random
import urllib.error
from pathlib import Path
from typing import Any

from railways.core.actions import Pass
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import record_of
from web.conftest import Server
from web.play import action_index, city_hexes, wait_after, wait_my_turn

OPTIONS = {"solo": True, "duel_barons": True, "target_score": 110}  # as the lobby sends them


def _seed_with_a_railbot_choice() -> int:
    """The first seed whose game, after two passes, waits on a choice the Railbot's card
    leaves the player (RB-065: which city loses a cube, which line or Duel Baron it claims)."""
    for seed in range(200):
        game = new_game("eastern-us", ["Sol"], seed, OPTIONS)
        game.apply(Pass(seat=0))
        game.apply(Pass(seat=0))
        choices = legal_actions(game, 0).all()
        if len(choices) >= 2 and all(type(a).__name__.startswith("Railbot") for a in choices):
            return seed
    raise AssertionError("no seed below 200 leaves a Railbot choice after two passes")


SEED = _seed_with_a_railbot_choice()


def _solo(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("window.railwaysGame.state.view.plugins.solo"))


def test_solo_game_from_the_lobby_with_a_railbot_choice_and_a_reload(
    page: Any, server: Server, tmp_path: Path
) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.check("#mode-solo")
    page.wait_for_selector("#solo-options:not([hidden])")
    assert page.locator("#seats-box").is_hidden()
    assert page.locator("#map option").count() >= 1  # maps with solo data only
    page.fill("#solo-name", "Sol")
    page.check("#solo-duel-barons")
    page.select_option("#solo-target-score", "110")
    page.click("details.more summary")
    page.fill("#seed", str(SEED))
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    assert page.locator("#links .link-item").count() == 2  # your seat and spectators
    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#board-view svg g.city")
    page.wait_for_selector("body[data-solo='1']")

    # The solo table: out-of-play cities and lines, the west shaded, the Railbot's row.
    assert page.locator("#layer-marks .not-in-play[data-city='boston']").count() == 1
    assert page.locator(".major-lines li.out-of-play[data-line='F']").count() == 1
    assert page.locator("#layer-shade .west-shade polygon").count() > 20
    assert page.get_attribute("#west-rule", "data-open") == "0"
    assert page.locator("#railbot-row .rb-card").count() == 3
    assert page.locator("#railbot-row .rb-slot").count() == 3
    assert "125" in page.inner_text("#solo-target")  # 110 + 15 for the Duel Barons
    assert page.locator("#duel-barons li").count() == 4
    assert page.locator("#players .player.railbot").count() == 1
    assert page.locator("#insure-options .btn-insure").count() == 2  # slots 1 and 2
    assert "Railbot deck" in page.inner_text("#railbot-deck")
    # Operations cards by their printed names (GET /api/maps/{id}), not their ids.
    names = {c["name"] for c in server.get("/api/maps/eastern-us")["cards"].values()}
    shown = page.locator("#ops .card-name").all_inner_texts()
    assert shown and all(name in names for name in shown), shown

    # First and second actions: pass. After the second the Railbot's card leaves the player a
    # choice (the seed is picked for that: _seed_with_a_railbot_choice).
    for _ in range(2):
        wait_my_turn(page)
        before = action_index(page)
        page.click("#btn-pass")
        wait_after(page, before)
    page.wait_for_selector("#solo-choice")
    assert page.inner_text("#solo-choice").startswith("Choose")
    assert page.locator("#choice-options .choice-option").count() >= 2
    page.screenshot(path=str(tmp_path / "solo-choice.png"))
    # Only the choice may be made now: no build or pass buttons.
    assert page.locator("#btn-build").count() == 0 and page.locator("#btn-pass").count() == 0
    while page.locator("#solo-choice").count():
        before = action_index(page)
        page.locator("#choice-options .choice-option").first.click()
        wait_after(page, before)
    assert "The Railbot" in page.inner_text("#log")
    assert _solo(page)["drawn"] is None

    # Third action: pass; turn 2 begins.
    wait_my_turn(page)
    before = action_index(page)
    page.click("#btn-pass")
    wait_after(page, before)
    page.wait_for_function("() => window.railwaysGame.state.view.turn === 2")
    view_before = page.evaluate("window.railwaysGame.state.view")

    # A reload comes back to the same position, and the game goes on: the link New York -
    # Philadelphia from the ready-made list.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("body[data-solo='1']")
    assert page.evaluate("window.railwaysGame.state.view") == view_before
    wait_my_turn(page)
    page.click("#btn-build")
    page.wait_for_selector("body[data-mode='build']")
    page.fill("#candidate-filter", "philadelphia")
    pick = page.locator(
        "#candidate-list button.candidate[data-to='philadelphia']", has_text="New York"
    ).first
    pick.click()
    before = action_index(page)
    page.click("#btn-confirm")
    wait_after(page, before)
    assert page.locator("#layer-track .link[data-owner='0']").count() == 1
    assert "Sol completes a link" in page.inner_text("#log")


SIDES = ("E", "NE", "NW", "W", "SW", "SE")


def _post_status(server: Server, path: str, body: Any) -> int:
    try:
        server.post(path, body)
    except urllib.error.HTTPError as exc:
        return int(exc.code)
    return 200


def test_turning_the_end_tile_of_an_unfinished_link(page: Any, server: Server) -> None:
    created = server.post(
        "/api/games",
        {"map": "eastern-us", "seats": [{"name": "Sol"}], "seed": 1, "options": {"solo": True}},
    )
    gid, token = created["id"], created["seats"][0]["token"]
    # An unfinished link of one tile out of Harrisburg (set up through the API).
    start = next(
        (int(r), int(c)) for (r, c), city in city_hexes(server).items() if city == "harrisburg"
    )
    steps = server.get(f"/api/games/{gid}/next-hexes?token={token}&path={start[0]},{start[1]}")
    end = None
    for step in (s for s in steps if not s["completes"]):
        for exit_ in SIDES:
            action = {
                "kind": "build_track",
                "seat": 0,
                "path": [list(start), [step["row"], step["col"]]],
                "exit": exit_,
                "redirect": False,
                "cards": [],
            }
            body = {"token": token, "after": 0, "action": action}
            if _post_status(server, f"/api/games/{gid}/actions", body) == 200:
                end = (step["row"], step["col"])
                break
        if end:
            break
    assert end is not None
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-ready='1']")
    wait_my_turn(page)
    page.keyboard.press("b")
    page.wait_for_selector("body[data-mode='build']")
    page.locator(f"#layer-highlights g.hl-start[data-row='{end[0]}'][data-col='{end[1]}']").click()
    page.click("#btn-redirect")
    page.wait_for_selector("#btn-redirect[aria-pressed='true']")
    turn = page.locator("button.turn-only").first
    turn.wait_for()
    side = turn.get_attribute("data-side")
    turn.click()
    before = action_index(page)
    page.click("#btn-confirm")
    wait_after(page, before)
    links = page.evaluate("window.railwaysGame.state.view.links")
    mine = next(x for x in links if x["owner"] == 0 and not x["end"])
    assert mine["tiles"][-1][:2] == list(end) and mine["tiles"][-1][3] == side


def test_a_finished_solo_game_shows_the_result(page: Any, server: Server) -> None:
    game = new_game("eastern-us", ["Sol"], 5, {"solo": True, "duel_barons": True})
    rng = random.Random(1)
    while not game.over:
        legal = legal_actions(game, 0)
        if legal.builds and rng.random() < 0.3:
            action = rng.choice(legal.builds).action
        elif legal.deliveries and rng.random() < 0.8:
            action = rng.choice(list(legal.deliveries.values()))[0].action
        else:
            action = rng.choice(legal.simple)
        game.apply(action)
    created = server.post("/api/games/import", {"record": record_of(game).to_dict()})
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#solo-result")
    target = game.state.plugin_data["solo"].target
    won = game.state.winner == 0
    assert page.get_attribute("#solo-result", "data-result") == ("win" if won else "lose")
    assert str(target) in page.inner_text("#solo-result")
