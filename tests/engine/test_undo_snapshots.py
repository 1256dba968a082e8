"""Undo replays from a kept snapshot of the state (issue 30: an undo-heavy record replayed
the whole game on every undo). Whatever the snapshots, the state after an undo must be
exactly the state of a new game replaying the effective history from the start."""

from __future__ import annotations

from railways.core import game as game_module
from railways.core.actions import BuildTrack, Undo
from railways.core.game import Game
from railways.core.legal import sample_action
from railways.core.rng import Rng
from railways.rules import new_game
from railways.sim.checks import differences, full_state


def _from_start(game: Game) -> Game:
    fresh = Game(game.board, game.ruleset, game.seats, game.seed, game.options)
    for action, _draws, _reveals in game.history:
        fresh.apply(action)
    return fresh


def test_every_undo_gives_the_state_a_replay_from_the_start_gives() -> None:
    game = new_game("eastern-us", players=3, seed=11)
    rng = Rng(3)
    undone = 0
    while len(game.history) < 4 * game_module.SNAPSHOT_EVERY * game_module.SNAPSHOTS_KEPT:
        assert not game.over
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        game.apply(action)
        if isinstance(action, BuildTrack) and game.undo_allowed(seat) is None:
            game.apply(Undo(seat=seat))
            undone += 1
            fresh = _from_start(game)
            assert differences(full_state(fresh), full_state(game)) == []
            assert game.history == fresh.history
            game.apply(action)  # build it after all
        if undone and rng.below(4) == 0 and len(game.history) > 2:
            copied = game.copy()  # a copy's undo must not touch the original
            seat_now = copied.history[-1][0].seat
            if copied.undo_allowed(seat_now) is None:
                before = full_state(game)
                copied.apply(Undo(seat=seat_now))
                assert full_state(game) == before
                assert full_state(copied) == full_state(_from_start(copied))
    assert undone >= 10
    kept = game._snapshots
    assert 1 <= len(kept) <= game_module.SNAPSHOTS_KEPT
    assert all(n % game_module.SNAPSHOT_EVERY == 0 for n, _state in kept)


def test_snapshots_are_sparser_until_the_first_undo() -> None:
    sparse, every = game_module.SNAPSHOT_EVERY_UNTIL_UNDO, game_module.SNAPSHOT_EVERY
    game = new_game("eastern-us", players=3, seed=5)
    rng = Rng(8)
    undone_at = 0
    while not game.over and (not undone_at or len(game.history) < undone_at + 3 * every):
        seat = game.to_act
        assert seat is not None
        action = sample_action(game, seat, rng)
        game.apply(action)
        if not undone_at:
            # Never undone: a snapshot every ``sparse`` effective actions only.
            taken = [n for n, _state in game._snapshots]
            assert taken == [n for n in (sparse, 2 * sparse) if n <= len(game.history)]
            if (
                len(game.history) > sparse
                and isinstance(action, BuildTrack)
                and game.undo_allowed(seat) is None
            ):
                game.apply(Undo(seat=seat))  # replayed from the sparse snapshot
                assert differences(full_state(_from_start(game)), full_state(game)) == []
                game.apply(action)
                undone_at = len(game.history)
    assert undone_at
    # Undone once: a snapshot every ``every`` effective actions from then on.
    top = len(game.history) // every * every
    assert [n for n, _state in game._snapshots] == [top - every, top]
