"""``railways play --solo``: Rail Barons against the Railbot in the terminal."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from cli.test_play import play
from railways.bots import make_bot
from railways.cli.main import _register, cli
from railways.cli.terminal.board import city_codes, find_cities, render_board
from railways.cli.terminal.helptext import SOLO_OVERVIEW, SOLO_TOPICS, help_text, topics
from railways.cli.terminal.solo import solo_screen
from railways.cli.terminal.style import CLOSED_BG, RAILBOT_TRACK
from railways.core.actions import Pass
from railways.core.game import Game
from railways.core.legal import DeliveryOption, legal_actions
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.records import save_record
from railways.rules.solo import RAILBOT, duel, railbot, solo_state
from railways.rules.solo.actions import Insure, RailbotExhaust

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


# The terminal tests below do not follow one seed's game: a random bot plays solo games until
# the decision a test wants is pending (checked on copies of the game, so the whole script is
# known to fit), the game is saved there, and the terminal answers it from the saved record.
SEEDS = range(1, 60)
MOVES = 400


def _find(wanted: Callable[[Game], bool], duel: bool = True) -> Game:
    """The first position of a random bot's solo games where ``wanted`` holds."""
    for seed in SEEDS:
        game = new_game("eastern-us", 1, seed, {"solo": True, "duel_barons": duel})
        bot = make_bot("random", seed)
        for _ in range(MOVES):
            if game.over:
                break
            if wanted(game):
                return game
            game.apply(bot.choose(game, 0, legal_actions(game, 0)))
    raise AssertionError("no random solo game reached the decision")


def _task(game: Game) -> dict[str, Any] | None:
    return railbot.waiting(game)


def _choice_options(game: Game) -> list[str]:
    task = _task(game)
    return (railbot.choices(game, task) or []) if task is not None else []


def _acting(game: Game) -> bool:
    """The player is asked "What will you do" (no Railbot choice, no claim window)."""
    return (
        not game.over
        and game.state.phase is Phase.ACTIONS
        and _task(game) is None
        and not solo_state(game).claim_window
    )


def _exhaust_plan(game: Game) -> list[str] | None:
    """Three cities to answer an Exhaust Goods card with, if the whole script fits: the cube
    goes by code, then by number 2, then by name; then the turn ends, Insurance goes on the
    next turn's slot-1 card without a choice to make, that turn ends, and a build is open."""
    task = _task(game)
    if task is None or task["kind"] != "exhaust" or task["count"] < 3:
        return None
    trial = game.copy()
    codes = city_codes(trial.board)
    picked: list[str] = []
    for index in (0, 1, 0):
        options = _choice_options(trial)
        if len(options) <= index:
            return None
        city = options[index]
        if index == 0 and len(picked) == 2:  # the third is typed by name: it must be unique
            if find_cities(trial.board, codes, trial.board.cities[city].name) != [city]:
                return None
        picked.append(city)
        trial.apply(RailbotExhaust(seat=0, city=city, color=task["color"]))
    if not _acting(trial) or trial.state.round != 3:
        return None
    turn = trial.state.turn
    trial.apply(Pass(seat=0))
    row = solo_state(trial).row
    if not _acting(trial) or trial.state.turn != turn + 1 or not row or row[0] is None:
        return None
    if solo_state(trial).insured is not None:  # the token is already on a card (RB-057)
        return None
    trial.apply(Insure(seat=0, card=row[0]))
    if not _acting(trial) or trial.state.round != 3 or solo_state(trial).insured is None:
        return None
    trial.apply(Pass(seat=0))
    if not _acting(trial) or not legal_actions(trial, 0).builds:
        return None
    return picked


def test_a_new_solo_game_says_its_target_and_seed() -> None:
    steps = [("What will you do", "q"), ("Save the game before quitting", "n")]
    result, out, script = play(["--solo", "--seed", "13"], steps, width=130)
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(steps), out
    assert "Target: 125 points" in out and "Seed 13" in out
    assert "Score 0 of 125" in out and "West (shaded) closed" in out


def test_a_human_plays_solo_answers_the_railbot_insures_saves_and_loads(tmp_path: Path) -> None:
    game = _find(lambda g: _exhaust_plan(g) is not None, duel=False)
    picked = _exhaust_plan(game)
    assert picked is not None
    task = _task(game)
    assert task is not None
    color = str(task["color"])
    codes = city_codes(game.board)
    names = {c: game.board.cities[c].name for c in picked}
    view = view_for(game, 0)
    solo = view["plugins"]["solo"]
    score = game.state.players[0].score
    started = tmp_path / "start.json"
    save_record(game, started)
    saved = tmp_path / "solo.json"
    steps = [
        ("Which city loses the cube", codes[picked[0]]),  # by code
        ("Which city loses the cube", "xyz"),  # not a city: explained
        ("Which city loses the cube", "2"),  # by number
        ("Which city loses the cube", names[picked[2]]),  # by name
        ("What will you do", "h"),  # the solo overview
        ("What will you do", "help railbot"),
        ("What will you do", "p"),  # third action: the turn ends
        ("What will you do", "i"),  # Insurance is offered at the start of the next turn
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
    result, out, script = play(["--load", str(started)], steps, width=130)
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(steps), out
    assert "How a solo game goes" in out
    assert "xx" in out  # cities out of play
    assert "Railbot  deck" in out and "slot 1 ▸" in out and "▸n: drawn" in out
    assert f"Operations display (room for {solo['operations_capacity']}" in out
    assert f"Score {score} of 125" in out
    assert ("West (shaded) closed" in out) is not solo["west_open"]
    assert f"Your choice: which city loses a {color} cube" in out
    for city in picked:
        assert f"The Railbot removes a {color} cube from {names[city]}" in out
    assert "'xyz' is not a choice here" in out
    assert "The Railbot's cards" in out  # help railbot
    # the board's own paragraph, from content/maps/eastern-us/help.toml, with its clause
    assert "the Railbot's cards name two chains" in out and "(rule RB-099)" in out
    assert "Player 1 insures Railbot card" in out
    assert "The Insurance token sits on slot 1" in out
    assert "your Insurance token already sits on a Railbot card" in out
    assert "cannot undo" in out
    assert "takes back their last action" in out
    assert f"Saved to {saved}" in out
    record = json.loads(saved.read_text())
    assert record["options"]["solo"] is True
    assert record["seats"] == ["Player 1"]

    turn = game.state.turn + 2
    result, out, script = play(["--load", str(saved)], [("What will you do", "q"), ("Save", "n")])
    assert result.exit_code == 0, out
    assert f"(solo, against the Railbot): turn {turn}" in " ".join(out.split())
    assert "[insured]" in out

    result, out, _ = play(["--load", str(saved), "--seats", "random"])
    assert result.exit_code == 0, out + repr(result.exception)
    assert "Final score" in out
    assert RESULT.search(out)


def _pending(kind: str) -> Callable[[Game], bool]:
    def wanted(game: Game) -> bool:
        task = _task(game)
        return task is not None and task["kind"] == kind

    return wanted


def _claim_window(game: Game) -> bool:
    return not game.over and solo_state(game).claim_window and _task(game) is None


def _claimable_in_a_round(game: Game) -> bool:
    return _acting(game) and bool(duel.claimable(game))


def _railbot_delivery(game: Game) -> DeliveryOption | None:
    """A delivery that carries the cube over a Railbot link and still scores for the player."""
    if not _acting(game):
        return None
    for options in legal_actions(game, 0).deliveries.values():
        for option in options:
            if option.points.get(RAILBOT, 0) > 0 and option.points.get(0, 0) > 0:
                return option
    return None


def _line_steps(game: Game) -> tuple[list[tuple[str, str]], str]:
    line = _choice_options(game)[0]
    return [
        ("Which Major Line goes to the Railbot", line.lower())
    ], f"Railbot claims Major Line {line}"


def _baron_steps(game: Game) -> tuple[list[tuple[str, str]], str]:
    return [("Which Duel Baron goes", "1")], "The Railbot claims Duel Baron"


def _cube_steps(game: Game) -> tuple[list[tuple[str, str]], str]:
    task = _task(game)
    assert task is not None
    color = _choice_options(game)[0]
    city = game.board.cities[task["city"]].name
    return [("Which cube?", "1")], f"The Railbot removes a {color} cube from {city}"


def _end_steps(game: Game) -> tuple[list[tuple[str, str]], str]:
    return [("Claim one, or e", "e")], f"Turn {game.state.turn + 1}"


def _claim_steps(game: Game) -> tuple[list[tuple[str, str]], str]:
    return [("Claim one, or e", "1")], "Player 1 scores"


def _round_claim_steps(game: Game) -> tuple[list[tuple[str, str]], str]:
    return [("What will you do", "k"), ("Claim which", "1")], "Player 1 scores"


def _delivery_steps(game: Game) -> tuple[list[tuple[str, str]], str]:
    option = _railbot_delivery(game)
    assert option is not None
    deliveries = legal_actions(game, 0).deliveries
    names = {c: city.name for c, city in game.board.cities.items()}
    keys = sorted(deliveries, key=lambda k: (names[k[0]], k[1]))  # the menu's order
    cube = keys.index((option.action.city, option.action.color or "")) + 1
    points = f"you +{option.points[0]}, -{option.points[RAILBOT]} for Railbot links"
    steps = [("What will you do", "d"), ("Which cube", str(cube)), ("Which route", "b")]
    return [*steps, ("Which cube", "b")], points


@pytest.mark.parametrize(
    ("wanted", "answers"),
    [
        (_pending("claim_line"), _line_steps),
        (_pending("duel_baron"), _baron_steps),
        (_pending("remove"), _cube_steps),
        (_claim_window, _end_steps),
        (_claim_window, _claim_steps),
        (_claimable_in_a_round, _round_claim_steps),
        (lambda g: _railbot_delivery(g) is not None, _delivery_steps),
    ],
    ids=["major-line", "duel-baron", "cube", "end-turn", "claim", "claim-k", "railbot-links"],
)
def test_every_solo_decision_has_a_prompt(
    tmp_path: Path,
    wanted: Callable[[Game], bool],
    answers: Callable[[Game], tuple[list[tuple[str, str]], str]],
) -> None:
    game = _find(wanted)
    steps, expected = answers(game)
    saved = tmp_path / "game.json"
    save_record(game, saved)
    steps = [*steps, ("", "q"), ("Save the game", "n")]
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
