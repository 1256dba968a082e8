"""The neural baseline (railways.rl.neural, railways.rl.imitation): its gradients, that
cloning greedy lowers the loss on a fixed small dataset, the checkpoint's round trip, and the
bot playing whole games with legal actions only, seated in a tournament. How strong it gets
is measured in docs/rl.md, not asserted here."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from railways.bots import make_bot
from railways.bots.base import Bot
from railways.cli.tournament import tournament
from railways.core.actions import Action
from railways.core.game import Game
from railways.core.legal import LegalActions, legal_actions
from railways.rl import neural
from railways.rl.imitation import (
    Dataset,
    collect,
    loss_and_grads,
    main,
    new_table,
    play,
    sections_of,
    train,
)
from railways.rl.neural import Network, NeuralBot, load_bot


@pytest.fixture(scope="module")
def solo_data() -> tuple[list[str], Dataset]:
    """Greedy's decisions in one solo game (seed 7), at most 24 rows each."""
    sections = sections_of("solo", "eastern-us")
    return sections, collect("solo", games=1, seed=7, sections=sections, cap=24)


def test_the_dataset_holds_greedys_choice_among_legal_rows(
    solo_data: tuple[list[str], Dataset],
) -> None:
    _sections, data = solo_data
    sizes = np.diff(data.offsets)
    assert len(data) > 20 and np.all(sizes >= 2) and np.all(sizes <= 24)
    assert np.all((data.labels >= 0) & (data.labels < sizes))
    assert len(data.rows) == data.offsets[-1] and len(data.states) == len(data)


def test_the_gradients_match_finite_differences(solo_data: tuple[list[str], Dataset]) -> None:
    sections, small = solo_data
    # in float64, so that a small step measures the slope and not the rounding
    data = Dataset(small.rows.astype(np.float64), small.states.astype(np.float64),
                   small.offsets, small.labels)  # fmt: skip
    net = Network.initial(sections, hidden=8, seed=2)
    for name, array in net.arrays().items():
        setattr(net, name, array.astype(np.float64))
    net.v[:] = np.random.default_rng(3).standard_normal(8)
    ids = np.arange(12, dtype=np.int64)
    grads = loss_and_grads(net, data, ids).grads
    weights = net.arrays()
    rng = np.random.default_rng(4)
    for name in ("wa", "ws", "b", "v"):
        shape = grads[name].shape
        flat = np.unravel_index(int(np.argmax(np.abs(grads[name]))), shape)
        steepest: tuple[int, ...] = tuple(int(i) for i in flat)
        picks = [steepest, *(tuple(int(rng.integers(n)) for n in shape) for _ in "ab")]
        assert grads[name][steepest] != 0.0
        for at in picks:
            old, eps = float(weights[name][at]), 1e-6
            weights[name][at] = old + eps
            up = loss_and_grads(net, data, ids).loss
            weights[name][at] = old - eps
            down = loss_and_grads(net, data, ids).loss
            weights[name][at] = old
            slope = (up - down) / (2 * eps)
            assert slope == pytest.approx(float(grads[name][at]), rel=1e-4, abs=1e-7)


def test_cloning_lowers_the_loss_and_moves_the_weights(
    solo_data: tuple[list[str], Dataset],
) -> None:
    sections, data = solo_data
    net = Network.initial(sections, hidden=16, seed=1)
    before = {k: v.copy() for k, v in net.arrays().items()}
    everything = np.arange(len(data), dtype=np.int64)
    start = loss_and_grads(net, data, everything)
    steps = train(net, data, epochs=15, lr=1e-2, batch=16, seed=1)
    end = loss_and_grads(net, data, everything)
    assert end.loss < start.loss - 0.3
    assert end.agree > start.agree
    assert steps[-1].loss < steps[0].loss
    assert all(np.any(net.arrays()[k] != before[k]) for k in before)


def test_the_checkpoint_round_trips(tmp_path: Path) -> None:
    net = Network.initial(sections_of("duel", "eastern-us"), hidden=6, seed=5)
    path = tmp_path / "net.npz"
    net.save(path, map="eastern-us", setting="duel")
    back, meta = Network.load(path)
    assert meta == {"map": "eastern-us", "setting": "duel"}
    assert back.sections == net.sections
    for name, array in net.arrays().items():
        assert np.array_equal(back.arrays()[name], array)
    np.savez(tmp_path / "other.npz", format=np.int64(99))
    with pytest.raises(ValueError, match="checkpoint format 99"):
        Network.load(tmp_path / "other.npz")


class Watched:
    """A bot whose every choice is checked to be among the legal actions offered."""

    def __init__(self, bot: NeuralBot) -> None:
        self.bot, self.name, self.choices = bot, bot.name, 0

    def choose(self, game: Game, seat: int, legal: LegalActions) -> Action:
        action = self.bot.choose(game, seat, legal)
        assert action in legal.all()
        self.choices += 1
        return action


@pytest.mark.parametrize("setting", ["solo", "duel"])
def test_the_shipped_checkpoints_play_whole_games_legally(setting: str) -> None:
    bot = Watched(neural.solo(0) if setting == "solo" else neural.duel(0))
    game = new_table(setting, "eastern-us", 3)
    bots: list[Bot] = [bot] if setting == "solo" else [bot, make_bot("greedy", 1)]
    play(game, bots)
    assert game.over and bot.choices > 10


def test_a_saved_network_is_seated_in_a_tournament(tmp_path: Path) -> None:
    bot = load_bot(neural.CHECKPOINTS / "duel.npz")
    assert isinstance(bot, NeuralBot) and bot.network.sections
    out = tmp_path / "t"
    args = ["--players", "2", "--bots", "greedy,railways.rl.neural:duel", "--games", "2"]
    result = CliRunner().invoke(
        tournament, [*args, "--no-plot", "--out", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in (out / "tournament.jsonl").read_text().splitlines()]
    games = lines[1:]
    assert len(games) == 2
    assert all(g["finished"] and not g["problems"] for g in games)
    assert {b for g in games for b in g["bots"]} == {"greedy", "railways.rl.neural:duel"}


def test_the_command_clones_then_aggregates_evaluates_and_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tiny.npz"
    args = ["--setting", "duel", "--games", "1", "--rounds", "1", "--epochs", "1", "--eval", "1"]
    main([*args, "--cap", "8", "--hidden", "4", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "round 1: " in printed and ("wins 0/1" in printed or "wins 1/1" in printed)
    assert Network.load(out)[1]["setting"] == "duel"
    main(["--setting", "duel", "--load", str(out), "--games", "0", "--eval", "1"])
    printed = capsys.readouterr().out
    assert printed.startswith("loaded: mean score") and "round" not in printed


def test_a_position_the_catalogue_cannot_index_is_played_and_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where ``ActionEncoding`` refuses a position (its delivery pool overflows: an untrained
    network reached one in a duel), the bot plays the engine's first legal action and
    counts it, rather than stopping the game."""
    bot = neural.duel(0)
    game = new_table("duel", "eastern-us", 5)
    seat = game.to_act
    assert seat is not None
    reader = bot.reader(game)

    def overflow(*args: object) -> None:
        raise ValueError("eastern-us: deliver_goods actions past their keys' slots")

    monkeypatch.setattr(reader, "position", overflow)
    legal = legal_actions(game, seat)
    assert bot.choose(game, seat, legal) == legal.all()[0]
    assert bot.unindexed == 1
