"""The random generators (issue 10, item 1): ``blake2b-ctr`` for new games, ``splitmix64``
kept so every older record replays exactly."""

from __future__ import annotations

import hashlib
import json

import pytest

from railways.bots.random_bot import RandomBot
from railways.core.errors import RecordError
from railways.core.legal import legal_actions
from railways.core.record import GameRecord
from railways.core.rng import KeyedRng, Rng, make_rng, parse_seed, seed_to_json
from railways.rules import new_game
from railways.rules.records import game_from_record, record_of


def _blake(seed: int, i: int) -> int:
    """Output ``i`` worked out with hashlib directly: BLAKE2b-64 keyed with the seed."""
    out = hashlib.blake2b(i.to_bytes(8, "big"), key=seed.to_bytes(32, "big"), digest_size=8)
    return int.from_bytes(out.digest(), "big")


def test_keyed_outputs_are_blake2b_of_a_counter_under_the_seed() -> None:
    seed = 0x1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321
    rng = KeyedRng(seed)
    assert [rng.next64() for _ in range(5)] == [_blake(seed, i) for i in range(5)]
    assert rng.draws == 5
    copy = rng.copy()
    assert copy.next64() == rng.next64() == _blake(seed, 5)


def test_splitmix64_is_unchanged() -> None:
    # SplitMix64's first output from state 0 (its published reference value)
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    assert make_rng("splitmix64", 0).next64() == 0xE220A8397B1DCDAF


def test_below_rejects_the_biased_tail() -> None:
    # n = 3: 2**64 % 3 == 1, so the one output 2**64 - 1 would bias the draw and is skipped.
    seed = next(s for s in range(10**6) if _blake(s, 0) % 3 == 0)
    rng = KeyedRng(seed)
    assert rng.below(3) == 0 and rng.draws == 1
    with pytest.raises(ValueError):
        rng.below(0)


def test_seeds_in_json_and_bounds() -> None:
    assert seed_to_json(7) == 7
    assert seed_to_json(2**128 - 1) == "0x" + "f" * 32
    assert parse_seed("0x" + "f" * 32) == 2**128 - 1
    assert parse_seed(12) == 12
    for bad in (-1, True, 1.5, "12", "0x", "0xzz", 2**256):
        with pytest.raises(ValueError):
            parse_seed(bad)
    with pytest.raises(ValueError):
        make_rng("mersenne", 1)
    with pytest.raises(ValueError):
        KeyedRng(-1)


def test_a_new_game_replays_from_its_record_with_a_big_seed() -> None:
    seed = 2**127 + 987654321
    game = new_game("eastern-us", 3, seed, {"rng": "blake2b-ctr"})
    bot = RandomBot(2)
    for _ in range(60):
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    data = record_of(game).to_dict()
    assert data["seed"] == f"0x{seed:x}" and data["options"]["rng"] == "blake2b-ctr"
    again = game_from_record(json.loads(json.dumps(data)))
    assert again.seed == seed and again.state.rng.draws == game.state.rng.draws
    assert again.state.cubes == game.state.cubes
    assert again.state.ops_deck == game.state.ops_deck
    assert [p.barons_dealt for p in again.state.players] == [
        p.barons_dealt for p in game.state.players
    ]
    # the same seed with the old generator is another game
    old = new_game("eastern-us", 3, seed)
    assert old.state.cubes != game.state.cubes


def test_a_record_without_rng_is_splitmix64_and_keeps_its_digest() -> None:
    game = new_game("eastern-us", 3, 11)
    data = record_of(game).to_dict()
    assert "rng" not in data["options"] and data["seed"] == 11
    assert type(game_from_record(data).state.rng) is Rng
    with pytest.raises(RecordError) as err:
        GameRecord.from_dict({**data, "seed": "0xnope"})
    assert err.value.where == "seed"


def test_solo_games_carry_the_generator() -> None:
    game = new_game("eastern-us", 1, 2**100, {"solo": True, "rng": "blake2b-ctr"})
    assert isinstance(game.state.rng, KeyedRng)
    data = record_of(game).to_dict()
    assert data["options"]["rng"] == "blake2b-ctr"
    assert isinstance(game_from_record(data).state.rng, KeyedRng)
    with pytest.raises(ValueError):
        new_game("eastern-us", 1, 5, {"solo": True, "rng": "dice"})
