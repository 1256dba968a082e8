"""The XSS row of ``railways bench server --attack`` (issue 30): markup in seat names, in
chat and in the seat names of an imported record, shown in the real page by Chromium.

It holds when every payload is on the page as text and the pages (the game, the imported
game, the lobby) hold no element made from a payload, no inline handler and no sign that a
payload's script ran. It needs Playwright (the dev extra) and a Chromium
($RAILWAYS_CHROMIUM, else /usr/bin/chromium); without either the row is skipped, saying
why, and counts as not held.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx

from railways.server.attack import Outcome

ATTACK = "markup in names, chat and an imported record, in Chromium"
PAYLOADS = [
    '<img src=x onerror="window.__xss=1">',
    '"><svg onload="window.__xss=2">',
    "<script>window.__xss=3</script>",
]
# What a page must not hold: an element made from a payload, an inline handler, a mark left
# by a payload's script.
PAGE_CHECK = """() => ({
  injected: document.querySelectorAll(
    'img[src="x"], svg[onload], script:not([src]), [onerror], [onload]').length,
  ran: window.__xss !== undefined,
})"""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CHROMIUM_ARGS += ["--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT_MS = 20_000


def chromium_path() -> str:
    return os.environ.get("RAILWAYS_CHROMIUM", "/usr/bin/chromium")


def cannot_run() -> str | None:
    """Why the row cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed (pip install -e '.[dev]')"
    if not Path(chromium_path()).exists():
        return f"no Chromium at {chromium_path()} (set RAILWAYS_CHROMIUM)"
    return None


def page_findings(page: Any) -> dict[str, Any]:
    """The page's injected elements and whether a payload's script ran (``PAGE_CHECK``)."""
    found: dict[str, Any] = page.evaluate(PAGE_CHECK)
    return found


def xss_outcome(pages: Mapping[str, Mapping[str, Any]], shown: Mapping[str, bool]) -> Outcome:
    """The row from each page's findings and whether each payload was seen as text."""
    bad = [
        f"{name}: {f['injected']} injected" + (", a script ran" if f["ran"] else "")
        for name, f in pages.items()
        if f["injected"] or f["ran"]
    ]
    missing = [what for what, ok in shown.items() if not ok]
    held = bool(pages) and not bad and not missing
    detail = f"{len(PAYLOADS)} payloads on {len(pages)} pages: "
    detail += "; ".join(bad) if bad else "no element or handler injected, no script ran"
    if missing:
        detail += "; not shown as text (so unchecked): " + ", ".join(missing)
    return Outcome(ATTACK, held, detail)


def xss_in_chromium(url: str) -> list[Outcome]:
    reason = cannot_run()
    if reason is not None:
        return [Outcome(ATTACK, False, f"skipped: {reason}", skipped=True)]
    try:
        game, imported = _games_with_markup(url)
    except httpx.HTTPError as exc:
        return [Outcome(ATTACK, False, f"could not set the pages up: {exc}")]
    return [_look(url, game, imported)]


def _games_with_markup(url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game whose seats are named with the payloads and whose chat carries them, and an
    imported record whose seats are; from addresses of their own (the creation and import
    limits of 127.0.0.1 are for the other rows)."""
    from railways.content.maps import DEFAULT_MAP
    from railways.rules import new_game
    from railways.rules.records import record_of
    from railways.server.attack_tokens import clients_from

    seats = [{"name": p[:40]} for p in PAYLOADS]
    record = record_of(new_game(DEFAULT_MAP, [s["name"] for s in seats], 30)).to_dict()
    with clients_from(url, 40, 2) as (api, importer):
        made = api.post("/api/games", json={"seats": seats})
        made.raise_for_status()
        game: dict[str, Any] = made.json()
        for text in PAYLOADS:
            said = api.post(
                f"/api/games/{game['id']}/chat", json={"text": text}, params={"token": _t(game)}
            )
            said.raise_for_status()
        answer = importer.post("/api/games/import", json={"record": record})
        answer.raise_for_status()
        imported: dict[str, Any] = answer.json()
    return game, imported


def _t(game: Mapping[str, Any]) -> str:
    return str(game["seats"][0]["token"])


def _look(url: str, game: Mapping[str, Any], imported: Mapping[str, Any]) -> Outcome:
    from playwright.sync_api import Error, sync_playwright

    pages: dict[str, dict[str, Any]] = {}
    shown: dict[str, bool] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(base_url=url)
            context.set_default_timeout(WAIT_MS)
            page = context.new_page()
            for name, created in (("game", game), ("imported game", imported)):
                page.goto(created["seats"][0]["url"])
                shown[f"names on the {name} page"] = _shows(page, "#players", "onerror")
                pages[f"the {name}"] = page_findings(page)
            page.goto(game["seats"][0]["url"])
            page.click("#tab-chat")
            shown["chat"] = _shows(page, "#chat-list", "<script>")
            pages["the game's chat"] = page_findings(page)
            page.goto("/")
            page.wait_for_load_state("networkidle")
            pages["the lobby"] = page_findings(page)
            context.close()
        except Error as exc:
            return Outcome(ATTACK, False, f"the browser could not finish: {exc}".split("\n")[0])
        finally:
            browser.close()
    return xss_outcome(pages, shown)


def _shows(page: Any, selector: str, text: str) -> bool:
    """Does ``selector``'s text come to hold ``text`` (a payload shown as text)?"""
    from playwright.sync_api import TimeoutError as Timeout

    check = f"() => (document.querySelector({selector!r})?.textContent ?? '').includes({text!r})"
    try:
        page.wait_for_function(check)
    except Timeout:
        return False
    return True
