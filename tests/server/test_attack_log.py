"""The attack suite's access-log row (issue 30, item 3): it holds against the real server and
reports FAILED when a token is in the log."""

from __future__ import annotations

from railways.server.attack_log import leaked_tokens, tokens_in_access_log


def test_the_row_holds_on_the_real_server() -> None:
    (row,) = tokens_in_access_log()
    assert row.held, row.detail
    assert "tokens found: none" in row.detail


def test_a_token_in_the_log_is_found() -> None:
    log = 'INFO: 127.0.0.1 - "GET /api/games/g1?token=[redacted] HTTP/1.1" 200\n'
    assert leaked_tokens(log, ["abcdefghij"]) == []
    planted = log + 'INFO: 127.0.0.1 - "GET /api/games/g1?%74oken=abcdefghij HTTP/1.1" 200\n'
    assert leaked_tokens(planted, ["abcdefghij", "zzzzzzzzzz"]) == ["abcdef..."]
