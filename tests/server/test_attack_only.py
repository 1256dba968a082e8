"""``railways bench server --attack --only NAMES`` (issue 30): one row, or a few, on request;
a name that is not a row's is a clear error naming the rows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from railways.cli.main import _register, cli
from railways.server import attack
from railways.server.attack import (
    ATTACKS,
    Attack,
    Outcome,
    Target,
    choose_attacks,
    report,
    run_attacks,
)
from railways.server.attack_names import ATTACK_NAMES
from railways.server.spawn import served


def _bench(*args: str) -> tuple[int, str]:
    _register()
    result = CliRunner().invoke(cli, ["bench", "server", *args])
    return result.exit_code, result.output


def test_every_row_has_a_name_and_the_help_names_them_all() -> None:
    assert [a.name for a in ATTACKS] == list(ATTACK_NAMES)
    assert len(set(ATTACK_NAMES)) == len(ATTACK_NAMES)
    code, out = _bench("--help")
    assert code == 0
    flat = " ".join(out.split()).replace("- ", "-")  # the help is wrapped, at hyphens too
    for name in ATTACK_NAMES:
        assert name in flat, name


def test_only_takes_the_named_rows_in_the_suites_order() -> None:
    chosen = choose_attacks(" xss,heavy-imports ,headers")
    assert [a.name for a in chosen] == ["headers", "xss", "heavy-imports"]
    assert choose_attacks(None) == ATTACKS


@pytest.mark.parametrize("only", ["heavy", "xss,XSS", "", " , "])
def test_a_name_that_is_not_a_row_is_refused_naming_the_rows(only: str) -> None:
    with pytest.raises(ValueError, match="the attacks are: headers, bodies") as caught:
        choose_attacks(only)
    assert all(name in str(caught.value) for name in ATTACK_NAMES)
    code, out = _bench("--attack", "--only", only, "--url", "http://127.0.0.1:9")
    assert code == 2, out  # refused before any server is started or reached
    assert "Invalid value for --only" in out and "heavy-imports, token-reads" in out


def test_only_needs_attack() -> None:
    code, out = _bench("--only", "xss")
    assert code == 2 and "add --attack" in out


def test_a_url_where_nothing_answers_is_a_clear_error() -> None:
    code, out = _bench("--attack", "--only", "headers", "--url", "http://127.0.0.1:9")
    assert code == 1 and "no server answers at http://127.0.0.1:9" in out
    assert "Traceback" not in out


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with served(log_level="error") as started:
        yield started.url


@pytest.mark.timeout(300)
def test_only_runs_the_named_rows_against_a_running_server(server_url: str) -> None:
    code, out = _bench("--attack", "--only", "names,headers", "--url", server_url)
    assert code == 0, out
    rows = out.strip().splitlines()
    assert rows[-1] == "2 of 2 held", out
    assert rows[-3].startswith("held    policy headers") and "names with U+FFFF" in rows[-2]


@pytest.mark.timeout(300)
def test_a_named_row_that_needs_a_server_started_here_is_skipped_against_a_url(
    server_url: str,
) -> None:
    said: list[str] = []
    rows = run_attacks(server_url, only="race,locked-database,headers", progress=said.append)
    assert [(r.attack, r.held, r.skipped) for r in rows] == [
        ("policy headers on an API answer", True, False),
        ("locked-database", False, True),
        ("race", False, True),
    ]
    assert "a SQLite file to lock" in rows[1].detail and "not --url" in rows[2].detail
    assert said == ["policy headers"]  # only the row that ran said so


def test_a_row_that_raises_is_reported_failed_and_the_next_rows_still_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A whole run lost its report when one row's server did not start in time; now that
    row is FAILED with the error and the rows after it run."""

    def broken(_target: Target) -> list[Outcome]:
        raise RuntimeError("the server did not start within 30 s")

    def fine(_target: Target) -> list[Outcome]:
        return [Outcome("a row after it", True, "ran")]

    rows = (Attack("access-log", "broken", broken), Attack("forwarded", "fine", fine))
    monkeypatch.setattr(attack, "ATTACKS", rows)
    out = run_attacks("http://127.0.0.1:9")
    assert [(o.attack, o.held) for o in out] == [("access-log", False), ("a row after it", True)]
    assert "did not finish: RuntimeError: the server did not start" in out[0].detail
    assert report(out).endswith("1 of 2 held")
