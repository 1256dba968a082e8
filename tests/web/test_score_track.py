"""The score and income tracks drawn beside the players' numbers (issue 29): a marker per
player on each, at its value, the same markers moved (not drawn anew) as the values change,
without the slide under prefers-reduced-motion."""

from __future__ import annotations

import itertools
from typing import Any

from web.conftest import Server
from web.play import open_game, plainest_move

MARKERS = """() => [...document.querySelectorAll('#score-track .track-row')].map((row) => ({
  track: row.dataset.track,
  length: Number(row.querySelector('.track-bar').dataset.length),
  markers: [...row.querySelectorAll('.track-marker')].map((m) => ({
    seat: Number(m.dataset.seat), value: Number(m.dataset.value),
    left: parseFloat(m.style.left),
    title: m.title,
  })),
}))"""


def _play_until_someone_scores(page: Any) -> None:
    """Pass every auction and action until a bot's delivery puts points on the track."""
    for _ in range(60):
        page.wait_for_selector("body[data-my-turn='1']")
        phase = page.evaluate("document.body.dataset.phase")
        scores = page.evaluate("window.railwaysGame.state.view.players.map((p) => p.score)")
        if phase == "actions" and max(scores) > 0:
            return
        plainest_move(page, phase)
    raise AssertionError("no player scored in 60 of the seat's moves: choose another seed")


def test_markers_stand_at_each_players_points_and_income(page: Any, server: Server) -> None:
    created = server.new_game(seed=12, bots=3)
    open_game(page, created["seats"][0]["url"])
    # At the start every marker is at 0.
    start = page.evaluate(MARKERS)
    assert [t["track"] for t in start] == ["score", "income"]
    assert all(m["value"] == 0 and m["left"] == 0 for t in start for m in t["markers"])
    page.evaluate(
        "document.querySelectorAll('#score-track .track-marker')"
        ".forEach((m) => { m.dataset.kept = '1'; })"
    )
    _play_until_someone_scores(page)
    players = page.evaluate("window.railwaysGame.state.view.players")
    tracks = page.evaluate(MARKERS)
    for track in tracks:
        assert len(track["markers"]) == len(players) == 4
        for m in track["markers"]:
            p = players[m["seat"]]
            assert m["value"] == p[track["track"]]
            assert abs(m["left"] - 100 * m["value"] / track["length"]) < 0.01
            assert m["title"].startswith(f"{p['name']}: ")
        # Further along the bar for a higher value.
        ranked = sorted(track["markers"], key=lambda m: m["value"])
        for low, high in itertools.pairwise(ranked):
            if high["value"] > low["value"]:  # (the style's place: the drawn one may be sliding)
                assert high["left"] > low["left"]
    assert any(m["value"] > 0 for m in tracks[0]["markers"])
    # The markers that moved are the ones drawn at the start: they slide, not reappear.
    assert page.locator("#score-track .track-marker[data-kept='1']").count() == 8
    assert page.evaluate(
        "getComputedStyle(document.querySelector('.track-marker')).transitionDuration"
    ) not in ("", "0s")
    page.emulate_media(reduced_motion="reduce")
    assert (
        page.evaluate(
            "getComputedStyle(document.querySelector('.track-marker')).transitionDuration"
        )
        == "0s"
    )


def test_a_solo_game_has_a_railbot_marker_at_the_target(page: Any, server: Server) -> None:
    """Solo (issue 29): the Railbot scores nothing (RB-051), so its marker on the score track
    stands at the player's target (RB-014: 125 by default, 110 here), and none is on the
    income track; the bar reaches the target."""
    seats = [{"name": "Sol", "kind": "human"}]
    options = {"solo": True, "target_score": 110}
    created = server.post(
        "/api/games", {"map": "eastern-us", "seats": seats, "seed": 5, "options": options}
    )
    open_game(page, created["seats"][0]["url"])
    score, income = page.evaluate(MARKERS)
    railbot = [m for m in score["markers"] if m["seat"] == -1]
    assert len(railbot) == 1 and railbot[0]["value"] == 110
    assert score["length"] >= 110
    assert abs(railbot[0]["left"] - 100 * 110 / score["length"]) < 0.01
    assert railbot[0]["title"].startswith("Railbot: your target, 110 points")
    assert [m["seat"] for m in income["markers"]] == [0]
