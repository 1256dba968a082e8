"""Helpers for the RL tests: the optional packages, skipped only where truly absent."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str) -> ModuleType:
    """Import ``module``; skip without it, but fail in CI (RAILWAYS_REQUIRE_ALL)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("RAILWAYS_REQUIRE_ALL"):
            pytest.fail(f"RAILWAYS_REQUIRE_ALL is set but {module} is not installed")
        pytest.skip(f"{module} is not installed")
