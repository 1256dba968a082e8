"""Count the machine instructions per action of random playouts, with valgrind's callgrind.

Run: python benchmarks/count_instructions.py [--map ID] [--players N] [--games N] [--fast|--listed]
     python benchmarks/count_instructions.py --rl pettingzoo|gymnasium [--steps N]
     python benchmarks/count_instructions.py --mcts ITERS [--map ID] [--players N]

Seconds on a shared machine swing two- to threefold within minutes; instructions do not:
the same build, games and environment count the same whatever else runs. So this is the
figure to compare a change with (run it on both trees, the same arguments). It plays
three warm-up games first (the board's tables are made once per process), then counts
only the measured games: callgrind starts with counting off and is told to switch it on
and off around them (``callgrind_control``).

``--listed`` makes every option of every listing as well (``LegalActions.all``, the
bench's ``listed_playout``): what a reader of the whole listing (a front end, the greedy
bot, a mask) pays; the same games as the full playouts.

``--rl`` counts masked random steps of a research interface instead (``railways.rl.bench``:
the PettingZoo AEC environment on ``--map``/``--players``, or the Gymnasium solo one on
``--map``), after ``--steps`` warm-up steps; resets between games are counted too.

``--mcts ITERS`` counts a fixed search of the ``mcts`` bot instead: greedy bots play
three games (seeds 3, 4 and 5) for 60, 120 and 200 actions, on until a seat has a decision
the bot searches; an ``mcts:iters=ITERS`` bot (seed 7) then chooses there, with counting on
around its choices only (the positions and their listings are not counted). It prints the
iterations and the instructions per iteration, and the actions chosen (the same before
and after a change that keeps the bot's play).

It needs ``valgrind`` (Debian's package); under it a playout runs some 50 times slower.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence

INSIDE = "RAILWAYS_COUNTING"  # set in the run under callgrind


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Instructions per action of random playouts, counted by callgrind "
        "(warm-up games not counted).",
    )
    parser.add_argument("--map", default="eastern-us", help="board (default eastern-us)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--games", type=int, default=3, help="games counted (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first (default 1)")
    parser.add_argument(
        "--fast",
        action="store_true",
        help="sampled playouts (sample_action + apply) instead of full ones (legal_actions)",
    )
    parser.add_argument(
        "--listed",
        action="store_true",
        help="full playouts making every option of every listing (the bench's listed_playout)",
    )
    parser.add_argument(
        "--rl",
        choices=("pettingzoo", "gymnasium"),
        help="count masked random steps of this research interface (railways.rl.bench)",
    )
    parser.add_argument("--steps", type=int, default=300, help="--rl steps counted (default 300)")
    parser.add_argument(
        "--mcts",
        type=int,
        metavar="ITERS",
        help="count the mcts bot's search (mcts:iters=ITERS) at three fixed positions",
    )
    parser.add_argument("--out", help="keep callgrind's file here (for callgrind_annotate)")
    return parser.parse_args(argv)


def _toggle(on: bool) -> None:
    command = ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())]
    subprocess.run(command, check=True, capture_output=True)


def _played(args: argparse.Namespace) -> None:
    """The run under callgrind: warm up, then play the counted games with counting on."""
    if args.rl:
        _stepped(args)
        return
    if args.mcts:
        _searched(args)
        return
    from railways.bench.engine import fast_playouts, random_playouts

    if args.fast:
        run = fast_playouts
    else:
        run = functools.partial(random_playouts, every=args.listed)
    run(args.map, args.players, 3, 1000 + args.seed, 5000)
    _toggle(True)
    figures = run(args.map, args.players, args.games, args.seed, 5000)
    _toggle(False)
    print(f"actions {figures['actions']}")


def _stepped(args: argparse.Namespace) -> None:
    """The run under callgrind for ``--rl``: make the environment, warm up, then count the
    steps (making the environment is not counted, as ``railways bench`` does not time it)."""
    from railways.rl.bench import gymnasium_loop, pettingzoo_loop
    from railways.rl.gym_env import SoloEnv
    from railways.rl.pettingzoo_env import raw_env

    if args.rl == "pettingzoo":
        aec = raw_env(map=args.map, players=args.players, seed=args.seed)
        pettingzoo_loop(aec, args.steps, 1000 + args.seed)
        _toggle(True)
        steps, _seconds = pettingzoo_loop(aec, args.steps, args.seed)
    else:
        solo = SoloEnv(map=args.map)
        gymnasium_loop(solo, args.steps, 1000 + args.seed)
        _toggle(True)
        steps, _seconds = gymnasium_loop(solo, args.steps, args.seed)
    _toggle(False)
    print(f"actions {steps}")


# (game seed, greedy actions played before the search; on to the next searched decision)
MCTS_POSITIONS = ((3, 60), (4, 120), (5, 200))
MCTS_SEED = 7


def _searched(args: argparse.Namespace) -> None:
    """The run under callgrind for ``--mcts``: make the positions, then count the searches."""
    from railways.bots.greedy import GreedyBot
    from railways.bots.mcts import MctsBot, MctsSettings
    from railways.core.legal import legal_actions
    from railways.core.state import Phase
    from railways.rules import new_game

    positions = []
    for seed, before in MCTS_POSITIONS:
        game = new_game(args.map, players=args.players, seed=seed)
        bots = [GreedyBot(seed * 31 + i) for i in range(args.players)]
        count = 0
        while not game.over:
            seat = game.to_act
            assert seat is not None
            searched = (
                game.state.phase is Phase.ACTIONS and game.turns.step_actions(game, seat) is None
            )
            legal = legal_actions(game, seat)
            if count >= before and searched:
                positions.append((game, seat, legal))
                break
            game.apply(bots[seat].choose(game, seat, legal))
            count += 1
    iterations = 0
    chosen = []
    _toggle(True)
    for game, seat, legal in positions:
        bot = MctsBot(MCTS_SEED, MctsSettings(iters=args.mcts))
        chosen.append(bot.choose(game, seat, legal))
        iterations += bot.last_iterations
    _toggle(False)
    for action in chosen:
        print(f"chose {action}")
    print(f"actions {iterations}")


def _number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    if found is None:
        raise SystemExit(f"no figure matching {pattern!r} in callgrind's run:\n{text}")
    return int(found.group(1).replace(",", ""))


def under_callgrind(
    script: str, argv: Sequence[str] | None, out: str | None
) -> subprocess.CompletedProcess[str] | int:
    """Run ``script`` again with ``argv`` under callgrind, counting only where the script
    turns instrumentation on (``INSIDE`` set in its environment); callgrind's file is kept
    at ``out`` if given. The finished run, or the exit status to return when valgrind is
    missing or the run failed (its output printed)."""
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out or os.path.join(scratch, 'callgrind.out')}",
            sys.executable,
            os.path.abspath(script),
            *(argv if argv is not None else sys.argv[1:]),
        ]
        done = subprocess.run(
            command, env={**os.environ, INSIDE: "1"}, capture_output=True, text=True
        )
    if done.returncode != 0:
        print(done.stdout + done.stderr, file=sys.stderr)
        return done.returncode
    return done


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if os.environ.get(INSIDE):
        _played(args)
        return 0
    done = under_callgrind(__file__, argv, args.out)
    if isinstance(done, int):
        return done
    actions = _number(r"actions (\d+)", done.stdout)
    total = _number(r"refs:\s+([\d,]+)", done.stderr)
    kind = (
        f"{args.rl} masked random steps"
        if args.rl
        else ("sampled" if args.fast else "listed" if args.listed else "full")
    )
    kind += "" if args.rl else " playouts"
    unit = "action"
    if args.mcts:
        kind, unit = (
            f"mcts:iters={args.mcts} searches at {len(MCTS_POSITIONS)} positions",
            "iteration",
        )
        print("".join(f"{line}\n" for line in done.stdout.splitlines() if line.startswith("chose")))
    print(f"{args.map}, {args.players} players, {kind}: {actions} {unit}s counted")
    print(f"instructions: {total:,} ({total / max(actions, 1):,.0f} per {unit})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
