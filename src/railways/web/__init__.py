"""The browser UI: static HTML, CSS and ES-module JavaScript, served by ``railways serve``.

There is no build step. The files live in ``static/`` and ship in the wheel as package
data; :data:`STATIC_DIR` is where they are on disk.
"""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The folder of the UI's static files (``index.html``, ``game.html``, scripts, styles)."""
