"""``railways tournament``: rotated seatings, ratings, files, resuming; Ray gives the same."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import railways.bots
from railways.bots.random_bot import RandomBot
from railways.cli.simulate import simulate
from railways.cli.tournament import OUT_DIR, lineup, tournament

from .optional import need


class Careful(RandomBot):
    """A second cheap bot for the tests (a random bot under another name)."""

    name = "careful"


@pytest.fixture()
def two_bots(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    def make(seed: int, options: object = None) -> Careful:  # with or without bot options
        return Careful(seed)

    monkeypatch.setitem(railways.bots.BOTS, "careful", make)
    return ["random", "careful"]


def run(args: list[str]) -> str:
    result = CliRunner().invoke(tournament, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_seatings_rotate() -> None:
    bots = ["a", "b", "c"]
    assert lineup(bots, 4, 0) == ["a", "b", "c", "a"]
    assert lineup(bots, 4, 1) == ["b", "c", "a", "b"]
    assert lineup(bots, 4, 2) == ["c", "a", "b", "c"]
    assert lineup(bots, 4, 3) == ["a", "b", "c", "a"]
    # over len(bots) games every bot sits in every seat
    for seat in range(4):
        assert {lineup(bots, 4, i)[seat] for i in range(3)} == set(bots)


def _args(tmp_path: Path, games: int, name: str = "t") -> list[str]:
    return [
        "--bots",
        "random,careful",
        "--players",
        "3",
        "--games",
        str(games),
        "--seed",
        "5",
        "--results",
        str(tmp_path / f"{name}.jsonl"),
    ]


def _games(path: Path) -> list[dict[str, object]]:
    lines = path.read_text().splitlines()
    return sorted((json.loads(x) for x in lines[1:]), key=lambda g: g["game"])  # type: ignore[no-any-return]


def test_table_csv_plot_and_rotation(tmp_path: Path, two_bots: list[str]) -> None:
    out = run(_args(tmp_path, 4))
    assert "random" in out and "careful" in out and "sigma" in out
    games = _games(tmp_path / "t.jsonl")
    assert [g["game"] for g in games] == [0, 1, 2, 3]
    assert [g["seed"] for g in games] == [5, 6, 7, 8]
    assert games[0]["bots"] == ["random", "careful", "random"]
    assert games[1]["bots"] == ["careful", "random", "careful"]
    with (tmp_path / "t.csv").open() as f:
        rows = {r["bot"]: r for r in csv.DictReader(f)}
    assert set(rows) == {"random", "careful"}
    for r in rows.values():
        assert int(r["games"]) == 4
        assert 0 < float(r["sigma"]) < 25 / 3  # rated: less uncertain than a new rating
    wins = sum(int(r["wins"]) for r in rows.values())
    assert wins == sum(1 for g in games if g["finished"] and g["winner"] is not None)
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_resume_plays_only_the_missing_games_and_rates_the_same(
    tmp_path: Path, two_bots: list[str]
) -> None:
    run(_args(tmp_path, 4, "whole"))
    run(_args(tmp_path, 2, "parts"))
    # an interrupted write: half a line at the end
    parts = tmp_path / "parts.jsonl"
    parts.write_text(parts.read_text() + '{"game": 2, "se')
    out = run(_args(tmp_path, 4, "parts"))
    assert "2 games already played; playing 2 more" in out
    assert _games(parts) == _games(tmp_path / "whole.jsonl")
    assert (tmp_path / "parts.csv").read_text() == (tmp_path / "whole.csv").read_text()


def test_another_tournaments_file_is_refused_and_kept(tmp_path: Path, two_bots: list[str]) -> None:
    run(_args(tmp_path, 1))
    path = tmp_path / "t.jsonl"
    before = path.read_text()
    args = _args(tmp_path, 1)
    args[args.index("5")] = "6"  # another seed
    result = CliRunner().invoke(tournament, args)
    assert result.exit_code != 0
    assert "holds another tournament" in result.output
    assert path.read_text() == before


def test_unknown_bot_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        tournament, ["--bots", "greedy,nobody", "--results", str(tmp_path / "x.jsonl")]
    )
    assert result.exit_code != 0 and "nobody" in result.output
    assert not (tmp_path / "x.jsonl").exists()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One small local Ray (2 CPUs) for the module's Ray tests: it takes seconds to start."""
    ray = need("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_tournament_matches_the_local_one(tmp_path: Path, local_ray: None) -> None:
    """A small tournament on a local Ray: the same games as in this process."""
    args = ["--bots", "greedy,random", "--players", "2", "--games", "2", "--seed", "3"]
    local = tmp_path / "local.jsonl"
    run([*args, "--results", str(local), "--no-plot"])
    on_ray = tmp_path / "ray.jsonl"
    run([*args, "--results", str(on_ray), "--no-plot", "--ray"])
    assert _games(on_ray) == _games(local)
    assert on_ray.with_suffix(".csv").read_text() == local.with_suffix(".csv").read_text()


def test_ray_simulate_matches_the_local_one(local_ray: None) -> None:
    args = ["--players", "3", "--bots", "random", "--games", "3", "--seed", "4", "--json", "-q"]

    def summary(extra: list[str]) -> dict[str, object]:
        result = CliRunner().invoke(simulate, [*args, *extra], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        data: dict[str, object] = json.loads(result.stdout)
        data.pop("seconds", None)
        return data

    local = summary([])
    assert local["games"] == 3
    assert summary(["--ray"]) == local


def _small(*more: str) -> list[str]:
    return ["--bots", "random,careful", "--players", "3", "--games", "1", "--seed", "5", *more]


def test_the_files_go_in_their_own_folder_not_the_working_directory(
    two_bots: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    need("openskill")
    monkeypatch.chdir(tmp_path)
    run(_small("--no-plot"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tournaments"]
    assert sorted(p.name for p in (tmp_path / "tournaments").iterdir()) == [
        "tournament.csv",
        "tournament.jsonl",
    ]
    run(_small("--no-plot", "--out", str(tmp_path / "elsewhere")))
    assert (tmp_path / "elsewhere" / "tournament.jsonl").is_file()
    assert (tmp_path / "elsewhere" / "tournament.csv").is_file()


def test_git_ignores_the_default_folder() -> None:
    """.gitignore lists the default folder, without a leading slash: ignored wherever it is."""
    root = Path(__file__).resolve().parents[2]
    lines = (root / ".gitignore").read_text().splitlines()
    assert f"{OUT_DIR}/" in lines


USER_BOT = "tests.fixtures.policy_bot:make"


def test_a_user_policy_is_seated_by_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``module:callable`` names a user's bot; here a policy over the observation and mask."""
    need("numpy")
    from railways.bots import entry_point, make_bot

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))  # the checkout

    assert entry_point(USER_BOT) == ("tests.fixtures.policy_bot", "make")
    assert entry_point("mcts:iters=5") is None and entry_point("random") is None
    assert make_bot(USER_BOT, 3).name == "mask-random"
    with pytest.raises(ValueError, match="cannot import"):
        make_bot("tests.fixtures.no_such_module:make")
    with pytest.raises(ValueError, match="has no"):
        make_bot("tests.fixtures.policy_bot:nothing")
    results = tmp_path / "t.jsonl"
    args = ["--players", "2", "--bots", f"random,{USER_BOT}", "--games", "2", "--seed", "4"]
    out = run([*args, "--results", str(results), "--no-plot"])
    assert USER_BOT in out
    games = [json.loads(line) for line in results.read_text().splitlines()[1:]]
    assert len(games) == 2 and all(g["finished"] for g in games)
    assert [g["bots"] for g in games] == [["random", USER_BOT], [USER_BOT, "random"]]
    rows = list(csv.DictReader((tmp_path / "t.csv").open()))
    assert {r["bot"] for r in rows} == {"random", USER_BOT}


def test_a_user_bot_that_fails_to_import_is_reported_with_its_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not just "unknown bot": the import's own error, for a missing module and for a module
    that raises while it loads."""
    (tmp_path / "broken_policy.py").write_text('raise RuntimeError("no weights at ./ckpt")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    args = ["--players", "2", "--games", "1", "--no-plot", "--out", str(tmp_path / "t")]
    bots = "random,broken_policy:make,no_such_pkg.bots:make"
    result = CliRunner().invoke(tournament, [*args, "--bots", bots])
    assert result.exit_code != 0
    text = " ".join(result.output.split())
    assert "cannot import 'broken_policy' (RuntimeError: no weights at ./ckpt)" in text
    assert "cannot import 'no_such_pkg.bots' (ModuleNotFoundError: No module named" in text
    assert "unknown bot(s)" not in text  # every name is an entry point: no list of known bots
    result = CliRunner().invoke(simulate, ["--games", "1", "--bots", "random,nope:make,zork"])
    text = " ".join(result.output.split())
    assert result.exit_code != 0
    assert "unknown bot(s) zork; known:" in text and "cannot import 'nope'" in text
