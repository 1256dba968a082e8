"""Railways of the World, a faithful digital edition."""

from railways import _build

__version__ = "0.1.0"

_build.setup()  # the optional mypyc build: RAILWAYS_PURE_PYTHON=1, stale modules (_build.py)
