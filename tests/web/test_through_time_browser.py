"""Railways Through Time in the browser: three eras ticked in the lobby, the page draws those
eras side by side with their time gates, and a game is played to its end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web.play import plainest_move

MY_TURN_OR_OVER = "body[data-my-turn='1'], body[data-phase='game_over']"
ERAS = ("roman-empire", "napoleonic", "future")


def test_the_board_box_shows_only_for_a_map_with_board_choices(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    assert not page.is_visible("#choices-row")  # Eastern U.S.: nothing to choose
    page.select_option("#map", "through-time")
    page.wait_for_selector("#choices-row:not([hidden])")
    assert page.is_visible("#choices-row")
    page.select_option("#map", "mexico")
    page.wait_for_selector("#choices-row[hidden]", state="attached")
    assert not page.is_visible("#choices-row")


def test_three_eras_chosen_in_the_lobby_and_played_to_the_end(page: Any, tmp_path: Path) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#map", "through-time")
    page.wait_for_selector("#choices-row:not([hidden])")
    for era in ERAS:
        page.check(f"#choices-box input[value='{era}']")
    page.click("#remove-seat")
    page.click("#remove-seat")  # two seats: you and a fast bot
    page.select_option("#seats li >> nth=1 >> .seat-bot", "random")
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    # The game's own board: its three eras side by side, with their time gates.
    page.wait_for_selector("#board-view svg g.city[data-city='roma']")
    assert page.locator("#board-view svg g.city[data-city='skyhaven']").count() == 1
    assert page.locator("#board-view svg g.city[data-city='olduvai']").count() == 0
    assert page.locator("#board-view svg g.city[data-city^='gate-']").count() == 6
    names = page.locator("#board-view svg .region-name").all_text_contents()
    assert sorted(names) == ["Future", "Napoleonic", "Roman Empire"]
    page.screenshot(path=str(tmp_path / "through-time-turn-1.png"))

    for _ in range(600):
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "game_over":
            break
        plainest_move(page, phase)
    assert page.evaluate("document.body.dataset.phase") == "game_over"
    page.screenshot(path=str(tmp_path / "through-time-over.png"))
    assert not page.errors
