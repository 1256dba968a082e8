"""Toll Valley needed nothing from the engine's core or the front ends.

Nothing under src/railways/{core,web,cli,render} names the board, its plug-in or its
features: its rules reach them only through the plug-in API. (Comments and docstrings
may use "a toll border" as an example of what a plug-in can do; code may not.)
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from plugins.conftest import ROOT

FRONT_AND_CORE = [ROOT / "src" / "railways" / d for d in ("core", "web", "cli", "render")]
# Words of this board anywhere in a file, comments included.
BOARD_WORDS = re.compile(r"toll[-_ ]valley|tollvalley|embargo|dunmore|customs", re.IGNORECASE)
# Words of its rules in code (names and strings), outside comments and docstrings.
RULE_WORDS = re.compile(r"toll|embargo", re.IGNORECASE)


def _files() -> list[Path]:
    found = [
        p
        for root in FRONT_AND_CORE
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.suffix in {".py", ".js", ".html", ".css", ".svg", ".toml"}
    ]
    assert len(found) > 20  # the folders are where this test expects them
    return found


def _docstring_lines(source: str) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                lines.add(body[0].lineno)
    return lines


def _code_words(path: Path) -> list[str]:
    """The rule words in a file's code: every token of a .py file but comments and
    docstrings; the whole text of any other file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return RULE_WORDS.findall(text)
    docs = _docstring_lines(text)
    found: list[str] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            continue
        if token.type == tokenize.STRING and token.start[0] in docs:
            continue
        found += RULE_WORDS.findall(token.string)
    return found


def test_no_core_or_front_end_file_names_the_board() -> None:
    named = {
        str(p.relative_to(ROOT)): BOARD_WORDS.findall(p.read_text(encoding="utf-8"))
        for p in _files()
    }
    assert {p: words for p, words in named.items() if words} == {}


def test_no_core_or_front_end_code_knows_a_toll_or_an_embargo() -> None:
    named = {str(p.relative_to(ROOT)): _code_words(p) for p in _files()}
    assert {p: words for p, words in named.items() if words} == {}


def test_the_word_search_finds_the_words_where_they_are(tmp_path: Path) -> None:
    """The searches above can fail: they find the words in the plug-in itself."""
    plugin = ROOT / "tests" / "fixtures" / "plugins" / "toll_valley.py"
    assert "embargo" in [w.lower() for w in _code_words(plugin)]
    assert "toll" in [w.lower() for w in _code_words(plugin)]
    assert BOARD_WORDS.search(plugin.read_text(encoding="utf-8"))
    # A docstring or comment alone does not count as code; a name or a string does.
    sample = tmp_path / "sample.py"
    sample.write_text('"""Prices a toll border."""\n\nX = 1  # a toll\n')
    assert _code_words(sample) == []
    sample.write_text('"""Prices."""\n\nKIND = "toll"\n')
    assert _code_words(sample) == ["toll"]
