"""Where a request's seat token comes from, and keeping tokens out of the server's log.

A seat token is a password for its seat, so it should not sit in URLs that proxies and
access logs keep. The browser sends it in an ``Authorization: Bearer`` header (HTTP) and
as the first message of a WebSocket (``{"token": ...}``); the API still accepts
``?token=`` for scripts and old links, and :class:`RedactTokens`, installed on uvicorn's
loggers, replaces every ``token=`` value in what they write with ``[redacted]``.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from starlette.requests import HTTPConnection

_TOKEN_IN_URL = re.compile(r"((?:^|[?&;\s])token=)[^&;#\s\"]*", re.IGNORECASE)
REDACTED = "[redacted]"
# uvicorn's access lines, and its WebSocket lines (logged on uvicorn.error).
LOGGERS = ("uvicorn.access", "uvicorn.error")


def bearer(connection: HTTPConnection) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if there is one."""
    header = connection.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return None


def redact(text: str) -> str:
    """``text`` with every ``token=...`` value replaced by ``[redacted]``."""
    return _TOKEN_IN_URL.sub(r"\1" + REDACTED, text)


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
