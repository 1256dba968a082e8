"""Names and chat carrying markup are shown as text in the real page (issue 30, item 5):
no script runs and no element or attribute is made from them, in the game page (players,
chat), and in the lobby page opened after it."""

from __future__ import annotations

from typing import Any

from web.conftest import Server
from web.play import open_game

PAYLOADS = [
    '<img src=x onerror="window.__xss=1">',
    '"><svg onload="window.__xss=2">',
    "<script>window.__xss=3</script>",
]
# What the page must not hold: an element made from a payload, or an inline handler.
INJECTED = (
    '() => document.querySelectorAll(\'img[src="x"], svg[onload], script:not([src]),'
    " [onerror], [onload]').length"
)


def test_markup_in_names_and_chat_is_shown_as_text(page: Any, server: Server) -> None:
    seats = [{"name": PAYLOADS[0]}, {"name": PAYLOADS[1]}, {"name": PAYLOADS[2][:40]}]
    created = server.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": 71})
    open_game(page, created["seats"][0]["url"])
    page.wait_for_function(
        "() => document.querySelector('#players').textContent.includes('onerror')"
    )
    players = page.inner_text("#players")
    assert PAYLOADS[0] in players and PAYLOADS[1] in players
    page.click("#tab-chat")
    page.fill("#chat-text", PAYLOADS[2])
    page.press("#chat-text", "Enter")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#chat-list li')]"
        ".some(li => li.textContent.includes('<script>'))"
    )
    assert page.evaluate(INJECTED) == 0
    assert page.evaluate("() => window.__xss === undefined")
    # The lobby, which lists the games this browser has joined.
    page.goto("/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate(INJECTED) == 0
    assert page.evaluate("() => window.__xss === undefined")


def test_the_attack_rows_page_check_reports_planted_markup(page: Any) -> None:
    """The check ``railways bench server --attack`` runs in each page finds an element made
    from markup and its script's mark, so its row cannot hold over a real injection."""
    from railways.server.attack_xss import page_findings, xss_outcome

    page.set_content('<p>Ann</p><p><img src="x" onerror="window.__xss=1"></p>')
    page.wait_for_function("() => window.__xss === 1")
    found = page_findings(page)
    assert found == {"injected": 1, "ran": True}
    row = xss_outcome({"a planted page": found}, {"names": True})
    assert not row.held and "1 injected, a script ran" in row.detail


def test_the_attack_suites_xss_row_holds_on_the_real_pages(server: Server) -> None:
    """The row itself, against this session's server: its own Chromium, in a thread of its
    own (Playwright's sync API will not start inside another's event loop)."""
    from concurrent.futures import ThreadPoolExecutor

    from railways.server.attack_xss import xss_in_chromium

    with ThreadPoolExecutor(1) as pool:
        [row] = pool.submit(xss_in_chromium, server.base).result()
    assert row.held and not row.skipped, row.detail
