"""``railways play``: whole games in the terminal, driven by scripted input."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from railways.cli.main import _register, cli
from railways.cli.terminal.board import city_codes, find_cities, glyph, parse_hex, render_board
from railways.cli.terminal.io import Terminal
from railways.cli.terminal.panels import screen
from railways.cli.terminal.style import bonds_needed
from railways.core.actions import ChooseBaron
from railways.core.hexgrid import Hex, Side
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.records import save_record

_register()

# Prompts answered without a script line: bond warnings ("yes") and the pause after an action
# that could be taken back (Enter).
AUTO = {"Go ahead?": "y", "Enter to go on": ""}


class Script:
    """Answers prompts from a list of (prompt fragment, answer), checking each prompt."""

    def __init__(self, term: Terminal, steps: Sequence[tuple[str, str]]) -> None:
        self.term = term
        self.steps = list(steps)
        self.used = 0

    def __call__(self) -> str:
        prompt = self.term.last_prompt
        if self.used < len(self.steps):
            fragment, answer = self.steps[self.used]
            if fragment in prompt:
                self.used += 1
                return answer
        for fragment, answer in AUTO.items():
            if fragment in prompt:
                return answer
        if self.used >= len(self.steps):
            raise EOFError
        raise AssertionError(f"script expected {self.steps[self.used][0]!r}, got {prompt!r}")


def play(
    args: list[str], steps: Sequence[tuple[str, str]] = (), width: int = 120
) -> tuple[Result, str, Script]:
    out = io.StringIO()
    term = Terminal(console=Console(file=out, width=width, highlight=False), echo=True)
    script = Script(term, steps)
    term.read = script
    result = CliRunner().invoke(cli, ["play", "--delay", "0", *args], obj={"terminal": term})
    return result, out.getvalue(), script


def test_bots_play_a_whole_game_through_the_cli() -> None:
    result = CliRunner().invoke(
        cli, ["play", "--seats", "random,random,random", "--seed", "3", "--delay", "0"]
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "Winner:" in result.output
    assert "Random 2" in result.output


def test_a_human_plays_saves_and_the_game_is_finished_after_loading(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    steps = [
        ("Keep which", "3"),  # not a choice: explained
        ("Keep which", "1"),
        ("Bid at least", "abc"),  # not a number: explained
        ("Bid at least", "1"),
        ("What will you do", "z"),  # the engine refuses: its clause id is shown
        ("What will you do", "xyz"),  # not an action: explained
        ("What will you do", "help build"),
        ("What will you do", "b"),
        ("Build which", "Nowhere"),  # neither a number nor a city
        ("Build which", "1"),  # links with goods ready come first
        ("What will you do", "d"),
        ("Which cube", "1"),
        ("Which route", "1"),
        ("What will you do", "p"),
        ("Bid at least", "p"),
        ("What will you do", "b"),
        ("Build which", "s"),
        ("Start at which city", "Chicago"),
        ("Next hex", "20,10"),  # not next to Chicago: the engine says why
        ("Next hex", "b"),
        ("What will you do", f"save {saved}"),
        ("What will you do", "q"),
        ("Save the game before quitting", "n"),
    ]
    result, out, script = play(["--seats", "human,random,random", "--seed", "1"], steps)
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(steps), out
    assert "type 1 to 2 to keep that Rail Baron" in out
    assert "type an amount such as 3" in out
    assert "cannot undo" in out and "[rule RW-p4-39]" in out
    assert "'xyz' is not an action" in out
    assert "Build track" in out and "$2k" in out  # the help, with this board's prices
    assert "'Nowhere' is neither a number in the list nor a city" in out
    assert "Player 1 completes a link" in out
    assert "Player 1 delivers" in out
    assert "Player 1 passes" in out
    assert "not adjacent" in out and "[rule RW-p4-45]" in out
    assert f"Saved to {saved}" in out
    assert "You left the game." in out
    record = json.loads(saved.read_text())
    assert record["seats"] == ["Player 1", "Random 2", "Random 3"]

    result, out, _ = play(["--load", str(saved), "--seats", "random,random,random"])
    assert result.exit_code == 0, out + repr(result.exception)
    assert "Resuming" in out
    assert "Final scores" in out
    assert "Player 1" in out


def test_loading_seats_the_first_player_as_human_by_default(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    save_record(new_game("eastern-us", ["A", "B"], 2), saved)
    result, out, script = play(
        ["--load", str(saved)], [("Keep which", "q"), ("Save the game", "n")]
    )
    assert result.exit_code == 0, out
    assert script.used == 2
    assert "Resuming" in out


def test_undo_after_an_action_takes_it_back() -> None:
    steps = [
        ("Keep which", "1"),
        ("Bid at least", "p"),
        ("What will you do", "b"),
        ("Build which", "1"),
        ("Enter to go on", "z"),
        ("What will you do", "q"),
        ("Save the game", "n"),
    ]
    result, out, script = play(["--seats", "human,random", "--seed", "4"], steps)
    assert result.exit_code == 0, out
    assert script.used == len(steps), out
    assert "takes back their last action" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "human,wizard"], "unknown seat kind(s) wizard"),
        (["--players", "3", "--seats", "human,random"], "--seats names 2 seats"),
        (["--map", "atlantis"], "no map 'atlantis'"),
        (["--load", "/nonexistent/game.json"], "no such file"),
    ],
)
def test_bad_options_are_explained(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["play", *args])
    assert result.exit_code != 0
    assert message in result.output


def test_board_rendering_shows_city_codes_track_and_coordinates() -> None:
    game = new_game("eastern-us", 3, seed=1)
    codes = city_codes(game.board)
    assert len(set(codes.values())) == len(codes)  # every city has its own code
    assert codes["new-york"] == "NY"
    assert codes["chicago"] == "Ch"
    text = render_board(game.board, view_for(game, 0), codes).plain
    assert "NY" in text and "Ch" in text and "Bo" in text
    lines = text.splitlines()
    assert lines[1].split()[:3] == ["0", "1", "2"]  # column numbers (ones)
    assert lines[2].strip().startswith("0")  # row numbers
    assert max(len(line) for line in lines) <= 74


def test_the_panels_show_cash_score_and_the_state_of_play() -> None:
    game = new_game("eastern-us", ["Ann", "Bob", "Cy"], seed=1)
    codes = city_codes(game.board)
    for width in (120, 80):
        out = io.StringIO()
        console = Console(file=out, width=width)
        view = view_for(game, 0)
        console.print(screen(game, view, codes, width, ["Ann keeps a Rail Baron card"]))
        text = out.getvalue()
        for expected in (
            "Cash",
            "Score",
            "Bonds",
            "Income",
            "Engine",
            "Ann",
            "Operations display",
            "Major Lines",
            "Empty cities 0/12",
            "Goods",
            "Ann keeps a Rail Baron card",
        ):
            assert expected in text, (width, expected)
        assert max(len(line) for line in text.splitlines()) <= width


def test_a_seat_sees_its_own_rail_baron_only() -> None:
    game = new_game("eastern-us", ["Ann", "Bob"], seed=5)
    for seat in range(2):
        barons = game.state.players[seat].barons_dealt
        game.apply(ChooseBaron(seat=seat, baron=barons[0]))
    codes = city_codes(game.board)
    mine = game.ruleset.barons[game.state.players[0].baron or ""].name
    theirs = game.ruleset.barons[game.state.players[1].baron or ""].name
    out = io.StringIO()
    Console(file=out, width=120).print(screen(game, view_for(game, 0), codes, 120, []))
    assert f"Your Rail Baron (secret): {mine}" in out.getvalue()
    if theirs != mine:
        assert theirs not in out.getvalue()


def test_helpers() -> None:
    game = new_game("eastern-us", 3, seed=1)
    codes = city_codes(game.board)
    assert find_cities(game.board, codes, "ny") == ["new-york"]
    assert find_cities(game.board, codes, "st louis") == ["st-louis"]
    assert find_cities(game.board, codes, "new") == sorted(["new-york", "new-orleans", "new-haven"])
    assert find_cities(game.board, codes, "zzz") == []
    assert parse_hex("12,7") == Hex.from_offset(12, 7)
    assert parse_hex(" 3 4 ") == Hex.from_offset(3, 4)
    assert parse_hex("north") is None
    assert glyph(Side.E, Side.W) == "─"
    assert glyph(Side.NE, Side.SW) == "╱"
    assert glyph(Side.NW, Side.SE) == "╲"
    assert glyph(Side.NE, Side.SE) == "│"
    assert bonds_needed(4, 10, 5) == 0
    assert bonds_needed(11, 0, 5) == 3
    assert bonds_needed(6, 1, 5) == 1


def test_when_input_ends_the_game_stops_cleanly() -> None:
    result, out, _ = play(["--seats", "human,random", "--seed", "6"], [("Keep which", "2")])
    assert result.exit_code == 0, out
    assert "Player 1 keeps a Rail Baron card" in out
    assert "The game stops here." in out
