"""The ``railways`` commands that README.md and docs/ show are ones the command line takes.

Every command (in backticks, or a line of a ```sh block) is parsed by the real command
line, subcommand by subcommand, without running it: an option renamed or removed, or a
value it no longer accepts, fails here. Those that play games are then run for real, with
their game counts cut to one (RUN_CUT), in a fresh folder.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from railways.cli.main import _register, cli

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
INLINE = re.compile(r"`(?:PYTHONPATH=\. )?(?:\.venv/bin/)?railways ([^`]+)`")
SH_BLOCK = re.compile(r"^```(?:sh|bash|console)\n(.*?)^```$", re.M | re.S)
# A word a reader fills in (<folder>, ID,ID,..., P, B) or a choice between forms (a | b).
PLACEHOLDER = re.compile(r"<|\.\.\.|\[|\||^[A-Z]+(?:,[A-Z]+)*$|=[A-Z]+$")

# What runs for real: the subcommands that play or list, each cut to one game on one
# worker. The rest (serve, play, bench: a server, a terminal session, minutes of timing;
# mcts seats: seconds a move) are parsed only.
RUN = {"simulate", "variants", "map", "tournament", "export-games"}
RUN_CUT = {"--games": "1", "--jobs": "1"}


def commands() -> list[tuple[str, str, dict[str, str]]]:
    """(where, the arguments after ``railways``, the environment the page's block sets for it
    with ``export``) for each command on the pages, once each."""
    found: dict[str, tuple[str, dict[str, str]]] = {}
    for page in PAGES:
        text = page.read_text()
        where = page.relative_to(ROOT).as_posix()
        for block in SH_BLOCK.finditer(text):
            env: dict[str, str] = {}
            for line in block.group(1).splitlines():
                # One command per line: its comment, and a trailing & (started in the
                # background), are the shell's.
                line = line.split(" #")[0].strip().removesuffix("&").strip()
                if line.startswith("export "):  # the repository root is where they run
                    for assignment in shlex.split(line.replace("$PWD", str(ROOT)))[1:]:
                        key, _, value = assignment.partition("=")
                        env[key] = value
                match = re.match(r"(?:PYTHONPATH=\. )?(?:\.venv/bin/)?railways (.+)", line)
                if match:
                    found.setdefault(match.group(1).strip(), (where, dict(env)))
        for match in INLINE.finditer(text):
            found.setdefault(" ".join(match.group(1).split()), (where, {}))
    return sorted((where, args, env) for args, (where, env) in found.items())


def filled_in(args: list[str]) -> bool:
    return not any(PLACEHOLDER.search(word) for word in args)


COMMANDS = [(w, a, env) for w, a, env in commands() if filled_in(shlex.split(a))]


def parse(args: list[str]) -> None:
    """Parse ``railways ARGS`` as the command line would, running no command."""
    _register()
    command: click.Command = cli
    context = cli.make_context("railways", list(args))
    rest = [*context._protected_args, *context.args]
    while isinstance(command, click.Group) and rest:
        name, sub, rest = command.resolve_command(context, rest)
        assert sub is not None and name is not None
        context = sub.make_context(name, rest, parent=context)
        command = sub
        rest = [*getattr(context, "_protected_args", []), *context.args]


def is_command(words: list[str]) -> list[bool]:
    """For each word, whether it names a (sub)command at that place."""
    _register()
    command: click.Command = cli
    out = []
    for word in words:
        sub = command.commands.get(word) if isinstance(command, click.Group) else None
        out.append(sub is not None)
        command = sub or command
    return out


def test_the_pages_show_commands() -> None:
    shown = {args.split()[0] for _, args, _ in COMMANDS}
    assert {"simulate", "play", "serve", "map", "tournament", "bench"} <= shown


@pytest.mark.parametrize(
    ("where", "args"), [c[:2] for c in COMMANDS], ids=[f"{w}: {a}" for w, a, _ in COMMANDS]
)
def test_the_command_parses(where: str, args: str) -> None:
    words = shlex.split(args)
    try:
        parse(words)
    except click.exceptions.Exit:  # --help, --version
        pass
    except click.MissingParameter:
        # A command named in prose (`railways tournament`, `railways map render`): words that
        # are all subcommands, no option and no value, are a name, not an example.
        if any(word.startswith("-") for word in words) or not all(is_command(words)):
            raise
    except click.BadOptionUsage as exc:
        # Prose naming an option that takes a value (`railways serve --smtp`) is no command.
        if not (words[-1].startswith("--") and "requires an argument" in exc.message):
            raise


def runnable(words: list[str]) -> list[str] | None:
    """The command as it is run here: game counts cut, the repository's paths made absolute
    (it runs in a fresh folder); None for one that is not run (see RUN)."""
    names = is_command(words)
    if words[0] not in RUN or (all(names) and words[:2] not in (["map", "list"], ["variants"])):
        return None  # a command named in prose runs its defaults: hundreds of games
    if words[0] in ("simulate", "tournament") and "--games" not in words:
        return None  # an option named in prose (`railways simulate --rotate-seats`), likewise
    if any("mcts" in word for word in words) or any(":" in w for w in words if w[0] != "-"):
        return None  # the search bot, or a user's own bot module
    out = list(words)
    for index, word in enumerate(out):
        if index and out[index - 1] in RUN_CUT:
            out[index] = RUN_CUT[out[index - 1]]
        elif "/" in word and not names[index]:
            if not (ROOT / word).exists():
                return None  # a folder of the reader's own (my-board/)
            out[index] = str(ROOT / word)
    return out


RUNS = [
    (where, args, env, words)
    for where, args, env in COMMANDS
    if (words := runnable(shlex.split(args))) is not None
]


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    ("where", "args", "env", "words"), RUNS, ids=[f"{w}: {a}" for w, a, _, _ in RUNS]
)
def test_the_command_runs(
    where: str, args: str, env: dict[str, str], words: list[str], tmp_path: Path
) -> None:
    # Its own process, in a fresh folder: what it writes (results, boards, tournaments/)
    # lands there, and a page's exports (plug-ins to load) are set before it starts.
    result = subprocess.run(
        [sys.executable, "-m", "railways", *words],
        cwd=tmp_path,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=500,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
