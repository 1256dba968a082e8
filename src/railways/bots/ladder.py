"""The ladder's shipped results: how strong and how fast each bot measured.

``railways ladder --ship`` writes ``ladder.json`` next to this module; ``railways bots``,
the server's stand-in levels and ``levels_by_strength`` read it. Nothing is downloaded:
a package without the file (a plug-in's own bots) simply has no ratings.

A rated entry is a bot spec as the ladder seated it (``mcts:iters=100``); a registered
name finds the entry of the same spec, else of the same bot with other options, and a
level (``medium``) finds the entry of the bot it seats (``greedy``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from railways.bots import LEVELS, parse_spec

LADDER_FILE = "ladder.json"
FORMAT = 1  # of ladder.json


@cache
def shipped() -> dict[str, Any] | None:
    """The package's ``ladder.json``, or None where it is missing or unreadable."""
    try:
        text = resources.files("railways.bots").joinpath(LADDER_FILE).read_text()
        data = json.loads(text)
    except (FileNotFoundError, json.JSONDecodeError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    return data


def entry_for(name: str, ladder: dict[str, Any] | None) -> dict[str, Any] | None:
    """The ladder's overall row rating the bot ``name`` seats, or None if it was not rated."""
    if ladder is None:
        return None
    rows: list[dict[str, Any]] = ladder.get("bots", [])
    exact = {row["bot"]: row for row in rows}
    if name in exact:
        return exact[name]
    base = parse_spec(name)[0]
    base = LEVELS.get(base, base)
    if base in exact:
        return exact[base]
    for row in rows:  # the same bot with other options (mcts -> mcts:iters=100)
        if parse_spec(row["bot"])[0] == base:
            return row
    return None


def levels_by_strength(ladder: dict[str, Any] | None) -> list[str]:
    """The levels people pick (``LEVELS``), weakest first by the ladder's conservative
    rating (mu - 3 sigma); levels the ladder did not rate keep their ``LEVELS`` order
    after the rated ones (all of them with no ladder: pass ``shipped()``)."""
    order = list(LEVELS)

    def key(level: str) -> tuple[int, float, int]:
        row = entry_for(level, ladder)
        if row is None:
            return (1, 0.0, order.index(level))
        return (0, float(row["ordinal"]), order.index(level))

    return sorted(order, key=key)


def strongest(ladder: dict[str, Any] | None) -> str | None:
    """The spec of the ladder's top bot (best mu - 3 sigma), or None with no ladder."""
    rows = (ladder or {}).get("bots", [])
    if not rows:
        return None
    best: dict[str, Any] = max(rows, key=lambda row: (row["ordinal"], row["mu"]))
    return str(best["bot"])
