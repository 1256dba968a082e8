"""The actions of build options: made without ``BuildTrack``'s own ``__init__``
(``build_option.new_build_track``, for every reader of a whole listing), yet the same values,
and ``LegalActions.all`` lists them in the listing's order."""

from __future__ import annotations

import copy
import pickle

from railways.bots.random_bot import RandomBot
from railways.core.actions import BuildTrack, action_from_dict
from railways.core.build_option import new_build_track
from railways.core.hexgrid import Hex, Side
from railways.core.legal import BuildList, legal_actions
from railways.rules import new_game


def test_a_build_made_without_its_init_is_the_same_value() -> None:
    path = (Hex(3, 4), Hex(3, 5), Hex(4, 5))
    for args in [
        (0, path, None, False, ()),
        (2, path, Side.NE, True, ("c1", "c2")),
        (3, (), None, False, ("c3",)),
    ]:
        made = new_build_track(*args)
        plain = BuildTrack(*args)
        assert type(made) is BuildTrack
        assert made == plain and hash(made) == hash(plain)
        assert repr(made) == repr(plain) and str(made) == str(plain)
        assert made.to_dict() == plain.to_dict()
        assert action_from_dict(made.to_dict()) == made
        assert pickle.loads(pickle.dumps(made)) == plain
        assert copy.deepcopy(made) == plain
        assert (made.seat, made.path, made.exit, made.redirect, made.cards) == args


def test_all_lists_every_build_action_in_order() -> None:
    game = new_game("eastern-us", players=4, seed=21)
    bots = [RandomBot(21 * 31 + i) for i in range(4)]
    seen = 0
    while not game.over and len(game.actions) < 120:
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        builds = legal.builds
        if builds:
            options = builds.options() if isinstance(builds, BuildList) else builds
            assert options == list(builds)
            actions = [a for a in legal.all() if isinstance(a, BuildTrack)]
            assert actions == [
                BuildTrack(o.seat, o.path, o.exit, o.redirect, o.cards) for o in options
            ]
            seen += 1
        game.apply(bots[seat].choose(game, seat, legal))
    assert seen > 20
