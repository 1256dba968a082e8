"""``railways map ...``: list, check and render boards."""

from __future__ import annotations

import click

from railways.content.maps import MapError, available_maps, load_map


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
        click.echo(f"{map_id:16} {board.name}, {board.min_players}-{board.max_players} players, "
                   f"{len(board.cities)} cities")
