"""``railways bots``: every bot the registry knows, its level, its strength and its speed.

Strength and speed come from the ladder's shipped results (``railways.bots.ladder``,
written by ``railways ladder --ship``); a bot the ladder did not rate shows none.
"""

from __future__ import annotations

import json
from typing import Any

import click

from railways.bots import ABOUT, BOTS, LEVELS
from railways.bots.ladder import entry_for, levels_by_strength, shipped, strongest


def level_of(name: str) -> str | None:
    """The level that is, or seats, the bot ``name`` (``greedy`` -> ``medium``)."""
    if name in LEVELS:
        return name
    return next((level for level, bot in LEVELS.items() if bot == name), None)


def bot_rows(ladder: dict[str, Any] | None) -> list[dict[str, Any]]:
    """One row per registered bot, strongest on the ladder first (unrated ones last)."""
    rows = []
    for name in BOTS:
        row = entry_for(name, ladder)
        rows.append(
            {
                "bot": name,
                "level": level_of(name),
                "about": ABOUT.get(name, ""),
                "rated_as": row["bot"] if row else None,
                "rank": row["rank"] if row else None,
                "mu": row["mu"] if row else None,
                "sigma": row["sigma"] if row else None,
                "games": row["games"] if row else 0,
                "decision_p50_ms": row["decision_p50_ms"] if row else None,
            }
        )
    names = list(BOTS)
    return sorted(rows, key=lambda r: (r["rank"] is None, r["rank"] or 0, names.index(r["bot"])))


def _print(rows: list[dict[str, Any]], ladder: dict[str, Any] | None) -> None:
    from rich.console import Console
    from rich.table import Table

    order = levels_by_strength(ladder)
    table = Table(title="Bots (strength: the shipped ladder; see docs/bots.md)")
    for col in ("bot", "level", "ladder rank", "mu ± sigma", "games", "p50 ms", "what"):
        table.add_column(col, justify="right" if col in ("games", "p50 ms") else "left")
    for r in rows:
        level = r["level"] or "-"
        if r["level"]:
            level += f" ({order.index(r['level']) + 1} of {len(order)})"
        rank = "-" if r["rank"] is None else str(r["rank"])
        if r["rated_as"] and r["rated_as"] != r["bot"]:
            rank += f" as {r['rated_as']}"
        strength = "-" if r["mu"] is None else f"{r['mu']:.1f} ± {r['sigma']:.1f}"
        p50 = r["decision_p50_ms"]
        table.add_row(
            r["bot"],
            level,
            rank,
            strength,
            str(r["games"]),
            "-" if p50 is None else f"{p50:.2f}" if p50 < 10 else f"{p50:,.0f}",
            r["about"],
        )
    Console().print(table)
    if ladder is None:
        click.echo("no ladder results in this package: run `railways ladder --ship`")
    else:
        click.echo(f"from: {ladder['command']}")


@click.command("bots")
@click.option(
    "--strongest",
    "show_strongest",
    is_flag=True,
    help="Print only the name of the ladder's strongest bot (with the options it was rated "
    "with), for use in scripts: --bots $(railways bots --strongest),greedy.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def bots(show_strongest: bool, as_json: bool) -> None:
    """List every bot with its level, strength on the ladder and decision time."""
    ladder = shipped()
    if show_strongest:
        best = strongest(ladder)
        if best is None:
            raise click.ClickException("no ladder results in this package: run `railways ladder`")
        click.echo(best)
        return
    rows = bot_rows(ladder)
    if as_json:
        click.echo(json.dumps(rows, indent=2))
    else:
        _print(rows, ladder)
