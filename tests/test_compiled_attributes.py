"""Subclasses of compiled classes set no attribute of the base at class level.

With the mypyc build, the attributes of a compiled class (``_Context`` of the greedy bot,
``DeliveryHook``) are slots of each instance: a class attribute of the same name in an
interpreted subclass is seen by Python code but not by compiled methods, so the two builds
would play differently (the solo and Through Time greedy tuning did). Such a value is set
in ``__init__`` or returned by a method (``_Context.tuning``) instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "railways"
# The compiled classes that interpreted code may subclass (mypyc_attr(allow_interpreted_...)).
BASES = {"_Context": SRC / "bots" / "greedy.py", "DeliveryHook": SRC / "core" / "delivery.py"}


def _attributes(path: Path, name: str) -> set[str]:
    """The instance attributes class ``name`` of ``path`` declares or sets on ``self``."""
    tree = ast.parse(path.read_text())
    cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name)
    found: set[str] = set()
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
        elif isinstance(node, ast.Assign):
            found.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                found.add(node.attr)
    return found


def _class_level_names(cls: ast.ClassDef) -> set[str]:
    names: set[str] = set()
    for node in cls.body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.value is not None:
                names.add(node.target.id)
    return names


def _subclasses(base: str) -> list[tuple[Path, ast.ClassDef]]:
    """Classes anywhere under src that name ``base`` among their bases (directly)."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(
                (isinstance(b, ast.Name) and b.id == base)
                or (isinstance(b, ast.Attribute) and b.attr == base)
                for b in node.bases
            ):
                out.append((path, node))
    return out


@pytest.mark.parametrize("base", sorted(BASES))
def test_no_subclass_sets_a_base_attribute_at_class_level(base: str) -> None:
    attributes = _attributes(BASES[base], base)
    assert attributes, f"no attributes found on {base}: the scan is broken"
    subclasses = _subclasses(base)
    assert subclasses, f"no subclass of {base} found: the scan is broken"
    for path, cls in subclasses:
        clash = _class_level_names(cls) & attributes
        assert not clash, (
            f"{path.relative_to(SRC)}: {cls.name} sets {sorted(clash)} at class level; "
            f"compiled {base} would not see it (set it in __init__ or a method)"
        )


def test_the_scan_finds_a_planted_clash() -> None:
    planted = ast.parse("class Tuned(_Context):\n    interest = 0.1\n").body[0]
    assert isinstance(planted, ast.ClassDef)
    assert "interest" in _class_level_names(planted) & _attributes(BASES["_Context"], "_Context")
