"""The page's files: every one ships in the wheel (package-data), every module a page
imports is there, and the server serves the modules under /static/game/ as JavaScript."""

from __future__ import annotations

import re
import tomllib
import urllib.request
from pathlib import Path

from web.conftest import Server

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "railways"
STATIC = PACKAGE / "web" / "static"
IMPORT = re.compile(r'^(?:import|export)\s[^;]*?from\s+"([^"]+)";', re.M | re.S)


def _static_files() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def test_every_static_file_is_package_data() -> None:
    """setuptools ships what the package-data globs match (relative to the package)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["railways"]
    shipped = {p for pattern in patterns for p in PACKAGE.glob(pattern) if p.is_file()}
    files = _static_files()
    assert any(p.parent.name == "game" for p in files)  # the page's modules are in a subfolder
    missing = [str(p.relative_to(STATIC)) for p in files if p not in shipped]
    assert not missing, f"not in the wheel: {missing}"


def test_every_imported_module_exists_and_is_type_checked() -> None:
    scripts = [p for p in _static_files() if p.suffix == ".js"]
    assert len(scripts) >= 15
    for script in scripts:
        text = script.read_text()
        assert text.startswith("// @ts-check"), script.name
        for target in IMPORT.findall(text):
            assert (script.parent / target).resolve().is_file(), f"{script.name} imports {target}"


def test_the_server_serves_the_modules(server: Server) -> None:
    modules = sorted((STATIC / "game").glob("*.js"))
    assert {m.name for m in modules} >= {"state.js", "net.js", "moves.js", "build.js"}
    for module in modules:
        with urllib.request.urlopen(f"{server.base}/static/game/{module.name}") as response:
            assert response.status == 200
            assert "javascript" in response.headers["Content-Type"]
            assert response.read().decode() == module.read_text()
