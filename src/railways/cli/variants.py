"""``railways variants``: the optional modules and variants a game may choose by id."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TypeVar

import click

from railways.rules.modules.base import describe_modules, module_classes

F = TypeVar("F", bound=Callable[..., object])


def with_module_options(command: F) -> F:
    """``--with ID``, ``--without ID`` and ``--event-deck-without EVENT``, as every command
    that starts games takes them (``modules``, ``without`` and ``events_without``)."""
    command = click.option(
        "--without",
        "without",
        multiple=True,
        metavar="ID",
        help="Leave out a module the board is played with by default (repeat for several; "
        "`railways map list` shows each board's).",
    )(command)
    command = click.option(
        "--event-deck-without",
        "events_without",
        multiple=True,
        metavar="EVENT",
        help="With --with event-deck: leave this event card out of the deck (repeat for several).",
    )(command)
    return click.option(
        "--with",
        "modules",
        multiple=True,
        metavar="ID",
        help="An optional module or variant (repeat for several; `railways variants` lists them).",
    )(command)


BOARD_OPTIONS = "board_options"  # where a command's **kwargs take the declared options


def with_board_options(command: F) -> F:
    """A flag for each option a plug-in describes (``railways.rules.declared_options``):
    ``--eras ID,ID,...`` from Through Time's declaration, say. The command takes them as
    keyword arguments named by their keys (None when not given)."""
    from railways.rules import declared_options

    for spec in reversed(declared_options()):
        command = click.option(
            spec.flag, spec.key, default=None, metavar=spec.metavar, help=spec.described()
        )(command)
    return command


def board_option_values(given: Mapping[str, object]) -> dict[str, list[str]]:
    """The declared options given on the command line, each as its list of ids."""
    from railways.rules import declared_options

    out: dict[str, list[str]] = {}
    for spec in declared_options():
        text = given.get(spec.key)
        if isinstance(text, str):
            out[spec.key] = [part.strip() for part in text.split(",") if part.strip()]
    return out


def board_option_flags(extra: Mapping[str, object]) -> str:
    """The flags that give a game's declared options again (`` --eras a,b``)."""
    from railways.rules import declared_options

    out = ""
    for spec in declared_options():
        value = extra.get(spec.key)
        if isinstance(value, list):
            out += f" {spec.flag} " + ",".join(str(v) for v in value)
    return out


@click.command("variants")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def variants(as_json: bool) -> None:
    """List the optional modules and variants (choose them with --with ID)."""
    rows = describe_modules()
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    width = max(len(str(r["id"])) for r in rows)
    by_id = {str(r["id"]): r for r in rows}
    for mid, cls in module_classes().items():
        mark = " [house]" if cls.house else ""
        click.echo(f"{mid:<{width}}  {cls.summary}{mark}")
        notes = []
        if cls.clauses:
            notes.append("rules " + ", ".join(cls.clauses))
        steps = by_id[mid]["turn_steps"]
        if steps:
            notes.append(", ".join(f"{how} the {step} step" for step, how in steps.items()))
        if by_id[mid]["conflicts"]:
            notes.append("not with " + ", ".join(by_id[mid]["conflicts"]))
        if notes:
            click.echo(f"{'':<{width}}  ({'; '.join(notes)})")
    click.echo(
        "\nModules that change different steps of a turn combine; two that replace the same "
        "step do not. Choose modules with --with ID on `railways play` and `railways simulate`."
    )
