"""The compiled build of the engine's hot core with mypyc (docs/performance.md).

Everything else is in pyproject.toml; this file adds the compiled modules. They are built
by default, at install time: ``pip install .``, ``pip install -e .`` (the extension files
then land next to the sources in ``src/``, where the editable install imports them from),
``make play`` / ``make test`` (``make mypyc`` alone rebuilds them in place, ``make
mypyc-clean`` removes them).

``RAILWAYS_MYPYC`` chooses:

- unset, empty or ``auto``: build them; if that fails (no C compiler, no Python headers,
  no mypyc, or a module that mypyc refuses), say so loudly on stderr and install the
  pure-Python package, which works the same, only slower;
- ``0``: do not build them (pure Python);
- ``1``: build them, and let the install fail if they cannot be built (CI, ``make mypyc``).

``RAILWAYS_MYPYC_MODULES=a.py,b.py`` builds other modules than the list below (trials).
``python setup.py --mypyc-sources`` prints the list (the Makefile rebuilds when one of
them changed). At run time ``RAILWAYS_PURE_PYTHON=1`` ignores a build that is present
(``railways._build``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The strictly typed modules where playouts spend their time (benchmarks/profile_playout.py),
# the one list of what is compiled. They import the rest of the engine as ordinary Python
# modules. Left out (measured and tried, docs/performance.md, "Compiled with mypyc"):
# - game.py compiles, but a compiled Game cannot be made without __init__: Game.copy
#   (Game.__new__) and copy.copy(game) (rl/openspiel_game.py, the bench's deep-copy
#   figure, tests) fail, and a test that patches Game.check cannot patch a compiled class.
#   With copy reworked it made the sampled playout about 1.15x faster again.
# - rng.py: the state checks and deep copies read its __slots__, which a compiled class
#   does not show.
# - actions.py and core_kinds.py do not compile: @register makes the action classes
#   non-extension classes, which may not derive from a compiled Action, and the kinds'
#   `info` attributes do not match ActionKind's declared type.
MYPYC_MODULES = [
    "src/railways/core/hexgrid.py",
    "src/railways/core/board.py",
    "src/railways/core/state.py",
    "src/railways/core/track.py",
    "src/railways/core/delivery.py",
    "src/railways/core/legal.py",
    "src/railways/core/routes.py",
    "src/railways/core/route_fit.py",
    "src/railways/core/build_option.py",
    "src/railways/core/build_slots.py",
    "src/railways/core/build_listing.py",
    "src/railways/core/game.py",
    # The greedy bot's values: the mcts bot's playout policy, most of a search's time.
    "src/railways/bots/greedy.py",
    # The search bot: its playouts (best_delivery's bounded walks) are its own code.
    "src/railways/bots/mcts.py",
    # The Railbot's cheapest paths: half of a solo step before they ran on integers.
    "src/railways/rules/solo/paths.py",
    # The research step's walks over build options, tiles and seats (no numpy in it).
    "src/railways/rl/step_loops.py",
]
# Native helpers in C, built with the compiled modules (all or nothing) and used by the
# module named (railways._build.native_helper): SplitMix64's draws for core/rng.py, which
# mypyc could not speed up (its 64-bit arithmetic stays on Python ints).
NATIVE_HELPERS = {"railways.core._splitmix64": "src/railways/core/_splitmix64.c"}
GROUP = "railways_core"  # one shared library, src/railways_core__mypyc.*.so
MODE_ENV = "RAILWAYS_MYPYC"
HERE = Path(__file__).resolve().parent

if sys.argv[1:] == ["--mypyc-sources"]:  # before setuptools: any python3 can answer this
    print(" ".join(MYPYC_MODULES))
    sys.exit(0)

from setuptools import Extension, setup  # noqa: E402
from setuptools.command.build_ext import build_ext  # noqa: E402
from setuptools.errors import BaseError, CCompilerError  # noqa: E402


def _mode() -> str:
    mode = os.environ.get(MODE_ENV, "").strip().lower()
    if mode in ("", "auto"):
        return "auto"
    if mode in ("0", "1"):
        return mode
    sys.exit(f"error: {MODE_ENV} must be 0, 1 or auto (unset), not {mode!r}")


def _paths() -> list[str]:
    wanted = os.environ.get("RAILWAYS_MYPYC_MODULES")
    return wanted.split(",") if wanted else MYPYC_MODULES


def _say_pure(why: str) -> None:
    line = "=" * 78
    sys.stderr.write(
        f"\n{line}\nrailways: the compiled (mypyc) engine was NOT built: {why}\n"
        "railways: installing the pure-Python engine instead; it plays the same games, "
        "only slower.\n"
        "railways: the build needs a C compiler and Python's headers (Debian: apt-get "
        "install build-essential python3-dev) and mypy (a build requirement);\n"
        f"railways: {MODE_ENV}=1 makes this an error, {MODE_ENV}=0 skips the build.\n"
        f"{line}\n\n"
    )
    sys.stderr.flush()


def _remove_inplace_build() -> None:
    """Delete the extension files of an earlier in-place build: after a failed build they
    would be older than the sources (``railways._build`` ignores such a build anyway)."""
    suffixes = (".so", ".pyd")
    stems = [Path(p) for p in _paths()] + [HERE / "src" / f"{GROUP}__mypyc.py"]
    stems += [Path(source) for source in NATIVE_HELPERS.values()]
    for stem in stems:
        source = stem if stem.is_absolute() else HERE / stem
        for built in source.parent.glob(source.stem + ".*"):
            if built.name.endswith(suffixes):
                built.unlink()


def _mypyc_extensions() -> list[Extension]:
    """Run mypyc over the modules: it type-checks them and writes their C code (build/)."""
    from mypyc.build import mypycify

    args = ["--config-file", str(HERE / "pyproject.toml"), *_paths()]
    return list(mypycify(args, opt_level="3", group_name=GROUP)) + _native_extensions()


def _native_extensions() -> list[Extension]:
    """The native helpers whose C source is in this tree (a trial tree may have none)."""
    return [
        Extension(name, sources=[source], extra_compile_args=["-O2"])
        for name, source in NATIVE_HELPERS.items()
        if (HERE / source).exists()
    ]


class BuildExt(build_ext):
    """``build_ext`` that runs mypyc only when it really builds (not for the metadata
    steps of an install), and falls back to pure Python unless ``RAILWAYS_MYPYC=1``."""

    def _mypyc_now(self) -> None:
        # Not in finalize_options: the metadata steps (egg_info) finalize this command too.
        if self.extensions != [_PLACEHOLDER]:
            return
        self.extensions = self.distribution.ext_modules = self._generate()
        self.check_extensions_list(self.extensions)
        for ext in self.extensions:  # what finalize_options did for the placeholder
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = ext
            ext._links_to_dynamic = ext._needs_stub = False  # no setuptools Library here
            ext._file_name = self.get_ext_filename(ext._full_name)

    def _generate(self) -> list[Extension]:
        if _mode() == "1":
            return _mypyc_extensions()
        try:
            return _mypyc_extensions()
        except ImportError as error:
            _say_pure(f"mypyc could not be imported ({error})")
        except SystemExit as error:  # mypyc exits on type errors, after printing them
            _say_pure(f"mypyc stopped ({error.code}); its messages are above")
        except Exception as error:  # any other failure falls back to pure Python too
            _say_pure(f"mypyc failed: {error!r}")
        _remove_inplace_build()
        return []

    def run(self) -> None:
        self._mypyc_now()
        if not self.extensions or _mode() == "1":
            self._build()
            return
        inplace = self.inplace
        try:
            self._build()
        except (CCompilerError, BaseError, OSError) as error:
            self.inplace = inplace  # build_ext.run had cleared it and not set it back
            _say_pure(f"compiling its C code failed: {error}")
            for ext in self.extensions:  # all or nothing: a stub without its library
                built = Path(self.get_ext_fullpath(ext.name))  # cannot be imported
                if built.exists():
                    built.unlink()
            self.extensions = []
            _remove_inplace_build()

    def _build(self) -> None:
        super().run()
        if self.inplace:
            # An unchanged module's C code is not compiled again, and the copy keeps the
            # old file's time; but mypyc has just checked the sources as they are now, so
            # the build is as new as they are (railways._build warns about older builds).
            for ext in self.extensions:
                os.utime(self.get_ext_fullpath(ext.name))


# Stands for the compiled modules until build_ext runs mypyc; it also makes the wheel
# platform-specific. Without it (RAILWAYS_MYPYC=0) the package is pure Python.
_PLACEHOLDER = Extension(f"{GROUP}__mypyc", sources=[])

setup(
    ext_modules=[] if _mode() == "0" else [_PLACEHOLDER],
    cmdclass={"build_ext": BuildExt},
)
