"""Which build of the engine is running: compiled by mypyc, or pure Python.

An install compiles the engine's hot core with mypyc by default (setup.py; docs/
performance.md, "Compiled with mypyc"): it puts an extension module next to each compiled
source file (the per-module stubs) and one shared library next to the package, and Python
then imports the extension instead of the source. The pure-Python engine is the fallback
and plays the same games. Handled here at ``import railways``:

- ``RAILWAYS_PURE_PYTHON=1`` ignores the extension modules, so the pure-Python engine can
  be run (and compared with the compiled one) from the same tree;
- in a source checkout (an editable install, ``make``), an extension module older than its
  source would silently run old code, and stubs without their shared library cannot be
  imported: such a build is ignored, with a warning, and the engine runs pure Python
  (``make mypyc`` or ``pip install -e .`` builds it again, ``make mypyc-clean`` removes it).

Native helpers written in C (``NATIVE_HELPERS``: SplitMix64's draws) are built with the
compiled modules but are not mypyc modules: ``native_helper`` imports one for the module
that uses it, or answers None (pure Python) when ``RAILWAYS_PURE_PYTHON=1`` is set, when it
was not built, or when its C source is newer than the build in a checkout.

``railways._build.main()`` says which build ``import railways`` gets (``--require``: exit
1 unless it is the compiled one); the Makefile calls it after a build.
"""

from __future__ import annotations

import importlib
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
# C extension modules of our own (setup.py builds them from <name>.c next to the module's
# place): not mypyc modules, so not counted among the compiled ones.
NATIVE_HELPERS = ("railways.core._splitmix64",)
_HELPER_STEMS = frozenset(name.rsplit(".", 1)[1] for name in NATIVE_HELPERS)


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
        p
        for p in package.rglob("*.so")
        if p.name.endswith(suffixes)
        and "__mypyc" not in p.name
        and p.name.split(".", 1)[0] not in _HELPER_STEMS
    )


def compiled_modules() -> list[str]:
    """The ``railways`` modules loaded right now from compiled extension files."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("railways.")
        and name not in NATIVE_HELPERS
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


def shared_libraries(package: Path = PACKAGE) -> list[Path]:
    """The mypyc build's shared libraries, next to the package."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in package.parent.glob("*__mypyc*") if p.name.endswith(suffixes))


def in_checkout(package: Path = PACKAGE) -> bool:
    """Whether the package is a source checkout's ``src/railways`` (edited in place), not
    an installed copy, whose files' times are only the times they were unpacked."""
    return package.parent.name == "src" and (package.parent.parent / "setup.py").exists()


def unusable_build(package: Path = PACKAGE) -> str | None:
    """Why the extension modules present must not be imported, or None."""
    if not compiled_files(package):
        return None
    if not shared_libraries(package):
        return "its extension modules are here but not their shared library"
    if in_checkout(package):
        stale = stale_files(package)
        if stale:
            names = ", ".join(p.name.split(".", 1)[0] for p in stale)
            return f"it is older than the source of {names}"
    return None


def native_helper(name: str, package: Path = PACKAGE) -> ModuleType | None:
    """The native helper ``name`` (one of ``NATIVE_HELPERS``), or None for pure Python."""
    if pure_python_requested():
        return None
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    built = Path(str(getattr(module, "__file__", "") or ""))
    source = package.parent / (name.replace(".", "/") + ".c")
    if in_checkout(package) and source.exists() and built.exists():
        if source.stat().st_mtime > built.stat().st_mtime:
            warnings.warn(
                f"the native helper {name} is ignored, pure Python runs instead: it is "
                f"older than {source.name} (`make mypyc` builds it again)",
                RuntimeWarning,
                stacklevel=2,
            )
            return None
    return module


def ignore_build() -> None:
    """From now on, import ``railways`` modules from their sources only."""
    if _SourceOnly not in sys.meta_path:
        sys.meta_path.insert(0, _SourceOnly)


def setup() -> None:
    """Run once by ``import railways``."""
    if pure_python_requested():
        ignore_build()
        return
    why = unusable_build()
    if why is not None:
        ignore_build()
        warnings.warn(
            f"the mypyc build is ignored, the engine runs pure Python: {why} "
            f"(`make mypyc` or `pip install -e .` builds it again, `make mypyc-clean` "
            f"removes it; {PURE_ENV}=1 silences this)",
            RuntimeWarning,
            stacklevel=2,
        )


def describe() -> str:
    """One line: the build that ``import railways`` gives in this process."""
    importlib.import_module("railways.core.legal")  # a compiled module, if the build is used

    if pure_python_requested():
        return f"engine: pure Python ({PURE_ENV} is set)"
    why = unusable_build()
    if why is not None:
        return f"engine: pure Python (the mypyc build is ignored: {why})"
    if not compiled_files():
        return "engine: pure Python (no mypyc build installed)"
    return f"engine: compiled by mypyc ({len(compiled_files())} modules)"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    print(describe())
    if "--require" in args and "railways.core.legal" not in compiled_modules():
        print("error: the compiled engine is required here (--require)", file=sys.stderr)
        return 1
    return 0
