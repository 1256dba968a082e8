"""A learning baseline: REINFORCE with a small linear softmax policy on the solo env.

Numpy only, CPU, a few minutes. The policy reads only the agent's own observation and the
action catalogue (never the engine): it picks an action's *section* (its kind: a build,
a delivery, an Operations card...) from a few of the seat's numbers (cash, bonds, score,
income, turn), then an action of that kind from what its index says (its key's first
slot or not: for a delivery the route that scores most, for a build the one without a
card or redirect; the key's size: a delivery's links, a build's tiles; and the bonds a
build would need, its tiles' list price less the seat's cash). So it learns
which kinds of action pay when, and a little of which ones; it is a baseline to beat, and
a check that the env's signals can be learnt from.

    python -m railways.rl.baseline --episodes 600 --seed 1 --out curve.csv

prints the mean final score of each block of episodes, and writes one row per episode
(docs/rl.md shows a run). ``evaluate`` plays a policy greedily (its most likely action).
"""

from __future__ import annotations

import argparse
import csv
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from railways.content.maps import DEFAULT_MAP
from railways.core.hexgrid import Hex
from railways.rl.curves import Point, check_plotting, plot
from railways.rl.gym_env import SoloEnv
from railways.rl.observation import GLOBAL_FEATURES, PLAYER_FEATURES

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

# The seat's numbers the policy sees, each over a typical scale (so each is about 0..1).
SEAT_FEATURES = {"cash": 20.0, "bonds": 5.0, "score": 50.0, "income": 10.0}
TURN_SCALE = 10.0
WITHIN = 3  # features of an action within its kind: first slot, size, bonds it needs


@dataclass
class Layout:
    """Each action index's section and what its key says: from the env's catalogue alone."""

    starts: I64
    slots: I64
    pool_starts: I64
    sizes: F64  # per index: a delivery's links / 6, a build's tiles / 4, else 0
    costs: F64  # per index: a build's tiles' terrain costs ($1,000s), else 0
    bond_value: float  # $1,000s a bond brings

    @classmethod
    def of(cls, env: SoloEnv) -> Layout:
        sections = list(env.actions.sections.values())
        board = env.game.board
        sizes, costs = np.zeros(env.actions.size), np.zeros(env.actions.size)
        for section in sections:
            for k, key in enumerate(section.keys):
                at = section.start + k * section.slots
                sizes[at : at + section.slots] = _key_size(key)
                if key[0] in ("link", "leg"):  # the tiles between the ends, at list price
                    tiles = [Hex.from_offset(row, col) for row, col in key[1][1:-1]]
                    price = sum(board.tables.terrain_costs.of(board.hexes[h]) for h in tiles)
                    costs[at : at + section.slots] = price
        return cls(
            np.array([s.start for s in sections], dtype=np.int64),
            np.array([s.slots for s in sections], dtype=np.int64),
            np.array([s.pool_start for s in sections], dtype=np.int64),
            sizes,
            costs,
            float(board.tables.bond_value),
        )

    @property
    def size(self) -> int:
        return len(self.starts)

    def sections_of(self, indices: I64, cash: float = 0.0) -> tuple[I64, F64]:
        """Each index's section, and its within-section features: 1.0 where it is its key's
        first slot, its key's size, and the bonds a build would need beyond ``cash``."""
        section = np.searchsorted(self.starts, indices, side="right") - 1
        offset = indices - self.starts[section]
        first = (offset % self.slots[section] == 0) & (indices < self.pool_starts[section])
        short = np.maximum(self.costs[indices] - cash, 0.0) / self.bond_value
        x = np.stack([first.astype(np.float64), self.sizes[indices], short], axis=1)
        return section, x


def _key_size(key: tuple[Any, ...]) -> float:
    """A delivery's length in links, a build's in tiles, scaled; 0 for other keys."""
    if key[0] == "deliver":
        return float(key[3]) / 6.0
    if key[0] in ("link", "leg"):
        return max(len(key[1]) - 2, 0) / 4.0
    return 0.0


def seat_features(observation: dict[str, Any]) -> F64:
    """A bias, the seat's cash, bonds, score and income, and the turn, each scaled."""
    me = observation["players"][0]
    values = [1.0]
    for name, scale in SEAT_FEATURES.items():
        values.append(float(me[PLAYER_FEATURES.index(name)]) / scale)
    values.append(float(observation["globals"][GLOBAL_FEATURES.index("turn")]) / TURN_SCALE)
    return np.array(values)


def _softmax(logits: F64) -> F64:
    e: F64 = np.exp(logits - logits.max())
    return e / float(e.sum())


@dataclass
class Policy:
    """Two stages: a section (an action kind) by softmax of ``W[section] . s`` over the
    sections that have legal actions (``s``: the seat's numbers), then an action of it by
    softmax of ``V[section] . x`` (``x``: first slot, size, bonds a build needs). Choosing
    the kind first keeps a kind with hundreds of legal actions (builds) from crowding out
    one with a few."""

    layout: Layout
    w: F64
    v: F64

    @classmethod
    def zeros(cls, layout: Layout) -> Policy:
        width = 2 + len(SEAT_FEATURES)
        return cls(layout, np.zeros((layout.size, width)), np.zeros((layout.size, WITHIN)))

    def decide(self, obs: dict[str, Any]) -> Choice:
        legal = np.flatnonzero(obs["action_mask"]).astype(np.int64)
        cash = float(obs["observation"]["players"][0][PLAYER_FEATURES.index("cash")])
        section, x = self.layout.sections_of(legal, cash)
        present = np.unique(section)
        s = seat_features(obs["observation"])
        p_section = _softmax(self.w[present] @ s)
        within = np.einsum("ij,ij->i", self.v[section], x)
        p = np.zeros(len(legal))
        for k, share in zip(present, p_section, strict=True):
            members = section == k
            p[members] = share * _softmax(within[members])
        return Choice(legal, section, x, s, present, p_section, p)


@dataclass
class Choice:
    """A decision's inputs and probabilities, kept for the policy-gradient update."""

    legal: I64
    section: I64
    x: F64
    s: F64
    present: I64
    p_section: F64
    p: F64
    chosen: int = 0
    reward: float = 0.0

    def gradients(self, policy: Policy) -> tuple[F64, F64]:
        """The gradient of log p(chosen) in W and in V."""
        grad_w = np.zeros_like(policy.w)
        c = self.section[self.chosen]
        grad_w[self.present] -= np.outer(self.p_section, self.s)
        grad_w[c] += self.s
        members = self.section == c
        share = self.p[members] / self.p[members].sum()
        grad_v = np.zeros_like(policy.v)
        grad_v[c] = self.x[self.chosen] - share @ self.x[members]
        return grad_w, grad_v


@dataclass
class Episode:
    steps: list[Choice] = field(default_factory=list)
    score: int = 0
    won: bool = False


def play(
    env: SoloEnv, policy: Policy, seed: int, rng: np.random.Generator, greedy: bool
) -> Episode:
    """One episode: sample from the policy (or take its most likely action)."""
    obs, _info = env.reset(seed=seed)
    episode, done = Episode(), False
    info: dict[str, Any] = {}
    while not done:
        choice = policy.decide(obs)
        p = choice.p
        choice.chosen = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
        obs, reward, terminated, truncated, info = env.step(np.int64(choice.legal[choice.chosen]))
        choice.reward = float(reward)
        episode.steps.append(choice)
        done = terminated or truncated
    final = env.game.state.final_scores
    episode.score = final[0] if final else info.get("points", 0)
    episode.won = bool(info.get("won", False))
    return episode


def returns_to_go(episode: Episode) -> F64:
    rewards = np.array([st.reward for st in episode.steps])
    return np.cumsum(rewards[::-1])[::-1]


def update(policy: Policy, batch: list[Episode], lr: float, scale: float) -> None:
    """One REINFORCE step over a batch: each step's log-probability gradient weighted by its
    return to go less the batch's mean (scaled to about one)."""
    gs = [returns_to_go(e) / scale for e in batch]
    mean = float(np.mean(np.concatenate(gs)))
    grad_w, grad_v = np.zeros_like(policy.w), np.zeros_like(policy.v)
    count = 0
    for episode, g in zip(batch, gs, strict=True):
        for step, ret in zip(episode.steps, g, strict=True):
            gw, gv = step.gradients(policy)
            grad_w += (ret - mean) * gw
            grad_v += (ret - mean) * gv
            count += 1
    policy.w += lr * grad_w / max(count, 1)
    policy.v += lr * grad_v / max(count, 1)


@dataclass
class Run:
    policy: Policy
    scores: list[int]
    wins: list[bool]
    seconds: float


def train(
    episodes: int,
    seed: int = 1,
    map_id: str = DEFAULT_MAP,
    batch: int = 8,
    lr: float = 0.5,
    reward: str = "shaped",
) -> Run:
    """``episodes`` training episodes (game seeds ``seed * 100_000 + i``), updates per batch."""
    env = SoloEnv(map=map_id, observation_type="dict", reward=reward)
    policy = Policy.zeros(Layout.of(env))
    rng = np.random.default_rng(seed)
    scores: list[int] = []
    wins: list[bool] = []
    pending: list[Episode] = []
    started = time.perf_counter()
    for i in range(episodes):
        episode = play(env, policy, seed * 100_000 + i, rng, greedy=False)
        scores.append(episode.score)
        wins.append(episode.won)
        pending.append(episode)
        if len(pending) == batch:
            update(policy, pending, lr, scale=100.0)
            pending = []
    return Run(policy, scores, wins, time.perf_counter() - started)


def evaluate(policy: Policy, games: int, seed: int, map_id: str = DEFAULT_MAP) -> list[int]:
    """Final scores of ``games`` games played by the policy's most likely actions."""
    env = SoloEnv(map=map_id, observation_type="dict")
    rng = np.random.default_rng(seed)
    return [play(env, policy, seed + i, rng, greedy=True).score for i in range(games)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default=DEFAULT_MAP)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--block", type=int, default=50, help="episodes per printed mean")
    parser.add_argument("--eval", type=int, default=20, help="greedy games after training")
    parser.add_argument("--out", type=Path, help="CSV: episode, score, won")
    parser.add_argument("--plot", type=Path, help="PNG: the mean score of each block")
    args = parser.parse_args(argv)
    if args.plot is not None:
        check_plotting()
    run = train(args.episodes, args.seed, args.map, args.batch, args.lr)
    for at in range(0, len(run.scores), args.block):
        block = run.scores[at : at + args.block]
        won = run.wins[at : at + args.block]
        print(
            f"episodes {at + 1}-{at + len(block)}: mean score {np.mean(block):.1f}, "
            f"wins {sum(won)}/{len(block)}"
        )
    print(f"trained {len(run.scores)} episodes in {run.seconds:.0f} s")
    if args.plot is not None:
        points = [
            Point(
                min(at + args.block, len(run.scores)),
                float(np.mean(run.scores[at : at + args.block])),
            )
            for at in range(0, len(run.scores), args.block)
        ]
        title = f"REINFORCE, solo {args.map} (mean of each {args.block} episodes)"
        plot(args.plot, points, title=title, x_name="episodes")
        print(f"wrote {args.plot}")
    if args.eval:
        scores = evaluate(run.policy, args.eval, 10_000_000 + args.seed, args.map)
        print(f"greedy policy, {args.eval} new games: mean score {np.mean(scores):.1f}")
    if args.out is not None:
        with args.out.open("w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["episode", "score", "won"])
            for i, (score, win) in enumerate(zip(run.scores, run.wins, strict=True)):
                out.writerow([i + 1, score, int(win)])


if __name__ == "__main__":
    main()
