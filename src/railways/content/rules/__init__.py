"""Short summaries, in our own words, of the rulebook clauses the engine cites.

``summary("RW-p5-27")`` returns one or two sentences; the data is
``summaries.toml`` beside this file, keyed by the clause ids of CLAUSES.md.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources

CLAUSE_ID = re.compile(r"^[A-Z]{2,4}-(?:p\d+-)?\d+$")


class RuleSummaryError(ValueError):
    """summaries.toml is malformed."""


@cache
def load_summaries() -> dict[str, str]:
    """Every clause id with its summary."""
    text = (resources.files("railways.content.rules") / "summaries.toml").read_text("utf-8")
    data = tomllib.loads(text)
    clauses = data.get("clauses")
    if not isinstance(clauses, dict):
        raise RuleSummaryError("summaries.toml: expected a [clauses] table")
    out: dict[str, str] = {}
    for key, value in clauses.items():
        if not CLAUSE_ID.match(key):
            raise RuleSummaryError(f"summaries.toml:clauses.{key}: not a clause id")
        if not isinstance(value, str) or not value.strip():
            raise RuleSummaryError(f"summaries.toml:clauses.{key}: expected a summary")
        out[key] = value.strip()
    return out


def summary(clause: str | None) -> str | None:
    """The summary of ``clause``, or None when there is none."""
    if not clause:
        return None
    return load_summaries().get(clause)
