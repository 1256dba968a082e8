"""The link graph kept from one change of the track to the next against one made afresh.

``legal._graph_entry`` extends the graph it kept with the links completed since (and
``IntGraph.extended`` the integer graph) instead of making it again from every link. At
every action of seeded sampled games, on boards with co-owned links (Australia) and
plug-in ways (switch tracks, in Australia too), the graph, its cities' order, each city's
edges in order, the co-owners, and the integer graph must be those made from scratch,
an extended integer graph must name exactly the cities whose links changed, and the
cities where each seat may start a cube (``start_bits``, worked out from the last graph's
for an extended one) must be those of the graph made afresh.
"""

from __future__ import annotations

import pytest

from railways.core.delivery import IntGraph, city_index, int_graph
from railways.core.game import Game
from railways.core.legal import co_owners, link_graph, sample_action
from railways.core.rng import Rng
from railways.rules import new_game


def _afresh(game: Game) -> Game:
    twin = game.copy()
    twin.derived.clear()  # nothing kept: the graph is made from every link
    return twin


def _trimmed(adj: list[list[int]]) -> list[list[int]]:
    out = list(adj)
    while out and not out[-1]:
        out.pop()  # (cities numbered for other graphs of the board, with no link here)
    return out


@pytest.mark.parametrize(("map_id", "players", "seed"), [("eastern-us", 4, 2), ("australia", 6, 4)])
def test_the_kept_graph_is_the_one_made_afresh(map_id: str, players: int, seed: int) -> None:
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed)
    extended = 0
    before: IntGraph | None = None
    for _ in range(1200):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, rng))
        graph = link_graph(game)
        fresh = _afresh(game)
        fresh_graph = link_graph(fresh)
        assert list(graph.items()) == list(fresh_graph.items())  # keys and edges in order
        assert co_owners(game) == co_owners(fresh)
        ints = int_graph(game, graph)
        fresh_ints = IntGraph(fresh_graph, city_index(game.board))
        assert _trimmed(ints.adj) == _trimmed(fresh_ints.adj)
        for s in range(players):  # where each seat may start a cube (extended: from the last)
            shared = frozenset(lk for lk, with_ in co_owners(game).items() if s in with_)
            assert ints.start_bits(s, shared) == fresh_ints.start_bits(s, shared)
        if before is not None and ints is not before:
            changed = ints.changed_since(before)
            if changed is not None:
                extended += 1
                width = max(len(before.adj), len(ints.adj))
                differ = 0
                for at in range(width):
                    old = before.adj[at] if at < len(before.adj) else []
                    new = ints.adj[at] if at < len(ints.adj) else []
                    if old != new:
                        differ |= 1 << at
                assert changed == differ
        before = ints
    assert extended > 0  # the kept graph was extended, not only made afresh
