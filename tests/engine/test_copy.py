"""Game.copy (the cheap copy for search) and Game.play (the unrecorded apply for playouts).

The copy must equal the original in every field (the canonical full-state dump) and share
nothing that changes: playing on one never shows in the other. Its caches (candidate
links, the link graph) are handed over, so the copy's legal actions must stay what a game
without those caches lists.
"""

from __future__ import annotations

import copy
import dataclasses

import pytest

from railways.core.actions import Pass, Undo
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.core.state import GameState
from railways.rules import new_game
from railways.rules.solo import new_solo_game
from railways.sim.checks import differences, full_state


def _played(game: Game, steps: int, seed: int) -> Game:
    rng = Rng(seed)
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        legal_actions(game, seat)  # fill the caches the copy takes over
        game.apply(sample_action(game, seat, rng))
    return game


def _legal_dict(game: Game) -> object:
    seat = game.to_act
    assert seat is not None
    return legal_actions(game, seat).to_dict(game)


def _fresh_caches(game: Game) -> Game:
    """The same position with no caches at all (a deep copy of the state)."""
    twin = copy.copy(game)
    twin.state = copy.deepcopy(game.state)
    return twin


@pytest.mark.parametrize(("players", "steps"), [(2, 60), (4, 150), (6, 240)])
def test_copy_equals_original_in_every_field(players: int, steps: int) -> None:
    game = _played(new_game("eastern-us", players=players, seed=40 + players), steps, players)
    twin = game.copy()
    assert differences(full_state(game), full_state(twin)) == []
    assert full_state(twin) == full_state(game)
    assert twin.actions == game.actions and twin.history == game.history
    assert twin.actions is not game.actions and twin.history is not game.history
    assert (twin.board, twin.ruleset, twin.options, twin.kinds) == (
        game.board,
        game.ruleset,
        game.options,
        game.kinds,
    )


def test_copy_covers_every_state_field() -> None:
    """A field added to GameState without a line in GameState.copy would be lost."""
    state = _played(new_game("eastern-us", players=3, seed=5), 90, 2).state
    twin = state.copy()
    for f in dataclasses.fields(GameState):
        if f.name == "rng":  # compared by kind, state and draws
            assert type(twin.rng) is type(state.rng)
            assert (twin.rng.state, twin.rng.draws) == (state.rng.state, state.rng.draws)
            assert twin.rng is not state.rng
            continue
        assert getattr(twin, f.name) == getattr(state, f.name), f.name
    for a, b in zip(state.players, twin.players, strict=True):
        for f in dataclasses.fields(a):
            assert getattr(a, f.name) == getattr(b, f.name), f.name


def test_playing_on_the_copy_never_changes_the_original() -> None:
    game = _played(new_game("eastern-us", players=4, seed=11), 120, 1)
    before = full_state(game)
    legal_before = _legal_dict(game)
    twin = game.copy()
    _played(twin, 400, 99)  # builds, deliveries, turns ending, auctions
    assert twin.state.track_version != game.state.track_version
    assert full_state(game) == before
    assert _legal_dict(game) == legal_before
    assert len(game.actions) == 120


def test_playing_on_the_original_never_changes_the_copy() -> None:
    game = _played(new_game("eastern-us", players=4, seed=12), 120, 3)
    twin = game.copy()
    snapshot = full_state(twin)
    legal_before = _legal_dict(twin)
    _played(game, 300, 7)
    assert full_state(twin) == snapshot
    assert _legal_dict(twin) == legal_before


def test_copies_list_the_same_legal_actions_as_a_game_without_caches() -> None:
    """The caches handed over must follow the copy's own track from then on."""
    game = _played(new_game("eastern-us", players=4, seed=21), 100, 4)
    twin = game.copy()
    rng_a, rng_b = Rng(8), Rng(8)
    for _ in range(200):
        if twin.over:
            break
        assert _legal_dict(twin) == _legal_dict(_fresh_caches(twin))
        seat = twin.to_act
        assert seat is not None
        action = sample_action(twin, seat, rng_a)
        assert action == sample_action(_fresh_caches(twin), seat, rng_b)
        twin.apply(action)
        _legal_dict(game)  # the original keeps using (and updating) its own caches


@pytest.mark.rules("AU-028", "AU-033")
def test_kept_verdicts_of_a_judging_board_follow_each_copy() -> None:
    """Australia judges links to unbuilt towns and from switches in full; the verdicts kept
    (per slot, per origin route) must match a game without caches in the original and in a
    copy that goes its own way (towns built, switches placed, track laid)."""
    game = _played(new_game("australia", players=6, seed=33), 120, 5)
    twin = game.copy()
    rng_game, rng_twin = Rng(6), Rng(7)
    for _ in range(120):
        for one, rng in ((game, rng_game), (twin, rng_twin)):
            if one.over:
                continue
            assert _legal_dict(one) == _legal_dict(_fresh_caches(one))
            seat = one.to_act
            assert seat is not None
            one.apply(sample_action(one, seat, rng))
    assert twin.state.track_version != game.state.track_version


def test_solo_copy_has_its_own_plugin_state() -> None:
    game = new_solo_game("eastern-us", seed=3)
    game = _played(game, 40, 5)
    twin = game.copy()
    assert full_state(twin) == full_state(game)
    assert twin.state.plugin_data["solo"] is not game.state.plugin_data["solo"]
    before = full_state(game)
    _played(twin, 80, 6)
    assert full_state(game) == before


def test_play_gives_the_same_game_as_apply_without_recording() -> None:
    recorded = new_game("eastern-us", players=4, seed=31)
    played = recorded.copy()
    rng = Rng(17)
    for _ in range(300):
        if recorded.over:
            break
        seat = recorded.to_act
        assert seat is not None
        action = sample_action(recorded, seat, rng)
        recorded.apply(action)
        played.play(action)
    assert full_state(played) == full_state(recorded)
    assert played.actions == [] and played.history == []
    assert played.unrecorded and not recorded.unrecorded


def test_play_checks_like_apply_and_refuses_undo() -> None:
    game = _played(new_game("eastern-us", players=4, seed=32), 60, 2)
    before = full_state(game)
    seat = game.to_act
    assert seat is not None
    wrong = (seat + 1) % game.n
    with pytest.raises(IllegalAction):
        game.play(Pass(seat=wrong))
    with pytest.raises(IllegalAction):
        game.play(Undo(seat=seat))
    assert full_state(game) == before
    assert not game.unrecorded
    game.play(sample_action(game, seat, Rng(1)))
    assert game.undo_allowed(seat) is not None
    with pytest.raises(IllegalAction):
        game.apply(Undo(seat=seat))


def test_board_parts_copy_and_pickle_in_either_build() -> None:
    """Frozen board data copies and pickles (compiled, a frozen dataclass refused it)."""
    import pickle

    from railways.content.maps import load_map

    board = load_map("eastern-us")
    city = next(iter(board.cities.values()))
    assert copy.copy(city) == city
    assert copy.deepcopy(city) == city
    assert pickle.loads(pickle.dumps(city)) == city
    again = pickle.loads(pickle.dumps(board))
    assert again == board
    assert again.city_at(city.at) == city  # the tables made after __init__ are made again
    game = new_game("eastern-us", players=3, seed=4)
    for _ in range(12):  # past the auction, so that builds are offered
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        game.apply(legal.all()[-1] if legal.builds else legal.all()[0])
    seat = game.to_act
    assert seat is not None
    option = legal_actions(game, seat).builds[0]
    assert pickle.loads(pickle.dumps(option)).action == option.action


@pytest.mark.parametrize("board", ["eastern-us", "australia", "western-us", "transcontinental"])
def test_a_played_game_pickles_and_plays_on_the_same(board: str) -> None:
    """A game mid-play survives pickle in either build, and the unpickled game lists and
    plays what the original does. Compiled, the kept work's entries could not be
    unpickled and ``Options`` refused its fields being set; the kept work now stays behind."""
    import pickle

    game = _played(new_game(board, players=3, seed=7), 150, 5)
    again = pickle.loads(pickle.dumps(game))
    assert full_state(again) == full_state(game)
    assert again.options == game.options
    for _ in range(40):
        if game.over:
            break
        assert _legal_dict(again) == _legal_dict(game)
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, Rng(seat + len(game.history))))
        again.apply(sample_action(again, seat, Rng(seat + len(again.history))))
    assert differences(full_state(again), full_state(game)) == []


def test_a_copy_shares_pieces_and_links_until_one_side_writes() -> None:
    """The track's pieces and the links are shared copy-on-write (GameState.own_pieces,
    own_link): a state copied from owns nothing any more either, so neither side's change
    in place shows in the other."""
    state = _played(new_game("eastern-us", players=4, seed=13), 150, 2).state
    twin = state.copy()
    h, pieces = next(iter(state.track.items()))
    link_id = pieces[0].link
    assert twin.track[h] is pieces and twin.links[link_id] is state.links[link_id]
    mine = twin.own_pieces(h)
    assert mine is not pieces and mine == pieces and mine[0] is not pieces[0]
    mine[0].on_crossing = not pieces[0].on_crossing
    assert twin.own_pieces(h) is mine  # its own now: not copied again
    link = twin.own_link(link_id)
    tiles = len(link.tiles)
    link.partners.append(3)
    link.tiles.pop()
    assert state.links[link_id].partners == [] and len(state.links[link_id].tiles) == tiles
    assert twin.own_link(link_id) is link
    # The original was copied from: its first write copies too.
    theirs = state.own_pieces(h)
    assert theirs is not pieces and theirs[0] is not pieces[0]
    b = mine[0].b
    theirs[0].b = theirs[0].a
    assert mine[0].b == b
    other = state.own_link(link_id)
    assert other is not link and other.partners == []


@pytest.mark.parametrize("board", ["australia", "western-us"])
def test_playing_on_a_copy_of_other_boards_never_changes_the_original(board: str) -> None:
    """Boards whose cards and plug-ins write links and track in place (Company Mergers,
    towns, switches): each side plays on after the copy; the other stays as it was."""
    game = _played(new_game(board, players=5, seed=19), 100, 4)
    before = full_state(game)
    twin = game.copy()
    _played(twin, 300, 8)
    assert full_state(game) == before
    after = full_state(twin)
    _played(game, 300, 9)
    assert full_state(twin) == after
