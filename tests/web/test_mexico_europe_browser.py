"""The four boards of issue 11 in the browser: chosen in the lobby (Mexico with its Black Star
cards), drawn on the page, played to the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from web.play import plainest_move

MY_TURN_OR_OVER = "body[data-my-turn='1'], body[data-phase='game_over']"


@pytest.mark.parametrize(
    ("map_id", "module", "city"),
    [
        ("mexico", "black-stars", "mexico-city"),
        ("europe", None, "paris"),
        ("great-britain", None, "london"),
        ("nippon", None, "tokyo"),
    ],
)
def test_a_board_is_chosen_in_the_lobby_and_played_to_its_end(
    page: Any, tmp_path: Path, map_id: str, module: str | None, city: str
) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#map", map_id)
    if module is not None:
        page.click("details.more > summary")
        page.wait_for_selector("#modules-row:not([hidden])")
        page.check(f"#modules-box input[value='{module}']")
    for i in (1, 2, 3):  # fast bots, so the whole game fits in a test
        page.select_option(f"#seats li >> nth={i} >> .seat-bot", "random")
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#btn-play")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(f"#board-view svg g.city[data-city='{city}']")
    if module is not None:
        markers = page.locator("li.marker").all_inner_texts()
        assert any("Modules: " in m for m in markers), markers
    page.screenshot(path=str(tmp_path / f"{map_id}-turn-1.png"))

    # Keep a Rail Baron, then pass every bid and every action until the game ends.
    for _ in range(600):
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "game_over":
            break
        plainest_move(page, phase)
    assert page.evaluate("document.body.dataset.phase") == "game_over"
    page.screenshot(path=str(tmp_path / f"{map_id}-over.png"))
    assert not page.errors
