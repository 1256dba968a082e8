"""Fingerprints of what the engine offers, position by position, to hold a speed-up to the old code.

A *case* plays one seeded game (random, greedy or sampled play) and hashes, at every position,
everything ``legal_actions`` offers the seat to act, in order: each action's JSON form with its
cost, tiles, destination and points. The final record and scores are hashed too. The digests of
the engine as it was before a change are kept in ``tests/fixtures/legal_digests.json``
(``tools/legal_digests.py --write`` makes them); ``test_legal_digests.py`` plays every case
again and compares. A change to the engine's speed must leave every digest as it was; a
deliberate change of the rules writes the file again and says why in its commit.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import orjson

from railways.bots import make_bot
from railways.content.maps import load_map
from railways.core.game import Game
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.records import record_of

BOARDS = (
    "eastern-us",
    "western-us",
    "north-america",
    "transcontinental",
    "mexico",
    "europe",
    "great-britain",
    "nippon",
    "australia",
    "through-time",
    "portugal",
    "sweden",
)


@dataclass(frozen=True)
class Case:
    """One seeded game: its board, seats, bot (``random``, ``greedy`` or ``sample``), seed,
    optional modules and solo flag, and how many actions it is played for at most."""

    map_id: str
    players: int
    bot: str
    seed: int
    max_actions: int
    modules: tuple[str, ...] = ()
    solo: bool = False

    @property
    def name(self) -> str:
        with_ = "".join(f"+{m}" for m in self.modules)
        solo = "-solo" if self.solo else ""
        return f"{self.map_id}{solo}-{self.players}p-{self.bot}-{self.seed}{with_}"


def _cases() -> list[Case]:
    cases: list[Case] = []
    for i, board in enumerate(BOARDS):
        most = load_map(board).max_players
        cases.append(Case(board, most, "random", 11 + i, 200))
        cases.append(Case(board, 3, "greedy", 31 + i, 60))
        # Sampled play runs to the end of the game, where tiles and cubes run short.
        cases.append(Case(board, min(most, 5), "sample", 51 + i, 3000))
    for modules in (("event-deck",), ("mines", "hotels"), ("cut-throat", "switch-tracks")):
        cases.append(Case("eastern-us", 4, "random", 71, 260, modules))
    cases.append(Case("eastern-us", 2, "random", 81, 400))  # a long game: short supplies
    for board in ("eastern-us", "australia", "portugal"):
        cases.append(Case(board, 1, "greedy", 91, 150, solo=True))
        cases.append(Case(board, 1, "random", 92, 250, solo=True))
    return cases


CASES = _cases()


def start(case: Case) -> Game:
    options: dict[str, Any] = {}
    if case.modules:
        options["modules"] = list(case.modules)
    if case.solo:
        options["solo"] = True
    return new_game(case.map_id, players=case.players, seed=case.seed, options=options or None)


def _offer(game: Game, seat: int) -> bytes:
    """Everything offered to ``seat`` now, as bytes, in the engine's order."""
    legal = legal_actions(game, seat)
    return orjson.dumps(legal.to_dict(), option=orjson.OPT_SORT_KEYS)


def digest(case: Case) -> str:
    """The hash of every offer along the game, its record and its final scores."""
    game = start(case)
    sha = hashlib.sha256()
    rng = Rng(case.seed * 7919 + case.players)
    bot = case.bot if case.bot != "sample" else "random"
    bots = [make_bot(bot, case.seed * 31 + i) for i in range(case.players)]
    for _ in range(case.max_actions):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        if case.bot == "sample":
            # Every 7th position is listed in full; listing must not change what is drawn.
            if len(game.actions) % 7 == 0:
                sha.update(_offer(game, seat))
            action = sample_action(game, seat, rng)
        else:
            legal = legal_actions(game, seat)
            sha.update(orjson.dumps(legal.to_dict(), option=orjson.OPT_SORT_KEYS))
            action = bots[seat].choose(game, seat, legal)
        game.apply(action)
    record = record_of(game).to_dict()
    sha.update(orjson.dumps(record, option=orjson.OPT_SORT_KEYS))
    sha.update(orjson.dumps([p.score for p in game.state.players]))
    return sha.hexdigest()
