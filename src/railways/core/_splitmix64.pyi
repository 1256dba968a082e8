"""The native helper of railways.core.rng (_splitmix64.c)."""

from collections.abc import Callable
from typing import Any

class SplitMix64Base:
    def below(self, n: int) -> int: ...

def register(cls: type[SplitMix64Base], below: Callable[[Any, int], int]) -> None: ...
