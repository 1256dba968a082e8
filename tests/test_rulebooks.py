"""tests/rulebooks.py: the rule-wording tests find the rulebooks, skip without them, and fail
instead under RAILWAYS_REQUIRE_ALL (CI)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebooks


def test_the_folder_is_beside_the_clone_unless_the_variable_names_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(rulebooks.ENV, raising=False)
    assert rulebooks.rules_dir() == rulebooks.ROOT.parent / "shared" / "rules"
    monkeypatch.setenv(rulebooks.ENV, str(tmp_path))
    assert rulebooks.rules_dir() == tmp_path
    (tmp_path / "CLAUSES.md").write_text("| RW-p1-01 | rule |\n")
    assert rulebooks.rulebook("CLAUSES.md") == tmp_path / "CLAUSES.md"


def test_a_missing_rulebook_skips_but_fails_when_everything_is_required(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(rulebooks.ENV, str(tmp_path / "nowhere"))
    monkeypatch.delenv("RAILWAYS_REQUIRE_ALL", raising=False)
    with pytest.raises(pytest.skip.Exception, match="RAILWAYS_RULES_DIR"):
        rulebooks.rulebook("CLAUSES.md")
    monkeypatch.setenv("RAILWAYS_REQUIRE_ALL", "1")
    with pytest.raises(pytest.fail.Exception, match="RAILWAYS_REQUIRE_ALL is set"):
        rulebooks.rulebook("CLAUSES.md")


def test_ci_requires_everything() -> None:
    """.ci/run sets RAILWAYS_REQUIRE_ALL before it runs the tests, so there the three
    rule-wording tests must find the rulebooks or fail."""
    script = (rulebooks.ROOT / ".ci" / "run").read_text()
    assert script.index("export RAILWAYS_REQUIRE_ALL=1") < script.index("make test")
