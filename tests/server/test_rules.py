"""Rule summaries: one for every clause the engine cites, in our own words."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from railways.content.rules import RuleSummaryError, load_summaries, merged_summaries, summary
from rulebooks import rulebook as clauses_file

ROOT = Path(__file__).resolve().parents[2]
CLAUSE = re.compile(r"^(?:RW|RB|TT|AU)-(?:p\d+-)?\d+$")


def _cited() -> set[str]:
    """Clause ids the engine can send to a player: string constants in its code
    (IllegalAction's clause argument, or a variable holding one), not comments."""
    found: set[str] = set()
    for package in ("core", "rules"):
        for path in (ROOT / "src" / "railways" / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    if CLAUSE.match(node.value):
                        found.add(node.value)
    return found


def test_every_cited_clause_has_a_summary() -> None:
    missing = sorted(_cited() - set(load_summaries()))
    assert not missing, f"add these to content/rules/summaries.toml: {missing}"


def test_summary_lookup() -> None:
    assert summary("RW-p4-39")
    assert summary("RW-p0-00") is None and summary(None) is None


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9$,]+", text.lower())


def test_summaries_are_not_copied_from_the_rulebook() -> None:
    rulebook: dict[str, str] = {}
    for line in clauses_file("CLAUSES.md").read_text().splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 4 and cells[1] in load_summaries():
            rulebook[cells[1]] = cells[4]
    assert rulebook
    for clause, text in load_summaries().items():
        ours = _words(text)
        theirs = " ".join(_words(rulebook.get(clause, "")))
        for i in range(len(ours) - 7):
            run = " ".join(ours[i : i + 8])
            assert run not in theirs, f"{clause}: '{run}' is the rulebook's wording"


def test_a_boards_clauses_live_in_its_folder() -> None:
    """A board's own clauses (Through Time's time gates, Australia's cards) are summarised
    in its folder's summaries.toml and found by the same lookup as the shared ones."""
    maps = ROOT / "src" / "railways" / "content" / "maps"
    assert '"TT-013"' in (maps / "through-time" / "summaries.toml").read_text(encoding="utf-8")
    assert '"AU-044"' in (maps / "australia" / "summaries.toml").read_text(encoding="utf-8")
    shared = ROOT / "src" / "railways" / "content" / "rules" / "summaries.toml"
    assert '"TT-013"' not in shared.read_text(encoding="utf-8")
    assert summary("TT-013") and summary("AU-044") and summary("RW-p4-39")


def test_a_clause_summarised_twice_names_both_files() -> None:
    shared = ("summaries.toml", '[clauses]\n"RW-p4-39" = "One action each, in turn."\n')
    board = ("my-board/summaries.toml", '[clauses]\n"RW-p4-39" = "Again."\n')
    with pytest.raises(RuleSummaryError, match=r"my-board/summaries.toml:clauses.RW-p4-39: also"):
        merged_summaries(iter([shared, board]))
    assert merged_summaries(iter([shared])) == {"RW-p4-39": "One action each, in turn."}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[clauses", "b/summaries.toml: "),
        ("x = 1", "b/summaries.toml: expected a [clauses] table"),
        ('[clauses]\n"step one" = "a"', "b/summaries.toml:clauses.step one: not a clause id"),
        ('[clauses]\n"RW-p4-39" = " "', "b/summaries.toml:clauses.RW-p4-39: expected a summary"),
    ],
)
def test_a_malformed_summaries_file_says_where(text: str, problem: str) -> None:
    with pytest.raises(RuleSummaryError) as caught:
        merged_summaries(iter([("b/summaries.toml", text)]))
    assert str(caught.value).startswith(problem)


def test_a_plugin_boards_summaries_are_read_from_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = tmp_path / "my-board"
    board.mkdir()
    (board / "map.toml").write_text('id = "my-board"\n', encoding="utf-8")
    (board / "summaries.toml").write_text(
        '[clauses]\n"XX-001" = "Our own rule, in our words."\n', encoding="utf-8"
    )
    monkeypatch.setenv("RAILWAYS_MAPS_PATH", str(tmp_path))
    found = load_summaries.__wrapped__()
    assert found["XX-001"] == "Our own rule, in our words."
    assert found["RW-p4-39"] == summary("RW-p4-39")


def test_every_clause_the_browser_page_names_has_a_summary() -> None:
    """The page opens a clause's summary from the ids in its code (the guided game's
    lessons): each quoted id must have one, or its rule link opens nothing."""
    static = ROOT / "src" / "railways" / "web" / "static"
    named = {
        match
        for path in static.rglob("*.js")
        for match in re.findall(r"[\"'`]((?:RW|RB|TT|AU)-(?:p\d+-)?\d+)[\"'`]", path.read_text())
    }
    assert "RW-p4-12" in named  # the guide's first lesson: the search finds the page's ids
    missing = sorted(named - set(load_summaries()))
    assert not missing, f"add these to content/rules/summaries.toml: {missing}"
