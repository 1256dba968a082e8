"""Errors the rules engine raises."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid. The state is unchanged when this is raised.

    ``clause`` is the id of the rulebook clause that forbids it (CLAUSES.md),
    so a front end can show the rule text beside the message.
    """

    def __init__(self, message: str, clause: str | None = None) -> None:
        self.message = message
        self.clause = clause
        super().__init__(f"{message} ({clause})" if clause else message)


class RecordError(Exception):
    """A game record that cannot be loaded: malformed, truncated or tampered."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")
