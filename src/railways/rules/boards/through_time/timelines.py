"""Time Lines (TT-022..026, RW-p14-10..15): Railways Through Time's Major Lines.

Each era has one or two Time Lines, each between two of its cities (TT-022). The first
player to join a line's two cities with their own track *on that era's board* claims it
(TT-023); a time gate does not join them (RW-p14-12), so a route through a gate is no use
here. A player's later lines must also be joined to the first line they claimed before they
can claim them (TT-024); that join may go through time. Claiming scores nothing (TT-026):
at the end of the game each player scores by the number of lines they hold, from the
Time Line chart (:data:`CHART`).

The chart is printed on the game's score board, which the rulebooks do not reproduce, so
its values are ours (house).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from railways.core.game import Game
from railways.core.state import Link
from railways.rules.boards.through_time.eras import is_gate, time_lines
from railways.rules.boards.through_time.travel import time_links

# Points for the number of Time Lines a player holds at the end (house values: TT-026 says
# only that the chart is on the score board). Past the last row, each more line adds STEP.
CHART: Mapping[int, int] = {0: 0, 1: 4, 2: 9, 3: 15, 4: 22, 5: 30}
STEP = 8
KEY = "through_time"


def chart_points(lines: int) -> int:
    """The chart's points for holding ``lines`` Time Lines."""
    top = max(CHART)
    if lines <= top:
        return CHART[lines]
    return CHART[top] + STEP * (lines - top)


def data(game: Game) -> dict[str, Any]:
    """The plug-in's state (made at set-up): the auction's bids and passes, and which Time
    Lines each seat claimed, in the order claimed. Reading it never changes it."""
    found: dict[str, Any] = game.state.plugin_data.setdefault(KEY, {"claims": {}})
    return found


def claims(game: Game, seat: int) -> list[str]:
    """The Time Lines ``seat`` claimed, first claimed first (do not change the list)."""
    held: list[str] = game.state.plugin_data.get(KEY, {}).get("claims", {}).get(str(seat), [])
    return held


def _reach(edges: Iterable[tuple[str, str]], start: str) -> set[str]:
    adjacency: dict[str, list[str]] = {}
    for a, b in edges:
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for nxt in adjacency.get(here, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def on_board_edges(game: Game, links: Iterable[Link]) -> list[tuple[str, str]]:
    """City-to-city joins by track alone: links that touch a time gate do not count."""
    cities = game.board.cities
    out = []
    for link in links:
        if link.end is None or is_gate(cities[link.start]) or is_gate(cities[link.end]):
            continue
        out.append((link.start, link.end))
    return out


def claim_lines(game: Game, seat: int) -> list[str]:
    """Claim every Time Line ``seat`` now meets; return the ids claimed."""
    own = game.own_links(seat)
    board_edges = on_board_edges(game, own)
    through = board_edges + [(t.start, t.end) for t in time_links(game) if t.owner == seat]
    held = list(claims(game, seat))
    claimed: list[str] = []
    changed = True
    while changed:  # a first claim can make a later line claimable at once
        changed = False
        for line in time_lines(game.board):
            if line.id in game.state.major_lines:
                continue
            first, *rest = line.endpoints
            joined = _reach(board_edges, first)
            if not all(end in joined for end in rest):
                continue  # not joined on its own era's board (TT-023, RW-p14-11, RW-p14-12)
            if held:
                original = game.board.major_lines[held[0]].endpoints[0]
                if original not in _reach(through, first):
                    continue  # not yet joined to the first line claimed (TT-024, RW-p14-13)
            game.state.major_lines[line.id] = seat
            held.append(line.id)
            data(game)["claims"][str(seat)] = list(held)
            claimed.append(line.id)
            game.log(f"{game.seats[seat]} claims the Time Line {line.name or line.id}")
            changed = True
    return claimed


def score_lines(game: Game) -> None:
    """At the end: each seat scores the chart's points for the lines it holds (TT-026)."""
    for player in game.state.players:
        count = len(claims(game, player.seat))
        if count:
            game.score(player.seat, chart_points(count), f"{count} Time Line(s)")
