"""Short summaries, in our own words, of the rulebook clauses the engine cites.

``summary("RW-p5-27")`` returns one or two sentences; the data is ``summaries.toml``
beside this file (the clauses every board shares) and each board's own
``content/maps/<map-id>/summaries.toml`` (the clauses of its rules and cards), keyed by the
clause ids of CLAUSES.md.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import cache
from importlib import resources

from railways.content.maps import maps_roots

CLAUSE_ID = re.compile(r"^[A-Z]{2,4}-(?:p\d+-)?\d+$")
FILE = "summaries.toml"


class RuleSummaryError(ValueError):
    """A summaries.toml is malformed, or two of them summarise one clause."""


def _summary_files() -> Iterator[tuple[str, str]]:
    """(name, text) of the shared file, then of every board folder's own file (built-in
    boards and those of ``$RAILWAYS_MAPS_PATH``)."""
    yield FILE, (resources.files("railways.content.rules") / FILE).read_text("utf-8")
    for root in maps_roots():
        if root.is_dir():
            for board in sorted(p for p in root.iterdir() if (p / FILE).is_file()):
                yield f"{board.name}/{FILE}", (board / FILE).read_text("utf-8")


def _parse(name: str, text: str) -> dict[str, str]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSummaryError(f"{name}: {exc}") from None
    clauses = data.get("clauses")
    if not isinstance(clauses, dict):
        raise RuleSummaryError(f"{name}: expected a [clauses] table")
    out: dict[str, str] = {}
    for key, value in clauses.items():
        if not CLAUSE_ID.match(key):
            raise RuleSummaryError(f"{name}:clauses.{key}: not a clause id")
        if not isinstance(value, str) or not value.strip():
            raise RuleSummaryError(f"{name}:clauses.{key}: expected a summary")
        out[key] = value.strip()
    return out


def merged_summaries(files: Iterator[tuple[str, str]]) -> dict[str, str]:
    """Every clause of ``files`` with its summary; a clause summarised twice is an error
    naming both files."""
    out: dict[str, str] = {}
    where: dict[str, str] = {}
    for name, text in files:
        for key, value in _parse(name, text).items():
            if key in where:
                raise RuleSummaryError(f"{name}:clauses.{key}: also summarised in {where[key]}")
            out[key], where[key] = value, name
    return out


@cache
def load_summaries() -> dict[str, str]:
    """Every clause id with its summary."""
    return merged_summaries(_summary_files())


def summary(clause: str | None) -> str | None:
    """The summary of ``clause``, or None when there is none."""
    if not clause:
        return None
    return load_summaries().get(clause)
