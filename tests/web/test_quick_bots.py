"""Bots with no delay (``--bot-delay 0``, issue 32): after several quick bot moves in a row,
the seat's page and a spectator's page always end on the latest position (the server's
``action_index``), never on one the quick updates left behind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web.conftest import TIMEOUT_MS, Server, running_server
from web.play import action_index, open_game, wait_after

TURNS = 4  # of the seat's moves, each followed by three bots' moves at once


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("railways-quick"), bot_delay="0") as running:
        yield running


def _page(browser: Any, server: Server) -> Any:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, base_url=server.base)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def _shows_latest(page: Any, latest: int) -> None:
    """The page reaches the server's position and stays there (nothing newer to come)."""
    page.wait_for_function(f"() => Number(document.body.dataset.actionIndex) === {latest}")
    assert action_index(page) == latest


def test_pages_end_on_the_latest_position_after_quick_bot_moves(
    browser: Any, quick_server: Server, tmp_path: Path
) -> None:
    seats: list[dict[str, Any]] = [{"name": "Ann", "kind": "human"}]
    seats += [{"name": f"Bot {i}", "kind": "bot", "bot": "random"} for i in (2, 3, 4)]
    created = quick_server.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": 91})
    token = created["seats"][0]["token"]
    ann, watcher = _page(browser, quick_server), _page(browser, quick_server)
    try:
        open_game(ann, created["seats"][0]["url"])
        open_game(watcher, created["spectator"]["url"])
        moved_by_bots = 0
        for _ in range(TURNS):
            ann.wait_for_selector("body[data-my-turn='1']")
            # The game waits on Ann: the server's position is the last one there will be.
            latest = int(quick_server.state(created["id"], token)["action_index"])
            _shows_latest(ann, latest)
            _shows_latest(watcher, latest)
            before = action_index(ann)
            phase = ann.evaluate("document.body.dataset.phase")
            if phase == "choose_baron":
                ann.click("#action-panel [data-baron] >> nth=0")
            elif phase == "auction":
                ann.click("#btn-pass-bid")
            else:
                ann.click("#btn-pass")
            wait_after(ann, before)
            moved_by_bots += 1
        ann.wait_for_selector("body[data-my-turn='1']")
        latest = int(quick_server.state(created["id"], token)["action_index"])
        _shows_latest(ann, latest)
        _shows_latest(watcher, latest)
        # Bots moved between Ann's moves: more positions than Ann's own moves.
        assert latest > 2 * moved_by_bots
    finally:
        for page in (ann, watcher):
            page.context.close()
