"""The lobby offers the bot levels, and the server seats the level chosen."""

from __future__ import annotations

from typing import Any


def test_lobby_offers_levels_and_seats_the_chosen_one(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    choice = page.locator("#seats .seat-bot").nth(1)  # seat 1 is you; seats 2-4 bots
    values = choice.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert values[:3] == ["easy", "medium", "hard"]
    assert {"greedy", "random"} <= set(values)
    page.locator("#seats .seat-bot").nth(1).select_option("hard")
    page.locator("#seats .seat-bot").nth(2).select_option("easy")
    page.click("#btn-create")
    page.wait_for_selector("#created:not([hidden])")
    bots = page.locator("#links .bot-item").all_inner_texts()
    assert len(bots) == 3
    assert "(hard bot)" in bots[0] and "(easy bot)" in bots[1]
