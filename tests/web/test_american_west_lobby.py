"""The lobby in a real browser offers the three boards of the American West (issue 12), and
choosing one ticks the modules it is played with by default."""

from __future__ import annotations

from typing import Any

import pytest

BOARDS = {
    "western-us": ["city-rotors", "fuel-depots"],
    "north-america": [],
    "transcontinental": ["fuel-depots"],
}


@pytest.mark.parametrize("map_id", sorted(BOARDS))
def test_the_lobby_offers_the_board_with_its_default_modules(page: Any, map_id: str) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    offered = page.eval_on_selector_all("#map option", "els => els.map(e => e.value)")
    assert map_id in offered
    page.select_option("#map", map_id)
    page.click("details.more > summary")
    ticked = page.eval_on_selector_all(
        "#modules-box input:checked", "els => els.map(e => e.value).sort()"
    )
    assert ticked == BOARDS[map_id]
    assert not page.errors
