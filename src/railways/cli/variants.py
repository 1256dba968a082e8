"""``railways variants``: the optional modules and variants a game may choose by id."""

from __future__ import annotations

import json

import click

from railways.rules.modules.base import module_classes


def variants_list() -> list[dict[str, object]]:
    """Each module as id, title, summary, clauses, house or not, and what it excludes."""
    return [
        {
            "id": mid,
            "title": cls.title,
            "summary": cls.summary,
            "clauses": list(cls.clauses),
            "house": cls.house,
            "conflicts": sorted(cls.conflicts),
            "changes_turn": cls.turn_structure is not None,
        }
        for mid, cls in module_classes().items()
    ]


@click.command("variants")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def variants(as_json: bool) -> None:
    """List the optional modules and variants (choose them with --with ID)."""
    rows = variants_list()
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
