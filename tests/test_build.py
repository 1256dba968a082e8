"""The compiled (mypyc) build: railways._build, setup.py, and compiled against pure Python.

First railways._build's view of the files, made up in a temporary folder shaped like the
real layout (a stub extension file next to each compiled module's source, the shared
library next to the package); then setup.py's fall-back to pure Python; then, where a
compiled build is present (in CI it must be: RAILWAYS_REQUIRE_ALL), that every listed
module is compiled and that both builds play exactly the same games.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from railways import _build
from waits import RUN_SECONDS

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
ROOT = Path(__file__).resolve().parent.parent


def _layout(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    package = tmp_path / "railways"
    (package / "core").mkdir(parents=True)
    source = package / "core" / "legal.py"
    stub = package / "core" / f"legal{SUFFIX}"
    shared = tmp_path / f"railways_core__mypyc{SUFFIX}"
    for path in (source, stub, shared):
        path.write_text("")
    return package, source, stub, shared


def _at(path: Path, when: float) -> None:
    os.utime(path, (when, when))


def test_the_stubs_are_the_compiled_files_and_the_shared_library_is_not(tmp_path: Path) -> None:
    package, _source, stub, _shared = _layout(tmp_path)
    (package / "core" / "plain.py").write_text("")
    assert _build.compiled_files(package) == [stub]


def test_a_source_newer_than_its_build_is_stale(tmp_path: Path) -> None:
    package, source, stub, shared = _layout(tmp_path)
    _at(stub, 1000)
    _at(shared, 1000)
    _at(source, 2000)
    assert _build.stale_files(package) == [stub]


def test_a_rebuild_that_rewrote_only_the_shared_library_is_not_stale(tmp_path: Path) -> None:
    # what `make mypyc` leaves after a change: the stub's C code did not change, so the stub
    # keeps its old time, and the code (in the shared library) is newer than the source
    package, source, stub, shared = _layout(tmp_path)
    _at(stub, 1000)
    _at(source, 2000)
    _at(shared, 3000)
    assert _build.stale_files(package) == []


def test_a_source_older_than_its_stub_is_not_stale(tmp_path: Path) -> None:
    package, source, stub, shared = _layout(tmp_path)
    shared.unlink()
    _at(source, 1000)
    _at(stub, 2000)
    assert _build.stale_files(package) == []


def test_stubs_without_their_shared_library_are_not_used(tmp_path: Path) -> None:
    package, _source, _stub, shared = _layout(tmp_path)
    shared.unlink()
    assert "shared library" in str(_build.unusable_build(package))


def test_a_stale_build_is_not_used_in_a_checkout_but_an_installed_copy_is(tmp_path: Path) -> None:
    # in a checkout (src/railways beside setup.py) a source may be edited after the build;
    # an installed copy's file times are only when it was unpacked
    package, source, stub, shared = _layout(tmp_path / "src")
    for path in (stub, shared):
        _at(path, 1000)
    _at(source, 2000)
    assert _build.unusable_build(package) is None
    (tmp_path / "setup.py").write_text("")
    assert _build.in_checkout(package)
    assert "older than the source of legal" in str(_build.unusable_build(package))


def _setup_tree(tmp_path: Path, module: str) -> Path:
    """A copy of setup.py and pyproject.toml with one small package, src/tiny, to compile."""
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "src" / "tiny").mkdir(parents=True)
    (tmp_path / "src" / "tiny" / "__init__.py").write_text("")
    (tmp_path / "src" / "tiny" / "mod.py").write_text(module)
    # what an earlier build left in place: a failed build must not leave it behind
    (tmp_path / "src" / "tiny" / f"mod{SUFFIX}").write_text("")
    return tmp_path


def _build_in(tree: Path, mode: str, cc: str | None = None) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypyc")
    env = dict(os.environ, RAILWAYS_MYPYC=mode, RAILWAYS_MYPYC_MODULES="src/tiny/mod.py")
    if cc is not None:
        env["CC"] = cc
    return subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _extension_files(tree: Path) -> list[Path]:
    return [p for p in (tree / "src").rglob("*") if p.name.endswith(SUFFIX)]


def test_without_a_c_compiler_the_install_falls_back_to_pure_python(tmp_path: Path) -> None:
    tree = _setup_tree(tmp_path, "def twice(x: int) -> int:\n    return 2 * x\n")
    done = _build_in(tree, "auto", cc=str(tmp_path / "no-such-cc"))
    assert done.returncode == 0, done.stderr[-3000:]
    assert "the compiled (mypyc) engine was NOT built" in done.stderr
    assert "compiling its C code failed" in done.stderr
    assert _extension_files(tree) == []


def test_without_a_c_compiler_a_required_build_fails(tmp_path: Path) -> None:
    tree = _setup_tree(tmp_path, "def twice(x: int) -> int:\n    return 2 * x\n")
    done = _build_in(tree, "1", cc=str(tmp_path / "no-such-cc"))
    assert done.returncode != 0
    assert "no-such-cc" in done.stderr


def test_a_module_mypyc_refuses_falls_back_to_pure_python(tmp_path: Path) -> None:
    tree = _setup_tree(tmp_path, "def twice(x: int) -> int:\n    return 'two'\n")
    done = _build_in(tree, "auto")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "mypyc stopped" in done.stderr
    assert _extension_files(tree) == []


# --- the two builds against each other -------------------------------------------------

PLAY = r"""
import hashlib, json, sys
from railways import _build
from railways.bots import make_bot
from railways.content.maps import available_maps
from railways.core.legal import legal_actions, sample_action
from railways.core.rng import Rng
from railways.rules import new_game
from railways.rules.records import record_of
from railways.sim.checks import canonical, full_state

def digest(value):
    text = json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()

def listing(options):
    # every option in order with its details (repr of the uncompiled actions and Hex)
    return repr((
        options.seat, options.phase.value, options.simple, options.min_bid,
        [(b.action, b.cost, b.tiles, b.to_city, b.route) for b in options.builds],
        [(key, [(o.action, o.destination, sorted(o.points.items())) for o in group])
         for key, group in options.deliveries.items()],
    ))

def report(game, legal=None):
    out = {
        "actions": len(game.actions),
        "over": game.over,
        "scores": [p.score for p in game.state.players],
        "state": digest(canonical(full_state(game))),
        "record": digest(record_of(game).to_dict()),
    }
    if legal is not None:
        out["legal"] = legal.hexdigest()
    return out

def bots_game(map_id, players, names, seed, cap=5000):
    game = new_game(map_id, players=players, seed=seed)
    bots = [make_bot(names[i % len(names)], seed * 31 + i) for i in range(players)]
    legal = hashlib.sha256()  # every position's legal actions, all their details
    while not game.over and len(game.actions) < cap:
        seat = game.to_act
        options = legal_actions(game, seat)
        legal.update(listing(options).encode())
        game.apply(bots[seat].choose(game, seat, options))
    return report(game, legal)

def sampled_game(map_id, players, seed):
    game = new_game(map_id, players=players, seed=seed)
    rng = Rng(seed * 7919)
    while not game.over:
        game.apply(sample_action(game, game.to_act, rng))
    return report(game)

games = {}
for players in (2, 4, 6):
    games[f"random-{players}"] = bots_game("eastern-us", players, ["random"], 1)
    games[f"sampled-{players}"] = sampled_game("eastern-us", players, 2)
games["greedy-4"] = bots_game("eastern-us", 4, ["greedy"], 3)
games["greedy-random-3"] = bots_game("eastern-us", 3, ["greedy", "random"], 6)
games["mcts-3"] = bots_game("eastern-us", 3, ["mcts:iters=12", "greedy"], 4)
for map_id in available_maps():
    try:
        games[f"random-{map_id}"] = bots_game(map_id, 3, ["random"], 5, cap=200)
        games[f"sampled-{map_id}"] = sampled_game(map_id, 3, 7)
    except ValueError as error:  # a board that does not take three players
        games[f"random-{map_id}"] = str(error)
print(json.dumps({"compiled": _build.compiled_modules(), "games": games}))
"""


def _start(pure: bool) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env.pop(_build.PURE_ENV, None)
    if pure:
        env[_build.PURE_ENV] = "1"
    return subprocess.Popen(
        [sys.executable, "-c", PLAY],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _report(child: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = child.communicate(timeout=1800)
    assert child.returncode == 0, err[-3000:]
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def _compiled_build_here() -> None:
    """Skip without a usable compiled build; in CI (RAILWAYS_REQUIRE_ALL) fail instead."""
    why = _build.unusable_build()
    if why is None and not _build.compiled_files():
        why = "no mypyc build in this tree"
    if why is not None:
        if os.environ.get("RAILWAYS_REQUIRE_ALL"):
            pytest.fail(f"RAILWAYS_REQUIRE_ALL is set but the compiled engine is unusable: {why}")
        pytest.skip(f"{why} (`make mypyc` or `pip install -e .` builds it)")


def _listed_modules() -> list[str]:
    """The modules setup.py compiles, as module names."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "setup.py"), "--mypyc-sources"],
        capture_output=True,
        text=True,
        check=True,
        timeout=RUN_SECONDS,
    )
    return sorted(
        path.removeprefix("src/").removesuffix(".py").replace("/", ".")
        for path in done.stdout.split()
    )


def test_every_listed_module_is_compiled_and_loaded() -> None:
    _compiled_build_here()
    listed = _listed_modules()
    assert "railways.core.legal" in listed
    code = "import importlib, railways._build as b\n"
    code += f"for name in {listed!r}:\n    importlib.import_module(name)\n"
    code += "print(' '.join(b.compiled_modules()))"
    env = {k: v for k, v in os.environ.items() if k != _build.PURE_ENV}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=RUN_SECONDS,
    )
    assert done.stdout.split() == listed


@pytest.mark.timeout(1800)  # every board's games twice; _report waits as long for each
def test_the_compiled_build_plays_the_same_games_as_pure_python() -> None:
    """Both engines in child processes from this tree, one as built and one with
    RAILWAYS_PURE_PYTHON=1, play the same seeds (random, greedy and mcts bots through
    ``legal_actions``, the ``sample_action`` playout, every board): the final states, the
    records and every position's legal actions must be equal."""
    _compiled_build_here()
    children = _start(pure=False), _start(pure=True)  # side by side
    compiled, pure = (_report(child) for child in children)
    assert "railways.core.legal" in compiled["compiled"]  # the build was really used
    assert pure["compiled"] == []  # and really ignored
    assert compiled["games"]["random-4"]["over"] and compiled["games"]["mcts-3"]["over"]
    for name, game in pure["games"].items():
        assert compiled["games"][name] == game, name
    assert compiled["games"].keys() == pure["games"].keys()
