"""docs/reference.md, the API reference that mkdocstrings builds from the docstrings
(mkdocs.yml, `make docs`), documents what a user imports, each name with a docstring.

The page holds mkdocstrings' `::: name` blocks; `make docs` (part of `make test`) builds it
strictly, so a name that does not exist fails there. These tests read the same sources with
griffe, mkdocstrings' own reader, and check what the build cannot: that each name is
importable from where the page says, and that each has a docstring.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import griffe

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs/reference.md"

BLOCK = re.compile(r"^::: (\S+)\n((?:    .*\n)*)", re.M)
MEMBER = re.compile(r"^        - (\S+)$", re.M)


def blocks() -> list[tuple[str, list[str] | None]]:
    """Each `::: name` of the page with the members it lists: [] for none (`members:
    false`), None for mkdocstrings' default (every public one)."""
    out: list[tuple[str, list[str] | None]] = []
    for match in BLOCK.finditer(PAGE.read_text()):
        name, options = match.groups()
        if "members: false" in options:
            out.append((name, []))
        elif "members:" in options:
            out.append((name, MEMBER.findall(options)))
        else:
            out.append((name, None))
    return out


def _extension_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "griffe_docstrings", ROOT / "tools/griffe_docstrings.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("griffe_docstrings", module)
    spec.loader.exec_module(module)
    return module


def _package() -> griffe.Module:
    """The sources as mkdocstrings reads them (mkdocs.yml: statically, with our extension)."""
    extension = _extension_module().ProjectDocstrings()
    loader = griffe.GriffeLoader(
        search_paths=[str(ROOT / "src")],
        allow_inspection=False,
        extensions=griffe.load_extensions(extension),
    )
    package = loader.load("railways")
    assert isinstance(package, griffe.Module)
    return package


def _target(package: griffe.Module, path: str) -> griffe.Object:
    found = package[path.removeprefix("railways.")]
    if isinstance(found, griffe.Alias):  # a name a module re-exports
        found = found.final_target
    assert isinstance(found, griffe.Object), path
    return found


def _callables(obj: griffe.Object) -> list[str]:
    """The public functions and classes defined in ``obj`` (not re-exported), in order."""
    return [
        name
        for name, member in obj.members.items()
        if not name.startswith("_")
        and not member.is_alias
        and (member.is_function or member.is_class)
    ]


def documented() -> dict[str, griffe.Object]:
    """Every name the page documents (by the dotted path a user imports it by) with what
    griffe read for it: each block's object and its listed (or public) members, and for a
    whole module each public class's methods too."""
    package = _package()
    out: dict[str, griffe.Object] = {}
    for name, members in blocks():
        obj = _target(package, name)
        out[name] = obj
        chosen = _callables(obj) if members is None else members
        for member in chosen:
            child = _target(package, f"{name}.{member}")
            out[f"{name}.{member}"] = child
            if members is None and child.is_class and obj.is_module:
                for method in _callables(child):
                    out[f"{name}.{member}.{method}"] = _target(package, f"{name}.{member}.{method}")
    return out


def test_the_page_documents_each_section_of_the_library() -> None:
    names = [name for name, _ in blocks()]
    for module in ("railways.rules", "railways.core.game", "railways.core.legal", "railways.bots"):
        assert module in names
    assert "railways.core.game.Game" in names


def test_every_documented_name_has_a_docstring() -> None:
    missing = [
        name
        for name, obj in documented().items()
        if not (obj.is_attribute or (obj.docstring and obj.docstring.value.strip()))
    ]
    assert missing == [], "public names need a docstring"


def test_every_documented_name_is_importable_where_the_page_says() -> None:
    absent = []
    for name, obj in documented().items():
        if obj.is_attribute and obj.parent is not None and obj.parent.is_class:
            name = name.rsplit(".", 1)[0]  # an instance's field: its class must be there
        parts = name.split(".")
        for split in range(len(parts), 0, -1):  # the longest importable module, then getattr
            try:
                obj: object = importlib.import_module(".".join(parts[:split]))
            except ImportError:
                continue
            for attribute in parts[split:]:
                if not hasattr(obj, attribute):
                    absent.append(name)
                    break
                obj = getattr(obj, attribute)
            break
    assert absent == []


def test_the_extension_turns_roles_and_comments_into_markdown() -> None:
    extension = _extension_module()
    assert extension.as_markdown("see :func:`next_hexes` and ``x``") == "see `next_hexes` and `x`"
    assert extension.as_markdown(":class:`~railways.core.game.Game`") == "`railways.core.game.Game`"
    assert extension.trailing_comment("    rng: str = DEFAULT_RNG  # the generator") == (
        "the generator"
    )
    assert extension.trailing_comment('    mark = "#"  # a hash sign') == "a hash sign"
    assert extension.trailing_comment('    mark = "# not a comment"') is None


def test_an_attribute_is_described_by_its_trailing_comment() -> None:
    options = _target(_package(), "railways.core.game.Options")
    rng = options.members["rng"]
    assert rng.docstring is not None
    assert rng.docstring.value == "the random generator (railways.core.rng); not a rule"


def test_the_guides_point_to_it() -> None:
    for doc in ("README.md", "docs/library.md", "docs/developing.md"):
        assert "docs/reference.md" in (ROOT / doc).read_text(), doc
