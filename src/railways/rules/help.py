"""Help on a board's or module's own rules, for the front ends (the terminal's ``help``).

A plug-in names a TOML file beside its module (``Plugin.help_file``), so what a board's help
says lives in the board's folder and nothing outside it names the board. The file holds

* ``[topics.<name>]``: a topic of its own, with ``title``, ``clause`` (the clause id of
  CLAUSES.md it explains), ``text`` (our own words; Rich markup) and ``aliases``;
* ``[additions.<topic>]``: a paragraph (``clause``, ``text``) added to one of the base
  game's topics (``build``, ``deliver``, ...).
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from railways.content.maps import MapError, map_dir
from railways.content.rules import CLAUSE_ID
from railways.core.plugins import Plugin


class HelpFileError(ValueError):
    """A plug-in's help file is malformed."""


@dataclass(frozen=True)
class Topic:
    name: str
    title: str
    clause: str
    text: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Addition:
    topic: str  # the base game's topic it adds to
    clause: str
    text: str


@dataclass(frozen=True)
class RulesHelp:
    """The help of a game's plug-ins together."""

    topics: Mapping[str, Topic] = field(default_factory=dict)
    additions: Mapping[str, tuple[Addition, ...]] = field(default_factory=dict)

    def topic(self, name: str) -> Topic | None:
        """The topic called ``name`` or one of its aliases."""
        key = name.lower()
        if key in self.topics:
            return self.topics[key]
        return next((t for t in self.topics.values() if key in t.aliases), None)


def _str(file: str, where: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise HelpFileError(f"{file}:{where}: expected some text")
    return value.strip()


def _clause(file: str, where: str, value: object) -> str:
    text = _str(file, where, value)
    if not CLAUSE_ID.match(text):
        raise HelpFileError(f"{file}:{where}: {text!r} is not a clause id")
    return text


def parse(file: str, text: str) -> tuple[list[Topic], list[Addition]]:
    """The topics and additions of one help file's text (``file`` names it in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HelpFileError(f"{file}: not valid TOML: {exc}") from exc
    unknown = set(data) - {"topics", "additions"}
    if unknown:
        raise HelpFileError(f"{file}: unknown tables {sorted(unknown)}")
    topics: list[Topic] = []
    for name, where, raw in _tables(file, data, "topics"):
        aliases = raw.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise HelpFileError(f"{file}:{where}.aliases: expected a list of words")
        topics.append(
            Topic(
                name=name.lower(),
                title=_str(file, f"{where}.title", raw.get("title")),
                clause=_clause(file, f"{where}.clause", raw.get("clause")),
                text=_str(file, f"{where}.text", raw.get("text")),
                aliases=tuple(a.lower() for a in aliases),
            )
        )
    additions: list[Addition] = []
    for name, where, raw in _tables(file, data, "additions"):
        additions.append(
            Addition(
                topic=name.lower(),
                clause=_clause(file, f"{where}.clause", raw.get("clause")),
                text=_str(file, f"{where}.text", raw.get("text")),
            )
        )
    return topics, additions


def _tables(file: str, data: dict[str, Any], key: str) -> list[tuple[str, str, dict[str, Any]]]:
    """The named tables under ``key``: (name, where it is in the file, the table)."""
    out = []
    for name, raw in data.get(key, {}).items():
        where = f"{key}.{name}"
        if not isinstance(raw, dict):
            raise HelpFileError(f"{file}:{where}: expected a table")
        out.append((name, where, raw))
    return out


_READ: dict[type[Plugin], tuple[tuple[Topic, ...], tuple[Addition, ...]]] = {}


def _plugin_help(cls: type[Plugin]) -> tuple[tuple[Topic, ...], tuple[Addition, ...]]:
    """The topics and additions of a plug-in class's help file, read once."""
    if cls not in _READ:
        if not cls.help_file:
            _READ[cls] = ((), ())
        else:
            module = sys.modules[cls.__module__]
            package = (module.__spec__.parent if module.__spec__ is not None else None) or ""
            path = resources.files(package) / cls.help_file
            topics, additions = parse(f"{package}/{cls.help_file}", path.read_text("utf-8"))
            _READ[cls] = (tuple(topics), tuple(additions))
    return _READ[cls]


BOARD_HELP = "help.toml"  # a board's own help, in its map folder


def _board_help(map_id: str) -> tuple[tuple[Topic, ...], tuple[Addition, ...]]:
    """The topics and additions of the help file in a board's map folder, if it has one."""
    try:
        path = map_dir(map_id) / BOARD_HELP
    except MapError:  # a board made in code (tests): no folder, no help
        return (), ()
    if not path.is_file():
        return (), ()
    topics, additions = parse(f"{map_id}/{BOARD_HELP}", path.read_text("utf-8"))
    return tuple(topics), tuple(additions)


def rules_help(plugins: Iterable[Plugin], map_id: str | None = None) -> RulesHelp:
    """The help of these plug-ins (a game's ``ruleset.plugins``) and of the board
    ``map_id``'s own help file (``content/maps/<id>/help.toml``)."""
    topics: dict[str, Topic] = {}
    additions: dict[str, list[Addition]] = {}
    parts = [_plugin_help(type(plugin)) for plugin in plugins]
    if map_id is not None:
        parts.append(_board_help(map_id))
    for own, more in parts:
        for topic in own:
            topics.setdefault(topic.name, topic)
        for addition in more:
            additions.setdefault(addition.topic, []).append(addition)
    return RulesHelp(topics, {k: tuple(v) for k, v in additions.items()})
