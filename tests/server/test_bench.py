"""`railways bench server` runs end to end (a few games, a few actions)."""

from __future__ import annotations

from click.testing import CliRunner

from railways.cli.main import _register, cli


def test_bench_server_smoke() -> None:
    _register()
    result = CliRunner().invoke(
        cli, ["bench", "server", "--games", "3", "--actions", "30", "--seconds", "60"]
    )
    assert result.exit_code == 0, result.output
    assert "accepted actions: 30" in result.output
    assert "errors 0" in result.output
