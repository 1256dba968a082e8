"""The Python examples in README.md and docs/ run as written.

Each file's ```python blocks run in order in one namespace (a page is read top to bottom, so
a later block may use what an earlier one made), in a fresh working folder. A traceback
points at the page and its line. Pages whose examples use names they leave to the reader
get them from PRELUDES, and only those.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# docs/reference.md holds mkdocstrings' blocks (`::: name`), not examples.
PAGES = sorted(
    p for p in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")] if p.name != "reference.md"
)
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.M | re.S)

# What a page's examples take as given. docs/rl.md's loop asks a `policy` for each move:
# here a masked random one, which is what its text says any policy may be.
PRELUDES: dict[str, str] = {
    "docs/rl.md": """
import numpy as _np

_rng = _np.random.default_rng(0)


def policy(observation, action_mask):
    return int(_rng.choice(_np.flatnonzero(action_mask)))
""",
}

# Modules of the optional extras ([rl] and OpenSpiel): without them a page's examples skip,
# except under RAILWAYS_REQUIRE_ALL (CI), where the dev extra has them all.
OPTIONAL = {"numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"}


def examples(page: Path) -> list[tuple[int, str]]:
    """(line of the block's first code line, its code) for each ```python block."""
    text = page.read_text()
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


WITH_EXAMPLES = [page for page in PAGES if examples(page)]


def test_the_pages_with_python_examples_are_found() -> None:
    found = {name(page) for page in WITH_EXAMPLES}
    assert {"docs/library.md", "docs/rl.md"} <= found
    assert set(PRELUDES) <= found


@pytest.mark.timeout(600)
@pytest.mark.parametrize("page", WITH_EXAMPLES, ids=name)
def test_the_python_examples_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # examples that save files save them here
    namespace: dict[str, object] = {"__name__": "__doc_example__"}
    exec(PRELUDES.get(name(page), ""), namespace)
    for line, code in examples(page):
        # Padded so that a traceback's line numbers are the page's own.
        compiled = compile("\n" * (line - 1) + code, name(page), "exec")
        try:
            exec(compiled, namespace)
        except ModuleNotFoundError as exc:
            if (exc.name or "").split(".")[0] not in OPTIONAL:
                raise
            if os.environ.get("RAILWAYS_REQUIRE_ALL"):
                pytest.fail(f"RAILWAYS_REQUIRE_ALL is set but {exc.name} is not installed")
            pytest.skip(f"{name(page)}:{line} needs {exc.name} (an optional extra)")
