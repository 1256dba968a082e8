"""My games (issue 29): every seat this browser holds, whose turn it is in each and since
when, and the tab title counting the games that wait on this browser's seats; the lobby and
the game page link to it."""

from __future__ import annotations

import time
from typing import Any

from web.conftest import Server
from web.play import action_index, open_game, wait_after


def _two_humans(server: Server, seed: int) -> dict[str, Any]:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    return dict(server.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": seed}))


def _to_act(server: Server, created: dict[str, Any]) -> int:
    return int(server.state(created["id"], created["seats"][0]["token"])["view"]["to_act"])


def _open_my_games(page: Any) -> None:
    page.goto("/static/games.html")
    page.wait_for_selector("body[data-ready='1']")


def test_my_games_tells_whose_turn_and_counts_those_waiting(page: Any, server: Server) -> None:
    start = time.time() * 1000
    both = _two_humans(server, seed=71)  # this browser holds both seats
    other = _two_humans(server, seed=72)  # ... and one seat here, the one not to act
    for seat in both["seats"]:
        open_game(page, seat["url"])
    idle = 1 - _to_act(server, other)
    open_game(page, other["seats"][idle]["url"])

    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#link-my-games")
    page.wait_for_selector("body[data-ready='1'] #my-games-table")
    rows = page.locator("#my-games-table tbody tr")
    assert rows.count() == 3
    # One game waits on this browser (its seat to act is held here); the other does not.
    assert page.evaluate("document.body.dataset.waiting") == "1"
    assert page.title().startswith("(1) My games")
    mine = page.locator("#my-games-table tr[data-mine='1']")
    assert mine.count() == 1 and mine.get_attribute("data-game") == both["id"]
    assert "your turn" in mine.inner_text()
    theirs = page.locator(f"#my-games-table tr[data-game='{other['id']}']")
    mover = "Ann" if idle == 1 else "Bea"
    assert f"{mover}'s turn" in theirs.inner_text()
    # Since when: the time a page of this browser saw the game where it stands.
    for cell in page.locator("#my-games-table td.since").all():
        at = float(cell.get_attribute("data-since") or "0")
        assert start - 1000 <= at <= time.time() * 1000
        assert cell.inner_text().startswith("since ")

    # The seat to act in the first game moves: nothing waits on this browser's seats there
    # until the other seat, also held here, is to act, and the count follows.
    seat = _to_act(server, both)
    open_game(page, both["seats"][seat]["url"])
    before = action_index(page)
    page.click("#action-panel [data-baron] >> nth=0")
    wait_after(page, before)
    now_to_act = _to_act(server, both)
    _open_my_games(page)
    assert page.evaluate("document.body.dataset.waiting") == "1"  # the other seat, held here
    row = page.locator(f"#my-games-table tr[data-game='{both['id']}'][data-mine='1']")
    assert row.count() == 1
    name = "Ann" if now_to_act == 0 else "Bea"
    assert name in row.inner_text()


def test_my_games_without_games_and_from_the_game_page(page: Any, server: Server) -> None:
    _open_my_games(page)
    assert page.is_visible("#no-games")
    assert page.evaluate("document.body.dataset.waiting") == "0"
    assert page.title().startswith("My games")
    created = _two_humans(server, seed=73)
    idle = 1 - _to_act(server, created)
    open_game(page, created["seats"][idle]["url"])
    page.click("#link-my-games")
    page.wait_for_selector("body[data-ready='1'] #my-games-table")
    assert page.evaluate("document.body.dataset.waiting") == "0"
    assert page.title() == "My games · Railways of the World"
