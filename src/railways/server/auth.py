"""Where a request's seat token comes from, and keeping tokens out of the server's log.

A seat token is a password for its seat, so it should not sit in URLs that proxies and
access logs keep. The browser sends it in an ``Authorization: Bearer`` header (HTTP) and
as the first message of a WebSocket (``{"token": ...}``); the API still accepts
``?token=`` for scripts and old links, and :class:`RedactTokens`, installed on uvicorn's
loggers, replaces every ``token=`` value in what they write with ``[redacted]``: a
parameter whose name only reads ``token`` once percent-decoded (``?%74oken=``, which the
server accepts as the token) is redacted too. A token is matched against a game's stored
hashes by :func:`token_seat`, in constant time.
"""

from __future__ import annotations

import hmac
import logging
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote_plus

from starlette.requests import HTTPConnection

from railways.store import hash_token

# A query parameter: what comes before it, its name (percent-encoded or not) and its value.
_PARAMETER = re.compile(r"((?:^|[?&;\s])([^=&;#?\s\"]+)=)[^&;#\s\"]*")
REDACTED = "[redacted]"
# uvicorn's access lines, and its WebSocket lines (logged on uvicorn.error).
LOGGERS = ("uvicorn.access", "uvicorn.error")


def token_seat(tokens: Mapping[str, int | None], token: str) -> tuple[bool, int | None]:
    """Whether ``token`` is one of ``tokens`` (token hash -> seat, None for the spectator)
    and its seat. Every stored hash is compared in constant time, so how long the answer
    takes says nothing about which stored hash came closest."""
    hashed = hash_token(token)
    found, seat = False, None
    for stored, its_seat in tokens.items():
        if hmac.compare_digest(stored, hashed):
            found, seat = True, its_seat
    return found, seat


def bearer(connection: HTTPConnection) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if there is one."""
    header = connection.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return None


def redact(text: str) -> str:
    """``text`` with the value of every ``token=...`` parameter replaced by ``[redacted]``,
    the parameter's name compared once percent-decoded (as often as it takes)."""
    if "=" not in text:
        return text
    return _PARAMETER.sub(_redact_match, text)


def _redact_match(match: re.Match[str]) -> str:
    if _decoded(match.group(2)).lower() == "token":
        return match.group(1) + REDACTED
    return match.group(0)


def _decoded(name: str) -> str:
    for _ in range(4):  # %2574oken decodes to %74oken, then to token
        plain = unquote_plus(name)
        if plain == name:
            break
        name = plain
    return name


class RedactTokens(logging.Filter):
    """Rewrites a log record's message and arguments so that no ``token=`` value remains."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return True


def _clean(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


_FILTER = RedactTokens()


def install_log_redaction() -> None:
    """Put the filter on uvicorn's loggers (once; uvicorn's logging set-up keeps filters)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
