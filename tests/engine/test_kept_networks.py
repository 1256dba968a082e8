"""What is kept until the track changes about who owns track (each seat's own network, its
separate parts, the cities its own links reach, the links it owns with another player)
equals a fresh computation at every step of random games, Company Mergers (AU-036)
included."""

from __future__ import annotations

import pytest

from railways.core import delivery
from railways.core.game import Game
from railways.core.legal import sample_action
from railways.core.rng import Rng
from railways.rules import new_game


def fresh_adjacency(game: Game, seat: int) -> dict[str, list[str]]:
    adjacency: dict[str, list[str]] = {}
    for link in game.state.links.values():
        if link.end is None or (link.owner != seat and seat not in link.partners):
            continue
        adjacency.setdefault(link.start, []).append(link.end)
        adjacency.setdefault(link.end, []).append(link.start)
    return adjacency


def reach(adjacency: dict[str, list[str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in adjacency.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize(
    ("map_id", "players", "seed"),
    [("transcontinental", 6, 3), ("australia", 4, 2), ("australia", 5, 6), ("eastern-us", 4, 8)],
)
def test_kept_networks_equal_fresh_ones(map_id: str, players: int, seed: int) -> None:
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed)
    steps = shared = 0
    while not game.over and steps < 3000:
        if steps % 5 == 0:
            for each in range(players):
                adjacency = fresh_adjacency(game, each)
                kept = game._own_adjacency(each)
                assert {c: sorted(v) for c, v in kept.items()} == {
                    c: sorted(v) for c, v in adjacency.items()
                }
                parts = game._own_parts(each)
                assert set(parts) == set(adjacency)
                for city in game.board.cities:  # (the Western Link asks it, RW-p10-10)
                    assert game.has_own_link_to(each, city) == (city in adjacency)
                for city in adjacency:
                    assert {c for c in parts if parts[c] == parts[city]} == reach(adjacency, city)
                links = game.state.links.values()
                expected = {lk.id for lk in links if each in lk.partners}
                assert delivery._shared(game, each) == expected
                shared += bool(expected)
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, rng))
        steps += 1
    assert game.over
    if map_id == "australia":
        assert shared > 0, "no Company Merger in this game: pick another seed"
