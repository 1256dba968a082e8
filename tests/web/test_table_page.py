"""The table in the page (issue 17, "Alive" and "over days"): chat among two seats and a
spectator, muting spectators, handing a seat to a bot and taking it back, the your-turn
alert, the log in a drawer beside the board, and a move limit chosen in the lobby."""

from __future__ import annotations

from typing import Any

from web.conftest import TIMEOUT_MS, Server
from web.play import keep_baron, open_game


def _two_humans(server: Server, seed: int) -> dict[str, Any]:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    return dict(server.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": seed}))


def _page(browser: Any, server: Server) -> Any:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, base_url=server.base)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def test_chat_between_seats_and_a_spectator_with_muting(browser: Any, server: Server) -> None:
    created = _two_humans(server, seed=61)
    ann, bea, watcher = _page(browser, server), _page(browser, server), _page(browser, server)
    try:
        open_game(ann, created["seats"][0]["url"])
        open_game(bea, created["seats"][1]["url"])
        open_game(watcher, created["spectator"]["url"])
        ann.click("#tab-chat")
        ann.fill("#chat-text", "<img src=x onerror=alert(1)> good luck")
        ann.press("#chat-text", "Enter")
        # Bea sees it live, as text (no element made from it), with an unread mark.
        bea.wait_for_selector("#chat-unread:not([hidden])")
        assert bea.inner_text("#chat-unread") == "1"
        bea.click("#tab-chat")
        line = bea.locator("#chat-list li").last
        assert "<img src=x onerror=alert(1)> good luck" in line.inner_text()
        assert bea.locator("#chat-list img").count() == 0
        assert bea.inner_text("#chat-unread") == "" or bea.locator("#chat-unread[hidden]").count()
        # The spectator talks; then Bea mutes spectators and the box closes for them.
        watcher.click("#tab-chat")
        watcher.fill("#chat-text", "nice move")
        watcher.press("#chat-text", "Enter")
        ann.wait_for_selector("#chat-list li.spectator")
        bea.check("#chat-mute")
        watcher.wait_for_selector("#chat-text[disabled]")
        ann.wait_for_function(
            "() => !document.querySelector('#chat-list li.spectator')"
            " && [...document.querySelectorAll('#chat-list li.table')]"
            ".some(li => li.textContent.includes('mutes spectators'))"
        )
    finally:
        for p in (ann, bea, watcher):
            p.context.close()


def test_a_bot_plays_for_a_seat_until_it_takes_the_seat_back(page: Any, server: Server) -> None:
    created = _two_humans(server, seed=62)
    state = server.state(created["id"], created["seats"][0]["token"])
    seat = state["view"]["to_act"]
    open_game(page, created["seats"][seat]["url"])
    before = int(page.evaluate("document.body.dataset.actionIndex"))
    page.click("#btn-standin")
    # Which bot: the page asks (issue 29); a hard one is chosen.
    page.wait_for_selector("#standin-dialog[open]")
    assert page.inner_text("#standin-dialog").count("\n") >= 1
    page.click("#standin-hard")
    page.wait_for_function(f"() => Number(document.body.dataset.actionIndex) > {before}")
    assert page.inner_text("#btn-standin") == "Take my seat back (a hard bot plays)"
    token = created["seats"][seat]["token"]
    assert server.state(created["id"], token)["table"]["standins"] == {str(seat): "hard"}
    assert "bot plays for them" in page.inner_text(f"#players .player[data-seat='{seat}']")
    page.click("#btn-standin")
    page.wait_for_function(
        "() => document.querySelector('#btn-standin').textContent === 'Let a bot play for me'"
    )
    page.click("#tab-chat")
    notes = page.inner_text("#chat-list")
    assert "plays for" in notes and "takes their seat back" in notes


def test_cancelling_the_bot_question_seats_no_bot(page: Any, server: Server) -> None:
    created = _two_humans(server, seed=64)
    open_game(page, created["seats"][0]["url"])
    page.click("#btn-standin")
    page.wait_for_selector("#standin-dialog[open]")
    page.click("#standin-cancel")
    page.wait_for_selector("#standin-dialog:not([open])", state="attached")
    assert page.inner_text("#btn-standin") == "Let a bot play for me"
    token = created["seats"][0]["token"]
    assert server.state(created["id"], token)["table"]["standins"] == {}


def test_the_turn_is_announced_once_with_sound_when_asked(browser: Any, server: Server) -> None:
    created = _two_humans(server, seed=63)
    first = server.state(created["id"], created["seats"][0]["token"])["view"]["to_act"]
    other = 1 - first
    waiting, acting = _page(browser, server), _page(browser, server)
    try:
        open_game(waiting, created["seats"][other]["url"])
        waiting.click("#btn-sound")
        assert waiting.get_attribute("#btn-sound", "aria-pressed") == "true"
        open_game(acting, created["seats"][first]["url"])
        acting.click("#action-panel [data-baron] >> nth=0")
        waiting.wait_for_selector("body[data-my-turn='1']")
        waiting.wait_for_selector("body[data-turn-alerts='1']", state="attached")
        alerts = waiting.evaluate("window.railwaysGame.state.alerts")
        assert alerts.count("turn") == 1 and "sound" in alerts
        assert waiting.title().startswith("▶")
    finally:
        waiting.context.close()
        acting.context.close()


def test_the_log_is_in_a_drawer_beside_the_board(page: Any, server: Server) -> None:
    created = server.new_game(seed=64)
    open_game(page, created["seats"][0]["url"])
    keep_baron(page)
    page.wait_for_selector("#log li")
    board_bottom, drawer_top = page.evaluate(
        """() => [document.querySelector('#board-view').getBoundingClientRect().bottom,
                  document.querySelector('#log-drawer').getBoundingClientRect().top]"""
    )
    assert drawer_top >= board_bottom - 1  # under the board, not in the sidebar
    assert page.locator("#log li").count() >= 1 and page.locator("#log").is_visible()
    page.keyboard.press("g")
    assert not page.locator("#log").is_visible()
    page.keyboard.press("g")
    assert page.locator("#log").is_visible()


def test_the_lobby_sets_a_move_limit(page: Any, server: Server) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#move-limit", "86400")
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("window.railwaysGame.state.table.move_limit") == 86400


def test_leaving_the_game_hands_the_seat_to_a_bot_for_good(page: Any, server: Server) -> None:
    """Leave the game (issue 29): asked which bot, the seat is left to it; the page then
    only watches (no moves, no take-back), and the other seat's game goes on."""
    created = _two_humans(server, seed=65)
    state = server.state(created["id"], created["seats"][0]["token"])
    seat = state["view"]["to_act"]
    open_game(page, created["seats"][seat]["url"])
    before = int(page.evaluate("document.body.dataset.actionIndex"))
    page.click("#btn-concede")
    page.wait_for_selector("#concede-dialog[open]")
    page.click("#concede-easy")
    # The bot moves for the seat; the page says the seat was left and offers no moves.
    page.wait_for_function(f"() => Number(document.body.dataset.actionIndex) > {before}")
    page.wait_for_selector("#left-game")
    assert "easy bot" in page.inner_text("#left-game")
    assert page.is_hidden("#btn-concede") and page.is_hidden("#btn-standin")
    assert page.evaluate("document.body.dataset.myTurn") == "0"
    token = created["seats"][seat]["token"]
    table = server.state(created["id"], token)["table"]
    assert table["conceded"] == [seat] and table["standins"] == {str(seat): "easy"}
    page.click("#tab-chat")
    assert "leaves the game" in page.inner_text("#chat-list")


def test_staying_in_the_game_leaves_the_seat_as_it_was(page: Any, server: Server) -> None:
    created = _two_humans(server, seed=66)
    open_game(page, created["seats"][0]["url"])
    page.click("#btn-concede")
    page.wait_for_selector("#concede-dialog[open]")
    page.click("#concede-cancel")
    page.wait_for_selector("#concede-dialog:not([open])", state="attached")
    table = server.state(created["id"], created["seats"][0]["token"])["table"]
    assert table["conceded"] == [] and table["standins"] == {}
    assert page.is_visible("#btn-concede")
