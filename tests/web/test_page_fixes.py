"""The browser game's second round (issue 17): each bug seen by a player, shown fixed."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from railways.core.hexgrid import Hex
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import record_of
from web.conftest import Server
from web.play import action_index, keep_baron, open_game, wait_after, wait_my_turn


def _two_humans(server: Server, seed: int) -> dict[str, Any]:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    return dict(server.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": seed}))


def _finished_game_record(players: int, seed: int) -> tuple[dict[str, Any], Any]:
    """A whole random game, played here, and its record."""
    game = new_game("eastern-us", players, seed)
    rng = random.Random(seed)
    while not game.over:
        seat = game.state.to_act
        legal = legal_actions(game, seat)
        if legal.deliveries and rng.random() < 0.8:
            action = rng.choice(list(legal.deliveries.values()))[0].action
        elif legal.builds and rng.random() < 0.5:
            action = rng.choice(legal.builds).action
        else:
            action = rng.choice(legal.simple)
        game.apply(action)
    return record_of(game).to_dict(), game


def test_a_waiting_seat_sees_no_null_in_the_baron_choice_or_auction(
    page: Any, server: Server
) -> None:
    created = _two_humans(server, seed=11)
    to_act = server.state(created["id"], created["seats"][0]["token"])["view"]["to_act"]
    waiting = 1 - int(to_act)
    open_game(page, created["seats"][waiting]["url"])
    page.wait_for_selector("#action-panel .waiting")
    text = page.inner_text("#action-panel")
    assert "Waiting for" in text
    assert "null" not in text
    assert page.locator("#btn-undo").count() == 0  # nothing of this seat's to undo yet


def test_the_legend_button_stays_visible_when_on(page: Any, server: Server) -> None:
    created = server.new_game(seed=2)
    open_game(page, created["seats"][0]["url"])
    page.click("#btn-legend")
    assert page.get_attribute("#btn-legend", "aria-pressed") == "true"
    colours = page.evaluate(
        """() => { const s = getComputedStyle(document.querySelector('#btn-legend'));
                   return [s.backgroundColor, s.color]; }"""
    )
    background, text = colours
    assert background != text
    # Pressed reads as pressed: a dark face, not the translucent white of the zoom bar.
    channels = [int(x) for x in re.findall(r"\d+", background)[:3]]
    assert max(channels) < 100, background


def test_a_lost_connection_is_not_shown_as_a_refusal_and_the_move_is_retried(
    page: Any, server: Server
) -> None:
    created = server.new_game(seed=4)
    open_game(page, created["seats"][0]["url"])
    assert wait_my_turn(page) == "choose_baron"
    before = action_index(page)

    def drop(route: Any) -> None:
        route.abort("internetdisconnected")

    page.route("**/actions", drop)
    page.click("#action-panel [data-baron] >> nth=0")
    page.wait_for_selector("#error-panel:not([hidden])")
    assert page.inner_text("#error-title") == "Connection lost:"
    assert "Not allowed" not in page.inner_text("#error-panel")
    assert "Failed to fetch" not in page.inner_text("#error-panel")
    page.unroute("**/actions", drop)
    wait_after(page, before)  # a later try went through by itself
    page.wait_for_selector("#error-panel[hidden]", state="attached")


def test_export_mid_game_gives_the_seats_own_view_and_the_lobby_says_what_import_takes(
    page: Any, server: Server, tmp_path: Path
) -> None:
    created = server.new_game(seed=5)
    open_game(page, created["seats"][0]["url"])
    keep_baron(page)
    assert page.inner_text("#btn-export") == "Export my view"
    with page.expect_download() as info:
        page.click("#btn-export")
    path = tmp_path / "view.json"
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["kind"] == "railways-seat-view" and data["seat"] == 0
    assert "seed" not in json.dumps(data)
    assert not page.locator("#error-panel:not([hidden])").count()  # no refusal any more
    page.goto("/")
    hint = page.inner_text("#import-game .hint")
    assert "finished game" in hint and "terminal" in hint


def test_a_finished_game_exports_its_record_and_counts_empty_cities_sensibly(
    page: Any, server: Server, tmp_path: Path
) -> None:
    # A game that ended with more empty cities than the end needs: the old counter's case.
    for seed in range(1, 40):
        record, game = _finished_game_record(players=2, seed=seed)
        if len(game.state.ecm) > game.state.ecm_needed:
            break
    needed = game.state.ecm_needed
    assert len(game.state.ecm) > needed
    created = server.post("/api/games/import", {"record": record})
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#action-panel h2:has-text('Game over')")
    body = page.inner_text("body")
    for n, of in re.findall(r"empty cities (\d+) of (\d+)", body):
        assert int(n) <= int(of), f"empty cities {n} of {of}"
    assert f"the end came at {needed}" in body
    assert page.inner_text("#btn-export") == "Export record"
    with page.expect_download() as info:
        page.click("#btn-export")
    info.value.save_as(tmp_path / "record.json")
    assert json.loads((tmp_path / "record.json").read_text())["actions"]


def test_default_names_read_as_names_in_the_log(page: Any) -> None:
    page.goto("/")
    names = page.eval_on_selector_all("#seats .seat-name", "els => els.map(e => e.value)")
    assert names and "You" not in names
    page.check("#mode-solo")
    assert page.input_value("#solo-name") != "You"


def test_a_one_tile_railbot_link_is_logged_in_the_singular() -> None:
    from railways.rules.solo.railbot import build_path

    game = new_game("eastern-us", ["Sol"], 1, {"solo": True})
    board = game.board
    # Two cities two hexes apart: the link between them is a single tile.
    cities = sorted(board.cities.values(), key=lambda c: c.id)

    def around(h: Hex) -> set[Hex]:
        return {n for _side, n in h.neighbours()}

    a, b, middle = next(
        (a, b, h)
        for a in cities
        for b in cities
        if a.id < b.id
        for h in sorted(around(a.at) & around(b.at), key=lambda h: (h.row, h.col))
        if board.city_at(h) is None and board.is_buildable(h)
    )
    build_path(game, (a.at, middle, b.at))
    line = next(e for e in reversed(game.state.log) if "Railbot builds" in str(e))
    assert "(1 tile," in str(line), line
