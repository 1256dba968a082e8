"""OpenSpiel: ``python_railways`` passes pyspiel's random-simulation test."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import numpy as np

from .optional import need


def test_random_simulation_test() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401 - registers python_railways

    game = pyspiel.load_game("python_railways", {"players": 2, "seeds": 50})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_chance_node_and_hidden_information() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_railways", {"players": 3, "seeds": 7})
    assert game.num_distinct_actions() > 1000
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [o for o, _p in outcomes] == list(range(7))
    assert abs(sum(p for _o, p in outcomes) - 1.0) < 1e-9
    state.apply_action(4)
    seat = state.current_player()
    assert seat in (0, 1, 2)
    # The seat choosing its Rail Baron sees the cards it was dealt; the others do not.
    dealt = state.game.state.players[seat].barons_dealt
    assert dealt
    mine = state.information_state_string(seat)
    others = [state.information_state_string(s) for s in range(3) if s != seat]
    for card in dealt:
        assert card in mine
        assert all(card not in text for text in others)
    assert "seed" not in mine.lower() or "4" not in mine.split("seed")[1][:3]
    tensor = np.asarray(state.information_state_tensor(seat))
    assert tensor.shape == tuple(game.information_state_tensor_shape())
    # A clone plays on alone.
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.game.actions) == len(state.game.actions) + 1


def play_to_draws(game: Any, draws: int, seed: int = 0) -> Any:
    """A random game (uniform chance outcomes, uniform legal actions) until ``draws`` chance
    nodes after the deal have been met, or the game ends."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(3)  # the deal
    met = 0
    while not state.is_terminal() and met < draws:
        if state.is_chance_node():
            met += 1
            outcomes = state.chance_outcomes()
            state.apply_action(int(rng.integers(len(outcomes))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def play_to_chance(game: Any, seed: int) -> Any:
    """A random game from the deal to its first chance node after it (a player's action
    waiting for a draw)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(3)  # the deal
    while not state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def state_text(state: Any) -> str:
    """The whole game state as text, less the generator (whose text is its address)."""
    return repr({f.name: getattr(state, f.name) for f in fields(state) if f.name != "rng"})


def test_every_draw_after_the_deal_is_a_chance_node() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401
    from railways.core.actions import Action
    from railways.rl.chance import ScriptedRng

    game = pyspiel.load_game("python_railways", {"players": 2, "seeds": 5})
    state = play_to_draws(game, 20)
    engine = state.game
    # No seed is left in the engine: its generator answers only from chance outcomes.
    assert isinstance(engine.state.rng, ScriptedRng) and engine.state.rng.state == 0
    history = state.history()
    chance_steps = [h for h in state.full_history()[1:] if h.player == pyspiel.PlayerId.CHANCE]
    assert len(chance_steps) == 20 and len(history) > 20
    dealt = game.new_initial_state().child(3).game.state.rng.draws
    assert engine.state.rng.draws - dealt >= 20  # each draw of two or more outcomes was asked
    # A draw's outcomes are its n equally likely answers, summing to 1, and they differ.
    state = play_to_chance(game, seed=1)
    assert state.is_chance_node() and state.pending is not None
    outcomes = state.chance_outcomes()
    assert len(outcomes) >= 2
    assert abs(sum(p for _o, p in outcomes) - 1.0) < 1e-12
    assert [o for o, _p in outcomes] == list(range(len(outcomes)))
    assert state.legal_actions() == [o for o, _p in outcomes]
    pending: Action = state.pending.action
    assert state.public[-1:] != [str(pending)]  # not carried out (nor shown) before its draws
    children = set()
    for outcome in (0, len(outcomes) - 1):
        child = state.child(outcome)
        while child.is_chance_node():
            child.apply_action(0)
        children.add(state_text(child.game.state))
    assert len(children) == 2  # different outcomes, different positions


def test_same_history_same_game_and_serialization_is_the_history() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_railways", {"players": 3, "seeds": 10})
    state = play_to_draws(game, 30, seed=2)
    history = state.history()
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == history
    for seat in range(3):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(
            again.observation_tensor(seat),
            state.observation_tensor(seat),
        )
    assert again.legal_actions() == state.legal_actions()
    # Linear: the serialization is the history (a few bytes a step), not a pickled game.
    serialized = state.serialize()
    assert len(serialized) < 40 * len(history) + 1000
    assert again_game.deserialize_state(serialized).history() == history
    # Replaying the same steps by hand gives the same game, to the view.
    replayed = game.new_initial_state()
    for step in history:
        replayed.apply_action(step)
    assert replayed.information_state_string(0) == state.information_state_string(0)


def test_openspiel_algorithms_run_through_chance_nodes() -> None:
    pyspiel = need("pyspiel")
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random

    import railways.rl.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_railways", {"players": 2, "seeds": 10, "max_actions": 60})
    rng = np.random.RandomState(0)
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2
    bot = mcts.MCTSBot(
        game,
        uct_c=2,
        max_simulations=2,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    state = play_to_chance(game, seed=3)
    while state.is_chance_node():
        state.apply_action(0)
    assert bot.step(state) in state.legal_actions()
