"""The "Let a bot play for me" question asks which level, offering the levels in the bot
ladder's order (weakest first, as ``GET /api/games/{id}/standin`` gives them) with the
game's level marked and focused (issue 28)."""

from __future__ import annotations

from typing import Any

from web.conftest import Server
from web.play import open_game


def test_the_stand_in_question_follows_the_ladder(page: Any, server: Server) -> None:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    created = server.post(
        "/api/games",
        {"map": "eastern-us", "seats": seats, "seed": 65, "standin_level": "easy"},
    )
    token = created["seats"][0]["token"]
    offer = server.get(f"/api/games/{created['id']}/standin?token={token}")
    assert offer["default"] == "easy"
    open_game(page, created["seats"][0]["url"])
    page.click("#btn-standin")
    page.wait_for_selector("#standin-dialog[open]")
    buttons = page.locator("#standin-levels button")
    # The page's own buttons are replaced by the server's, so the notes are there.
    page.wait_for_selector("#standin-levels .level-note")
    assert buttons.evaluate_all("bs => bs.map(b => b.value)") == [
        level["level"] for level in offer["levels"]
    ]
    assert page.locator("#standin-levels button.primary").evaluate_all(
        "bs => bs.map(b => b.value)"
    ) == ["easy"]
    assert page.evaluate("document.activeElement.value") == "easy"
    count = len(offer["levels"])
    first = page.inner_text(f"#standin-{offer['levels'][0]['level']}")
    assert f"1 of {count} on the bot ladder" in first
    page.click("#standin-cancel")
    page.wait_for_selector("#standin-dialog:not([open])", state="attached")
    # Leaving the game for good asks the same, in the same order.
    page.click("#btn-concede")
    page.wait_for_selector("#concede-dialog[open]")
    page.wait_for_selector("#concede-levels .level-note")
    assert page.locator("#concede-levels button").evaluate_all("bs => bs.map(b => b.value)") == [
        level["level"] for level in offer["levels"]
    ]
    page.click("#concede-cancel")
    page.wait_for_selector("#concede-dialog:not([open])", state="attached")
    assert server.state(created["id"], token)["table"]["standins"] == {}
