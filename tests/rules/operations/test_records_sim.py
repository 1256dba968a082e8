"""The new cards in whole games: invariants, secrets, record replay, undo and copies.

Random (and greedy) bots play Eastern U.S. games whose display starts with Express, the
Railroad Inspector, Trading Depots, Diplomatic Relations, Mines and Shinbashi Station. The
checks of ``railways simulate`` run on them (invariants after every action, every view
searched for secrets, the record replayed through its JSON form into a fresh game and
compared at checkpoints), and undo is tried after Inspector windows and Diplomatic
Relations deliveries are in the history.
"""

from __future__ import annotations

from collections import Counter

import pytest

from railways.bots.greedy import GreedyBot
from railways.bots.random_bot import RandomBot
from railways.core.actions import DeliverGoods, TakeOperationsCard, Undo
from railways.core.cards import CardDef, Icon
from railways.core.game import Game
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.sim.checks import ReplayCheck, full_state, secret_leaks

from .ops_helpers import card, fresh, with_cards

MAX_ACTIONS = 900


def _start(c: CardDef, n: int) -> CardDef:
    return card(f"{c.id}-{n}", c.effect, c.icon, start=True, name=c.name, **dict(c.params))


BASE = [
    card("express", "express", Icon.HAND, name="Express"),
    card("inspector", "railroad_inspector", Icon.HAND, name="Railroad Inspector"),
    card("depot", "trading_depot", Icon.INFINITY, name="Trading Depot"),
    card("diplomatic", "diplomatic_relations", Icon.IMMEDIATE, name="Diplomatic Relations"),
    card("mine", "mine", Icon.IMMEDIATE, name="Mine"),
]
DECK = [_start(c, n) for c in BASE for n in (1, 2, 3)] + [
    card(
        "shinbashi",
        "shinbashi_station",
        Icon.GOAL,
        start=True,
        name="Shinbashi Station",
        **{"from": "new-york", "to": "philadelphia", "color": "blue"},
    )
]


def _kind_of(game: Game, action: object) -> str:
    if isinstance(action, TakeOperationsCard):
        return f"take {game.card(action.card).effect}"
    if isinstance(action, DeliverGoods) and action.cards:
        return "express delivery"
    return getattr(action, "kind", "")


def _play(players: int, seed: int, greedy: bool = False) -> tuple[Game, Counter[str], list[str]]:
    game = with_cards(*DECK, players=players, seed=seed, to_actions=False)
    bots = [
        GreedyBot(seed + i) if greedy and i % 2 else RandomBot(seed * 7 + i) for i in range(players)
    ]
    replay = ReplayCheck(range(50, MAX_ACTIONS + 1, 50))
    seen: Counter[str] = Counter()
    problems: list[str] = []
    undone = 0
    while not game.over and len(game.actions) < MAX_ACTIONS:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].choose(game, seat, legal_actions(game, seat))
        before = full_state(game)
        game.apply(action)
        seen[_kind_of(game, action)] += 1
        if game.state.phase is Phase.REACTION:
            seen["window"] += 1
            twin = game.copy()
            if full_state(twin) != full_state(game):
                problems.append("a copy made during a window differs")
        problems.extend(check_invariants(game))
        if len(game.actions) % 40 == 0:
            problems.extend(secret_leaks(game))
        ready = (
            seen["play_inspector"] + seen["pass_inspector"] and seen["take diplomatic_relations"]
        )
        if ready and undone < 3 and game.undo_allowed(seat) is None:
            game.apply(Undo(seat=seat))  # replays the whole history, windows included
            if full_state(game) != before:
                problems.append(f"undo of {action} did not give back the state before it")
            game.apply(action)
            undone += 1
        replay.observe(game)
        if problems:
            break
    seen["undone"] = undone
    problems.extend(replay.verify(game, fresh(game)))  # type: ignore[arg-type]
    return game, seen, problems


@pytest.mark.parametrize(("players", "seed", "greedy"), [(3, 11, False), (4, 5, True)])
def test_games_with_the_new_cards_keep_every_check(players: int, seed: int, greedy: bool) -> None:
    _game, seen, problems = _play(players, seed, greedy)
    assert problems == []
    assert seen["window"] >= 1 and seen["play_inspector"] + seen["pass_inspector"] >= 1
    assert seen["take diplomatic_relations"] >= 1
    assert seen["express delivery"] >= 1
    assert seen["take trading_depot"] >= 1 and seen["take mine"] >= 1
    assert seen["undone"] >= 1
