"""The engine's figures: playout speed, legal-action and apply latency, replay, bot time.

``run_engine_bench`` measures and returns plain numbers; it asserts nothing
(benchmarks are run by a command, never as timed assertions in tests).
``railways bench`` and ``benchmarks/engine.py`` print them.
"""

from __future__ import annotations

import copy
import multiprocessing
import os
import platform
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NotRequired, TypedDict

from railways import _build
from railways.bots import make_bot
from railways.bots.random_bot import RandomBot
from railways.content.maps import DEFAULT_MAP, available_maps, load_map
from railways.core.game import Game
from railways.core.legal import legal_actions, long_routes, sample_action, static_routes
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.records import game_from_record, record_of

try:  # the RL step figures need the rl extra (numpy, Gymnasium, PettingZoo)
    from railways.rl.bench import StepRate, gymnasium_solo_steps, pettingzoo_steps

    HAVE_RL = True
except ImportError:  # pragma: no cover - without the extra
    HAVE_RL = False

PLAYER_COUNTS = (2, 4, 6)
RL_STEPS = 1000  # masked random steps per RL figure (at most --max-actions)
REFERENCE_MAP, REFERENCE_PLAYERS = DEFAULT_MAP, 4  # what another board's cost is compared to
GROWTH_PLAYERS = (2, 3, 4, 5, 6)
COPY_AFTER = 150  # sampled actions before the position whose copies are timed


class Machine(TypedDict):
    cpu: str
    cores: int | None
    python: str
    implementation: str
    platform: str
    # The engine's modules loaded from a mypyc build (``make mypyc``); empty: pure Python.
    compiled: list[str]


class Latency(TypedDict):
    """Percentiles of timed samples; only ``n`` when there were none."""

    n: int
    p50: NotRequired[float]
    p90: NotRequired[float]
    p99: NotRequired[float]
    max: NotRequired[float]
    mean: NotRequired[float]


class BotLatency(Latency):
    bot: str
    players: int
    games: int


class SearchLatency(BotLatency):
    iterations_p50: int  # iterations per decision (median; 0 when handed to greedy)


class Throughput(TypedDict):
    games: int
    finished: int
    actions: int
    seconds: float
    games_per_s: float
    actions_per_s: float


class Replay(TypedDict):
    players: int
    actions: int
    seconds: float
    actions_per_s: float


class Settings(TypedDict):
    map: str
    games: int
    seed: int
    max_actions: int
    bot_games: int


class CopyRate(TypedDict):
    """Copies per second of one mid-game position: ``Game.copy`` against a deep copy of
    its state (how ``determinize`` copied before)."""

    players: int
    after_actions: int
    copies_per_s: float
    deepcopies_per_s: float
    speedup: float


class Growth(TypedDict):
    """Cost per action at one player count (microseconds)."""

    players: int
    fast_us_per_action: float
    full_us_per_action: float
    playout_us_per_action: float


class PerAction(TypedDict):
    """Microseconds per action on the board and on the reference, and their ratio."""

    board_us: float
    reference_us: float
    ratio: float


class AgainstReference(TypedDict):
    """A board at its most players against the reference game (4-player default board),
    cost per action.

    The two are played in turns, game by game, each game in a fresh process, so that a
    change in the machine's speed falls on both alike."""

    map: str
    players: int
    reference: str
    reference_players: int
    games: int
    board_actions: int
    reference_actions: int
    full: PerAction  # legal_actions + a random choice + apply (what a real game pays)
    fast: PerAction  # sample_action + apply (what a search playout pays)


class EngineFigures(TypedDict):
    """All of ``railways bench``; ``--json`` prints it as is. Playouts are keyed by player count."""

    machine: Machine
    settings: Settings
    random_playout: dict[str, Throughput]
    # The same 4-player games with every option of every listing made (``every``).
    listed_playout: Throughput
    fast_playout: dict[str, Throughput]
    legal_actions_ms: Latency
    listed_legal_actions_ms: Latency  # legal_actions + LegalActions.all()
    apply_ms: Latency
    replay: Replay
    greedy_decision_ms: BotLatency
    copies: dict[str, CopyRate]
    search_playout: dict[str, Throughput]
    growth: list[Growth]
    board_growth: dict[str, Growth]
    against_reference: NotRequired[AgainstReference]
    mcts_decision_ms: NotRequired[SearchLatency]
    # Masked random steps of the RL interfaces (railways.rl.bench); only with the rl extra.
    pettingzoo_step: NotRequired[StepRate]
    gymnasium_solo_step: NotRequired[StepRate]


def machine() -> Machine:
    """The CPU model, core count and Python that the figures were taken on."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "compiled": _build.compiled_modules(),
    }


def percentiles(samples: Sequence[float], scale: float = 1000.0) -> Latency:
    """p50, p90, p99, max and mean of ``samples`` (seconds), in milliseconds by default."""
    if not samples:
        return {"n": 0}
    data = sorted(samples)

    def at(q: float) -> float:
        return round(data[min(len(data) - 1, int(q * len(data)))] * scale, 4)

    return {
        "n": len(data),
        "p50": at(0.50),
        "p90": at(0.90),
        "p99": at(0.99),
        "max": round(data[-1] * scale, 4),
        "mean": round(sum(data) / len(data) * scale, 4),
    }


def random_playouts(
    map_id: str,
    players: int,
    games: int,
    seed: int,
    max_actions: int,
    legal_times: list[float] | None = None,
    apply_times: list[float] | None = None,
    every: bool = False,
) -> Throughput:
    """Random games: legal_actions, a random choice (RandomBot), apply; timed as a whole.

    The build options of a listing are made when first read (``LegalActions.builds``), and
    the random bot reads them only when it draws the build kind; ``every`` makes every
    option of every listing as well (``LegalActions.all``), what a reader of the whole
    listing (a front end, the greedy bot, a mask) pays."""
    actions = 0
    finished = 0
    elapsed = 0.0
    clock = time.perf_counter
    for g in range(games):
        game = new_game(map_id, players=players, seed=seed + g)
        bots = [RandomBot((seed + g) * 31 + i) for i in range(players)]
        count = 0
        start = clock()
        if legal_times is None or apply_times is None:
            while not game.over and count < max_actions:
                seat = game.to_act
                assert seat is not None
                legal = legal_actions(game, seat)
                if every:
                    legal.all()
                game.apply(bots[seat].choose(game, seat, legal))
                count += 1
        else:
            while not game.over and count < max_actions:
                seat = game.to_act
                assert seat is not None
                t0 = clock()
                legal = legal_actions(game, seat)
                if every:
                    legal.all()
                t1 = clock()
                action = bots[seat].choose(game, seat, legal)
                t2 = clock()
                game.apply(action)
                t3 = clock()
                legal_times.append(t1 - t0)
                apply_times.append(t3 - t2)
                count += 1
        elapsed += clock() - start
        actions += count
        finished += game.over
    return _throughput(games, finished, actions, elapsed)


def _throughput(games: int, finished: int, actions: int, elapsed: float) -> Throughput:
    return {
        "games": games,
        "finished": finished,
        "actions": actions,
        "seconds": round(elapsed, 4),
        "games_per_s": round(games / elapsed, 3) if elapsed else 0.0,
        "actions_per_s": round(actions / elapsed, 1) if elapsed else 0.0,
    }


def fast_playouts(map_id: str, players: int, games: int, seed: int, max_actions: int) -> Throughput:
    """Random games through :func:`sample_action`: one random action without listing all."""
    actions = 0
    finished = 0
    elapsed = 0.0
    clock = time.perf_counter
    for g in range(games):
        game = new_game(map_id, players=players, seed=seed + g)
        rng = Rng((seed + g) * 7919)
        count = 0
        start = clock()
        while not game.over and count < max_actions:
            seat = game.to_act
            assert seat is not None
            game.apply(sample_action(game, seat, rng))
            count += 1
        elapsed += clock() - start
        actions += count
        finished += game.over
    return _throughput(games, finished, actions, elapsed)


def _position(map_id: str, players: int, seed: int, actions: int) -> Game:
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed * 7919 + players)
    for _ in range(actions):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        legal_actions(game, seat)  # fill the caches a copy takes over
        game.apply(sample_action(game, seat, rng))
    return game


def copy_rate(map_id: str, players: int, seed: int, seconds: float = 0.5) -> CopyRate:
    """``Game.copy`` and a deep copy of the same game's state, each for ``seconds``."""
    game = _position(map_id, players, seed, COPY_AFTER)
    clock = time.perf_counter

    def rate(make: Callable[[], object]) -> float:
        count, start = 0, clock()
        while clock() - start < seconds:
            make()
            count += 1
        return count / (clock() - start)

    fast = rate(game.copy)
    # What determinize did before Game.copy: a shallow copy of the game around a deep copy
    # of its state (a deep copy of the whole Game would also copy the board's route tables).
    deep = rate(lambda: copy.copy(game).__setattr__("state", copy.deepcopy(game.state)))
    return {
        "players": players,
        "after_actions": COPY_AFTER,
        "copies_per_s": round(fast, 1),
        "deepcopies_per_s": round(deep, 1),
        "speedup": round(fast / deep, 1) if deep else 0.0,
    }


def search_playouts(
    map_id: str, players: int, games: int, seed: int, max_actions: int
) -> Throughput:
    """What a search bot's playout does: copy a mid-game position, then ``sample_action``
    and the unrecorded ``Game.play`` to the end; the copy is timed too."""
    actions = 0
    finished = 0
    elapsed = 0.0
    clock = time.perf_counter
    for g in range(games):
        base = _position(map_id, players, seed + g, COPY_AFTER)
        rng = Rng((seed + g) * 104729)
        start = clock()
        game = base.copy()
        count = 0
        while not game.over and count < max_actions:
            seat = game.to_act
            assert seat is not None
            game.play(sample_action(game, seat, rng))
            count += 1
        elapsed += clock() - start
        actions += count
        finished += game.over
    return _throughput(games, finished, actions, elapsed)


def growth(map_id: str, players: int, seed: int, max_actions: int) -> Growth:
    """Microseconds per action at one player count: the fast, full and search playouts."""

    def us(row: Throughput) -> float:
        return round(row["seconds"] / row["actions"] * 1e6, 1) if row["actions"] else 0.0

    return {
        "players": players,
        "fast_us_per_action": us(fast_playouts(map_id, players, 1, seed, max_actions)),
        "full_us_per_action": us(random_playouts(map_id, players, 1, seed, max_actions)),
        "playout_us_per_action": us(search_playouts(map_id, players, 1, seed, max_actions)),
    }


def _warm(map_id: str, seed: int = 1) -> None:
    """Load the board and make its route tables (Perfect Engineering lays 5 tiles), so that
    no timing includes them."""
    warm = new_game(map_id, players=4, seed=seed)
    for tiles in (4, 5):  # with the board's own edge costs (a snow line), as games ask
        static_routes(warm.board, tiles, warm.edge_costs)
        long_routes(warm.board, tiles, warm.edge_costs)


def _one_game_each_way(
    map_id: str, players: int, seed: int, max_actions: int
) -> tuple[Throughput, Throughput]:
    """One full and one fast random playout, in a process of their own (``against_reference``)."""
    _warm(map_id, seed)
    full = random_playouts(map_id, players, 1, seed, max_actions)
    fast = fast_playouts(map_id, players, 1, seed, max_actions)
    return full, fast


def against_reference(map_id: str, games: int, seed: int, max_actions: int) -> AgainstReference:
    """Cost per action of ``map_id`` at its most players against a 4-player Eastern U.S.
    game, the two played alternately game by game (the machine's speed drifts).

    Each game is played in a fresh process: in one process a board's large caches made the
    other board's games slower (more for the collector to walk), which is not what a game
    costs on its own."""
    players = load_map(map_id).max_players
    sums = {key: [0.0, 0] for key in ("board_full", "ref_full", "board_fast", "ref_fast")}

    def add(key: str, row: Throughput) -> None:
        sums[key][0] += row["seconds"]
        sums[key][1] += row["actions"]

    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn, max_tasks_per_child=1) as pool:
        for g in range(games):
            for name, board, count in (
                ("ref", REFERENCE_MAP, REFERENCE_PLAYERS),
                ("board", map_id, players),
            ):
                full, fast = pool.submit(
                    _one_game_each_way, board, count, seed + g, max_actions
                ).result()
                add(f"{name}_full", full)
                add(f"{name}_fast", fast)

    def us(key: str) -> float:
        seconds, actions = sums[key]
        return seconds / actions * 1e6 if actions else 0.0

    def per_action(board: str, ref: str) -> PerAction:
        b, r = us(board), us(ref)
        return {
            "board_us": round(b, 1),
            "reference_us": round(r, 1),
            "ratio": round(b / r, 2) if r else 0.0,
        }

    return {
        "map": map_id,
        "players": players,
        "reference": REFERENCE_MAP,
        "reference_players": REFERENCE_PLAYERS,
        "games": games,
        "board_actions": int(sums["board_full"][1]),
        "reference_actions": int(sums["ref_full"][1]),
        "full": per_action("board_full", "ref_full"),
        "fast": per_action("board_fast", "ref_fast"),
    }


def mcts_decisions(
    map_id: str, players: int, bot: str, games: int, seed: int, decisions: int
) -> SearchLatency:
    """Time of a search bot's decisions in seat 1 against greedy bots (at most
    ``decisions`` per game; the greedy seats are not timed)."""
    times: list[float] = []
    iterations: list[int] = []
    clock = time.perf_counter
    for g in range(games):
        game = new_game(map_id, players=players, seed=seed + g)
        bots = [make_bot(bot if i == 0 else "greedy", (seed + g) * 31 + i) for i in range(players)]
        mine = 0
        while not game.over and mine < decisions:
            seat = game.to_act
            assert seat is not None
            legal = legal_actions(game, seat)
            t0 = clock()
            action = bots[seat].choose(game, seat, legal)
            if seat == 0:
                times.append(clock() - t0)
                iterations.append(getattr(bots[0], "last_iterations", 0))
                mine += 1
            game.apply(action)
    middle = sorted(iterations)[len(iterations) // 2] if iterations else 0
    latency: BotLatency = {"bot": bot, "players": players, "games": games, **percentiles(times)}
    return {**latency, "iterations_p50": middle}


def replay_time(map_id: str, players: int, seed: int, max_actions: int) -> Replay:
    """Time to load a whole game's record: parse it and replay every action."""
    game = new_game(map_id, players=players, seed=seed)
    bots = [RandomBot(seed * 31 + i) for i in range(players)]
    count = 0
    while not game.over and count < max_actions:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
        count += 1
    data = record_of(game).to_dict()
    start = time.perf_counter()
    game_from_record(data)
    seconds = time.perf_counter() - start
    return {
        "players": players,
        "actions": len(data["actions"]),
        "seconds": round(seconds, 4),
        "actions_per_s": round(len(data["actions"]) / seconds, 1) if seconds else 0.0,
    }


def bot_decisions(
    map_id: str, players: int, bot: str, games: int, seed: int, max_actions: int
) -> BotLatency:
    """Time of the bot's ``choose`` (legal actions not included), every seat played by it."""
    times: list[float] = []
    clock = time.perf_counter
    for g in range(games):
        game = new_game(map_id, players=players, seed=seed + g)
        bots = [make_bot(bot, (seed + g) * 31 + i) for i in range(players)]
        count = 0
        while not game.over and count < max_actions:
            seat = game.to_act
            assert seat is not None
            legal = legal_actions(game, seat)
            t0 = clock()
            action = bots[seat].choose(game, seat, legal)
            times.append(clock() - t0)
            game.apply(action)
            count += 1
    return {"bot": bot, "players": players, "games": games, **percentiles(times)}


def run_engine_bench(
    map_id: str = DEFAULT_MAP,
    games: int = 3,
    seed: int = 1,
    max_actions: int = 5000,
    bot_games: int = 1,
    progress: Callable[[str], None] | None = None,
    mcts: str | None = None,
    mcts_decisions_per_game: int = 40,
) -> EngineFigures:
    """Every figure of ``railways bench``, as a JSON-ready dict."""

    def say(text: str) -> None:
        if progress is not None:
            progress(text)

    host = machine()
    _warm(map_id, seed)
    playouts: dict[str, Throughput] = {}
    for players in PLAYER_COUNTS:
        say(f"random playouts, {players} players")
        playouts[str(players)] = random_playouts(map_id, players, games, seed, max_actions)
    say("random playouts, 4 players, every option of every listing made")
    listed = random_playouts(map_id, 4, games, seed, max_actions, every=True)
    fast: dict[str, Throughput] = {}
    for players in PLAYER_COUNTS:
        say(f"fast random playouts, {players} players")
        fast[str(players)] = fast_playouts(map_id, players, games, seed, max_actions)
    say("legal_actions and apply latency")
    legal_times: list[float] = []
    apply_times: list[float] = []
    random_playouts(map_id, 4, games, seed + 1000, max_actions, legal_times, apply_times)
    listed_times: list[float] = []
    random_playouts(map_id, 4, games, seed + 1000, max_actions, listed_times, [], every=True)
    say("replay of a whole record")
    replay = replay_time(map_id, 4, seed, max_actions)
    say("greedy bot decisions")
    greedy = bot_decisions(map_id, 4, "greedy", bot_games, seed, max_actions)
    say("copies of a game")
    copies = {str(p): copy_rate(map_id, p, seed) for p in PLAYER_COUNTS}
    say("search playouts (copy, sample_action, play)")
    search = {str(p): search_playouts(map_id, p, games, seed, max_actions) for p in PLAYER_COUNTS}
    say("growth with players")
    by_players = [growth(map_id, p, seed, max_actions) for p in GROWTH_PLAYERS]
    say("growth with boards")
    boards: dict[str, Growth] = {}
    for board_id in available_maps():
        try:
            _warm(board_id)  # its route tables outside the timing, as for --map's board
            boards[board_id] = growth(board_id, 4, seed, max_actions)
        except ValueError:  # a board that does not take four players
            continue
    figures: EngineFigures = {
        "machine": host,
        "settings": {
            "map": map_id,
            "games": games,
            "seed": seed,
            "max_actions": max_actions,
            "bot_games": bot_games,
        },
        "random_playout": playouts,
        "listed_playout": listed,
        "fast_playout": fast,
        "legal_actions_ms": percentiles(legal_times),
        "listed_legal_actions_ms": percentiles(listed_times),
        "apply_ms": percentiles(apply_times),
        "replay": replay,
        "greedy_decision_ms": greedy,
        "copies": copies,
        "search_playout": search,
        "growth": by_players,
        "board_growth": boards,
    }
    if map_id != REFERENCE_MAP:
        say(f"{map_id} at its most players against {REFERENCE_MAP}, {REFERENCE_PLAYERS} players")
        figures["against_reference"] = against_reference(map_id, games, seed, max_actions)
    if HAVE_RL:
        steps = min(RL_STEPS, max_actions)
        say(f"PettingZoo steps (masked random, {REFERENCE_PLAYERS}-player {REFERENCE_MAP})")
        figures["pettingzoo_step"] = pettingzoo_steps(REFERENCE_MAP, REFERENCE_PLAYERS, steps, seed)
        say(f"Gymnasium solo steps (masked random, {REFERENCE_MAP})")
        figures["gymnasium_solo_step"] = gymnasium_solo_steps(REFERENCE_MAP, steps, seed)
    if mcts is not None:
        say(f"{mcts} decisions")
        figures["mcts_decision_ms"] = mcts_decisions(
            map_id, 4, mcts, bot_games, seed, mcts_decisions_per_game
        )
    return figures
