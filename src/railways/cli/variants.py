"""``railways variants``: the optional modules and variants a game may choose by id."""

from __future__ import annotations

import json

import click

from railways.rules.modules.base import describe_modules, module_classes


@click.command("variants")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def variants(as_json: bool) -> None:
    """List the optional modules and variants (choose them with --with ID)."""
    rows = describe_modules()
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    width = max(len(str(r["id"])) for r in rows)
    for mid, cls in module_classes().items():
        mark = " [house]" if cls.house else ""
        click.echo(f"{mid:<{width}}  {cls.summary}{mark}")
        notes = []
        if cls.clauses:
            notes.append("rules " + ", ".join(cls.clauses))
        if cls.conflicts:
            notes.append("not with " + ", ".join(sorted(cls.conflicts)))
        if notes:
            click.echo(f"{'':<{width}}  ({'; '.join(notes)})")
    turners = [r["id"] for r in rows if r["changes_turn"]]
    click.echo(
        f"\nAt most one module that changes the turn order ({', '.join(map(str, turners))}) "
        "per game. Choose modules with --with ID on `railways play` and `railways simulate`."
    )
