"""Terminal fixes of issue 33: the menu counts the builds the build list shows, Enter at a
bond prompt says it cancelled, a board's option on a board without it is refused in plain
words, and a free build is logged as free (in the engine's log, which the page shows too)."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import signal
import sys
import time
from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner
from rich.console import Console

from railways.cli.main import _register, cli
from railways.cli.terminal.board import city_codes
from railways.cli.terminal.io import Terminal
from railways.cli.terminal.menus import Back, Hooks
from railways.cli.terminal.prompts import Decision
from railways.cli.variants import refuse_foreign_options
from railways.core.actions import BuildTrack
from railways.core.board import Terrain
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.legal import legal_actions, static_routes
from support import make_turn, start

_register()


def _decision(game: Game, seat: int, *answers: str) -> tuple[Decision, io.StringIO]:
    out = io.StringIO()
    term = Terminal(console=Console(file=out, width=160, highlight=False), echo=True)
    script: Iterator[str] = iter(answers)
    term.read = lambda: next(script)
    hooks = Hooks(lambda _p: None, lambda: None)
    return Decision(game, seat, term, city_codes(game.board), hooks), out


@pytest.mark.parametrize("map_id", ["eastern-us", "through-time"])
def test_the_menu_counts_the_builds_the_build_list_offers(map_id: str) -> None:
    game = start(3, seed=1, map_id=map_id)
    seat = 0
    make_turn(game, seat)
    decision, out = _decision(game, seat, "b")
    (summary,) = [s for key, _l, s, _ok in decision.menu_lines() if key == "b"]
    found = re.match(r"(\d+) candidate builds", summary.plain)
    assert found is not None, summary.plain
    menu = int(found.group(1))
    with pytest.raises(Back):
        decision.build()
    listed = int(re.findall(r"· (\d+) choices", out.getvalue())[0])
    assert menu == listed
    # The listing offers each link from both its ends (and with hand cards); the menu does not.
    assert menu < len(legal_actions(game, seat).builds)


def test_enter_at_a_bond_prompt_cancels_and_says_so() -> None:
    game = start(3, seed=1)
    make_turn(game, 0)
    game.state.players[0].cash = 0
    decision, out = _decision(game, 0, "1", "", "b")
    with pytest.raises(Back):
        decision.build()
    lines = out.getvalue().splitlines()
    asked = next(i for i, line in enumerate(lines) if "Go ahead? [y/N]" in line)
    rest = [line for line in lines[asked + 1 :] if line.strip()]
    assert rest[0].startswith("Cancelled: nothing was done and no bond issued")
    assert rest[1].startswith("Build which?")  # the next prompt on a line of its own
    assert game.state.players[0].bonds == 0 and not game.state.links


def test_yes_at_a_bond_prompt_builds() -> None:
    game = start(3, seed=1)
    make_turn(game, 0)
    game.state.players[0].cash = 0
    decision, out = _decision(game, 0, "1", "y")
    action = decision.build()
    assert isinstance(action, BuildTrack) and "Cancelled" not in out.getvalue()


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_eras_on_a_board_without_eras_is_refused_in_plain_words(command: str) -> None:
    args = ["--map", "eastern-us", "--eras", "egypt,future"]
    extra = ["--seats", "random,random"] if command == "play" else ["--games", "1"]
    result = CliRunner().invoke(cli, [command, *args, *extra])
    assert result.exit_code != 0
    assert "the Eastern U.S. board has no eras to choose" in result.output
    assert "Railways Through Time" in result.output
    for internal in ("options.eras", "known:", "event_deck_without", "without_modules"):
        assert internal not in result.output


def test_eras_on_the_board_with_eras_pass_the_check() -> None:
    refuse_foreign_options("through-time", {"eras": ["egypt", "future"]})
    refuse_foreign_options("eastern-us", {})
    with pytest.raises(click.BadParameter):
        refuse_foreign_options("eastern-us", {"eras": ["egypt"]})


def _open_route(game: Game) -> tuple[Hex, ...] | None:
    """A link of open land only, which a Land Grant makes free (RW-p21-28)."""
    for route in static_routes(game.board, 4).values():
        path: tuple[Hex, ...] = tuple(route[0].path)
        if len(path) > 2 and all(game.board.hexes[h] is Terrain.OPEN for h in path[1:-1]):
            return path
    return None


@pytest.mark.rules("RW-p21-28")
def test_a_free_build_is_logged_as_free_and_a_paid_one_with_its_price() -> None:
    game = start(4)
    path = _open_route(game)
    assert path is not None
    game.state.players[0].hand.append("land-grant-1")
    make_turn(game, 0)
    game.apply(BuildTrack(seat=0, path=path, cards=("land-grant-1",)))
    assert "(free)" in game.state.log[-1] and "$0,000" not in game.state.log[-1]
    paid = start(4)
    make_turn(paid, 0)
    paid.apply(BuildTrack(seat=0, path=path))
    assert re.search(r"\(\$[1-9]\d*,000\)$", paid.state.log[-1])


def _ask_once(end_empty_line: bool, answer: str) -> str:
    out = io.StringIO()
    term = Terminal(
        console=Console(file=out, width=80, highlight=False), end_empty_line=end_empty_line
    )
    term.read = lambda: answer
    term.ask("Go ahead? [y/N]")
    term.note("next")
    return out.getvalue()


def test_an_empty_answer_ends_the_prompt_line_where_the_terminal_does_not() -> None:
    assert _ask_once(True, "") == "Go ahead? [y/N] › \nnext\n"
    assert _ask_once(True, "y") == "Go ahead? [y/N] › next\n"  # the terminal echoed its Enter
    assert _ask_once(False, "") == "Go ahead? [y/N] › next\n"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_enter_at_a_bond_prompt_in_a_real_terminal() -> None:
    """Through a pseudo-terminal, with readline as a player has it: Enter at the bond prompt
    (everybody starts with $0k, so the first build needs a bond) says it cancelled, and
    the next prompt is on a line of its own."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal game, a human against a random bot
        env = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
        env.update(COLUMNS="120", TERM="dumb")
        args = ["play", "--seats", "human,random", "--seed", "1", "--delay", "0"]
        os.execve(sys.executable, [sys.executable, "-m", "railways", *args], env)
    seen = b""

    def wait_for(text: bytes, seconds: float = 60) -> None:
        nonlocal seen
        end = time.monotonic() + seconds
        while text not in seen and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        assert text in seen, seen[-2000:].decode(errors="replace")

    try:
        for prompt, answer in [
            (b"Keep which", b"1"),
            (b"Bid at least", b"p"),
            (b"What will you do", b"b"),
            (b"Build which", b"1"),
            (b"Go ahead? [y/N]", b""),
        ]:
            wait_for(prompt)
            # The prompt is printed before input() reads: give readline time to take the
            # line, or the Enter is typed ahead and the kernel echoes it (as if no readline).
            time.sleep(0.5)
            os.write(fd, answer + b"\r")
        wait_for(b"no bond issued.")
        seen = seen[seen.index(b"Go ahead? [y/N]") :]
        wait_for(b"Build which")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    lines = seen.decode(errors="replace").replace("\r", "").split("\n")
    assert lines[0].rstrip().endswith("Go ahead? [y/N] ›")
    assert lines[1].startswith("Cancelled: nothing was done and no bond issued.")
    assert lines[2].startswith("Build which?")
