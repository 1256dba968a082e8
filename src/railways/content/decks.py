"""Load a map's card decks: ``operations.toml`` and ``barons.toml``.

Problems are reported as ``file:key: message``, like the map loader.
"""

from __future__ import annotations

import stat
import tomllib
from collections.abc import Collection
from pathlib import Path
from typing import Any, TypeVar

from railways.content.maps import SOURCES, MapError, map_dir
from railways.core.cards import BaronDef, CardDef, Icon

D = TypeVar("D", CardDef, BaronDef)

_CARD_KEYS = {
    "id",
    "name",
    "effect",
    "icon",
    "start",
    "params",
    "copies",
    "source",
    "text",
    "only_with",
}
_BARON_KEYS = {
    "id",
    "name",
    "effect",
    "points",
    "params",
    "text",
    "reveal_early",
    "source",
    "only_with",
}


# Parsed deck files by (path, modification time, size): every new game reads its decks,
# and parsing the TOML again was most of what making a game cost. The documents are only
# read (each game builds its own cards from them); an edited file is parsed afresh.
_PARSED: dict[tuple[Path, int, int], dict[str, Any]] = {}


def _read(path: Path, problems: list[str]) -> dict[str, Any]:
    try:
        found = path.stat()
    except OSError:
        return {}
    if not stat.S_ISREG(found.st_mode):
        return {}
    key = (path, found.st_mtime_ns, found.st_size)
    doc = _PARSED.get(key)
    if doc is not None:
        return doc
    try:
        with path.open("rb") as fh:
            doc = _PARSED[key] = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{path.name}: not valid TOML: {exc}")
        return {}
    return doc


def table_params(file: str, key: str, value: object, problems: list[str]) -> dict[str, str | int]:
    """A card's ``params`` table (names to text or numbers); a problem is added if not."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(v, (str, int)) and not isinstance(v, bool) for v in value.values()
    ):
        problems.append(f"{file}:{key}: expected a table of names and numbers")
        return {}
    return dict(value)


def _only_with(file: str, key: str, value: object, problems: list[str]) -> str:
    """The optional module a card needs (``only_with``), or "" when it is always in."""
    if value is None:
        return ""
    if not isinstance(value, str) or not value:
        problems.append(f"{file}:{key}.only_with: expected the id of an optional module")
        return ""
    return value


def in_play(defs: dict[str, D], modules: Collection[str]) -> dict[str, D]:
    """The cards of a deck that a game with the optional ``modules`` uses: every card but
    those that wait for a module not chosen (``only_with``)."""
    return {k: d for k, d in defs.items() if not d.only_with or d.only_with in modules}


def _deck_dir(map_id_or_dir: str | Path) -> Path:
    path = Path(map_id_or_dir)
    if (path / "map.toml").is_file() or (path.is_absolute() and path.is_dir()):
        return path  # a map folder, or a deck folder of its own (content/universal)
    return map_dir(str(map_id_or_dir))


def load_operations(map_id_or_dir: str | Path, file: str = "operations.toml") -> dict[str, CardDef]:
    """The Operations deck of a map (empty if the map has none); ``file`` names another
    deck file of the map folder in the same format (the solo game's ``solo_operations.toml``)."""
    problems: list[str] = []
    doc = _read(_deck_dir(map_id_or_dir) / file, problems)
    default = doc.get("source", "rulebook")
    cards: dict[str, CardDef] = {}
    for i, item in enumerate(doc.get("card", [])):
        key = f"card[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{file}:{key}: expected a table")
            continue
        for k in item:
            if k not in _CARD_KEYS:
                problems.append(f"{file}:{key}.{k}: unknown key")
        cid, name, effect = item.get("id"), item.get("name"), item.get("effect")
        if not all(isinstance(v, str) and v for v in (cid, name, effect)):
            problems.append(f"{file}:{key}: a card needs an id, a name and an effect")
            continue
        try:
            icon = Icon(item.get("icon"))
        except ValueError:
            icons = ", ".join(i.value for i in Icon)
            problems.append(f"{file}:{key}.icon: unknown icon {item.get('icon')!r} ({icons})")
            continue
        copies = item.get("copies", 1)
        if not isinstance(copies, int) or copies < 1:
            problems.append(f"{file}:{key}.copies: expected a whole number >= 1")
            continue
        source = item.get("source", default)
        if source not in SOURCES:
            problems.append(f"{file}:{key}.source: unknown source {source!r}")
        params = table_params(file, f"{key}.params", item.get("params"), problems)
        for n in range(1, copies + 1):
            card_id = f"{cid}-{n}" if copies > 1 else str(cid)
            if card_id in cards:
                problems.append(f"{file}:{key}.id: duplicate card id {card_id!r}")
            cards[card_id] = CardDef(
                card_id,
                str(name),
                str(effect),
                icon,
                bool(item.get("start", False)),
                params,
                str(item.get("text", "")),
                str(source),
                _only_with(file, key, item.get("only_with"), problems),
            )
    if problems:
        raise MapError(problems)
    return cards


def load_barons(map_id_or_dir: str | Path) -> dict[str, BaronDef]:
    """The Rail Baron deck of a map (empty if the map has none)."""
    problems: list[str] = []
    file = "barons.toml"
    doc = _read(_deck_dir(map_id_or_dir) / file, problems)
    default = doc.get("source", "rulebook")
    barons: dict[str, BaronDef] = {}
    for i, item in enumerate(doc.get("baron", [])):
        key = f"baron[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{file}:{key}: expected a table")
            continue
        for k in item:
            if k not in _BARON_KEYS:
                problems.append(f"{file}:{key}.{k}: unknown key")
        bid, name, effect = item.get("id"), item.get("name"), item.get("effect")
        if not all(isinstance(v, str) and v for v in (bid, name, effect)):
            problems.append(f"{file}:{key}: a baron needs an id, a name and an effect")
            continue
        points = item.get("points")
        if not isinstance(points, int) or points < 0:
            problems.append(f"{file}:{key}.points: expected a whole number")
            continue
        if bid in barons:
            problems.append(f"{file}:{key}.id: duplicate baron id {bid!r}")
        barons[str(bid)] = BaronDef(
            str(bid),
            str(name),
            str(effect),
            points,
            table_params(file, f"{key}.params", item.get("params"), problems),
            str(item.get("text", "")),
            bool(item.get("reveal_early", False)),
            str(item.get("source", default)),
            _only_with(file, key, item.get("only_with"), problems),
        )
    if problems:
        raise MapError(problems)
    return barons
