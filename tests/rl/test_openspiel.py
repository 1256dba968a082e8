"""OpenSpiel: ``python_railways`` passes pyspiel's random-simulation test."""

from __future__ import annotations

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
