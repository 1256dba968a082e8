"""Every Operations card and Rail Baron shows its text in the page (issue 17, "Explained"):
on hover and on a tap, in the display, in a hand and on the baron choice; the words are the
terminal's. The display is grouped as the terminal groups it, and a card that cannot be taken
says why."""

from __future__ import annotations

from typing import Any

from railways.content.decks import load_barons, load_operations
from railways.content.maps import load_map
from railways.rules import board_plugins, effects_with
from railways.rules.texts import card_text
from web.conftest import Server
from web.play import open_game, wait_my_turn


def _expected_texts() -> tuple[dict[str, str], dict[str, str]]:
    """The texts the terminal prints, worked out from the deck files."""
    board = load_map("eastern-us")
    effects, _ = effects_with(board_plugins(board))
    names = {cid: c.name for cid, c in board.cities.items()}
    cards = {cid: card_text(c, names, effects) for cid, c in load_operations("eastern-us").items()}
    barons = {bid: b.text for bid, b in load_barons("eastern-us").items()}
    return cards, barons


def test_display_cards_and_dealt_barons_show_their_texts_on_hover(
    page: Any, server: Server
) -> None:
    cards, barons = _expected_texts()
    assert all(barons.values())  # every baron of the deck has a text to show
    created = server.new_game(seed=31)
    open_game(page, created["seats"][0]["url"])
    assert wait_my_turn(page) == "choose_baron"
    # The baron choice shows both texts without any hovering.
    options = page.locator("#action-panel .baron-option")
    assert options.count() == 2
    for i in range(2):
        baron = options.nth(i).locator("button").get_attribute("data-baron")
        assert options.nth(i).locator(".baron-text").inner_text() == barons[baron]
    # Every card on the display: hovering shows the terminal's words.
    chips = page.locator("#ops .card-chip")
    assert chips.count() >= 4
    for i in range(chips.count()):
        chip = chips.nth(i)
        card = chip.get_attribute("data-card")
        assert not chip.locator(".card-text").is_visible()
        chip.hover()
        text = chip.locator(".card-text")
        assert text.is_visible()
        assert text.inner_text() == cards[card]
    # Goals are grouped first and say they are scored by the first to do them, not taken
    # (worded so that no one seems to have won them already).
    assert page.locator("#ops h3.ops-group").first.inner_text() == "Goals"
    goal = page.locator("#ops li.op-card").first
    assert "the first to do it scores it" in goal.inner_text()


def test_a_tap_opens_a_cards_text_and_another_closes_it(tablet: Any, server: Server) -> None:
    cards, _ = _expected_texts()
    created = server.new_game(seed=32)
    open_game(tablet, created["seats"][0]["url"])
    # Once the seat is asked to act, the bots' first moves (which redraw the card panel) are
    # in; a chip found before then could be replaced between the look-up and the tap.
    wait_my_turn(tablet)
    chip = tablet.locator("#ops .card-chip").first
    chip.tap()  # a locator's tap scrolls the chip into view itself
    assert chip.locator(".card-text").is_visible()
    assert chip.locator(".card-text").inner_text() == cards[chip.get_attribute("data-card")]
    tablet.touchscreen.tap(400, 20)  # the top bar, which bots' moves do not redraw
    assert not chip.locator(".card-text").is_visible()


def test_the_kept_baron_shows_its_text_in_the_players_panel(page: Any, server: Server) -> None:
    _, barons = _expected_texts()
    created = server.new_game(seed=33)
    open_game(page, created["seats"][0]["url"])
    wait_my_turn(page)
    page.click("#action-panel [data-baron] >> nth=0")
    chip = page.locator("#players .player.me .card-chip.baron")
    chip.wait_for()
    chip.hover()
    assert chip.locator(".card-text").inner_text() == barons[chip.get_attribute("data-baron")]
