"""Positions with more actions than a section's slots and pool hold: pages (issues 26, 31).

An untrained network playing a two-player game on the default board against greedy
(`railways.rl.imitation`'s evaluation game 10) reached, after 184 actions, a position whose
listing has 2,363 deliveries, 1,192 past their keys' two slots against a pool of 1,024. The
encoding once refused it; now the pool's last index opens a second page of deliveries, and
every environment plays through it. The record is tests/fixtures/rl/delivery_pool_overflow.json.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from railways.bots import make_bot
from railways.content.maps import DEFAULT_MAP
from railways.core.actions import DeliverGoods, action_from_dict
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.rng import Rng
from railways.rl.encoding import ActionEncoding, More
from railways.rules import new_game
from railways.rules.solo import new_solo_game

from .optional import need

RECORD = Path(__file__).parent.parent / "fixtures" / "rl" / "delivery_pool_overflow.json"
LEGAL = 2451  # the crowded position's legal actions: 2,363 deliveries and 88 others


def crowded() -> Game:
    """The game at the crowded position (seat 0 to act)."""
    record = json.loads(RECORD.read_text())
    game = new_game(DEFAULT_MAP, players=record["players"], seed=record["seed"])
    for data in record["actions"]:
        game.apply(action_from_dict(data))
    assert game.to_act == 0
    return game


def more_index(mask: np.ndarray, shown: Any) -> int:
    """The one index of ``shown`` (a legal map) that opens a page; the mask sets it."""
    found = [i for i, c in shown.items() if isinstance(c, More)]
    assert len(found) == 1
    assert mask[found[0]] == 1
    return found[0]


def test_every_action_of_the_crowded_position_is_on_one_page() -> None:
    game = crowded()
    legal = legal_actions(game, 0)
    assert sum(len(options) for options in legal.deliveries.values()) == 2363
    enc = ActionEncoding(game)
    pages = enc.pages(game, 0, legal)
    assert len(pages) == 2
    first, second = pages
    section = enc.sections["deliver_goods"]
    assert first[section.end - 1] == More(0, "deliver_goods", 1)  # the pool's last index
    # one index per legal action over the pages, "more" aside, and every action once
    assert sum(len(p) for p in pages) - 1 == LEGAL == len(legal.all())
    shown = [c for p in pages for c in p.values() if not isinstance(c, More)]
    assert len(set(shown)) == LEGAL and set(shown) == set(legal.all())
    assert all(section.start <= i < section.end for i in second)  # deliveries alone
    assert all(isinstance(a, DeliverGoods) for a in second.values())
    for i, action in list(second.items())[:50]:
        assert enc.path(game, action, legal) == [section.end - 1, i]
        assert enc.decode(game, 0, i, page=More(0, "deliver_goods", 1)) == action
    with pytest.raises(ValueError, match="does not open a page"):
        enc.legal_map(game, 0, legal, page=More(0, "build_track", 1))


def test_pettingzoo_plays_a_delivery_from_the_second_page() -> None:
    need("pettingzoo")
    from railways.rl.pettingzoo_env import raw_env

    e = raw_env(map=DEFAULT_MAP, players=2, seed=1)
    e.reset(seed=1)
    e.game = crowded()
    e._select()
    obs = e.observe("player_0")
    assert obs["page"][0] == 0
    more = more_index(obs["action_mask"], e._legal)
    e.step(more)
    assert e.agent_selection == "player_0" and len(e.game.actions) == 184  # nothing played
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}
    obs = e.observe("player_0")
    assert obs["page"][0] == 1 and e.observation_space("player_0").contains(obs)
    mask = obs["action_mask"]
    assert int(mask.sum()) == LEGAL - (len(e.actions.legal_map(e.game, 0)) - 1)
    index = int(np.flatnonzero(mask)[0])
    chosen = e._legal[index]
    assert isinstance(chosen, DeliverGoods)
    e.step(index)
    assert e.game.actions[-1] == chosen and len(e.game.actions) == 185
    assert e.observe(e.agent_selection)["page"][0] == 0


class Recorder(Rng):
    """The seeded generator, keeping the outcome of every draw OpenSpiel would ask for (a draw
    of one outcome is no choice)."""

    __slots__ = ("log",)

    def __init__(self, seed: int, draws: int = 0, log: list[int] | None = None) -> None:
        super().__init__(seed, draws)
        self.log: list[int] = [] if log is None else log

    def copy(self) -> Rng:
        return Recorder(self.state, self.draws, self.log)

    def below(self, n: int) -> int:
        outcome = super().below(n)
        if n > 1:
            self.log.append(outcome)
        return outcome


def test_openspiel_plays_a_delivery_from_the_second_page() -> None:
    """The record played through OpenSpiel's steps (its deal and draws as chance outcomes,
    its actions as indices), then the page and a delivery on it."""
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401 - registers python_railways

    record = json.loads(RECORD.read_text())
    rng = Recorder(record["seed"])
    seeded = new_game(DEFAULT_MAP, players=2, seed=record["seed"], rng=rng)
    game = pyspiel.load_game("python_railways", {"players": 2, "map": DEFAULT_MAP})
    state = game.new_initial_state()
    enc = state.spec.actions
    for outcome in rng.log:
        state.apply_action(outcome)
    for data in record["actions"]:
        action = action_from_dict(data)
        drawn = len(rng.log)
        assert state.game is not None
        for index in enc.path(state.game, action):
            state.apply_action(index)
        seeded.apply(action)
        for outcome in rng.log[drawn:]:
            state.apply_action(outcome)
    assert state.current_player() == 0 and state.game is not None
    assert state.game.state.cubes == crowded().state.cubes
    before = state.information_state_string(0)
    mask = np.zeros(game.num_distinct_actions(), np.int8)
    mask[state.legal_actions(0)] = 1
    state.apply_action(more_index(mask, state.engine.legal))
    assert state.current_player() == 0 and state.information_state_string(0) != before
    assert "page 1 of deliver_goods" in state.observation_string(0)
    assert state.observation_tensor(0)[state.spec.obs.size] == 1.0
    legal = state.legal_actions(0)
    assert state.clone().legal_actions(0) == legal  # a clone keeps the page
    again = game.deserialize_state(state.serialize())  # and so does the history
    assert again.legal_actions(0) == legal
    chosen = state.engine.legal[legal[0]]
    assert isinstance(chosen, DeliverGoods)
    state.apply_action(legal[0])
    while state.is_chance_node():  # the delivery's draws, where it makes any
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.game.actions[-1] == chosen


def test_gymnasium_plays_a_delivery_from_the_second_page() -> None:
    """The solo game does not reach 1,024 deliveries past their slots in a test's time, so
    this one gives the deliveries a pool of 2 (``pools``): the same pages, sooner."""
    need("gymnasium")
    from railways.rl.gym_env import SoloEnv

    env = SoloEnv(map=DEFAULT_MAP)
    env.reset(seed=1)
    game = new_solo_game(DEFAULT_MAP, seed=2)
    bot = make_bot("greedy", 2)
    for _ in range(32):
        game.apply(bot.choose(game, 0, legal_actions(game, 0)))
    env.game = game
    env.actions = ActionEncoding(game, pools={"deliver_goods": 2})
    env._refresh()
    more = more_index(env.action_masks(), env._legal)
    obs, reward, terminated, truncated, _info = env.step(np.int64(more))
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert obs["page"][0] == 1 and len(env.game.actions) == 32
    index = int(np.flatnonzero(obs["action_mask"])[0])
    chosen = env._legal[index]
    assert isinstance(chosen, DeliverGoods)
    obs, *_ = env.step(np.int64(index))
    assert chosen in env.game.actions[32:] and obs["page"][0] == 0


def test_seated_policies_play_through_the_page() -> None:
    """A policy seated as a bot (``PolicyBot``) that picks the page's "more" index gets the
    second page's mask and plays from it; the cloned network (``NeuralBot``) plays the crowded
    position with no fallback."""
    need("numpy")
    from railways.rl import neural
    from railways.rl.policy import PolicyBot

    game = crowded()
    legal = legal_actions(game, 0)
    enc = ActionEncoding(game)
    more = enc.sections["deliver_goods"].end - 1
    masks: list[np.ndarray] = []

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        masks.append(mask)
        return more if len(masks) == 1 else int(np.flatnonzero(mask)[-1])

    chosen = PolicyBot(policy).choose(game, 0, legal)
    assert len(masks) == 2 and masks[0][more] == 1
    second = enc.legal_map(game, 0, legal, page=More(0, "deliver_goods", 1))
    assert chosen == second[int(np.flatnonzero(masks[1])[-1])]
    bot = neural.duel(0)
    assert bot.choose(game, 0, legal) in set(legal.all()) and bot.unindexed == 0
