"""The browser game played through a real Chromium against the real server."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from web.conftest import Server
from web.play import (
    action_index,
    delivering_link,
    keep_baron,
    open_game,
    to_actions,
    wait_after,
    wait_my_turn,
)


def game_url(created: dict[str, Any], seat: int = 0) -> str:
    return str(created["seats"][seat]["url"])


def test_lobby_creates_a_game_against_three_bots(page: Any, tmp_path: Path) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    # The defaults: Eastern U.S., you and three bots.
    assert page.locator("#seats li").count() == 4
    assert page.locator("#seats .seat-kind").evaluate_all("s => s.map(x => x.value)") == [
        "human",
        "bot",
        "bot",
        "bot",
    ]
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    # A private link for the human seat and one for spectators, each with a copy button;
    # the three bots are listed as played by the server.
    assert page.locator("#links .link-item").count() == 5
    assert page.locator("#links .bot-item").count() == 3
    assert page.locator("#links .copy").count() == 2
    assert "Spectators" in page.locator("#links .link-item").nth(4).inner_text()
    urls = page.locator("#links .link-url").all_inner_texts()
    assert all(re.search(r"/game/[^?]+\?token=.+", u) for u in urls)
    assert len(set(urls)) == 2
    page.screenshot(path=str(tmp_path / "lobby.png"))

    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#board-view svg g.city")
    assert page.locator("#players .player").count() == 4
    assert page.locator("#players .player.me").count() == 1
    # Your games remembers it, with its state and a resume link.
    page.goto("/")
    page.wait_for_selector("#games-table tbody tr")
    row = page.locator("#games-table tbody tr")
    assert row.count() == 1
    page.wait_for_function(
        "() => document.querySelector('#games-table .game-state').textContent.includes('turn')"
    )
    assert re.search(r"(setting up|in play) · turn 1", row.first.inner_text())
    row.locator("a.resume").click()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#players .player.me").count() == 1


def test_auction_bid_and_a_refused_bid_explained(page: Any, server: Server, tmp_path: Path) -> None:
    created = server.new_game(seed=3)
    open_game(page, game_url(created))
    keep_baron(page)
    assert wait_my_turn(page) == "auction"
    assert "High bid" in page.inner_text("#high-bid")
    # A bid of nothing is refused: the engine's message and a link to the rule.
    page.fill("#bid-amount", "0")
    page.click("#btn-bid")
    page.wait_for_selector("#error-panel:not([hidden])")
    assert "lowest bid" in page.inner_text("#error-message")
    link = page.locator("#error-rule-link")
    assert re.search(r"RW-p4-\d+", link.inner_text())
    link.click()
    page.wait_for_selector("#rule-dialog[open]")
    page.wait_for_function(
        "() => !document.querySelector('#rule-text').textContent.includes('Loading')"
    )
    assert "bid" in page.inner_text("#rule-text").lower()
    page.screenshot(path=str(tmp_path / "refused.png"))
    page.keyboard.press("Escape")
    page.wait_for_selector("#rule-dialog", state="hidden")
    # A mistyped bid far beyond cash says what it would cost and is not sent on one press.
    before = action_index(page)
    page.fill("#bid-amount", "999")
    assert "bonds will be issued" in page.inner_text("#bid-bonds")
    page.click("#btn-bid")
    assert "Press Bid again to confirm" in page.inner_text("#bid-bonds")
    assert page.inner_text("#btn-bid") == "Confirm bid of $999,000"
    assert action_index(page) == before
    # A proper bid: the lowest allowed, confirmed with Enter in the amount box.
    amount = page.get_attribute("#bid-amount", "data-min-bid")
    page.fill("#bid-amount", amount)
    page.press("#bid-amount", "Enter")
    wait_after(page, before)
    page.wait_for_selector("#error-panel[hidden]", state="attached")
    assert f"Ann bids ${amount},000" in page.inner_text("#log")
    # A dropped live connection comes back by itself.
    page.wait_for_selector("body[data-live='1']", state="attached")
    page.evaluate("window.railwaysGame.state.ws.close()")
    page.wait_for_selector("body[data-live='0']", state="attached")
    page.wait_for_selector("body[data-live='1']", state="attached")


def test_a_bid_paid_with_many_bonds_is_sent_on_the_second_press(page: Any, server: Server) -> None:
    """RW-p4-23: a winning bid beyond cash is paid with bonds; the page says how many before
    the bid is sent, and a bid forcing more than two is sent only when Bid is pressed again
    on the same amount."""
    created = server.new_game(seed=3)
    open_game(page, game_url(created))
    keep_baron(page)
    assert wait_my_turn(page) == "auction"
    cash = int(page.evaluate("window.railwaysGame.state.view.players[0].cash"))
    bond = int(page.evaluate("window.railwaysGame.state.view.money.bond_value"))
    amount = cash + 2 * bond + 1  # three bonds if it wins
    page.fill("#bid-amount", str(amount))
    assert "3 bonds will be issued" in page.inner_text("#bid-bonds")
    before = action_index(page)
    page.click("#btn-bid")
    assert action_index(page) == before
    assert "Press Bid again to confirm" in page.inner_text("#bid-bonds")
    page.fill("#bid-amount", str(amount + 1))  # another amount: the confirmation starts again
    assert "Press Bid again" not in page.inner_text("#bid-bonds")
    page.click("#btn-bid")
    assert action_index(page) == before
    page.click("#btn-bid")
    wait_after(page, before)
    assert f"Ann bids ${amount + 1:,},000" in page.inner_text("#log")


def test_build_by_clicking_hexes_then_deliver_after_a_reload(
    page: Any, server: Server, tmp_path: Path
) -> None:
    created = server.new_game(seed=1)
    token = created["seats"][0]["token"]
    open_game(page, game_url(created))
    to_actions(page)
    plan = delivering_link(server, created["id"], token)
    path = plan["build"]["action"]["path"]

    page.keyboard.press("b")
    page.wait_for_selector("body[data-mode='build']")
    hexes = page.locator("#layer-highlights .hl-start")
    assert hexes.count() > 0
    for i, (row, col) in enumerate(path):
        kind = "hl-start" if i == 0 else "hl-next"
        target = page.locator(f"#layer-highlights g.{kind}[data-row='{row}'][data-col='{col}']")
        target.click()
        page.wait_for_selector(f"#layer-highlights g.hl-path[data-row='{row}'][data-col='{col}']")
    summary = page.inner_text("#build-summary")
    assert "completes the link" in summary
    cost = page.inner_text("#build-cost")
    assert f"Cost ${plan['cost']},000" in cost
    cash = server.state(created["id"], token)["view"]["players"][0]["cash"]
    if plan["cost"] > cash:
        assert "bond" in cost
    page.screenshot(path=str(tmp_path / "build.png"))
    before = action_index(page)
    page.keyboard.press("Enter")
    wait_after(page, before)
    page.wait_for_selector("#layer-track g.link[data-owner='0']", state="attached")
    assert page.locator("#layer-track g.link[data-owner='0'] path.track").count() >= 2

    # Reload while the bots play: the page comes back at the live position.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#layer-track g.link[data-owner='0']", state="attached")
    assert wait_my_turn(page) == "actions"

    # Deliver: choose the cube on the board, then its route, and confirm.
    live = page.locator("#layer-cubes g.cube-live")
    assert live.count(), f"the bots left no delivery on {plan}: choose another seed"
    cube = live.first
    cube.click()
    page.wait_for_selector("body[data-mode='deliver']")
    page.wait_for_selector("#route-list .route.chosen")
    route = page.inner_text("#route-list .route.chosen")
    assert "Ann (you) +1" in route
    page.wait_for_selector("#layer-highlights .hl-dest")
    page.screenshot(path=str(tmp_path / "deliver.png"))
    score = int(page.inner_text(".player.me .score"))
    before = action_index(page)
    page.click("#btn-confirm")
    wait_after(page, before)
    page.wait_for_function(
        f"() => Number(document.querySelector('.player.me .score').textContent) > {score}"
    )


def test_build_a_ready_made_link_with_the_keyboard_and_colour_blind_mode(
    page: Any, server: Server, tmp_path: Path
) -> None:
    created = server.new_game(seed=7)
    open_game(page, game_url(created))
    to_actions(page)
    # The help panel lists the shortcuts.
    page.keyboard.press("?")
    page.wait_for_selector("#help-dialog[open]")
    assert "Undo" in page.inner_text("#help-dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help-dialog", state="hidden")
    # Colour-blind mode puts letters on cities and cubes.
    page.keyboard.press("c")
    page.wait_for_selector("#layer-cubes .color-letter")
    assert page.locator("#layer-cities .city .color-letter").count() > 10
    page.screenshot(path=str(tmp_path / "colorblind.png"))
    # A ready-made link from the list, confirmed with Enter.
    page.keyboard.press("b")
    page.fill("#candidate-filter", "Boston")
    first = page.locator("#candidate-list .candidate[data-to]:not([data-to=''])").first
    first.click()
    page.wait_for_selector("#candidate-list .candidate.chosen")
    assert "completes the link" in page.inner_text("#build-summary")
    before = action_index(page)
    page.keyboard.press("Enter")
    wait_after(page, before)
    page.wait_for_selector("#layer-track g.link[data-owner='0']", state="attached")
    assert "Boston" in page.inner_text("#log")
    # p passes the next action.
    assert wait_my_turn(page) == "actions"
    before = action_index(page)
    page.keyboard.press("p")
    wait_after(page, before)
    assert "Ann passes" in page.locator("#log li").all_inner_texts()


def test_import_a_record_and_play_on(page: Any, tmp_path: Path) -> None:
    from railways.bots.random_bot import RandomBot
    from railways.core.legal import legal_actions
    from railways.rules import new_game
    from railways.rules.records import save_record

    game = new_game("eastern-us", ["Ann", "Ben", "Cy"], seed=4)
    bot = RandomBot(4)
    while game.state.phase.value != "actions":  # barons and the first auction
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    played = len(game.actions)
    save_record(game, tmp_path / "game.json")

    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#import-file", str(tmp_path / "game.json"))
    page.wait_for_selector("#import-seats li >> nth=2")
    assert page.locator("#import-seats li").count() == 3
    page.click("#btn-import")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    assert action_index(page) >= played
    assert page.locator("#players .player").count() == 3
    assert "Turn 1" in page.inner_text("#status-turn")
