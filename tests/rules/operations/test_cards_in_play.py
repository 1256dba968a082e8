"""Whole games with the new card types in the deck: every action the bots pick is legal,
the invariants hold throughout, and the cards are used (taken, played, scored)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from railways.bots.greedy import GreedyBot
from railways.bots.random_bot import RandomBot
from railways.content.maps import load_map
from railways.core.cards import CardDef, Icon
from railways.core.game import Game
from railways.core.invariants import check_invariants
from railways.core.legal import legal_actions
from railways.rules import ruleset_for

from .eus_cards import card

H, X, K, G = Icon.HAND, Icon.IMMEDIATE, Icon.INFINITY, Icon.GOAL


def _deck() -> list[CardDef]:
    """The Eastern U.S. start cards stay; the rest of the deck is the new card types."""
    kinds: list[tuple[str, Icon, dict[str, str | int], int]] = [
        ("tunnel_engineer", H, {}, 3),
        ("civil_engineers", H, {"water": 1}, 2),
        ("hot_springs", H, {"points": 1}, 2),
        ("coal_fueled_engines", H, {}, 2),
        ("engine_upgrade", H, {}, 2),
        ("boost", H, {"discount": 5}, 2),
        ("boomtown", X, {}, 2),
        ("add_cubes", X, {"cities": "chicago", "count": 3}, 1),
        ("add_cubes", X, {"cities": "boston,new-york,baltimore,charleston", "count": 1}, 1),
        ("operations_growth", X, {"cards": 2}, 2),
        ("long_distance", G, {"tiles": 4, "points": 2}, 1),
        ("new_train", G, {"level": 4, "points": 4}, 1),
        ("local_campaign", H, {"city": "pittsburgh", "points": 3}, 1),
        ("local_campaign", H, {"city": "atlanta", "points": 3}, 1),
        ("local_campaign", H, {"city": "chicago", "points": 3}, 1),
        ("capital_charter", K, {"city": "washington", "points": 1}, 1),
        ("capital_charter", K, {"city": "new-york", "points": 1}, 1),
        ("capital_charter", K, {"city": "chicago", "points": 1}, 1),
        ("city_charter", K, {"city": "boston"}, 1),
        ("city_charter", K, {"city": "philadelphia"}, 1),
        ("city_charter", K, {"city": "atlanta"}, 1),
    ]
    out = []
    for i, (effect, icon, params, copies) in enumerate(kinds):
        for n in range(copies):
            out.append(card(f"{effect}-{i}-{n}", effect, icon, **params))
    return out


def _game(players: int, seed: int) -> Game:
    board = load_map("eastern-us")
    ruleset = ruleset_for(board)
    start = {cid: c for cid, c in ruleset.cards.items() if c.start}
    cards = {**start, **{c.id: c for c in _deck()}}
    ruleset = dataclasses.replace(ruleset, cards=cards)
    return Game(board, ruleset, [f"P{i + 1}" for i in range(players)], seed=seed)


def _play(game: Game, bots: list[RandomBot] | list[GreedyBot], limit: int = 4000) -> Counter[str]:
    """Play to the end; return how often each kind of event with a new card happened."""
    new = {c.id for c in _deck()}
    seen: Counter[str] = Counter()
    steps = 0
    while not game.over and steps < limit:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].choose(game, seat, legal_actions(game, seat))
        game.apply(action)  # raises IllegalAction if a bot was offered an illegal action
        problems = check_invariants(game)
        assert problems == [], f"after {action}: {problems}"
        cards = getattr(action, "cards", ()) or ()
        seen["played"] += sum(1 for c in cards if c in new)
        if getattr(action, "card", None) in new:
            seen["taken"] += 1
        steps += 1
    assert game.over, "the game ends by its Empty City Markers"
    state = game.state
    every = [*state.ops_deck, *state.ops_display, *state.ops_discard]
    every += [c for p in state.players for c in (*p.hand, *p.kept)]
    assert len(every) == len(set(every))  # no card doubled
    missing = set(game.ruleset.cards) - set(every)  # only the bounties left in the box
    assert all(game.card(c).effect == "service_bounty" for c in missing)
    seen["claimed goals"] = sum(
        1 for c in state.ops_discard if game.card(c).icon is Icon.GOAL and c in new
    )
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_random_bots_play_whole_games_with_the_new_cards(seed: int) -> None:
    game = _game(4, seed)
    seen = _play(game, [RandomBot(seed * 10 + i) for i in range(4)])
    assert seen["taken"] > 0 and seen["played"] > 0


def test_greedy_bots_play_a_whole_game_with_the_new_cards() -> None:
    game = _game(3, 5)
    _play(game, [GreedyBot(i) for i in range(3)])
