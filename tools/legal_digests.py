"""Write or check the legal-action fingerprints of tests/engine/legal_digest.py.

`.venv/bin/python tools/legal_digests.py --write` plays every case and writes
tests/fixtures/legal_digests.json (after a deliberate change of the rules only);
without --write it prints the cases whose digest differs from the file.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from engine.legal_digest import CASES, digest  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "legal_digests.json"


def main() -> int:
    write = "--write" in sys.argv
    names = [a for a in sys.argv[1:] if not a.startswith("--")]
    known = json.loads(OUT.read_text()) if OUT.exists() else {}
    found: dict[str, str] = {}
    differ = 0
    for case in CASES:
        if names and not any(n in case.name for n in names):
            continue
        t0 = time.perf_counter()
        found[case.name] = value = digest(case)
        same = known.get(case.name) == value
        differ += not same
        mark = "same" if same else "DIFFERS"
        print(f"{case.name:50} {time.perf_counter() - t0:6.2f}s {mark}", flush=True)
    if write:
        OUT.write_text(json.dumps({**known, **found}, indent=1, sort_keys=True) + "\n")
        print(f"wrote {OUT}")
        return 0
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
