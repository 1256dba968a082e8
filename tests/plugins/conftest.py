"""Tests of a board whose rules come from a plug-in outside ``src``: Toll Valley.

The board is ``tests/fixtures/maps/toll-valley``; its plug-in is the module
``tests.fixtures.plugins.toll_valley``, found through ``$RAILWAYS_PLUGINS``, and the
board by its id through ``$RAILWAYS_MAPS_PATH``. Every test here sets both, and
subprocesses get them (with the repository root on ``PYTHONPATH``) from ``child_env``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "tests" / "fixtures" / "maps"
TOLL_VALLEY = MAPS / "toll-valley"
PLUGIN_MODULE = "tests.fixtures.plugins.toll_valley"

# The plug-in's module is named from the repository root (``tests.fixtures...``).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def child_env() -> dict[str, str]:
    """The environment of a ``railways`` subprocess that plays Toll Valley."""
    env = dict(os.environ)
    env["RAILWAYS_PLUGINS"] = PLUGIN_MODULE
    env["RAILWAYS_MAPS_PATH"] = str(MAPS)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


@pytest.fixture(autouse=True)
def toll_valley_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILWAYS_PLUGINS", PLUGIN_MODULE)
    monkeypatch.setenv("RAILWAYS_MAPS_PATH", str(MAPS))
