"""``railways variants``: the optional modules and variants a game may choose by id."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

import click

from railways.rules.modules.base import describe_modules, module_classes

F = TypeVar("F", bound=Callable[..., object])


def with_module_options(command: F) -> F:
    """``--with ID`` and ``--without ID``, as every command that starts games takes them
    (``modules`` and ``without``)."""
    command = click.option(
        "--without",
        "without",
        multiple=True,
        metavar="ID",
        help="Leave out a module the board is played with by default (repeat for several; "
        "`railways map list` shows each board's).",
    )(command)
    return click.option(
        "--with",
        "modules",
        multiple=True,
        metavar="ID",
        help="An optional module or variant (repeat for several; `railways variants` lists them).",
    )(command)


def with_declared_options(command: F) -> F:
    """A flag for each option a board's or module's plug-in declares
    (``railways.rules.declared_options``): ``--`` and its key with dashes, taking ids
    comma-separated or one a flag, repeated. The command takes them as keyword arguments
    named by their keys (empty when not given)."""
    from railways.rules import declared_options

    for spec in reversed(declared_options()):
        command = click.option(
            spec.flag,
            spec.key,
            multiple=True,
            metavar=spec.metavar,
            help=spec.described() + " (comma-separated, or the flag repeated).",
        )(command)
    return command


def declared_keys() -> list[str]:
    from railways.rules import declared_options

    return [spec.key for spec in declared_options()]


def option_pair(text: str) -> tuple[str, str] | None:
    """``KEY=ID,ID`` of ``--option`` when KEY is a declared option (dashes or underscores),
    as (key, ids); None for any other key (a solo setting)."""
    key, sep, raw = text.partition("=")
    key = key.strip().replace("-", "_")
    return (key, raw) if sep and key in declared_keys() else None


def declared_values(
    given: Mapping[str, object], pairs: Sequence[tuple[str, str]] = ()
) -> dict[str, list[str]]:
    """The declared options given on the command line, by their flags (``given``: the
    command's keyword arguments) or as ``--option KEY=ID,ID`` (``pairs``), each as the list
    of ids the game records (``OptionSpec.normalised``)."""
    from railways.rules import declared_options

    out: dict[str, list[str]] = {}
    for spec in declared_options():
        flagged = given.get(spec.key)
        texts = [flagged] if isinstance(flagged, str) else []
        if isinstance(flagged, tuple | list):
            texts = [str(text) for text in flagged]
        texts += [raw for key, raw in pairs if key == spec.key]
        ids = [part.strip() for text in texts for part in str(text).split(",") if part.strip()]
        if texts:
            out[spec.key] = spec.normalised(ids)
    return out


def refuse_foreign_options(map_id: str, chosen: Mapping[str, object]) -> None:
    """Refuse, in plain words, a board's own option given for a board that has no such
    choice (``--eras`` on Eastern U.S.), naming the boards that do. Modules' options and an
    unknown map are left to the game's own checks."""
    from railways.content.maps import MapError, available_maps, load_map
    from railways.rules import board_plugin_classes, declared_options
    from railways.rules.modules.base import module_classes

    if not chosen:
        return
    try:
        board = load_map(map_id)
        here = {key for cls in board_plugin_classes(board) for key in cls.option_keys}
    except (MapError, OSError, ValueError):
        return
    modules = {key for cls in module_classes().values() for key in cls.option_keys}
    for spec in declared_options():
        if spec.key not in chosen or spec.key in here or spec.key in modules:
            continue
        boards = []
        for other in available_maps():
            try:
                classes = board_plugin_classes(load_map(other))
            except (MapError, OSError, ValueError):
                continue
            if any(spec.key in cls.option_keys for cls in classes):
                boards.append(load_map(other).name)
        label = spec.label.lower()
        where = f"; {label} are chosen on {' and '.join(boards)}" if boards else ""
        raise click.BadParameter(
            f"the {board.name} board has no {label} to choose{where}",
            param_hint=spec.flag,
        )


def declared_flags(extra: Mapping[str, object]) -> str:
    """The flags that give a game's declared options again (`` --key a,b``)."""
    from railways.rules import declared_options

    out = ""
    for spec in declared_options():
        value = extra.get(spec.key)
        if isinstance(value, list):
            out += f" {spec.flag} " + ",".join(str(v) for v in value)
    return out


def declared_table(built_in: bool = False) -> str:
    """The declared options as a Markdown table: the option, its flag, who declares it, what
    it chooses, its default and clause. docs/api.md's is this with ``built_in`` (only the
    plug-ins of ``railways`` itself), checked by a test."""
    from railways.rules import declared_owners
    from railways.rules.registry import plugin_classes

    classes = plugin_classes()
    rows = [
        "| option | flag | declared by | chooses | none chosen | rule |",
        "|---|---|---|---|---|---|",
    ]
    for key, (owner, spec) in declared_owners().items():
        if built_in and not classes[owner].__module__.startswith("railways."):
            continue
        rows.append(
            f"| `{key}` | `{spec.flag} {spec.metavar}` | `{owner}` | {spec.help} | "
            f"{spec.default or '-'} | {spec.clause or '-'} |"
        )
    return "\n".join(rows) + "\n"


@click.command("variants")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@click.option(
    "--options",
    "options_table",
    is_flag=True,
    help="Print the options the boards and modules declare, as docs/api.md's table.",
)
def variants(as_json: bool, options_table: bool) -> None:
    """List the optional modules and variants (choose them with --with ID)."""
    if options_table:
        click.echo(declared_table(), nl=False)
        return
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
        notes += [f"option {spec.flag} {spec.metavar}" for spec in cls.option_specs]
        if notes:
            click.echo(f"{'':<{width}}  ({'; '.join(notes)})")
    click.echo(
        "\nModules that change different steps of a turn combine; two that replace the same "
        "step do not. Choose modules with --with ID on `railways play` and `railways simulate`."
    )
