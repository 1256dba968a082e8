"""The Railroad Inspector's answer in the browser (RW-p22-11), on the Great Britain board.

Two human seats play seed 0 through the API up to the moment Ann's delivery waits for
Bob's answer (the moves are worked out on a copy of the game in this process: same map,
seed and actions, so the same game). Ann's page then waits for Bob; Bob's page shows the
waiting delivery and its two answers, drawn from the legal-actions payload; Bob stops it.
"""

from __future__ import annotations

from typing import Any

from railways.core.actions import Action, Pass, PassBid, TakeOperationsCard
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.rules import new_game
from railways.rules.operations.interaction import PlayInspector
from web.conftest import Server
from web.play import action_index, open_game, wait_after, wait_my_turn

MAP, SEED, NAMES = "great-britain", 0, ["Ann", "Bob"]


def _holds_inspector(game: Game, seat: int) -> bool:
    return any(game.card(c).effect == "railroad_inspector" for c in game.state.players[seat].hand)


def _to_the_window(game: Game) -> list[Action]:
    """Bob takes an Inspector when he can; Ann builds links and then delivers."""
    played: list[Action] = []
    while game.state.phase is not Phase.REACTION:
        assert len(played) < 300 and not game.over, "no window: choose another seed"
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        action: Action = Pass(seat=seat)
        if game.state.phase is Phase.CHOOSE_BARON:
            action = legal.simple[0]
        elif game.state.phase is Phase.AUCTION:
            action = PassBid(seat=seat)
        elif seat == 1:
            takes = [
                a
                for a in legal.simple
                if isinstance(a, TakeOperationsCard)
                and game.card(a.card).effect == "railroad_inspector"
            ]
            if takes and not _holds_inspector(game, 1):
                action = takes[0]
        elif legal.deliveries and _holds_inspector(game, 1):
            action = next(iter(legal.deliveries.values()))[0].action
        else:
            links = [b for b in legal.builds if b.to_city]
            if links:
                action = min(links, key=lambda b: b.cost).action
        game.apply(action)
        played.append(action)
    return played


def test_the_inspector_answer_shows_for_its_holder_only(page: Any, server: Server) -> None:
    seats = [{"name": n, "kind": "human"} for n in NAMES]
    created = server.post("/api/games", {"map": MAP, "seats": seats, "seed": SEED})
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    mirror = new_game(MAP, NAMES, SEED)
    for i, action in enumerate(_to_the_window(mirror)):
        body = {"token": tokens[action.seat], "after": i, "action": action.to_dict()}
        server.post(f"/api/games/{game_id}/actions", body)
    bob = server.state(game_id, tokens[1])
    view = bob["view"]
    assert view["phase"] == "reaction" and view["to_act"] == 1
    waiting = view["reaction"]
    held = waiting["action"]
    assert waiting["seat"] == 0 and held["kind"] == "deliver_goods"
    answers = {e["action"]["kind"]: e for e in bob["legal"]["simple"]}
    assert set(answers) == {"play_inspector", "pass_inspector"}
    assert server.state(game_id, tokens[0])["legal"]["simple"] == []  # Ann only waits

    # Ann's page: she waits for Bob, with nothing to press.
    open_game(page, str(created["seats"][0]["url"]))
    page.wait_for_selector("#action-panel .waiting")
    assert "Waiting for Bob" in page.inner_text("#action-panel")
    assert page.locator("#action-panel button.btn-plugin").count() == 0

    # Bob's page: the waiting delivery and the two answers, each with its label.
    open_game(page, str(created["seats"][1]["url"]))
    assert wait_my_turn(page) == "reaction"
    assert page.inner_text("#reaction-label") == f"Ann wants to: {waiting['label']}"
    for kind, entry in answers.items():
        box = page.locator(f"#action-panel section.plugin-kind[data-kind='{kind}']")
        assert box.locator(".plugin-label").inner_text() == entry["label"]
    cubes = list(view["cubes"][held["city"]])
    before = action_index(page)
    page.click("#action-panel section.plugin-kind[data-kind='play_inspector'] button.btn-plugin")
    wait_after(page, before)

    after = server.state(game_id, tokens[1])["view"]
    assert after["phase"] == "actions"
    assert after["cubes"][held["city"]] == cubes  # the cube stays
    assert not any(c.startswith("railroad-inspector") for c in after["players"][1]["hand"])
    # Ann's action is spent: the turn moved on exactly as in the mirror game.
    mirror.apply(PlayInspector(seat=1, card=answers["play_inspector"]["action"]["card"]))
    assert (after["turn"], after["round"], after["to_act"]) == (
        mirror.state.turn,
        mirror.state.round,
        mirror.to_act,
    )
    assert mirror.state.players[0].deliveries == 0
