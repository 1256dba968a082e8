"""The pages' references lead somewhere: Markdown links (and their #anchors), the pages they
name as ``docs/x.md, "Section"``, and the files of the tree they name in backticks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
SECTION = re.compile(r"(docs/[\w/.-]+\.md)`?,\s+\"([^\"]+)\"")
PAGE = re.compile(r"\b(docs/[\w/.-]+\.md)\b")
PATH = re.compile(r"`((?:docs|tests|tools|benchmarks|src|\.ci)/[\w./-]+)`")


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def without_code_blocks(text: str) -> str:
    return re.sub(r"^```.*?^```$", "", text, flags=re.M | re.S)


def headings(page: Path) -> list[str]:
    return [
        m.group(1).strip()
        for m in re.finditer(r"^#{1,6} (.+)$", without_code_blocks(page.read_text()), re.M)
    ]


def paragraph_titles(page: Path) -> list[str]:
    """A paragraph's bold lead (``**The auction.** In turns 1 to ...``): a section too."""
    return re.findall(r"^\*\*(.+?)\*\*", page.read_text(), re.M)


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_links_and_anchors_resolve(page: Path) -> None:
    broken = []
    for target in LINK.findall(without_code_blocks(page.read_text())):
        if re.match(r"[a-z]+:", target):  # http(s), mailto: not checked (no network here)
            continue
        path, _, fragment = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(target)
        elif fragment and dest.suffix == ".md":
            if fragment not in {anchor(h) for h in headings(dest)}:
                broken.append(target)
    assert broken == []


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_named_pages_and_sections_exist(page: Path) -> None:
    text = page.read_text()
    missing = sorted({p for p in PAGE.findall(text) if not (ROOT / p).exists()})
    assert missing == []
    unknown = []
    for target, section in SECTION.findall(text):
        wanted = " ".join(section.split()).replace("`", "")
        titles = [*headings(ROOT / target), *paragraph_titles(ROOT / target)]
        if not any(title.replace("`", "").startswith(wanted) for title in titles):
            unknown.append(f'{target}, "{wanted}"')
    assert unknown == []


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_named_files_exist(page: Path) -> None:
    named = set(PATH.findall(without_code_blocks(page.read_text())))
    missing = sorted(p for p in named if "<" not in p and "*" not in p and not (ROOT / p).exists())
    assert missing == []
