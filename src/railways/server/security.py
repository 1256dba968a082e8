"""Response headers that tell a browser how to treat our pages, and the check of the names
people type.

:class:`SecurityHeaders` (ASGI middleware) adds to every answer a Content-Security-Policy
(our own scripts, styles and WebSocket only; no framing), ``X-Frame-Options: DENY``,
``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer`` (a seat link holds
its token), and ``Cache-Control: no-store`` to every ``/api/`` answer (views are private to
a seat). The interactive API docs (``/docs``, ``/redoc``) load FastAPI's pages from its CDN,
so they get a policy that allows that, and nothing else does.
"""

from __future__ import annotations

import unicodedata

from railways.server.limits import ASGIApp, Message, Receive, Scope, Send

# 'self' for scripts and styles: the browser UI has no inline script or style element;
# styles set from JavaScript (element.style) are not affected by style-src. Board SVGs
# are fetched and inlined, and images may be data: URLs.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")

_COMMON = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        extra = list(_COMMON)
        docs = path.startswith(DOCS_PATHS)
        extra.append((b"content-security-policy", (DOCS_CSP if docs else CSP).encode()))
        if path.startswith("/api/") or path == "/openapi.json":
            extra.append((b"cache-control", b"no-store"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                headers = list(message.get("headers", []))
                headers += [(n, v) for n, v in extra if n not in names]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


# Characters that change how text around them is shown without being shown themselves:
# the bidirectional embeddings, overrides and isolates, and the marks.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


# Combining marks one letter may carry: enough for Vietnamese (a vowel with two marks) or
# a Devanagari syllable, not enough to pile a letter's marks up over the lines around it.
MAX_MARKS_PER_LETTER = 3


def _noncharacter(code: int) -> bool:
    """U+FDD0..U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, ...)."""
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None if it can.

    Refused: control characters (category Cc: newlines, tabs, escapes, NUL), format
    characters (Cf: the bidirectional overrides that can make a name read backwards,
    zero-width joiners and spaces), unpaired surrogates, private-use characters, the
    noncharacters (U+FFFF and its kin), the line and paragraph separators (U+2028, U+2029),
    more than :data:`MAX_MARKS_PER_LETTER` combining marks on one letter, and names that
    are only spaces.
    """
    if not name.strip():
        return "a name needs a visible character"
    marks = 0
    for ch in name:
        code = ord(ch)
        if ch in BIDI_CONTROLS:
            return f"bidirectional control character U+{code:04X} is not allowed in a name"
        if _noncharacter(code):
            return f"U+{code:04X} is a noncharacter and is not allowed in a name"
        category = unicodedata.category(ch)
        if category in ("Zl", "Zp"):
            return f"line or paragraph separator U+{code:04X} is not allowed in a name"
        if category in ("Cc", "Cf", "Cs", "Co"):
            return f"character U+{code:04X} ({category}) is not allowed in a name"
        if category in ("Mn", "Mc", "Me"):
            marks += 1
            if marks > MAX_MARKS_PER_LETTER:
                return (
                    f"a letter may carry at most {MAX_MARKS_PER_LETTER} combining marks "
                    f"(U+{code:04X} is one too many)"
                )
        else:
            marks = 0
    return None
