"""Cloning the greedy bot into ``railways.rl.neural``'s network (DAgger), with its curve.

Two settings on one board (Eastern U.S. by default): ``solo``, the player against the
Railbot, and ``duel``, two players. Round 0 learns from the greedy bot's own games, made in
process from fixed seeds: at each decision the rows of every legal index (at most ``--cap``,
greedy's choice always among them) and, as the label, the index greedy chose; training
minimises the cross-entropy of the softmax over the legal rows (Adam, in numpy). Each later
round (DAgger) plays new games with the network, greedy naming the label of every position
the network reaches, and trains again on all the data. After each round the network plays
fixed evaluation games by its best index: solo games, or duels against the greedy bot with
the seats rotated. Deterministic: the same arguments print the same numbers.

    python -m railways.rl.imitation --setting solo --games 15 --rounds 3 --epochs 8 \
        --eval 10 --out solo.npz
    python -m railways.rl.imitation --setting solo --load solo.npz --games 0 --eval 20 --compare

(the second plays a saved network, and the random and greedy bots, in 20 evaluation games).
docs/rl.md shows the runs behind ``railways/rl/checkpoints``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from railways.bots import make_bot
from railways.bots.base import Bot
from railways.cli.simulate import wilson
from railways.content.maps import DEFAULT_MAP
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.rl.curves import Point, check_plotting, plot, write_csv
from railways.rl.neural import STATE_WIDTH, Network, NeuralBot, Reader, action_width
from railways.rules import new_game
from railways.rules.solo import new_solo_game

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]

SETTINGS = ("solo", "duel")
MAX_ACTIONS = 3000  # a game that runs longer is cut off (none has, in these settings)
EVAL_SEEDS = 10_000_000  # evaluation games are dealt from here, never from training seeds


def new_table(setting: str, map_id: str, seed: int) -> Game:
    """A solo game, or a two-player game, from ``seed``."""
    if setting == "solo":
        return new_solo_game(map_id, seed=seed)
    return new_game(map_id, players=2, seed=seed)


def sections_of(setting: str, map_id: str) -> list[str]:
    """The kinds (catalogue sections) of the setting's board, in catalogue order."""
    reader_game = new_table(setting, map_id, 0)
    return list(Reader(reader_game, []).actions.sections)


@dataclass
class Dataset:
    """Decisions: each one's action rows (contiguous), state features and label row."""

    rows: F32
    states: F32
    offsets: I64  # decision i's rows are rows[offsets[i] : offsets[i + 1]]
    labels: I64  # the chosen row, counted from the decision's first

    def __len__(self) -> int:
        return len(self.labels)

    def __add__(self, other: Dataset) -> Dataset:
        return Dataset(
            np.concatenate([self.rows, other.rows]),
            np.concatenate([self.states, other.states]),
            np.concatenate([self.offsets, other.offsets[1:] + self.offsets[-1]]),
            np.concatenate([self.labels, other.labels]),
        )


@dataclass
class _Builder:
    rows: list[F32] = field(default_factory=list)
    states: list[F32] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)

    def add(self, rows: F32, state: F32, label: int) -> None:
        self.rows.append(rows)
        self.states.append(state)
        self.labels.append(label)

    def done(self, width: int, state_width: int) -> Dataset:
        sizes = [len(r) for r in self.rows]
        return Dataset(
            np.concatenate(self.rows) if self.rows else np.zeros((0, width), np.float32),
            np.stack(self.states) if self.states else np.zeros((0, state_width), np.float32),
            np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
            np.array(self.labels, dtype=np.int64),
        )


def collect(
    setting: str,
    games: int,
    seed: int,
    sections: list[str],
    cap: int,
    map_id: str = DEFAULT_MAP,
    driver: Bot | None = None,
) -> Dataset:
    """The greedy bot's decisions in ``games`` games from seeds ``seed``, ``seed + 1``, ...
    (every seat's in a duel); a decision with one legal index teaches nothing and is left
    out, and one with more than ``cap`` keeps greedy's choice and ``cap - 1`` others drawn
    with the game's own seed. With a ``driver`` (DAgger: the positions the learner itself
    reaches), the driver plays the solo seat, or seat ``g % 2`` of duel ``g``, while greedy
    still names every label."""
    out = _Builder()
    reader: Reader | None = None
    for g in range(games):
        game = new_table(setting, map_id, seed + g)
        reader = reader if reader is not None else Reader(game, sections)
        bots = [make_bot("greedy", (seed + g) * 31 + s) for s in range(len(game.seats))]
        rng = np.random.default_rng(seed + g)
        count = 0
        while not game.over and count < MAX_ACTIONS:
            seat = 0 if setting == "solo" else game.to_act
            assert seat is not None
            legal = legal_actions(game, seat)
            action = bots[seat].choose(game, seat, legal)
            by_index, indices, rows, state = reader.position(game, seat, legal)
            try:
                chosen = reader.actions.encode(game, action, by_index) if len(indices) > 1 else -1
            except ValueError:  # on a later page of its section (past its pool): no label
                indices = np.zeros(0, dtype=np.int64)
            played = action if driver is None or seat != g % len(bots) else None
            if len(indices) > 1:
                label = int(np.searchsorted(indices, chosen))
                keep = _sample(len(indices), label, cap, rng)
                out.add(rows[keep], state, int(np.flatnonzero(keep == label)[0]))
            if played is None:
                assert driver is not None
                played = driver.choose(game, seat, legal)
            game.apply(played)
            count += 1
    return out.done(action_width(len(sections)), STATE_WIDTH)


def _sample(n: int, label: int, cap: int, rng: np.random.Generator) -> I64:
    """All of ``n`` rows, or ``label`` and ``cap - 1`` others (sorted)."""
    if n <= cap:
        return np.arange(n, dtype=np.int64)
    others = np.delete(np.arange(n, dtype=np.int64), label)
    picked = rng.choice(others, size=cap - 1, replace=False)
    return np.sort(np.concatenate([picked, [label]])).astype(np.int64)


# -- training --------------------------------------------------------------------------
def _batch_rows(offsets: I64, ids: I64) -> tuple[I64, I64, I64]:
    """The rows of decisions ``ids`` (in order), each row's decision (0..) and firsts."""
    starts = offsets[ids]
    sizes = offsets[ids + 1] - starts
    firsts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    decision = np.repeat(np.arange(len(ids)), sizes)
    rows = starts[decision] + np.arange(int(sizes.sum())) - firsts[decision]
    return rows.astype(np.int64), decision.astype(np.int64), firsts


@dataclass
class Step:
    """A batch's mean cross-entropy, agreement with the labels, and the gradients."""

    loss: float
    agree: float
    grads: dict[str, F32]


def loss_and_grads(net: Network, data: Dataset, ids: I64) -> Step:
    """The mean cross-entropy of the masked softmax over decisions ``ids``, and its
    gradient in each weight (worked by hand: one hidden relu layer)."""
    rows, decision, firsts = _batch_rows(data.offsets, ids)
    a, s = data.rows[rows], data.states[ids]
    z = a @ net.wa + (s @ net.ws + net.b)[decision]
    h = np.maximum(z, 0.0)
    logit = h @ net.v
    top = np.maximum.reduceat(logit, firsts)
    e = np.exp(logit - top[decision])
    p = e / np.add.reduceat(e, firsts)[decision]
    chosen = firsts + data.labels[ids]
    loss = float(-np.mean(np.log(np.maximum(p[chosen], 1e-12))))
    agree = float(np.mean(logit[chosen] >= top))
    d_logit = p.copy()
    d_logit[chosen] -= 1.0
    d_logit /= len(ids)
    d_h = np.outer(d_logit, net.v) * (z > 0)
    d_state = np.add.reduceat(d_h, firsts, axis=0)
    grads = {
        "v": (h.T @ d_logit).astype(np.float32),
        "wa": (a.T @ d_h).astype(np.float32),
        "ws": (s.T @ d_state).astype(np.float32),
        "b": d_h.sum(axis=0).astype(np.float32),
    }
    return Step(loss, agree, grads)


@dataclass
class Adam:
    """Adam's moments per weight array (Kingma and Ba's defaults but the rate)."""

    lr: float
    m: dict[str, F32] = field(default_factory=dict)
    s: dict[str, F32] = field(default_factory=dict)
    t: int = 0

    def apply(self, net: Network, grads: dict[str, F32]) -> None:
        self.t += 1
        weights = net.arrays()
        for name, g in grads.items():
            m = self.m.get(name, np.zeros_like(g)) * 0.9 + 0.1 * g
            s = self.s.get(name, np.zeros_like(g)) * 0.999 + 0.001 * g * g
            self.m[name], self.s[name] = m, s
            m_hat, s_hat = m / (1 - 0.9**self.t), s / (1 - 0.999**self.t)
            weights[name] -= (self.lr * m_hat / (np.sqrt(s_hat) + 1e-8)).astype(np.float32)


def epoch(net: Network, data: Dataset, opt: Adam, batch: int, rng: np.random.Generator) -> Step:
    """One pass over ``data`` in shuffled batches; the mean loss and agreement of the pass."""
    order = rng.permutation(len(data)).astype(np.int64)
    losses, agrees = [], []
    for at in range(0, len(order), batch):
        step = loss_and_grads(net, data, order[at : at + batch])
        opt.apply(net, step.grads)
        losses.append(step.loss)
        agrees.append(step.agree)
    return Step(float(np.mean(losses)), float(np.mean(agrees)), {})


# -- evaluation ------------------------------------------------------------------------
@dataclass
class Results:
    """The learner's scores and wins in evaluation games (its seat's score in a duel)."""

    scores: list[int] = field(default_factory=list)
    wins: list[bool] = field(default_factory=list)
    unindexed: int = 0  # the learner's positions the catalogue could not index

    def line(self) -> str:
        low, high = wilson(sum(self.wins), len(self.wins))
        return (
            f"mean score {np.mean(self.scores):.1f}, wins {sum(self.wins)}/{len(self.wins)} "
            f"(95% Wilson {low:.2f}-{high:.2f})"
        )


def play(game: Game, bots: list[Bot]) -> Game:
    """Play ``game`` out, each seat by its bot (the solo player is seat 0)."""
    count = 0
    while not game.over and count < MAX_ACTIONS:
        seat = game.to_act if len(bots) > 1 else 0
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
        count += 1
    return game


def evaluate(learner: Bot | str, setting: str, games: int, map_id: str = DEFAULT_MAP) -> Results:
    """``learner`` (a bot, or a bot's name) in ``games`` evaluation games: solo games, or
    duels against greedy with the learner in seat ``i % 2`` of game ``i``."""
    out = Results()
    for i in range(games):
        seed = EVAL_SEEDS + i
        me = make_bot(learner, seed * 31) if isinstance(learner, str) else learner
        game = new_table(setting, map_id, seed)
        seat = 0 if setting == "solo" else i % 2
        bots = [me] if setting == "solo" else [me, make_bot("greedy", seed * 31 + 1)]
        if seat == 1:
            bots.reverse()
        before = me.unindexed if isinstance(me, NeuralBot) else 0
        play(game, bots)
        out.unindexed += (me.unindexed if isinstance(me, NeuralBot) else 0) - before
        final = game.state.final_scores or {}
        out.scores.append(int(final.get(seat, 0)))
        out.wins.append(game.state.winner == seat)
    return out


def train(
    net: Network,
    data: Dataset,
    epochs: int,
    lr: float = 3e-3,
    batch: int = 64,
    seed: int = 1,
) -> list[Step]:
    """``epochs`` passes of Adam over ``data``; each pass's mean loss and agreement."""
    opt, rng = Adam(lr), np.random.default_rng(seed)
    return [epoch(net, data, opt, batch, rng) for _ in range(epochs)]


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setting", choices=SETTINGS, default="solo")
    parser.add_argument("--map", default=DEFAULT_MAP)
    parser.add_argument(
        "--games", type=int, default=20, help="games of data per round (0: evaluate only)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds after the first (DAgger)")
    parser.add_argument("--epochs", type=int, default=8, help="passes over the data per round")
    parser.add_argument("--batch", type=int, default=64, help="decisions per Adam step")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=int, default=128, help="most rows kept per decision")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=5e-3)
    parser.add_argument("--eval", type=int, default=10, help="evaluation games per round")
    parser.add_argument("--out", type=Path, help="where to save the network (.npz)")
    parser.add_argument("--load", type=Path, help="start from this saved network (.npz)")
    parser.add_argument(
        "--compare", action="store_true", help="first, the random and greedy bots' evaluation"
    )
    parser.add_argument(
        "--curve", type=Path, help="CSV: the mean evaluation score after each round"
    )
    parser.add_argument(
        "--plot", type=Path, help="PNG of that curve, the --compare bots as level lines"
    )
    args = parser.parse_args(argv)
    if args.plot is not None:
        check_plotting()
    if (args.curve or args.plot) and not args.eval:
        parser.error("--curve and --plot need evaluation games (--eval N, N > 0)")
    return args


def main(argv: list[str] | None = None) -> None:
    """Round 0 clones greedy's own games; each later round adds the positions the network
    reaches playing (greedy's choice the label) and trains on all the data so far."""
    args = _arguments(argv)
    started = time.perf_counter()

    def clock() -> str:
        return f"[{time.perf_counter() - started:.0f} s]"

    references: dict[str, float] = {}
    points: list[Point] = []
    for name in ("random", "greedy") if args.compare else ():
        bot_result = evaluate(name, args.setting, args.eval, args.map)
        references[f"{name} bot"] = float(np.mean(bot_result.scores))
        print(f"{name}: {bot_result.line()}  {clock()}")
    if args.load is not None:
        net, _meta = Network.load(args.load)
        sections = net.sections
    else:
        sections = sections_of(args.setting, args.map)
        net = Network.initial(sections, args.hidden, args.seed)
    if args.eval:
        start = "loaded" if args.load is not None else "untrained"
        result = evaluate(NeuralBot(net), args.setting, args.eval, args.map)
        points.append(Point(0, float(np.mean(result.scores)), start))
        print(f"{start}: {result.line()}  {clock()}")
    opt, rng = Adam(args.lr), np.random.default_rng(args.seed)
    data: Dataset | None = None
    for r in range(args.rounds + 1 if args.games else 0):
        first = args.seed * 100_000 + r * args.games  # never an evaluation seed
        driver = NeuralBot(net) if r else None
        more = collect(args.setting, args.games, first, sections, args.cap, args.map, driver)
        data = more if data is None else data + more
        step = Step(float("nan"), float("nan"), {})
        for _ in range(args.epochs):
            step = epoch(net, data, opt, args.batch, rng)
        print(
            f"round {r}: {len(data)} decisions, loss {step.loss:.3f}, "
            f"agrees with greedy {step.agree:.3f}  {clock()}"
        )
        if args.eval:
            result = evaluate(NeuralBot(net), args.setting, args.eval, args.map)
            points.append(Point(len(data), float(np.mean(result.scores)), f"round {r}"))
            print(f"round {r}: {result.line()}  {clock()}")
            if result.unindexed:
                print(f"round {r}: {result.unindexed} positions the catalogue could not index")
    if args.out is not None:
        net.save(args.out, map=args.map, setting=args.setting, trainer="imitation (DAgger)")
        print(f"saved {args.out}")
    _write_curve(args, points, references)
    print(f"total {clock()}")


def _write_curve(
    args: argparse.Namespace, points: list[Point], references: dict[str, float]
) -> None:
    """The --curve CSV and the --plot PNG of the evaluations after each round."""
    x_name = "decisions learnt from"
    if args.curve is not None:
        write_csv(args.curve, points, x_name)
        print(f"wrote {args.curve}")
    if args.plot is not None:
        title = (
            f"DAgger from greedy, {args.setting}, {args.map}: {args.eval} evaluation games a point"
        )
        plot(args.plot, points, title=title, x_name=x_name, references=references)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
