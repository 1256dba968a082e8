"""Optional compiled build of the engine's hot core with mypyc (docs/performance.md).

Everything is in pyproject.toml; this file only adds the compiled modules, and only when
asked: ``RAILWAYS_MYPYC=1`` (``make mypyc`` builds them in place, ``make mypyc-clean``
removes them). Without it the package is pure Python, as always.
"""

from __future__ import annotations

import os

from setuptools import setup

# The strictly typed modules where playouts spend their time (benchmarks/profile_playout.py).
# They import the rest of the engine as ordinary Python modules. Left out: game.py (its
# copy makes a Game with __new__, which a compiled class refuses) and rng.py (the state
# checks and deep copies read its __slots__, which a compiled class does not show).
MYPYC_MODULES = [
    "src/railways/core/hexgrid.py",
    "src/railways/core/board.py",
    "src/railways/core/state.py",
    "src/railways/core/track.py",
    "src/railways/core/delivery.py",
    "src/railways/core/legal.py",
]


def _ext_modules() -> list[object]:
    if os.environ.get("RAILWAYS_MYPYC", "") in ("", "0"):
        return []
    from mypyc.build import mypycify

    wanted = os.environ.get("RAILWAYS_MYPYC_MODULES")
    paths = wanted.split(",") if wanted else MYPYC_MODULES
    # One shared library, src/railways_core__mypyc.*.so, and a small module per source file.
    args = ["--config-file", "pyproject.toml", *paths]
    return list(mypycify(args, opt_level="3", group_name="railways_core"))


setup(ext_modules=_ext_modules())
