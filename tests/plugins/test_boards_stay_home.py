"""Every board keeps what it brings in its own folders (issue 27).

A board's home is its content folder (``content/maps/<id>``, or ``tests/fixtures/maps/<id>``
for Toll Valley) and its plug-in modules under ``rules/boards`` (one module or package per id
in its ``rulesets``). Nothing else in ``src/railways`` -- the core, the modules, the solo
rules, the operations cards, the bots, the server, the CLI, the web client, the RL adapters,
the simulator, the renderer, the content loaders -- may name a board in its code: not its
id, its name, its plug-in's id or class, nor the terms only its rules use.

"Code" is what runs: in a ``.py`` file every token but comments and docstrings; in any other
file (``.js``, ``.html``, ``.css``, ``.toml``) the whole text.

Some files still name a board: ``STILL_NAMED`` lists each (board, file) with what is left to
move. The test asks for exactly that list, so a new name fails it, and so does a name moved
home while the list still has it (take it off the list).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from plugins.conftest import MAPS, ROOT

SRC = ROOT / "src" / "railways"
# The folders where boards live: every board's plug-in and content, and nothing else.
BOARD_LAND = ("rules/boards", "content/maps")
SUFFIXES = {".py", ".js", ".html", ".css", ".toml"}

# Terms only one board's rules use, beyond its id, name and plug-in ids (which are read
# from its map.toml).
TERMS: dict[str, tuple[str, ...]] = {
    # Solo appendices: each board's own tables of solo.toml and what its solo hook reads.
    "australia": (r"AustraliaContext", r"tasmania", r"triple[-_ ]?gauge", r"town[-_ ]?tracker"),
    "mexico": (r"scarce[-_ ]?colou?r",),
    "through-time": (
        r"\beras?\b",
        r"ThroughTime",
        r"TimeContext",
        r"time[-_ ]?gates?",
        r"time[-_ ]?lines?",
        r"time[-_ ]?blazer",
        r"time[-_ ]?bounty",
    ),
    "portugal": (r"maritime", r"railbot[-_ ]?lanes", r"exhaust[-_ ]?exempt"),
    "toll-valley": (r"dunmore", r"customs"),
}

# What is left to move home, (board, file under src/railways) -> what and where to.
STILL_NAMED: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Board:
    id: str
    home: tuple[Path, ...]
    words: re.Pattern[str]


def _spelled(text: str) -> str:
    """A pattern for ``text`` however it is joined: ``eastern-us``, ``eastern_us``,
    ``Eastern US``, ``EasternUS``; the dots of ``U.S.`` optional."""
    parts = [re.escape(p) for p in re.split(r"[-_ .]+", text.strip(" .")) if p]
    return r"[-_ .]?".join(parts)


def boards() -> list[Board]:
    """The twelve boards and Toll Valley: their home folders and the words that name them.

    A plug-in id names its board when no other board plays it (``western_us`` is played by
    the Western U.S. and the Transcontinental game, so it names neither)."""
    paths = [*sorted((SRC / "content" / "maps").glob("*/map.toml")), MAPS / "toll-valley/map.toml"]
    metas = [(p.parent, tomllib.loads(p.read_text(encoding="utf-8"))) for p in paths]
    played = Counter(str(r) for _, meta in metas for r in meta.get("rulesets", []))
    plugin_roots = (SRC / "rules" / "boards", ROOT / "tests" / "fixtures" / "plugins")
    found = []
    for folder, meta in metas:
        rulesets = [str(r) for r in meta.get("rulesets", [])]
        home = [folder]
        for r in rulesets:
            home += [p for root in plugin_roots for p in (root / r, root / f"{r}.py")]
        patterns = [_spelled(meta["id"]), _spelled(meta["name"])]
        patterns += [_spelled(r) for r in rulesets if played[r] == 1]
        patterns += TERMS.get(meta["id"], ())
        words = re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)
        found.append(Board(meta["id"], tuple(home), words))
    return found


def _docstring_lines(source: str) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def code_of(path: Path) -> list[str]:
    """The code of a file: the tokens of a .py file but comments and docstrings; the whole
    text of any other."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return [text]
    docs = _docstring_lines(text)
    return [
        token.string
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type != tokenize.COMMENT
        and not (token.type == tokenize.STRING and token.start[0] in docs)
    ]


def named(src: Path, board_list: list[Board]) -> set[tuple[str, str]]:
    """Each (board, file) where a file of ``src`` outside the board land names the board."""
    out: set[tuple[str, str]] = set()
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src).as_posix()
        if not path.is_file() or path.suffix not in SUFFIXES:
            continue
        if any(rel.startswith(f"{land}/") for land in BOARD_LAND):
            continue
        code = code_of(path)
        for board in board_list:
            if any(board.words.search(piece) for piece in code):
                out.add((board.id, rel))
    return out


def test_the_boards_are_found() -> None:
    ids = {b.id for b in boards()}
    assert len(ids) == 13  # the twelve boards and Toll Valley
    assert {"eastern-us", "australia", "through-time", "portugal", "toll-valley"} <= ids
    for board in boards():
        assert any(h.exists() for h in board.home[1:]), board.id  # its plug-in is there


def test_no_file_outside_a_board_names_it_but_those_still_listed() -> None:
    found = named(SRC, boards())
    assert sorted(found - set(STILL_NAMED)) == []  # a new name: move it home
    assert sorted(set(STILL_NAMED) - found) == []  # moved home: take it off STILL_NAMED


def test_a_name_planted_outside_the_board_is_found(tmp_path: Path) -> None:
    """The same scanner on a copy of a few files with a name planted finds it; a name in a
    comment or docstring, or in the board's own folder, does not count."""
    src = tmp_path / "railways"
    solo = ("rules/solo/railbot.py", "content/solo.py", "bots/greedy_solo.py")
    for rel in ("bots/greedy.py", "server/app.py", "web/static/lobby.js", *solo):
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text((SRC / rel).read_text(encoding="utf-8"), encoding="utf-8")
    board_list = boards()
    before = named(src, board_list)

    bot = src / "bots" / "greedy.py"
    bot.write_text(bot.read_text(encoding="utf-8") + '\n\nON_NIPPON = "nippon"\n')
    lobby = src / "web" / "static" / "lobby.js"
    lobby.write_text(lobby.read_text(encoding="utf-8") + "\nconst SEA = 'maritime';\n")
    (src / "core").mkdir()
    (src / "core" / "quiet.py").write_text(
        '"""Sweden\'s ferries are an example."""\n\nX = 1  # as on the Sweden board\n'
    )
    (src / "core" / "loud.py").write_text("def f(plugins):\n    return 'Sweden' in plugins\n")
    home = src / "rules" / "boards" / "sweden.py"
    home.parent.mkdir(parents=True)
    home.write_text('ID = "sweden"\n')
    railbot = src / "rules" / "solo" / "railbot.py"
    railbot.write_text(railbot.read_text(encoding="utf-8") + "\nclass TownTracker:\n    pass\n")
    loader = src / "content" / "solo.py"
    loader.write_text(loader.read_text(encoding="utf-8") + '\nKEYS = {"scarce_color"}\n')
    ops = src / "rules" / "operations" / "era.py"
    ops.parent.mkdir(parents=True)
    ops.write_text("class TimeBlazer:\n    pass\n")

    assert named(src, board_list) - before == {
        ("nippon", "bots/greedy.py"),
        ("portugal", "web/static/lobby.js"),
        ("sweden", "core/loud.py"),
        ("through-time", "rules/operations/era.py"),
        ("australia", "rules/solo/railbot.py"),
        ("mexico", "content/solo.py"),
    }


def test_a_board_is_named_however_it_is_spelled() -> None:
    by_id = {b.id: b for b in boards()}
    for text in ("eastern-us", "eastern_us", "EasternUS", "Eastern U.S.", "EASTERN US"):
        assert by_id["eastern-us"].words.search(text), text
    assert by_id["through-time"].words.search("Railways Through Time")
    assert by_id["through-time"].words.search("through_time")
    assert not by_id["eastern-us"].words.search("western-us")
    assert not by_id["sweden"].words.search("swedish meatballs")
