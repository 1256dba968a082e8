"""A record names action kinds that plug-ins define; a fresh process must read it before any
game there has imported those plug-ins (the server imports records so)."""

from __future__ import annotations

import json
import subprocess
import sys

from railways.core.actions import action_from_dict
from waits import RUN_SECONDS


def test_a_fresh_process_reads_a_plug_in_action_kind() -> None:
    # Western Link's kind is defined by its plug-in (railways.rules.boards.western_link).
    action = {"kind": "build_western_link", "seat": 0, "city": "kansas-city"}
    code = (
        "import json, sys\n"
        "import railways.rules  # as the server does: the rules package, no game started\n"
        "from railways.core.actions import action_from_dict\n"
        "print(type(action_from_dict(json.loads(sys.argv[1]))).__name__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, json.dumps(action)],
        capture_output=True,
        text=True,
        check=True,
        timeout=RUN_SECONDS,
    )
    assert out.stdout.strip() == "BuildWesternLink"


def test_an_unknown_kind_is_still_refused_by_name() -> None:
    try:
        action_from_dict({"kind": "teleport", "seat": 0})
    except ValueError as exc:
        assert "teleport" in str(exc)
    else:
        raise AssertionError("an unknown kind was accepted")
