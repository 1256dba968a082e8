"""The board is alive (issue 17): each seat's last move is marked on the board, bot moves are
told one step at a time as they arrive, an opponent's undo is said as such and its marks go;
and the page (now ES modules under /static/game/) still works on a tablet held upright."""

from __future__ import annotations

from typing import Any

from web.conftest import TIMEOUT_MS, Server
from web.play import delivering_link, open_game, to_actions

TOLD = "window.railwaysGame.told"


def _two_humans(server: Server, seed: int) -> dict[str, Any]:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    return dict(server.post("/api/games", {"map": "eastern-us", "seats": seats, "seed": seed}))


def _act(server: Server, game: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
    body = {"token": token, "after": server.state(game, token)["action_index"], "action": action}
    return dict(server.post(f"/api/games/{game}/actions", body))


def _to_actions_by_api(server: Server, created: dict[str, Any]) -> int:
    """Both seats keep a baron and pass the auction (through the API); who acts first."""
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    while True:
        view = server.state(game, tokens[0])["view"]
        seat = view["to_act"]
        if view["phase"] == "actions":
            return int(seat)
        legal = server.state(game, tokens[seat])["legal"]
        kinds = {o["action"]["kind"]: o["action"] for o in legal["simple"]}
        if "choose_baron" in kinds:
            _act(server, game, tokens[seat], kinds["choose_baron"])
        elif "pass_bid" in kinds:
            _act(server, game, tokens[seat], kinds["pass_bid"])
        else:
            bid = {"kind": "bid", "seat": seat, "amount": legal["min_bid"]}
            _act(server, game, tokens[seat], bid)


def _marks(page: Any) -> list[dict[str, Any]]:
    """The moves marked on the board: seat, kind, age and the hexes and cities marked."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('#layer-recent g.recent')].map(g => ({
                seat: Number(g.dataset.seat), kind: g.dataset.kind,
                cls: g.getAttribute('class'),
                hexes: [...g.querySelectorAll('.recent-hex')]
                    .map(p => [+p.dataset.row, +p.dataset.col]),
                cities: g.querySelectorAll('.recent-city').length,
            }))"""
        )
    )


def test_bot_moves_are_marked_and_told_one_step_at_a_time(page: Any, server: Server) -> None:
    created = server.new_game(seed=71, bots=3)
    game, token = created["id"], created["seats"][0]["token"]
    open_game(page, created["seats"][0]["url"])
    to_actions(page)
    # Ann builds the cheapest listed link (through the API: the page learns it live).
    build = min(server.state(game, token)["legal"]["builds"], key=lambda b: b["cost"])
    built = _act(server, game, token, build["action"])["action_index"]
    path = [list(h) for h in build["action"]["path"]]
    # The three bots answer one at a time; the page tells each step as it arrives.
    page.wait_for_function(
        f"() => new Set({TOLD}.filter(t => t.index > {built}).map(t => t.seat)).size >= 3"
        " && document.body.dataset.myTurn === '1'"
    )
    told = [t for t in page.evaluate(TOLD) if t["index"] > built]
    bot_steps = [t for t in told if t["seat"] in (1, 2, 3)]
    indexes = [t["index"] for t in bot_steps]
    assert len(indexes) >= 3 and indexes == sorted(indexes) and len(set(indexes)) == len(indexes)
    assert all(t["lines"] for t in bot_steps)  # each step in words
    marks = {m["seat"]: m for m in _marks(page)}
    # Ann's build stays marked in her colour: the hexes she laid (not the city she left).
    assert marks[0]["kind"] == "build_track"
    assert marks[0]["hexes"] == path[1:]
    # Every seat's newest board move is marked; only one of them is the newest.
    view = page.evaluate("window.railwaysGame.state.view")
    assert sorted(marks) == sorted(m["seat"] for m in view["last_moves"])
    assert sum("recent-newest" in m["cls"] for m in marks.values()) == 1
    newest = view["last_moves"][-1]
    assert "recent-newest" in marks[newest["seat"]]["cls"]
    for m in view["last_moves"]:
        if m["kind"] == "deliver_goods":  # a delivery marks its route and both its cities
            assert marks[m["seat"]]["cities"] == 2 and marks[m["seat"]]["hexes"]
    # The ticker over the board says the latest step.
    ticker = page.locator("#move-ticker")
    assert ticker.get_attribute("data-index") == str(told[-1]["index"])


def test_a_delivery_marks_its_route_and_both_cities(page: Any, server: Server) -> None:
    created = server.new_game(seed=1, bots=3)
    game, token = created["id"], created["seats"][0]["token"]
    open_game(page, created["seats"][0]["url"])
    to_actions(page)
    plan = delivering_link(server, game, token)
    built = _act(server, game, token, plan["build"]["action"])["action_index"]
    # The bots answer; back to Ann once the page has seen them all.
    page.wait_for_function(
        f"() => Number(document.body.dataset.actionIndex) > {built}"
        " && document.body.dataset.myTurn === '1'"
    )
    data = server.state(game, token)
    mine = {lk["id"]: lk for lk in data["view"]["links"] if lk["owner"] == 0 and lk["end"]}
    route = next(
        r
        for d in data["legal"]["deliveries"]
        for r in d["routes"]
        if set(r["action"]["links"]) <= set(mine)
    )
    _act(server, game, token, route["action"])
    page.wait_for_selector("#layer-recent g.recent[data-seat='0'][data-kind='deliver_goods']")
    mark = {m["seat"]: m for m in _marks(page)}[0]
    tiles = [[t[0], t[1]] for i in route["action"]["links"] for t in mine[i]["tiles"]]
    assert mark["hexes"] == tiles  # the route's track
    assert mark["cities"] == 2  # where the cube came from and where it went
    assert {route["action"]["city"], route["destination"]} == {plan["start"], plan["dest"]}


def test_an_opponents_undo_is_said_and_its_marks_go(page: Any, server: Server) -> None:
    created = _two_humans(server, seed=72)
    game = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    first = _to_actions_by_api(server, created)
    other = 1 - first
    open_game(page, created["seats"][other]["url"])  # the page of the seat that watches
    build = min(server.state(game, tokens[first])["legal"]["builds"], key=lambda b: b["cost"])
    _act(server, game, tokens[first], build["action"])
    page.wait_for_selector(f"#layer-recent g.recent[data-seat='{first}'].recent-fresh")
    laid = [list(h) for h in build["action"]["path"]][1:]
    assert {m["seat"]: m for m in _marks(page)}[first]["hexes"] == laid
    _act(server, game, tokens[first], {"kind": "undo", "seat": first})
    # Said as such: in the log and in the ticker.
    page.wait_for_selector("#log li.log-undo")
    note = page.inner_text("#log li.log-undo")
    assert ("Ann" if first == 0 else "Bea") in note
    assert "took back their last move (track)" in note
    assert page.get_attribute("#move-ticker", "data-kind") == "undo"
    # Its marks show struck through for a moment, then go: nothing of it stays marked.
    page.wait_for_function(
        "() => !document.querySelector('#layer-recent g.recent-undone')", timeout=TIMEOUT_MS
    )
    assert all(m["hexes"] != laid for m in _marks(page))
    assert page.evaluate("window.railwaysGame.state.view.last_moves") == []


def test_replay_steps_are_told_and_marked(page: Any, server: Server) -> None:
    """Stepping on through a game (here a seat's own view of a running one) tells each step
    and marks it; stepping back only redraws."""
    created = _two_humans(server, seed=74)
    game = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    _to_actions_by_api(server, created)
    builds = []
    for _ in range(3):  # three builds, whoever is to act
        seat = server.state(game, tokens[0])["view"]["to_act"]
        build = min(server.state(game, tokens[seat])["legal"]["builds"], key=lambda b: b["cost"])
        total = _act(server, game, tokens[seat], build["action"])["action_index"]
        builds.append((total, seat, [list(h) for h in build["action"]["path"]][1:]))
    open_game(page, created["seats"][0]["url"])
    page.click("#btn-replay")
    page.wait_for_selector(f"body[data-replay-at='{total}']")
    page.click("#replay-first")
    page.wait_for_selector("body[data-replay-at='0']")
    assert _marks(page) == []  # nothing built at the start
    told_before = len(page.evaluate(TOLD))
    for at in range(1, total + 1):
        page.click("#replay-next")
        page.wait_for_selector(f"body[data-replay-at='{at}']")
        for step, seat, laid in builds:
            if step == at:  # this step is a build: marked as new, in its seat's colour
                page.wait_for_selector(f"#layer-recent g.recent-fresh[data-seat='{seat}']")
                assert {m["seat"]: m for m in _marks(page)}[seat]["hexes"] == laid
    told = page.evaluate(TOLD)[told_before:]
    assert [t["index"] for t in told if t["index"] in {b[0] for b in builds}] == [
        b[0] for b in builds
    ]
    # A step back draws the earlier position and tells nothing.
    page.click("#replay-prev")
    page.wait_for_selector(f"body[data-replay-at='{total - 1}']")
    assert len(page.evaluate(TOLD)) == told_before + len(told)
    assert page.locator("#layer-recent g.recent-fresh").count() == 0


def test_the_page_works_on_a_tablet(tablet: Any, server: Server) -> None:
    """820x1180 with touch: the modules load, the page fits the width, the action buttons
    are big enough to tap, a tap plays, and the moves are marked."""
    errors: list[str] = []
    tablet.on("pageerror", lambda exc: errors.append(str(exc)))
    created = server.new_game(seed=73, bots=1)
    open_game(tablet, created["seats"][0]["url"])
    scripts = tablet.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('/static/game/'))"
    )
    assert any(s.endswith("/static/game/state.js") for s in scripts)
    to_actions(tablet)
    width = tablet.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 820
    box = tablet.locator("#btn-pass").bounding_box()
    assert box and box["height"] >= 40 and box["x"] >= 0 and box["x"] + box["width"] <= 820
    before = int(tablet.evaluate("document.body.dataset.actionIndex"))
    tablet.tap("#btn-pass")
    tablet.wait_for_function(f"() => Number(document.body.dataset.actionIndex) > {before}")
    # The bot answers; its step is told, and the ticker stays inside the screen.
    tablet.wait_for_function(f"() => {TOLD}.some(t => t.seat === 1)")
    ticker = tablet.locator("#move-ticker").bounding_box()
    assert ticker and ticker["x"] >= 0 and ticker["x"] + ticker["width"] <= 820
    assert not errors, errors
