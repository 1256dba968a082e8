"""Seeded random number generators that live inside the game state.

The rules never touch Python's global ``random`` nor the operating system's
randomness: every draw goes through one of these, whose whole state is the seed
and a count of draws, so a game can be saved, copied and replayed bit for bit on
any machine. Which generator a game uses is part of its options (``rng``):

- ``"splitmix64"``: SplitMix64. Fast, but each output gives its state away and the
  games it seeded used 31-bit seeds, so the public setup pins the seed down. Kept
  only so that older records replay exactly; a record without ``rng`` means it.
- ``"blake2b-ctr"``: BLAKE2b keyed with the seed (up to 256 bits) over a counter.
  Without the key, outputs tell nothing about the seed or about other outputs, so
  a spectator cannot predict hidden draws. New games use it with a 128-bit seed.

The seed itself is chosen outside the core (the server and the CLI use
``secrets``) and handed in.

SplitMix64's ``below`` runs in C where the build has the native helper
(``railways.core._splitmix64``, built by setup.py with the mypyc modules): ``Rng`` derives
from its empty base class, whose ``below`` draws the same stream; ``RAILWAYS_PURE_PYTHON=1``
or a tree without the helper gets the Python ``below`` below (``railways._build``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, TypeVar

from railways import _build

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SMALL = 1 << 32
_SURE = (1 << 64) - _SMALL  # under every rejection limit of a bound up to _SMALL

SPLITMIX64 = "splitmix64"
BLAKE2B_CTR = "blake2b-ctr"
RNG_KINDS = (SPLITMIX64, BLAKE2B_CTR)
DEFAULT_RNG = SPLITMIX64  # what a record without an rng id was made with
SECURE_RNG = BLAKE2B_CTR  # what new games use
SEED_BITS = 128  # the size of the seeds the server and the CLI draw
MAX_SEED = 1 << 256  # seeds are below this: a BLAKE2b key is at most 64 bytes; 32 are plenty
JSON_SAFE = 1 << 53  # integers a JavaScript client reads exactly; bigger seeds travel as hex
_HEX = re.compile(r"0x[0-9a-fA-F]{1,64}")

_native = _build.native_helper("railways.core._splitmix64")
if TYPE_CHECKING:
    _Base = object
else:
    _Base = object if _native is None else _native.SplitMix64Base


class Rng(_Base):
    """SplitMix64 (``"splitmix64"``). Subclasses change only ``next64`` and ``copy``."""

    __slots__ = ("draws", "state")
    kind = SPLITMIX64

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.state = seed & _MASK
        self.draws = draws

    def copy(self) -> Rng:
        return Rng(self.state, self.draws)

    def next64(self) -> int:
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        plain = type(self) is Rng  # SplitMix64 itself: its step inlined (every draw is one)
        while True:
            if plain:
                self.draws += 1
                z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
            else:
                x = self.next64()
            # Kept when under the limit (1 << 64) - (1 << 64) % n; below _SURE it is, for
            # every n up to 2**32, without working the limit out.
            if (x < _SURE and n <= _SMALL) or x < (1 << 64) - ((1 << 64) % n):
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


_PYTHON_BELOW = Rng.below
if _native is not None:
    # The base's below answers: in C for an Rng, through _PYTHON_BELOW for anything else.
    delattr(Rng, "below")
    _native.register(Rng, _PYTHON_BELOW)


class KeyedRng(Rng):
    """BLAKE2b in counter mode (``"blake2b-ctr"``): output ``i`` is the first 8 bytes of
    BLAKE2b(key = the seed as 32 big-endian bytes, message = ``i`` as 8 big-endian bytes),
    read big-endian. ``state`` holds the seed; ``draws`` is the counter."""

    __slots__ = ("_key",)
    kind = BLAKE2B_CTR
    below = _PYTHON_BELOW  # its own next64, with no detour through the C base

    def __init__(self, seed: int, draws: int = 0) -> None:
        if not 0 <= seed < MAX_SEED:
            raise ValueError("a blake2b-ctr seed is a whole number from 0 to 2**256 - 1")
        self.state = seed
        self.draws = draws
        self._key = seed.to_bytes(32, "big")

    def copy(self) -> Rng:
        return KeyedRng(self.state, self.draws)

    def next64(self) -> int:
        counter = self.draws.to_bytes(8, "big")
        self.draws += 1
        out = hashlib.blake2b(counter, key=self._key, digest_size=8).digest()
        return int.from_bytes(out, "big")


def make_rng(kind: str, seed: int) -> Rng:
    """The generator ``kind`` (one of ``RNG_KINDS``) seeded with ``seed``."""
    if kind == SPLITMIX64:
        return Rng(seed)
    if kind == BLAKE2B_CTR:
        return KeyedRng(seed)
    raise ValueError(f"unknown random generator {kind!r} (known: {', '.join(RNG_KINDS)})")


def parse_seed(value: object) -> int:
    """A seed as JSON carries it: a whole number, or a string of hex digits after ``0x``."""
    if isinstance(value, int) and not isinstance(value, bool):
        seed = value
    elif isinstance(value, str) and _HEX.fullmatch(value.strip()):
        seed = int(value.strip(), 16)
    else:
        raise ValueError('expected a whole number or a hex string such as "0x1f..."')
    if not 0 <= seed < MAX_SEED:
        raise ValueError("expected a seed from 0 to 2**256 - 1")
    return seed


def seed_to_json(seed: int) -> int | str:
    """``seed`` for JSON: a number while a JavaScript client reads it exactly, else hex."""
    if -JSON_SAFE < seed < JSON_SAFE:
        return seed
    return f"0x{seed:x}"
