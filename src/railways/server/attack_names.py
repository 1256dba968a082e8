"""The names of the rows of ``railways bench server --attack``, in the order a whole run
takes them (``--only`` chooses among them): here, apart from the rows themselves, so that
the command line can name them in its help without importing the HTTP client."""

from __future__ import annotations

ATTACK_NAMES: tuple[str, ...] = (
    "headers",
    "bodies",
    "slow-connections",
    "websockets",
    "locked-database",
    "names",
    "xss",
    "imports",
    "heavy-imports",
    "token-reads",
    "token-actions",
    "token-guessing",
    "token-timing",
    "hidden",
    "race",
    "kill",
    "access-log",
    "forwarded",
    "creates",
    "reads",
)
