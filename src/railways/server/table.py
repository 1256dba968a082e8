"""What happens around a game's table rather than in its rules: chat, a bot standing in for a
seat (asked for, or after a move took too long), and telling a seat that it is its turn by
e-mail or webhook when its page is not open.

None of this is part of a game's record: the rules never see it, a replay never depends on
it. It is kept per game in the store's ``game_settings`` and ``chat`` tables, so it survives
a restart.
"""

from __future__ import annotations

import json
import logging
import smtplib
import threading
import unicodedata
import urllib.request
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

log = logging.getLogger("railways.server")

MAX_CHAT = 500  # characters in one message
TABLE_SEAT = -1  # the "seat" of the table's own notes in the chat (stand-ins, muting)
CHAT_KEPT = 500  # messages a game keeps in memory (older ones stay in the store)
CHAT_PER_MINUTE = 20.0
CHAT_BURST = 6
MIN_MOVE_LIMIT = 30  # seconds: shorter would hand seats to bots while people read the board
MAX_MOVE_LIMIT = 14 * 24 * 3600  # a fortnight: games played over days
STANDIN_LEVELS = ("easy", "medium", "hard")
DEFAULT_STANDIN = "medium"

# Keys of the game's table settings.
MUTED = "mute_spectators"  # bool
STANDINS = "standins"  # {seat: level}
CONCEDED = "conceded"  # [seat, ...]: seats left to their stand-in bot for the rest of the game
MOVE_LIMIT = "move_limit"  # seconds, or absent
STANDIN_LEVEL = "standin_level"  # the level that takes over a seat out of time
NOTIFY = "notify"  # {seat: e-mail address}


def clean_chat(text: Any) -> str:
    """A message as it is stored: text, without control characters, trimmed, not empty.

    Escaping for HTML is the page's job (it sets text, never markup); this only keeps out
    what would garble a log or a terminal. Raises ValueError saying what is wrong."""
    if not isinstance(text, str):
        raise ValueError("text: expected a string")
    kept = "".join(
        ch for ch in text if ch in "\n\t" or not unicodedata.category(ch).startswith("C")
    ).strip()
    if not kept:
        raise ValueError("text: an empty message")
    if len(kept) > MAX_CHAT:
        raise ValueError(f"text: {len(kept)} characters; at most {MAX_CHAT}")
    return kept


def check_email(address: Any) -> str:
    """A plausible e-mail address (one @, a dot after it, no spaces), or ValueError."""
    if not isinstance(address, str) or len(address) > 254:
        raise ValueError("email: expected an address of at most 254 characters")
    local, at, domain = address.partition("@")
    if not at or not local or "." not in domain or any(c.isspace() for c in address):
        raise ValueError(f"email: {address!r} is not an e-mail address")
    if "@" in domain or any(ord(c) < 32 for c in address):
        raise ValueError(f"email: {address!r} is not an e-mail address")
    return address


@dataclass
class TurnNotices:
    """The operator's means of telling seats it is their turn (``railways serve --smtp ...``)."""

    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_from: str = "railways@localhost"
    webhook: str | None = None  # every turn of every game is POSTed here as JSON
    base_url: str = ""  # how players reach this server, for the text of a message
    sent: list[dict[str, Any]] = field(default_factory=list)  # the last few, for the operator

    @property
    def enabled(self) -> bool:
        return bool(self.smtp_host or self.webhook)

    def send(self, event: dict[str, Any], email: str | None) -> None:
        """Send in a background thread; a failure is logged and never reaches the game."""
        threading.Thread(target=self._send, args=(event, email), daemon=True).start()

    def _send(self, event: dict[str, Any], email: str | None) -> None:
        if email and self.smtp_host:
            try:
                self._mail(event, email)
            except (OSError, smtplib.SMTPException) as exc:
                log.warning("turn e-mail for game %s failed: %s", event["game"], exc)
        if self.webhook:
            try:
                self._post(event)
            except (OSError, ValueError) as exc:
                log.warning("turn webhook for game %s failed: %s", event["game"], exc)
        self.sent.append(event)
        del self.sent[:-50]

    def _mail(self, event: dict[str, Any], email: str) -> None:
        message = EmailMessage()
        message["From"] = self.smtp_from
        message["To"] = email
        message["Subject"] = f"Railways: your turn in game {event['game']}"
        where = f" on {self.base_url}" if self.base_url else ""
        message.set_content(
            f"{event['name']}, it is your turn in game {event['game']} ({event['map']}, turn "
            f"{event['turn']}){where}.\nOpen the game from the link you were given for your "
            "seat (it is not repeated here: it is your seat's key).\n"
        )
        assert self.smtp_host is not None
        with smtplib.SMTP(self.smtp_host, self.smtp_port, timeout=10) as smtp:
            smtp.send_message(message)

    def _post(self, event: dict[str, Any]) -> None:
        assert self.webhook is not None
        request = urllib.request.Request(
            self.webhook,
            data=json.dumps(event).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
