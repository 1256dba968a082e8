"""Duel Barons (RB-027..038, RB-074..078): the player's goals, and which effects are in force.

A goal's value is measured on the game (hotels held, engine level, links, deliveries); the
card's tiers turn it into points. The Opponent Effects that act once are resolved with the
Railbot's card (``railbot.py``); the lasting ones are looked up here by their effect key.
"""

from __future__ import annotations

from railways.content.solo import DuelBaron
from railways.core.board import GOODS_COLORS, Color
from railways.core.game import Game
from railways.rules.solo.state import RAILBOT, solo_map, solo_state

PLAYER = 0


def _components(game: Game) -> list[set[str]]:
    """The cities of each network of the player's own complete links."""
    adjacency: dict[str, set[str]] = {}
    for link in game.own_links(PLAYER):
        assert link.end is not None
        adjacency.setdefault(link.start, set()).add(link.end)
        adjacency.setdefault(link.end, set()).add(link.start)
    seen: set[str] = set()
    out: list[set[str]] = []
    for city in sorted(adjacency):
        if city in seen:
            continue
        part = {city}
        todo = [city]
        while todo:
            here = todo.pop()
            for nxt in adjacency[here]:
                if nxt not in part:
                    part.add(nxt)
                    todo.append(nxt)
        seen |= part
        out.append(part)
    return out


def _color(value: str | int | None, default: Color) -> Color:
    try:
        return Color(value) if isinstance(value, str) else default
    except ValueError:
        return default


def goal_value(game: Game, baron: DuelBaron) -> int:
    """How far the player has come towards a Duel Baron's goal (compared with its tiers)."""
    state, solo = game.state, solo_state(game)
    colors = state.city_colors
    goal = baron.goal
    if goal == "hotels":
        player = state.players[PLAYER]
        return sum(1 for c in player.kept if game.card(c).effect == "hotel")
    if goal == "engine":
        return game.engine_level(PLAYER)  # a lowered engine counts lower for all purposes
    if goal == "longest_delivery":
        return solo.longest_delivery
    if goal == "colored_cities":
        parts = _components(game)
        return max((sum(1 for c in p if colors[c] is not Color.GRAY) for p in parts), default=0)
    if goal == "same_color_pairs":
        found = set()
        for part in _components(game):
            for color in GOODS_COLORS:
                if sum(1 for c in part if colors[c] is color) >= 2:
                    found.add(color)
        return len(found)
    if goal == "major_lines":
        return sum(1 for owner in state.major_lines.values() if owner == PLAYER)
    if goal == "color_links":
        color = _color(baron.params.get("color"), Color.PURPLE)
        return sum(
            1
            for link in game.own_links(PLAYER)
            if colors[link.start] is color or (link.end is not None and colors[link.end] is color)
        )
    if goal == "each_color":
        return min(solo.delivered.get(c.value, 0) for c in GOODS_COLORS)
    if goal == "color_pairs":
        first = _color(baron.params.get("first"), Color.PURPLE)
        second = _color(baron.params.get("second"), Color.BLACK)
        return min(solo.delivered.get(first.value, 0), solo.delivered.get(second.value, 0))
    if goal == "own_connection":
        color = _color(baron.params.get("color"), Color.RED)
        return int(
            any(sum(1 for c in part if colors[c] is color) >= 2 for part in _components(game))
        )
    if goal == "parallel_links":
        pairs: dict[frozenset[str], int] = {}
        for link in game.own_links(PLAYER):
            assert link.end is not None
            key = frozenset((link.start, link.end))
            pairs[key] = pairs.get(key, 0) + 1
        return sum(1 for n in pairs.values() if n >= 2)
    raise ValueError(f"unknown Duel Baron goal {goal!r}")


def points_now(game: Game, baron_id: str) -> int:
    baron = solo_map(game).duel_barons[baron_id]
    return baron.points_for(goal_value(game, baron))


def unclaimed(game: Game) -> list[str]:
    solo = solo_state(game)
    return [b for b in solo.duel if b not in solo.duel_claims]


def claimable(game: Game) -> list[tuple[str, int]]:
    """Face-up, unclaimed Duel Barons whose goal the player meets now, with their points."""
    out = []
    for baron in unclaimed(game):
        points = points_now(game, baron)
        if points > 0:
            out.append((baron, points))
    return out


def in_force(game: Game, effect: str) -> list[DuelBaron]:
    """The Railbot's Duel Barons whose lasting Opponent Effect is ``effect``."""
    solo, barons = solo_state(game), solo_map(game).duel_barons
    return [
        barons[b]
        for b, owner in solo.duel_claims.items()
        if owner == RAILBOT and barons[b].effect == effect
    ]
