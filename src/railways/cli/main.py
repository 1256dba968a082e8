"""The ``railways`` command line."""

from __future__ import annotations

import click

from railways import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="railways")
def cli() -> None:
    """Railways of the World: the rules engine, the boards and ways to play them."""


def _register() -> None:
    # Subcommands live in their own modules; importing them here keeps this file small.
    from railways.cli import map_cmd, play, simulate

    cli.add_command(map_cmd.map_group)
    cli.add_command(simulate.simulate)

    cli.add_command(play.play)

    from railways.cli import variants

    cli.add_command(variants.variants)

    from railways.cli import simulate_solo  # to be folded into `simulate --solo`

    cli.add_command(simulate_solo.simulate_solo)

    from railways.cli import bench

    cli.add_command(bench.bench)

    from railways.cli import export_games, tournament

    cli.add_command(tournament.tournament)

    from railways.cli import bots, ladder

    cli.add_command(ladder.ladder)
    cli.add_command(bots.bots)
    cli.add_command(export_games.export_games)

    # Keep last: the game server, and `bench server` (joins the `bench` group if there is one).
    from railways.cli import serve

    cli.add_command(serve.serve)
    bench_group = cli.commands.get("bench")
    if isinstance(bench_group, click.Group):
        bench_group.add_command(serve.bench_server)
        bench_group.add_command(serve.bench_payload)
    else:
        cli.add_command(serve.bench)


def main() -> None:
    _register()
    cli()
