"""``railways map ...``: list, check and render boards."""

from __future__ import annotations

from pathlib import Path

import click

from railways.content.maps import MapError, available_maps, load_map
from railways.rules import check_map as map_problems


@click.group("map")
def map_group() -> None:
    """List, check and draw the boards."""


@map_group.command("list")
def list_maps() -> None:
    """List the boards that can be played."""
    for map_id in available_maps():
        try:
            board = load_map(map_id)
        except MapError:
            click.echo(f"{map_id:16} (has errors: run `railways map check {map_id}`)")
            continue
        played = f"; plays with {', '.join(board.default_modules)}" if board.default_modules else ""
        click.echo(
            f"{map_id:16} {board.name}, {board.min_players}-{board.max_players} players, "
            f"{len(board.cities)} cities{played}"
        )


@map_group.command("check")
@click.argument("map_ref", metavar="ID-OR-DIR")
def check_map(map_ref: str) -> None:
    """Validate a board: a map id (see `map list`) or a folder of map files.

    Prints every problem as `file:key: message` and exits with status 1 if
    there are any; otherwise prints a one-line summary.
    """
    try:
        board = load_map(map_ref)
    except MapError as exc:
        for problem in exc.problems:
            click.echo(problem)
        click.echo(f"{map_ref}: {len(exc.problems)} problem(s)", err=True)
        raise SystemExit(1) from None
    problems = map_problems(board)
    if problems:
        for problem in problems:
            click.echo(problem)
        click.echo(f"{map_ref}: {len(problems)} problem(s)", err=True)
        raise SystemExit(1)
    click.echo(
        f"{board.id}: OK - {len(board.hexes)} hexes, {len(board.cities)} cities, "
        f"{len(board.ridges)} ridges, {len(board.major_lines)} major lines"
    )


@map_group.command("render")
@click.argument("map_ref", metavar="ID-OR-DIR")
@click.option(
    "-o",
    "--output",
    "output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="File to write: .png writes a PNG (needs the png extra), anything else SVG.",
)
@click.option("--colorblind", is_flag=True, help="Put colour letters on cities and cubes.")
def render_map(map_ref: str, output: Path, colorblind: bool) -> None:
    """Draw a board to an SVG or PNG file."""
    from railways.render.svg import PngUnavailable, render_board, svg_to_png

    try:
        board = load_map(map_ref)
    except MapError as exc:
        raise click.ClickException(
            f"{exc}\n(run `railways map check {map_ref}` for the full list)"
        ) from None
    svg = render_board(board, colorblind=colorblind)
    if output.suffix.lower() == ".png":
        try:
            data = svg_to_png(svg)
        except PngUnavailable as exc:
            raise click.ClickException(str(exc)) from None
        output.write_bytes(data)
    else:
        output.write_text(svg, encoding="utf-8")
    click.echo(f"wrote {output}")
