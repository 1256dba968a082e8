"""Arrays an environment hands out, written again once no one else holds them.

An environment's step hands out an observation (80 KB on Eastern U.S.) and an action mask
(89,472 bytes). Making each anew costs a zeroed or copied array of that size a step, more
than everything the step changes in them; writing into arrays kept by the environment
would change what an agent (a replay buffer, a test comparing two steps) still holds. So
an array handed out is kept, and written again only once nothing outside holds it: its
reference count is what the keeper's own list gives it (``held_elsewhere``). A view, a
memoryview, a dict or a tensor made from it without a copy holds a reference, so an array
read through any of them is never changed under its reader.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from railways.rl.encoding import LegalMap

MASKS_KEPT = 4  # masks an environment keeps for reuse (a step's, the last step's, ...)


def _references(entry: list[Any]) -> int:
    return sys.getrefcount(entry[0])


# What a kept array's count reads when only its entry (a list) holds it, counted the same
# way (the call's own reference included).
_ALONE = _references([np.empty(0)])


def held_elsewhere(entry: list[Any]) -> bool:
    """Whether anything but ``entry`` (a keeper's list: the array first) holds the array."""
    return _references(entry) > _ALONE


def legal_indices(legal: Mapping[int, object]) -> npt.NDArray[np.intp]:
    """The indices of a legal map (any mapping of index to action), as an array."""
    if isinstance(legal, LegalMap):
        return legal.indices()
    return np.fromiter(legal, dtype=np.intp, count=len(legal))


class MaskPool:
    """The action masks an environment hands out (int8, ``size`` long, 1 at each legal
    index), kept and written again by difference: a kept mask no one else holds has the
    indices it set last cleared and the new ones set, instead of 89,472 bytes zeroed."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: list[list[Any]] = []  # [mask, the indices it has set (or None)]

    def mask(self, legal: Mapping[int, object] | None) -> npt.NDArray[np.int8]:
        """A mask of ``legal``'s indices (None or empty: all zeros) that no one else holds."""
        indices = None if not legal else legal_indices(legal)
        for entry in self._kept:
            if not held_elsewhere(entry):
                mask: npt.NDArray[np.int8] = entry[0]
                if entry[1] is not None:
                    mask[entry[1]] = 0
                break
        else:
            mask = np.zeros(self.size, dtype=np.int8)
            entry = [mask, None]
            if len(self._kept) < MASKS_KEPT:
                self._kept.append(entry)
        if indices is not None:
            mask[indices] = 1
        entry[1] = indices
        return mask
