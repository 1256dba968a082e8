"""SplitMix64's ``below`` in C (``railways.core._splitmix64``) draws exactly the Python stream.

Three ways to draw the same stream are compared, in one process: ``Rng.below`` (the C
helper where the build has it), rng.py's Python ``below`` called on an ``Rng`` (its inlined
SplitMix64 step), and a subclass of ``Rng``, which the helper hands to the Python ``below``
and that draws through the Python ``next64``. Without the helper (``RAILWAYS_PURE_PYTHON=1``)
the first is the second, and the comparison still checks the second against the third.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

from railways import _build
from railways.core import rng as rng_module
from railways.core.rng import KeyedRng, Rng
from railways.rl.chance import ScriptedRng
from railways.rules import new_game
from railways.sim.checks import canonical

PYTHON_BELOW: Callable[[Rng, int], int] = rng_module._PYTHON_BELOW

# Bounds from 1 to 2**64 - 1: small ones, powers of two, and big ones where a draw is
# rejected often (2**63 + 1: nearly half of all outputs; 3 * 2**62: a quarter).
BOUNDS = (
    *range(1, 40),
    100,
    1000,
    2**31 - 1,
    2**31,
    2**32 - 1,
    2**32,
    2**32 + 1,
    2**40 + 7,
    2**53 + 1,
    2**63 - 1,
    2**63,
    2**63 + 1,
    3 * 2**62,
    2**64 - 3,
    2**64 - 1,
)
SEEDS = (0, 1, 2, 7, 42, 2**31 - 1, 2**32, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15, 123456789)


class SteppedRng(Rng):
    """SplitMix64 through the Python ``next64``: the helper does not draw for a subclass."""

    __slots__ = ()


def _draws(make: Callable[[int], Rng], seed: int, below: Callable[[Rng, int], int]) -> list[int]:
    rng = make(seed)
    out = [below(rng, n) for n in BOUNDS for _ in range(3)]
    return [*out, rng.state, rng.draws]


def _native_below(rng: Rng, n: int) -> int:
    return rng.below(n)


@pytest.mark.parametrize("seed", SEEDS)
def test_below_draws_the_same_stream_three_ways(seed: int) -> None:
    native = _draws(Rng, seed, _native_below)
    assert native == _draws(Rng, seed, PYTHON_BELOW)
    assert native == _draws(SteppedRng, seed, _native_below)


def test_rejections_happen_and_count_as_draws() -> None:
    # 2**63 + 1: an output is kept only under 2**63 + 1, so about half are drawn again
    rng, twin = Rng(5), SteppedRng(5)
    values = [rng.below(2**63 + 1) for _ in range(200)]
    assert values == [twin.below(2**63 + 1) for _ in range(200)]
    assert rng.draws == twin.draws > 250 and rng.state == twin.state


def test_many_seeds_and_states_after() -> None:
    for seed in range(300):
        rng, twin = Rng(seed * 0x2545F4914F6CDD1D), SteppedRng(seed * 0x2545F4914F6CDD1D)
        for n in (2, 3, 6, 53, 80, 2**33 + 5, 2**63 + 1):
            assert rng.below(n) == twin.below(n)
        assert (rng.state, rng.draws) == (twin.state, twin.draws)


def test_shuffle_choice_copy_and_next64_follow_the_stream() -> None:
    for seed in SEEDS:
        rng, twin = Rng(seed), SteppedRng(seed)
        items, same = list(range(60)), list(range(60))
        rng.shuffle(items)
        twin.shuffle(same)
        assert items == same
        assert rng.choice("abcdefg") == twin.choice("abcdefg")
        copied = rng.copy()
        assert type(copied) is Rng and (copied.state, copied.draws) == (rng.state, rng.draws)
        assert [copied.below(1000) for _ in range(20)] == [twin.below(1000) for _ in range(20)]
        assert rng.next64() == SteppedRng(rng.state - 0x9E3779B97F4A7C15).next64()


def test_odd_states_and_bounds_are_the_python_ones() -> None:
    # a state set by hand outside 64 bits, or negative, steps modulo 2**64 as in Python
    for state in (-1, -(2**70) + 3, 2**64, 2**70 + 11):
        rng, twin = Rng(0), SteppedRng(0)
        rng.state = twin.state = state
        assert [rng.below(97) for _ in range(5)] == [twin.below(97) for _ in range(5)]
        assert (rng.state, rng.draws) == (twin.state, twin.draws)
    rng = Rng(3)
    rng.draws = 2**70  # past a C long long: the Python below counts on
    assert rng.below(10) == SteppedRng(3).below(10) and rng.draws == 2**70 + 1
    assert Rng(9).below(2**64) == SteppedRng(9).below(2**64)  # every output kept
    assert Rng(9).below(True) == 0
    for bad in (0, -1, -(2**80)):
        with pytest.raises(ValueError):
            Rng(1).below(bad)
    assert Rng(1).below(2.5) == SteppedRng(1).below(2.5)  # type: ignore[arg-type]


def test_pickles_copies_and_the_canonical_state_are_unchanged() -> None:
    rng = Rng(77)
    rng.below(10)
    for again in (pickle.loads(pickle.dumps(rng)), copy.deepcopy(rng), copy.copy(rng)):
        assert type(again) is Rng and (again.state, again.draws) == (rng.state, rng.draws)
        assert again.below(1000) == rng.copy().below(1000)
    assert Rng.__slots__ == ("draws", "state")
    assert canonical(rng) == {"__type__": "Rng", "draws": 1, "state": rng.state}
    game = new_game("eastern-us", 3, 11)
    twin = pickle.loads(pickle.dumps(game.state))
    assert twin.rng.below(50) == game.state.rng.below(50)


def test_the_other_generators_draw_in_python() -> None:
    keyed = KeyedRng(2**100 + 5)
    assert isinstance(keyed, Rng) and type(keyed).below is PYTHON_BELOW
    assert keyed.below(6) == KeyedRng(2**100 + 5).copy().below(6) and keyed.draws == 1
    scripted = ScriptedRng([4, 1])
    assert isinstance(scripted, Rng) and [scripted.below(5), scripted.below(2)] == [4, 1]


def test_the_helper_is_used_where_the_compiled_build_is() -> None:
    if _build.pure_python_requested():
        assert rng_module._native is None and "below" in vars(Rng)
        return
    if not _build.compiled_files() or _build.unusable_build() is not None:
        pytest.skip("no usable compiled build in this tree (`make mypyc` builds it)")
    assert rng_module._native is not None and "below" not in vars(Rng)
    assert type(Rng.below).__name__ == "method_descriptor"  # the C one
