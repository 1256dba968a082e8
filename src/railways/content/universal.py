"""Load the Universal Rail Baron cards (``content/universal/barons.toml``; RB-006, RB-026).

Same format as a map's ``barons.toml``; problems are reported as ``file:key: message``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from railways.content.decks import load_barons
from railways.core.cards import BaronDef

UNIVERSAL_BARONS = 24  # RB-006


def universal_dir() -> Path:
    return Path(str(resources.files("railways.content") / "universal"))


def load_universal_barons() -> dict[str, BaronDef]:
    return load_barons(universal_dir())
