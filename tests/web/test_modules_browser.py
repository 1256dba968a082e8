"""Modules in the browser: ticked in the lobby, shown on the page, played to the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web.conftest import Server
from web.play import plainest_move

MY_TURN_OR_OVER = "body[data-my-turn='1'], body[data-phase='game_over']"


def test_a_game_with_the_event_deck_is_chosen_in_the_lobby_and_played_to_its_end(
    page: Any, server: Server, tmp_path: Path
) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("details.more > summary")
    page.wait_for_selector("#modules-row:not([hidden])")
    page.check("#modules-box input[value='event-deck']")
    page.check("#opt-shorter")
    for i in (1, 2, 3):  # fast bots, so the whole game fits in a test
        page.select_option(f"#seats li >> nth={i} >> .seat-bot", "random")
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#board-view svg g.city")
    markers = page.locator("li.marker").all_inner_texts()
    assert any("Modules: Event Deck, Shorter Game" in m for m in markers), markers
    assert any(m.startswith("Future event: ") for m in markers), markers
    page.screenshot(path=str(tmp_path / "event-deck-turn-1.png"))

    # Keep a Rail Baron, then pass every bid and every action until the game ends.
    saw_current = False
    for _ in range(400):
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "game_over":
            break
        texts = page.locator("li.marker").all_inner_texts()
        saw_current = saw_current or any(t.startswith("Current event: ") for t in texts)
        plainest_move(page, phase)
    assert page.evaluate("document.body.dataset.phase") == "game_over"
    assert saw_current
    page.screenshot(path=str(tmp_path / "event-deck-over.png"))
    assert not page.errors
