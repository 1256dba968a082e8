"""The integer delivery walk against the general one, route by route and in order.

``DeliveryRules.routes`` takes the integer walk (``delivery.IntWalker``) when every hook in
force is simple (it only lets cubes pass cities, makes cities take every colour, or asks
for a longer delivery), and the general walk, which asks each hook at every step,
otherwise. Both must list the same routes in the same order: positions of seeded sampled
games, every seat and every city with cubes, with no hook, with a city of every colour
(Australia's Federation, AU-037) and with a card for a longer delivery (AU-043), the
general walk forced by marking the rules not simple.
"""

from __future__ import annotations

import pytest

from railways.core.delivery import DeliveryHook, DeliveryRules, Refusal, Walk
from railways.core.game import Game
from railways.core.legal import link_graph, sample_action
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.boards.australia.cards import FederationHook, LongerHook

ENGINES = (2, 4, 6)


def _positions(map_id: str, players: int, seed: int) -> list[Game]:
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed)
    out: list[Game] = []
    for step in range(1500):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, rng))
        if step % 100 == 99:
            out.append(game.copy())
    return out


def _hooks(game: Game, seat: int, which: str) -> tuple[DeliveryHook, ...]:
    if which == "federation":
        capital = max(link_graph(game), key=lambda c: len(link_graph(game)[c]))
        return (FederationHook(capital),)
    if which == "longer":
        return (LongerHook(1, game.engine_level(seat), "Tenders", "AU-043"),)
    return ()


@pytest.mark.parametrize("which", ["none", "federation", "longer"])
@pytest.mark.parametrize(("map_id", "players", "seed"), [("eastern-us", 4, 3), ("australia", 6, 5)])
def test_integer_walk_lists_the_general_walks_routes(
    map_id: str, players: int, seed: int, which: str
) -> None:
    compared = 0
    for game in _positions(map_id, players, seed):
        graph = link_graph(game)
        for seat, engine in ((s, e) for s in range(players) for e in ENGINES):
            game.state.players[seat].engine = engine  # long routes through real networks
            hooks = _hooks(game, seat, which)
            fast = DeliveryRules(game, seat, hooks)
            slow = DeliveryRules(game, seat, hooks)
            assert fast.simple
            slow.simple = False  # the general walk, asking the hooks at every step
            for city, cubes in game.state.cubes.items():
                if not cubes or city not in graph:
                    continue
                colors = sorted(set(cubes), key=lambda c: c.value)
                got = fast.routes(graph, city, colors)
                assert got == slow.routes(graph, city, colors), (city, seat, engine)
                compared += sum(len(r) for r in got.values())
    assert compared > 50  # the positions have networks to walk


def test_a_hook_that_asks_more_takes_the_general_walk() -> None:
    class Refuses(DeliveryHook):
        def refuse_arrival(self, game: Game, walk: Walk) -> Refusal | None:
            return None

    game = new_game("eastern-us", players=3, seed=1)
    assert DeliveryRules(game, 0, ()).simple
    assert DeliveryRules(game, 0, (FederationHook("x"), LongerHook(1, 2, "T", "AU-043"))).simple
    assert not DeliveryRules(game, 0, (Refuses(),)).simple
