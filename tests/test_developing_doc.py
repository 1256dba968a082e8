"""docs/developing.md stays in step with the tree: README links it, its table lists every
make target, and the paths it names exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "developing.md"


def test_the_readme_links_the_guide() -> None:
    assert "docs/developing.md" in (ROOT / "README.md").read_text()


def test_every_make_target_is_in_the_guide() -> None:
    (phony,) = re.findall(r"^\.PHONY:(.*)$", (ROOT / "Makefile").read_text(), re.M)
    text = DOC.read_text()
    missing = [t for t in phony.split() if f"`make {t}`" not in text]
    assert missing == []


def test_the_files_and_folders_it_names_exist() -> None:
    text = DOC.read_text()
    named = set(re.findall(r"`((?:docs|tests|tools|benchmarks|src)/[\w./-]+)`", text))
    named |= {
        f"src/railways/{p}" for p in re.findall(r"`((?:core|rules|bots|content)/[\w./-]+)`", text)
    }
    assert named
    missing = sorted(p for p in named if "<" not in p and not (ROOT / p).exists())
    assert missing == []
