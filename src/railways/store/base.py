"""The store's interface and the values it hands back."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


class StoreError(Exception):
    """Something the store refused."""


class UnknownGame(StoreError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id!r}")
        self.game_id = game_id


class StaleIndex(StoreError):
    """``append_action`` was told an index that is no longer the game's action count."""

    def __init__(self, game_id: str, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id}: expected action index {expected}, it is {actual}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a person (``kind="human"``) or a bot of the ``BOTS`` registry."""

    name: str
    kind: str = "human"
    bot: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.bot is not None:
            out["bot"] = self.bot
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatInfo:
        return cls(str(data["name"]), str(data.get("kind", "human")), data.get("bot"))


@dataclass(frozen=True, slots=True)
class GameMeta:
    """A game's row: what lists and lobbies show, without the actions."""

    id: str
    map_id: str
    status: str  # "setup", "playing" or "over"
    turn: int
    seats: tuple[SeatInfo, ...]
    created: float  # seconds since the epoch
    action_count: int
    setup: dict[str, Any] = field(default_factory=dict)  # the record without its actions


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256, so a leaked database holds no live token."""
    return hashlib.sha256(token.encode()).hexdigest()


class GameStore(Protocol):
    """Where games live between requests and across restarts.

    ``setup`` is a game record's body without ``actions`` (``GameRecord.body()``
    minus the actions); ``load`` returns the meta and the full record body.
    Seat tokens are stored hashed: ``tokens`` maps a token's hash to its seat
    (``None`` for the spectator token).
    """

    def create_game(
        self,
        game_id: str,
        setup: dict[str, Any],
        seats: list[SeatInfo],
        tokens: dict[str, int | None],
        status: str,
        turn: int,
        actions: list[dict[str, Any]] | None = None,
    ) -> GameMeta: ...

    def list_games(
        self,
        token_hashes: list[str] | None = None,
        *,
        open_only: bool = False,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[GameMeta]:
        """Games newest first: those of these tokens (all if None), only those not over
        with ``open_only``, ``limit`` of them from ``offset``."""
        ...

    def count_games(self, token_hashes: list[str] | None = None, open_only: bool = False) -> int:
        """How many games ``list_games`` would list without a limit."""
        ...

    def load(self, game_id: str) -> tuple[GameMeta, dict[str, Any]]: ...

    def seat_of(self, game_id: str, token_hash: str) -> tuple[bool, int | None]:
        """(known token?, its seat or None for a spectator)."""
        ...

    def tokens_of(self, game_id: str) -> dict[str, int | None]:
        """Every token hash of the game with its seat (None: the spectator)."""
        ...

    def append_action(
        self,
        game_id: str,
        expected_index: int,
        action: dict[str, Any],
        status: str,
        turn: int,
    ) -> None:
        """Store action number ``expected_index``; raise StaleIndex, changing nothing, if the
        game's action count is not ``expected_index``."""
        ...

    def set_status(self, game_id: str, status: str, turn: int) -> None: ...

    def action_count(self, game_id: str) -> int:
        """How many actions the game has stored (UnknownGame if none such)."""
        ...

    def action_counts(self, game_ids: list[str]) -> dict[str, int]:
        """The stored action count of each of these games that exists."""
        ...

    def actions_since(self, game_id: str, start: int) -> list[dict[str, Any]]:
        """The stored actions from index ``start`` on (another process's, say)."""
        ...

    def add_chat(self, game_id: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
        """Store a chat message (seat None: a spectator); returns it with its ``seq``."""
        ...

    def chat_since(self, game_id: str, after: int, limit: int = 200) -> list[dict[str, Any]]:
        """The game's chat messages with ``seq`` above ``after``, oldest first."""
        ...

    def settings(self, game_id: str) -> dict[str, Any]:
        """The game's table settings (stand-ins, muted spectators, notification addresses)."""
        ...

    def set_setting(self, game_id: str, key: str, value: Any) -> None:
        """Set one table setting (None removes it)."""
        ...

    def write_problem(self) -> str | None:
        """Why writes would fail now (read-only, disk full), or None if they would not."""
        ...

    def listen(self, on_change: Callable[[str, int], None]) -> Callable[[], None] | None:
        """Call ``on_change(game_id, count)`` for each action any process stores, from a
        thread; returns a function that stops it, or None if the database cannot notify."""
        ...

    def close(self) -> None: ...
