"""Which build of the engine is running: pure Python, or with modules compiled by mypyc.

The compiled build is optional (``make mypyc``; docs/performance.md, "mypyc"): it puts an
extension module next to each compiled source file, and Python then imports the
extension instead of the source. Two things follow, handled here at ``import railways``:

- ``RAILWAYS_PURE_PYTHON=1`` ignores the extension modules, so the pure-Python engine can
  be run (and compared with the compiled one) from the same tree;
- an extension module older than its source would silently run old code, so that is
  warned about (``make mypyc`` again, or ``make mypyc-clean``).
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
PURE_ENV = "RAILWAYS_PURE_PYTHON"


class _SourceOnly:
    """A meta path finder that loads ``railways`` modules from their source files only."""

    @classmethod
    def find_spec(
        cls, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith("railways.") or not path:
            return None
        for folder in path:
            finder = importlib.machinery.FileFinder(
                folder,
                (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
            )
            spec = finder.find_spec(name)
            if spec is not None:
                return spec
        return None


def pure_python_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def compiled_files(package: Path = PACKAGE) -> list[Path]:
    """The extension modules of the mypyc build found in the package (none when pure)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        p for p in package.rglob("*.so") if p.name.endswith(suffixes) and "__mypyc" not in p.name
    )


def compiled_modules() -> list[str]:
    """The ``railways`` modules loaded right now from compiled extension files."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("railways.")
        and str(getattr(module, "__file__", "") or "").endswith(
            tuple(importlib.machinery.EXTENSION_SUFFIXES)
        )
    )


def stale_files(package: Path = PACKAGE) -> list[Path]:
    """Compiled modules whose source changed after they were built.

    The compiled code of every module is in one shared library next to the package
    (``railways_core__mypyc.*.so``); each module's own extension file is a small stub that
    loads it, and a rebuild after a change rewrites the library but leaves the stubs alone
    (their C code is the same). So a source counts as built when it is older than the newer
    of its stub and that library.
    """
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    shared = [
        p.stat().st_mtime for p in package.parent.glob("*__mypyc*") if p.name.endswith(suffixes)
    ]
    built_at = max(shared, default=0.0)
    out: list[Path] = []
    for ext in compiled_files(package):
        source = ext.with_name(ext.name.split(".", 1)[0] + ".py")
        if source.exists() and source.stat().st_mtime > max(ext.stat().st_mtime, built_at):
            out.append(ext)
    return out


def setup() -> None:
    """Run once by ``import railways``."""
    if pure_python_requested():
        if _SourceOnly not in sys.meta_path:
            sys.meta_path.insert(0, _SourceOnly)
        return
    if not any(PACKAGE.joinpath("core").glob("*.so")):
        return  # the usual case: no compiled build here
    stale = stale_files()
    if stale:
        names = ", ".join(p.name.split(".", 1)[0] for p in stale)
        warnings.warn(
            f"the mypyc build of {names} is older than the source and runs old code: "
            f"run `make mypyc` again, `make mypyc-clean`, or set {PURE_ENV}=1",
            RuntimeWarning,
            stacklevel=2,
        )
