"""Optional compiled build of the engine's hot core with mypyc (docs/performance.md).

Everything is in pyproject.toml; this file only adds the compiled modules, and only when
asked: ``RAILWAYS_MYPYC=1`` (``make mypyc`` builds them in place, ``make mypyc-clean``
removes them). Without it the package is pure Python, as always.
"""

from __future__ import annotations

import os

from setuptools import setup

# The strictly typed modules where playouts spend their time (benchmarks/profile_playout.py).
# They import the rest of the engine as ordinary Python modules. Left out (measured and
# tried, docs/performance.md, "Compiled with mypyc"):
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
    # The greedy bot's values: the mcts bot's playout policy, most of a search's time.
    "src/railways/bots/greedy.py",
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
