"""The engine offers the same actions, in the same order, as the recorded fingerprints.

Each case of ``legal_digest.CASES`` (every board with random, greedy and sampled play, modules,
solo games) is played again and its digest compared with ``tests/fixtures/legal_digests.json``,
written from the engine before the speed work (``tools/legal_digests.py --write``). A speed-up
that changes one option, its order, its cost or a sampled draw anywhere fails here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .legal_digest import CASES, Case, digest

KNOWN = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "legal_digests.json").read_text()
)


def test_every_case_has_a_recorded_digest() -> None:
    assert sorted(KNOWN) == sorted(c.name for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_offers_are_unchanged(case: Case) -> None:
    assert digest(case) == KNOWN[case.name], (
        f"{case.name}: legal actions or their order differ from the recorded engine"
    )
