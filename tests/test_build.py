"""railways._build: finding the optional mypyc build's files and telling when they are stale.

The files are made up in a temporary folder shaped like the real layout: a stub extension
file next to each compiled module's source, and the shared library next to the package.
"""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path

from railways import _build

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _layout(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    package = tmp_path / "railways"
    (package / "core").mkdir(parents=True)
    source = package / "core" / "legal.py"
    stub = package / "core" / f"legal{SUFFIX}"
    shared = tmp_path / f"railways_core__mypyc{SUFFIX}"
    for path in (source, stub, shared):
        path.write_text("")
    return package, source, stub, shared


def _at(path: Path, when: float) -> None:
    os.utime(path, (when, when))


def test_the_stubs_are_the_compiled_files_and_the_shared_library_is_not(tmp_path: Path) -> None:
    package, _source, stub, _shared = _layout(tmp_path)
    (package / "core" / "plain.py").write_text("")
    assert _build.compiled_files(package) == [stub]


def test_a_source_newer_than_its_build_is_stale(tmp_path: Path) -> None:
    package, source, stub, shared = _layout(tmp_path)
    _at(stub, 1000)
    _at(shared, 1000)
    _at(source, 2000)
    assert _build.stale_files(package) == [stub]


def test_a_rebuild_that_rewrote_only_the_shared_library_is_not_stale(tmp_path: Path) -> None:
    # what `make mypyc` leaves after a change: the stub's C code did not change, so the stub
    # keeps its old time, and the code (in the shared library) is newer than the source
    package, source, stub, shared = _layout(tmp_path)
    _at(stub, 1000)
    _at(source, 2000)
    _at(shared, 3000)
    assert _build.stale_files(package) == []


def test_a_source_older_than_its_stub_is_not_stale(tmp_path: Path) -> None:
    package, source, stub, shared = _layout(tmp_path)
    shared.unlink()
    _at(source, 1000)
    _at(stub, 2000)
    assert _build.stale_files(package) == []
