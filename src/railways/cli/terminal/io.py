"""Input and output for the terminal game, injectable for tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text


class InputClosed(Exception):
    """The input ran out (end of file, Ctrl-D): the session stops."""


@dataclass
class Terminal:
    """A rich console to write to and a function that reads one line of input.

    ``echo`` writes each answer after its prompt; it is on when the input is
    not typed at a terminal (tests, pipes), so a transcript reads like a game.
    """

    console: Console
    read: Callable[[], str] = field(default=input)
    echo: bool = False
    clear_screen: bool = False  # whether the screen can be cleared (an interactive terminal)
    # Whether an empty answer leaves the cursor on the prompt's line: input() with readline
    # loaded echoes no newline for Enter on an empty line when the prompt was printed by
    # the console, so ask ends that line itself and the next output starts on a new one.
    end_empty_line: bool = False
    last_prompt: str = ""

    def say(self, *objects: Any, **kwargs: Any) -> None:
        self.console.print(*objects, **kwargs)

    def note(self, text: str, style: str = "dim") -> None:
        self.console.print(Text(text, style=style))

    def refuse(self, message: str, clause: str | None = None) -> None:
        """Explain why an answer or an action was not accepted."""
        line = Text("✗ ", style="bold red")
        line.append(message, style="red")
        if clause:
            line.append(f"  [rule {clause}]", style="dim red")
        self.console.print(line)

    def ask(self, prompt: str | Text) -> str:
        text = prompt if isinstance(prompt, Text) else Text(prompt, style="bold")
        text = text.copy()
        self.last_prompt = text.plain
        text.append(" › ", style="bold cyan")
        self.console.print(text, end="")
        try:
            line = self.read()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise InputClosed from None
        if self.echo:
            self.console.print(Text(line, style="italic"))
        elif self.end_empty_line and not line:
            self.console.print()
        return line.strip()

    def clear(self, scrollback: bool = False) -> None:
        """Clear the screen; ``scrollback`` also wipes what could be scrolled back to."""
        if self.clear_screen:
            self.console.clear()
            if scrollback:
                self.console.file.write("\x1b[3J")
                self.console.file.flush()


def scripted(lines: Iterable[str]) -> Callable[[], str]:
    """An input function that answers from ``lines``, then reports end of input."""
    it: Iterator[str] = iter(lines)

    def read() -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read
