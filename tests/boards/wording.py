"""Checks that a deck's texts are in our own words, not the rulebook's (house rule)."""

from __future__ import annotations

import re

from rulebooks import rulebook

WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def runs(text: str, n: int) -> set[tuple[str, ...]]:
    """Every run of ``n`` consecutive words of ``text``."""
    w = words(text)
    return {tuple(w[i : i + n]) for i in range(len(w) - n + 1)}


def compendium_runs(n: int) -> set[tuple[str, ...]]:
    """The runs of the compendium (skips the test without the rulebooks, or fails it in CI)."""
    return runs(rulebook("railways-of-the-world-compendium.txt").read_text(), n)


def copied(text: str, book: set[tuple[str, ...]], n: int) -> list[str]:
    """The runs of ``n`` words ``text`` shares with the book (empty: our own words)."""
    return sorted(" ".join(r) for r in runs(text, n) & book)
