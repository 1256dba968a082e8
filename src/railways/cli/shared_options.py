"""Options several commands declare alike: worker processes and files written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

JOBS_HELP = "Worker processes. The results do not depend on it."


def jobs_option(help: str = JOBS_HELP) -> Callable[[Any], Any]:
    """``--jobs``/``-j``: how many worker processes play the games (1 or more)."""
    return click.option(
        "--jobs", "-j", type=click.IntRange(1), default=1, show_default=True, help=help
    )


def file_out_option(name: str, help: str) -> Callable[[Any], Any]:
    """An option naming a file the command writes (``--out``, ``--plot``), as a Path."""
    return click.option(
        name, type=click.Path(dir_okay=False, writable=True, path_type=Path), help=help
    )
