"""``railways play --solo``: Rail Barons against the Railbot in the terminal."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from cli.test_play import play
from railways.bots import make_bot
from railways.cli.main import _register, cli
from railways.cli.terminal.board import city_codes, render_board
from railways.cli.terminal.helptext import SOLO_OVERVIEW, SOLO_TOPICS, help_text, topics
from railways.cli.terminal.solo import solo_screen
from railways.cli.terminal.style import CLOSED_BG, RAILBOT_TRACK
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.records import save_record

_register()

RESULT = re.compile(
    r"wins: -?\d+ points, the target was \d+|The Railbot wins: .* short of the target of \d+"
)


@pytest.mark.parametrize(
    ("bot", "extra"), [("random", []), ("greedy", ["--duel-barons", "--option", "easy_start=true"])]
)
def test_a_bot_plays_a_whole_solo_game_through_the_cli(bot: str, extra: list[str]) -> None:
    args = ["play", "--solo", "--seats", bot, "--seed", "1", "--delay", "0", *extra]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "against the Railbot" in out
    assert "The Railbot draws" in out
    assert "Final score" in out and "Target" in out
    assert RESULT.search(out), out[-2000:]
    assert "Seed 1" in out


# The scripted answers follow one seed's game; 7ecf330 (Railbot paths along existing links,
# bounties drawn from cities in play) changed that game. To be rescripted: issue 15's note.
RESCRIPT = "the scripted seed-13 game changed with 7ecf330's solo rules; rescript (issue 15)"


@pytest.mark.skip(reason=RESCRIPT)
def test_a_human_plays_solo_answers_the_railbot_insures_saves_and_loads(tmp_path: Path) -> None:
    saved = tmp_path / "solo.json"
    steps = [
        ("What will you do", "h"),  # the solo overview
        ("What will you do", "p"),
        ("What will you do", "p"),  # the Railbot's card: Exhaust Red, three cubes of our choice
        ("Which city loses the cube", "Mi"),  # by code
        ("Which city loses the cube", "xyz"),  # not a city: explained
        ("Which city loses the cube", "2"),  # by number
        ("Which city loses the cube", "Springfield"),  # by name
        ("What will you do", "help railbot"),
        ("What will you do", "p"),  # third action: the turn ends
        ("What will you do", "i"),  # Insurance is offered at the start of turn 2
        ("Insure which card", "1"),
        ("What will you do", "i"),  # not again: the token is on a card
        ("What will you do", "z"),  # the Railbot drew a card since: cannot undo
        ("What will you do", "p"),
        ("What will you do", "b"),
        ("Build which", "1"),
        ("What will you do", "z"),  # a build draws nothing: it can be taken back
        ("What will you do", f"save {saved}"),
        ("What will you do", "q"),
        ("Save the game before quitting", "n"),
    ]
    result, out, script = play(["--solo", "--seed", "13"], steps, width=130)
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(steps), out
    assert "Target: 125 points" in out
    assert "How a solo game goes" in out
    assert "xx" in out  # cities out of play
    assert "Railbot  deck" in out and "slot 1 ▸" in out and "▸n: drawn" in out
    assert "Operations display (room for 5)" in out
    assert "Score 0 of 125" in out
    assert "West (shaded) closed" in out
    assert "Your choice: which city loses a red cube" in out
    assert "The Railbot removes a red cube from Milwaukee" in out
    assert "'xyz' is not a choice here" in out
    assert "The Railbot removes a red cube from Chicago" in out
    assert "The Railbot removes a red cube from Springfield" in out
    assert "The Railbot's cards" in out  # help railbot
    assert "Player 1 insures Railbot card" in out
    assert "The Insurance token sits on slot 1" in out
    assert "your Insurance token already sits on a Railbot card" in out
    assert "cannot undo" in out
    assert "takes back their last action" in out
    assert f"Saved to {saved}" in out
    record = json.loads(saved.read_text())
    assert record["options"]["solo"] is True
    assert record["seats"] == ["Player 1"]

    result, out, script = play(["--load", str(saved)], [("What will you do", "q"), ("Save", "n")])
    assert result.exit_code == 0, out
    assert "(solo, against the Railbot): turn 3" in " ".join(out.split())
    assert "[insured]" in out

    result, out, _ = play(["--load", str(saved), "--seats", "random"])
    assert result.exit_code == 0, out + repr(result.exception)
    assert "Final score" in out
    assert RESULT.search(out)


def _played_to(seed: int, moves: int, duel: bool = True) -> Game:
    """A solo game a random bot played ``moves`` actions into (to reach a given decision)."""
    options = {"solo": True, "duel_barons": duel}
    game = new_game("eastern-us", 1, seed, options)
    bot = make_bot("random", seed)
    for _ in range(moves):
        game.apply(bot.choose(game, 0, legal_actions(game, 0)))
    return game


@pytest.mark.parametrize(
    ("seed", "moves", "answers", "expected"),
    [
        (1, 5, [("Which Major Line goes to the Railbot", "a")], "The Railbot claims Major Line A"),
        (1, 40, [("Which Duel Baron goes", "1")], "The Railbot claims Duel Baron"),
        (2, 20, [("Which cube?", "1")], "The Railbot removes a"),
        (1, 37, [("Claim one, or e", "e")], "  Turn 11"),
        (1, 37, [("Claim one, or e", "1")], "Player 1 scores"),
        (2, 27, [("What will you do", "k"), ("Claim which", "1")], "Player 1 scores"),
        (
            1,
            29,
            [("What will you do", "d"), ("Which cube", "1"), ("Which route", "b"), ("cube", "b")],
            "you +1, -1 for Railbot links",
        ),
    ],
)
@pytest.mark.skip(reason=RESCRIPT)
def test_every_solo_decision_has_a_prompt(
    tmp_path: Path, seed: int, moves: int, answers: list[tuple[str, str]], expected: str
) -> None:
    saved = tmp_path / "game.json"
    save_record(_played_to(seed, moves), saved)
    steps = [*answers, ("", "q"), ("Save the game", "n")]
    result, out, script = play(["--load", str(saved)], steps, width=130)
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(steps), out
    assert expected in out, out[-3000:]


def test_solo_panels_board_and_help() -> None:
    game = new_game("eastern-us", 1, 13, {"solo": True, "duel_barons": True})
    codes = city_codes(game.board)
    view = view_for(game, 0)
    for width in (130, 80):
        buf = io.StringIO()
        Console(file=buf, width=width).print(solo_screen(game, view, codes, width, ["Turn 1"]))
        text = buf.getvalue()
        for expected in ("Railbot", "slot 3", "Insurance", "Duel Barons", "of 140", "xx"):
            assert expected in text, (width, expected)
        assert max(len(line) for line in text.splitlines()) <= width
    board = render_board(game.board, view, codes)
    assert any(CLOSED_BG in str(span.style) for span in board.spans)  # the west is shaded
    view["plugins"]["solo"]["west_open"] = True
    board = render_board(game.board, view, codes)
    assert not any(CLOSED_BG in str(span.style) for span in board.spans)
    railbot = [link for link in view["links"] if link["owner"] < 0]
    assert not railbot  # no track yet; the Railbot's is drawn on its own band once built
    assert RAILBOT_TRACK.startswith("bold")
    tables = game.board.tables
    assert help_text(None, tables, solo=True) == SOLO_OVERVIEW
    assert help_text("bid", tables, solo=True) is None  # no auction alone
    assert "Insurance" in (help_text("i", tables, solo=True) or "")
    assert set(SOLO_TOPICS) <= set(topics(solo=True))
    assert help_text("railbot", tables) is None  # not in a multiplayer game


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--solo", "--players", "3"], "a solo game has one player"),
        (["--solo", "--short"], "fewer_empty_cities"),
        (["--solo", "--seats", "human,random"], "a solo game has one seat"),
        (["--solo", "--option", "bogus=1"], "'bogus' is not a solo option"),
        (["--solo", "--option", "target_score"], "expected key=value"),
        (["--solo", "--option", "target_score=many"], "true, false or a whole number"),
        (["--solo", "--option", "operations_limit=9"], "options.operations_limit"),
        (["--duel-barons"], "solo settings need --solo"),
    ],
)
def test_bad_solo_options_are_explained(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["play", *args])
    assert result.exit_code != 0
    assert message in result.output
