"""The layering of ARCHITECTURE.md: imports only ever point down the stack."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "railways"

# Lower numbers sit lower in the stack; a module may import its own layer or lower ones.
LAYERS: dict[str, int] = {
    "core": 0,
    "content": 1,
    "rules": 2,
    "bots": 3,
    "sim": 3,
    "store": 3,
    "render": 3,
    "server": 4,
    "cli": 4,
    "bench": 4,
    "rl": 4,
    "web": 5,
}


def _layer_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "railways":
        return parts[1]
    return None


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def _modules() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py"))


def test_every_package_has_a_layer() -> None:
    packages = {
        p.relative_to(SRC).parts[0] for p in _modules() if len(p.relative_to(SRC).parts) > 1
    }
    assert packages, "no packages found under src/railways"
    assert packages <= set(LAYERS), f"packages without a layer: {packages - set(LAYERS)}"


# A board's folder holds what the bots know of it (``Plugin.bot_pieces`` names these modules
# by string; the bots import them): bot-layer code that lives with its board.
BOT_PIECES = "greedy.py"


def _file_layer(rel: tuple[str, ...]) -> str:
    if rel[:2] == ("rules", "boards") and rel[-1] == BOT_PIECES:
        return "bots"
    return rel[0]


def _module_layer(name: str) -> str | None:
    parts = name.split(".")
    if parts[:3] == ["railways", "rules", "boards"] and parts[-1] == BOT_PIECES[:-3]:
        return "bots"
    return _layer_of(name)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_down(path: Path) -> None:
    rel = path.relative_to(SRC).parts
    if len(rel) == 1:
        return  # railways/__init__.py and friends carry no layer
    mine = _file_layer(rel)
    own = LAYERS[mine]
    for name in _imports(path):
        layer = _module_layer(name)
        if layer is None or layer not in LAYERS:
            continue
        assert LAYERS[layer] <= own, f"{'/'.join(rel)} (layer {mine}) imports {name}"


def test_a_rules_module_importing_a_board_bot_piece_is_caught() -> None:
    """The exception for bot pieces in a board's folder goes one way only."""
    assert _file_layer(("rules", "boards", "australia", "greedy.py")) == "bots"
    assert _module_layer("railways.rules.boards.australia.greedy") == "bots"
    assert (
        LAYERS[_module_layer("railways.rules.boards.australia.greedy") or ""]
        > LAYERS[_file_layer(("rules", "boards", "australia", "plugin.py"))]
    )


def test_core_is_pure() -> None:
    """The rules kernel touches no files, network, clock or global random."""
    banned = {"random", "time", "datetime", "os", "pathlib", "socket", "io", "sys", "tomllib"}
    for path in (SRC / "core").rglob("*.py"):
        for name in _imports(path):
            assert name.split(".")[0] not in banned, f"{path.name} imports {name}"
