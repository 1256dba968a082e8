"""Where the tests find the rulebooks (``../shared/rules`` beside the clone, or
``RAILWAYS_RULES_DIR``), for the tests that check our texts are not the rulebooks' wording.

Without them such a test skips, saying where it looked; under ``RAILWAYS_REQUIRE_ALL`` (CI)
it fails instead, so a CI run can never pass without having read them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = "RAILWAYS_RULES_DIR"


def rules_dir() -> Path:
    """The folder of the rulebooks: ``$RAILWAYS_RULES_DIR``, else ``../shared/rules``."""
    given = os.environ.get(ENV)
    return Path(given) if given else ROOT.parent / "shared" / "rules"


def rulebook(name: str) -> Path:
    """The path of one rulebook file (``CLAUSES.md``, ``railways-of-the-world-compendium.txt``);
    skips the calling test when it is missing, or fails it under RAILWAYS_REQUIRE_ALL."""
    path = rules_dir() / name
    if path.is_file():
        return path
    why = f"no rulebook {path} (set {ENV} to the folder of the rulebooks)"
    if os.environ.get("RAILWAYS_REQUIRE_ALL"):
        pytest.fail(f"RAILWAYS_REQUIRE_ALL is set but there is {why}")
    pytest.skip(why)
