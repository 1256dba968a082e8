"""The cities' colours with a stamp that every change renews (``GameState.city_colors``).

Work derived from the colours (the gray cities Urbanize may name, the colours a delivery
walk reads as bits) is kept under the stamp instead of a copy of the colours compared city
by city at every listing. The stamp moves on every change however it is made (Urbanize,
the Railbot, plug-ins and tests write ``state.city_colors[city]`` directly), so no writer
has to remember it. Stamps come from one counter for the whole process: two colour maps
with the same stamp have the same contents (a copy keeps its original's stamp until either
changes), so kept work stays right across copies of a game.

Not compiled on purpose: a compiled module cannot subclass ``dict``, and compiled code
writes through ``__setitem__`` for any dict that is not exactly a ``dict``.
"""

from __future__ import annotations

import itertools
from typing import Any

from railways.core.board import Color

_STAMPS = itertools.count(1)
_new = dict.__new__
_fill = dict.update


def new_stamp() -> int:
    """A stamp no colour map of this process has had."""
    return next(_STAMPS)


class CityColors(dict[str, Color]):
    """A ``dict`` of city -> colour whose ``stamp`` changes with every change to it."""

    __slots__ = ("stamp",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stamp = new_stamp()

    def copy(self) -> CityColors:
        """A copy with the same contents and stamp (the stamp stands for the contents)."""
        twin = _new(CityColors)  # (no __init__: every game copy makes one)
        _fill(twin, self)
        twin.stamp = self.stamp
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and deepcopy remake it from its items: a fresh stamp, never one carried
        # over from another process's counter.
        return CityColors, (dict(self),)

    def __setitem__(self, key: str, value: Color) -> None:
        super().__setitem__(key, value)
        self.stamp = new_stamp()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self.stamp = new_stamp()

    def __ior__(self, other: Any) -> CityColors:  # type: ignore[override,misc]
        super().__ior__(other)
        self.stamp = new_stamp()
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self.stamp = new_stamp()

    def setdefault(self, key: str, default: Color) -> Color:
        self.stamp = new_stamp()
        return super().setdefault(key, default)

    def pop(self, key: str, *default: Any) -> Any:
        self.stamp = new_stamp()
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, Color]:
        self.stamp = new_stamp()
        return super().popitem()

    def clear(self) -> None:
        super().clear()
        self.stamp = new_stamp()
