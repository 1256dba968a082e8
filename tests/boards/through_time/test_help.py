"""The terminal's help on Railways Through Time: ``help time`` explains time gates, their
codes and Time Lines, ``help build`` and ``help deliver`` mention the gates; the text lives in
the board's folder (``help.toml``) and no other board shows it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from cli.test_play import play
from railways.cli.terminal.board import city_codes, numbered
from railways.cli.terminal.helptext import help_text, topics
from railways.content.maps import available_maps, load_map
from railways.content.rules import summary
from railways.rules import new_game
from railways.rules.boards.through_time.eras import is_gate
from railways.rules.boards.through_time.timelines import chart_points
from railways.rules.help import HelpFileError, parse, rules_help

from .helpers import MAP


def _help(topic: str | None, map_id: str = MAP) -> str | None:
    game = new_game(map_id, 3, seed=1)
    return help_text(topic, game.board.tables, rules=rules_help(game.ruleset.plugins))


@pytest.mark.rules("TT-013", "TT-014", "TT-022")
def test_help_time_explains_gates_their_codes_and_time_lines() -> None:
    text = _help("time")
    assert text is not None
    for words in ("time gates", "Ga", "Gate I", "Gp", "Gate XVI", "$1,000", "Time Line"):
        assert words in text, words
    for alias in ("gates", "gate", "timelines"):
        assert _help(alias) == text


def test_the_gate_codes_the_help_names_are_the_codes_on_the_board() -> None:
    board = load_map(MAP)
    codes = city_codes(board)
    gates = {c.name: codes[c.id] for c in board.cities.values() if is_gate(c)}
    assert len(gates) == 16
    assert {numbered(name) for name in gates} == set(range(1, 17))
    assert {code for code in gates.values()} == {"G" + ch for ch in "abcdefghijklmnop"}
    assert gates["Gate I"] == "Ga" and gates["Gate XVI"] == "Gp"
    game = new_game(MAP, 3, seed=1, options={"eras": ["future", "egypt", "medieval"]})
    text = _help("time")
    assert text is not None
    for cid in game.board.cities:
        if is_gate(game.board.cities[cid]):  # a gate's code in a game is its code on the map
            assert city_codes(game.board)[cid] == codes[cid]


def test_the_chart_the_help_gives_is_the_one_the_game_scores() -> None:
    text = _help("time")
    assert text is not None
    flat = " ".join(text.split())
    for lines in range(1, 6):
        assert re.search(rf"\b{lines} lines? {chart_points(lines)}\b", flat), lines
    assert f"{chart_points(6) - chart_points(5)} more for each line past five" in flat


@pytest.mark.rules("TT-013", "TT-014")
def test_help_build_and_deliver_mention_the_gates_on_this_board_only() -> None:
    build, deliver = _help("build"), _help("deliver")
    assert build is not None and deliver is not None
    assert "Time gates" in build and "Ga to Gp" in build and "TT-013" in build
    assert "Build track" in build and "$2k" in build  # the base game's text is still there
    assert "Through time" in deliver
    assert "time" in topics(False, None, rules_help(new_game(MAP, 3, seed=1).ruleset.plugins))
    plain_build = _help("build", "eastern-us")
    assert plain_build is not None and "gate" not in plain_build.lower()
    assert _help("time", "eastern-us") is None


def test_every_help_file_cites_clauses_we_summarize() -> None:
    for map_id in available_maps():
        help_ = rules_help(
            new_game(map_id, 3 if map_id != "australia" else 5, seed=1).ruleset.plugins
        )
        for topic in help_.topics.values():
            assert summary(topic.clause), (map_id, topic.name)
            for cited in re.findall(r"\b[A-Z]{2,4}-(?:p\d+-)?\d+\b", topic.text):
                assert summary(cited), (map_id, cited)
        for additions in help_.additions.values():
            assert all(summary(a.clause) for a in additions), map_id


def test_a_help_file_with_a_bad_clause_or_no_text_is_refused() -> None:
    with pytest.raises(HelpFileError, match="not a clause id"):
        parse("x.toml", '[topics.a]\ntitle = "A"\nclause = "page 3"\ntext = "words"\n')
    with pytest.raises(HelpFileError, match="expected some text"):
        parse("x.toml", '[additions.build]\nclause = "TT-013"\ntext = " "\n')
    with pytest.raises(HelpFileError, match="unknown tables"):
        parse("x.toml", "[topic]\n")


def test_help_time_at_the_terminal() -> None:
    steps = [
        ("Bid at least", "h time"),
        ("Bid at least", "h build"),
        ("Bid at least", "h"),
        ("Bid at least", "q"),
        ("Save the game before quitting", "n"),
    ]
    result, out, script = play(
        ["--map", MAP, "--seats", "human,random,random", "--seed", "1"], steps
    )
    assert result.exit_code == 0, out + repr(result.exception)
    assert script.used == len(steps), out
    assert "Travel through time" in out and "Gate XVI" in out
    assert "Time gates (codes Ga to Gp" in out
    assert re.search(r"Help topics: .*\btime\b", out)


def test_the_help_files_are_package_data() -> None:
    """A wheel carries every data file the rules read: each .toml under src/railways matches
    one of pyproject's package-data patterns (help.toml lives beside its plug-in)."""
    root = Path(__file__).resolve().parents[3]
    package = root / "src" / "railways"
    data = tomllib.loads((root / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["railways"]
    covered = {p for pattern in patterns for p in package.glob(pattern)}
    tomls = set(package.rglob("*.toml"))
    assert package / "rules" / "boards" / "through_time" / "help.toml" in tomls
    assert tomls - covered == set()
