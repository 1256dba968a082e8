"""OpenSpiel: ``python_railways`` and ``python_railways_solo``: chance nodes for every draw
(the deal's too), information states with the seat's history, serialization, algorithms."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import numpy as np

from .optional import need


def test_random_simulation_test() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401 - registers python_railways

    game = pyspiel.load_game("python_railways", {"players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_chance_node_and_hidden_information() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_railways", {"players": 3})
    assert game.num_distinct_actions() > 1000
    state = deal(game, seed=4)
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
    assert '"seed"' not in mine
    tensor = np.asarray(state.information_state_tensor(seat))
    assert tensor.shape == tuple(game.information_state_tensor_shape())
    # A clone plays on alone.
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.game.actions) == len(state.game.actions) + 1


def deal(game: Any, seed: int) -> Any:
    """A state just after the deal, each of its draws an outcome drawn uniformly with ``seed``."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.game is None:
        assert state.is_chance_node()
        state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
    return state


def play_to_draws(game: Any, draws: int, seed: int = 0) -> Any:
    """A random game (uniform chance outcomes, uniform legal actions) until ``draws`` chance
    nodes after the deal have been met, or the game ends."""
    rng = np.random.default_rng(seed)
    state = deal(game, seed)
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
    state = deal(game, seed)
    while not state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def state_text(state: Any) -> str:
    """The whole game state as text, less the generator (whose text is its address) and the
    tile counts (a cache, filled when something asks, an observation say)."""
    left_out = ("rng", "tile_counts")
    return repr({f.name: getattr(state, f.name) for f in fields(state) if f.name not in left_out})


def test_every_draw_after_the_deal_is_a_chance_node() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401
    from railways.core.actions import Action
    from railways.rl.chance import ScriptedRng

    game = pyspiel.load_game("python_railways", {"players": 2})
    state = play_to_draws(game, 20)
    engine = state.game
    # No seed is left in the engine: its generator answers only from chance outcomes.
    assert isinstance(engine.state.rng, ScriptedRng) and engine.state.rng.state == 0
    history = state.history()
    deal_steps = len(state.engine.deal)
    chance_steps = [
        h for h in state.full_history()[deal_steps:] if h.player == pyspiel.PlayerId.CHANCE
    ]
    assert len(chance_steps) == 20 and len(history) > 20
    dealt = deal(game, 0).game.state.rng.draws
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

    game = pyspiel.load_game("python_railways", {"players": 3})
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

    game = pyspiel.load_game("python_railways", {"players": 2, "max_actions": 60})
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


def answer_like(state: Any, seed: int) -> Any:
    """``state`` dealt with each draw answered as the engine's own generator seeded ``seed``
    would answer it (``Rng(seed).below(n)`` for a draw of ``n`` outcomes)."""
    from railways.core.rng import Rng

    rng = Rng(seed)
    while state.game is None:
        n = len(state.chance_outcomes())
        state.apply_action(rng.below(n))
    return state


def test_the_deal_is_a_chance_node_for_each_of_its_draws() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401
    from railways.rl.chance import ScriptedRng
    from railways.rules import new_game

    game = pyspiel.load_game("python_railways", {"players": 3, "map": "eastern-us"})
    state = game.new_initial_state()
    nodes = 0
    while state.game is None:  # no game until the deal's last draw: no seed anywhere
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = state.chance_outcomes()
        assert len(outcomes) >= 2
        assert [o for o, _p in outcomes] == list(range(len(outcomes)))
        assert abs(sum(p for _o, p in outcomes) - 1.0) < 1e-12
        assert state.legal_actions() == [o for o, _p in outcomes]
        state.apply_action(nodes % len(outcomes))
        nodes += 1
    dealt = state.game
    assert isinstance(dealt.state.rng, ScriptedRng) and dealt.state.rng.script == []
    assert dealt.seed == 0 and len(state.engine.deal) == nodes
    # Every draw of two or more outcomes the set-up made was a node (cubes for the cities,
    # the decks' shuffles, the Rail Baron cards): as many as a seeded set-up draws.
    seeded = new_game("eastern-us", players=3, seed=5)
    twin = answer_like(game.new_initial_state(), 5)
    assert twin.game.state.rng.draws == seeded.state.rng.draws
    assert nodes > 100
    # Answered as the seeded generator answers, the deal is the seeded game's, to the field.
    assert state_text(twin.game.state) == state_text(seeded.state)
    assert state_text(state.game.state) != state_text(seeded.state)


def test_the_solo_deal_answered_like_a_seed_is_that_seeds_game() -> None:
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401
    from railways.rules.solo import new_solo_game

    game = pyspiel.load_game("python_railways_solo", {"map": "eastern-us"})
    assert game.num_players() == 1
    state = answer_like(game.new_initial_state(), 11)
    assert state_text(state.game.state) == state_text(new_solo_game("eastern-us", seed=11).state)


def test_solo_draws_during_play_are_chance_nodes() -> None:
    """The solo game's draws after the deal (its turns' cubes and cards) are chance nodes,
    each of two or more outcomes summing to 1."""
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_railways_solo", {"map": "eastern-us"})
    dealt = deal(game, seed=1).game.state.rng.draws
    state = play_to_draws(game, 10, seed=1)
    after = state.full_history()[len(state.engine.deal) :]
    assert sum(h.player == pyspiel.PlayerId.CHANCE for h in after) == 10
    assert state.game.state.rng.draws - dealt >= 10  # the engine's own draws, each asked
    state = play_to_chance(game, seed=1)
    outcomes = state.chance_outcomes()
    assert len(outcomes) >= 2 and abs(sum(p for _o, p in outcomes) - 1.0) < 1e-12


def secret_choice_children(game: Any) -> tuple[Any, Any, int]:
    """Two positions after the deal that differ only in the Rail Baron card the first seat
    to choose kept, and that seat."""
    state = deal(game, seed=6)
    seat = state.current_player()
    first, second = state.legal_actions()[:2]
    return state.child(first), state.child(second), seat


def test_information_state_keeps_secrets_out_of_the_history() -> None:
    """Another seat's kept Rail Baron card is secret (RW-p4-12): the others' information
    states, history included, are the same whichever card it kept; the chooser's differ."""
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_railways", {"players": 3})
    a, b, chooser = secret_choice_children(game)
    assert a.game.state.players[chooser].baron != b.game.state.players[chooser].baron
    for seat in range(3):
        same = seat != chooser
        assert (a.information_state_string(seat) == b.information_state_string(seat)) == same
        tensor_a = np.asarray(a.information_state_tensor(seat))
        tensor_b = np.asarray(b.information_state_tensor(seat))
        assert np.array_equal(tensor_a, tensor_b) == same


def commuted_builds(game: Any) -> tuple[Any, Any] | None:
    """Two positions reached by the first seat's two builds in either order (another seat's
    same action between them) with the same observation for every seat, if any is found."""
    state = deal(game, seed=2)
    rng = np.random.default_rng(2)
    while not state.is_terminal() and state.game.state.phase.value != "actions":
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        else:
            legal = state.legal_actions()
            passes = [i for i in legal if "pass" in state.action_to_string(i)]
            state.apply_action(passes[0] if passes else legal[0])
    builds = [i for i in state.legal_actions() if state.action_to_string(i).startswith("link")]
    for x, y in zip(builds[::7], builds[3::7], strict=False):
        orders = []
        for first, then in ((x, y), (y, x)):
            here = state.child(first)
            if here.is_chance_node() or here.current_player() == state.current_player():
                break
            between = here.legal_actions()[0]
            here.apply_action(between)
            if here.is_chance_node() or then not in here.legal_actions():
                break
            here.apply_action(then)
            orders.append(here)
        if len(orders) == 2 and not any(s.is_chance_node() for s in orders):
            a, b = orders
            views = range(game.num_players())
            if all(np.array_equal(a.observation_tensor(s), b.observation_tensor(s)) for s in views):
                return a, b
    return None


def test_information_state_carries_the_seats_history() -> None:
    """Same observation, different histories the seat saw: different information states."""
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_railways", {"players": 2})
    found = commuted_builds(game)
    assert found is not None, "no two builds that commute were found"
    a, b = found
    assert a.history() != b.history()
    for seat in range(2):
        assert a.information_state_string(seat) != b.information_state_string(seat)
        tensor_a = np.asarray(a.information_state_tensor(seat))
        tensor_b = np.asarray(b.information_state_tensor(seat))
        assert not np.array_equal(tensor_a, tensor_b)
        size = game.observation_tensor_size()
        assert np.array_equal(tensor_a[:size], tensor_b[:size])  # the observation part


def test_serialization_replays_each_step_once_on_a_long_game(monkeypatch: Any) -> None:
    """Deserializing a long game carries out each action once and sets the game up once:
    the work is linear in the history (counted, not timed)."""
    pyspiel = need("pyspiel")
    import railways.rl.openspiel_game as spiel

    game = pyspiel.load_game("python_railways", {"players": 2})
    state = play_to_draws(game, 10_000, seed=4)  # to the end of the game
    assert state.is_terminal()
    history = state.history()
    dealt = len(state.engine.deal)
    assert len(history) - dealt > 300
    calls = {"apply": 0, "deal": 0}
    apply_with_draws, deal_with_draws = spiel.apply_with_draws, spiel.deal_with_draws

    def counted_apply(*args: Any) -> Any:
        calls["apply"] += 1
        return apply_with_draws(*args)

    def counted_deal(*args: Any) -> Any:
        calls["deal"] += 1
        return deal_with_draws(*args)

    monkeypatch.setattr(spiel, "apply_with_draws", counted_apply)
    monkeypatch.setattr(spiel, "deal_with_draws", counted_deal)
    again = game.deserialize_state(state.serialize())
    assert again.history() == history
    # one set-up for the state pyspiel makes first, one for the replay's whole deal; then each
    # step after the deal once (an action, or one of its draws' outcomes)
    assert calls == {"apply": len(history) - dealt, "deal": 2}
    assert again.information_state_string(1) == state.information_state_string(1)
