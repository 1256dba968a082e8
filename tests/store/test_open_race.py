"""Two processes opening one new SQLite data dir at the same moment both start (issue 33).

Before, one of them died at start with ``sqlite3.OperationalError: database is locked`` at
``PRAGMA journal_mode=WAL`` (turning a new file to WAL wants it alone, and SQLite answers
"locked" at once while the other process opens it), or in the other's migration. Each
process here imports the store first, says so, and waits for the word to open: both open
the fresh folder together, then each stores a game.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from railways.store import open_store

OPENER = """
import sys
from railways.store import SeatInfo, open_store
print("ready", flush=True)
sys.stdin.readline()
store = open_store(data_dir=sys.argv[1])
seat = SeatInfo(name="Ann", kind="human")
store.create_game(sys.argv[2], {"map": "eastern-us"}, [seat], {}, "setup", 0)
print("opened", flush=True)
"""


def _open_together(folder: Path, count: int) -> list[tuple[int, str]]:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER, str(folder), f"game{i}"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(count)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        results.append((proc.returncode, out + err))
    return results


def test_two_processes_open_a_new_data_dir_at_once(tmp_path: Path) -> None:
    for attempt in range(3):
        folder = tmp_path / f"data{attempt}"
        results = _open_together(folder, 2)
        for code, output in results:
            assert code == 0 and "opened" in output, output
        store = open_store(data_dir=folder)
        try:
            assert sorted(g.id for g in store.list_games()) == ["game0", "game1"]
            assert not store.needs_migration()
        finally:
            store.close()
