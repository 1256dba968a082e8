"""The REINFORCE baseline runs and updates its policy (a smoke test: learning is measured in
docs/rl.md, not asserted here)."""

from __future__ import annotations

import numpy as np

from .optional import need


def test_the_baseline_trains_a_few_episodes_and_plays() -> None:
    need("gymnasium")
    from railways.rl.baseline import Layout, evaluate, main, train
    from railways.rl.gym_env import SoloEnv

    run = train(episodes=4, seed=3, batch=2)
    assert len(run.scores) == len(run.wins) == 4
    assert np.all(np.isfinite(run.policy.w)) and np.any(run.policy.w != 0.0)
    assert len(evaluate(run.policy, games=1, seed=5)) == 1
    # Every legal index falls in the section it belongs to.
    env = SoloEnv()
    layout = Layout.of(env)
    obs, _info = env.reset(seed=1)
    legal = np.flatnonzero(obs["action_mask"])
    sections, _first = layout.sections_of(legal.astype(np.int64))
    names = list(env.actions.sections)
    for index, s in zip(legal, sections, strict=True):
        assert env._legal[int(index)].kind == names[s]
    main(["--episodes", "2", "--batch", "2", "--eval", "0", "--block", "1"])
