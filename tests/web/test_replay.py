"""A finished game replayed move by move in the page, and a seat stepping back through its own
view of a running game (issue 17, "Replayable")."""

from __future__ import annotations

import random
from typing import Any

from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.records import record_of
from web.conftest import Server
from web.play import keep_baron, open_game


def _finished(seed: int) -> Any:
    game = new_game("eastern-us", 2, seed)
    rng = random.Random(seed)
    while not game.over:
        legal = legal_actions(game, game.state.to_act)
        if legal.deliveries and rng.random() < 0.8:
            action = rng.choice(list(legal.deliveries.values()))[0].action
        elif legal.builds and rng.random() < 0.5:
            action = rng.choice(legal.builds).action
        else:
            action = rng.choice(legal.simple)
        game.apply(action)
    return game


def _replayed(game: Any, at: int) -> Any:
    """The game after its first ``at`` actions, rebuilt here from the record."""
    again = new_game("eastern-us", list(game.seats), game.seed)
    for action in game.actions[:at]:
        again.apply(action)
    return again


def test_a_finished_game_replays_step_by_step(page: Any, server: Server) -> None:
    game = _finished(seed=41)
    total = len(game.actions)
    created = server.post("/api/games/import", {"record": record_of(game).to_dict()})
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-ready='1']")
    page.click("#btn-replay")
    page.wait_for_selector(f"body[data-replay-at='{total}']")
    assert f"Step {total} of {total}" in page.inner_text("#replay-where")
    page.click("#replay-first")
    page.wait_for_selector("body[data-replay-at='0']")
    assert page.evaluate("window.railwaysGame.state.view.phase") == "choose_baron"
    # Step on one action at a time; each position is the one the record gives.
    for at in (1, 2, 3):
        page.click("#replay-next")
        page.wait_for_selector(f"body[data-replay-at='{at}']")
    shown = page.evaluate("window.railwaysGame.state.view")
    expected = view_for(_replayed(game, 3), 0)
    assert (
        shown["phase"] == expected["phase"].value if hasattr(expected["phase"], "value") else True
    )
    assert [p["score"] for p in shown["players"]] == [p["score"] for p in expected["players"]]
    # Jump to the middle with the slider: board and scores as they were then.
    middle = total // 2
    page.eval_on_selector(
        "#replay-range",
        f"(r) => {{ r.value = '{middle}'; r.dispatchEvent(new Event('change')); }}",
    )
    page.wait_for_selector(f"body[data-replay-at='{middle}']")
    then = _replayed(game, middle)
    shown = page.evaluate("window.railwaysGame.state.view")
    assert [p["score"] for p in shown["players"]] == [p.score for p in then.state.players]
    assert len(shown["links"]) == len(then.state.links)
    assert page.inner_text("#action-panel h2") == "Replay"
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"body[data-replay-at='{middle + 1}']")
    page.click("#replay-exit")
    page.wait_for_selector("#action-panel h2:has-text('Game over')")


def test_a_seat_replays_its_own_view_of_a_running_game_and_no_secret_leaks(
    page: Any, server: Server
) -> None:
    created = server.new_game(seed=42)
    open_game(page, created["seats"][0]["url"])
    keep_baron(page)
    page.click("#btn-replay")
    page.wait_for_selector("body[data-replay]")
    page.click("#replay-first")
    page.wait_for_selector("body[data-replay-at='0']")
    players = page.evaluate("window.railwaysGame.state.view.players")
    # At the start this seat has been dealt its two barons; no other seat's are shown.
    assert len(players[0]["barons_dealt"]) == 2
    for other in players[1:]:
        assert not other.get("barons_dealt") and not other.get("baron")
    # A spectator's replay is the public view: nobody's dealt barons.
    spectator = server.get(
        f"/api/games/{created['id']}/replay?at=0&token={created['spectator']['token']}"
    )
    assert all(not p.get("barons_dealt") for p in spectator["view"]["players"])
    page.click("#replay-exit")
    page.wait_for_selector("body:not([data-replay])")
