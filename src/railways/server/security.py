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


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None if it can.

    Refused: control characters (category Cc: newlines, tabs, escapes, NUL), format
    characters (Cf: the bidirectional overrides that can make a name read backwards,
    zero-width joiners and spaces), unpaired surrogates, and names that are only spaces.
    """
    if not name.strip():
        return "a name needs a visible character"
    for ch in name:
        if ch in BIDI_CONTROLS:
            return f"bidirectional control character U+{ord(ch):04X} is not allowed in a name"
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Cs", "Co"):
            return f"character U+{ord(ch):04X} ({category}) is not allowed in a name"
    return None
