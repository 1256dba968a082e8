"""``railways play``: play a game in the terminal against bots (or hot-seat humans)."""

from __future__ import annotations

import contextlib
import os
import sys

import click
from rich.console import Console
from rich.text import Text

from railways.bots import BOTS
from railways.cli.terminal.io import Terminal
from railways.cli.terminal.session import HUMAN, Session
from railways.content.maps import MapError, available_maps
from railways.core.errors import RecordError
from railways.core.game import Game, Options
from railways.rules import new_game
from railways.rules.records import load_record

BOT_PREFERENCE = ("greedy", "random")  # the strongest first


def best_bot() -> str:
    for name in BOT_PREFERENCE:
        if name in BOTS:
            return name
    return sorted(BOTS)[0]


def parse_seats(text: str) -> list[str]:
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    unknown = [k for k in kinds if k != HUMAN and k not in BOTS]
    if not kinds or unknown:
        raise click.BadParameter(
            f"unknown seat kind(s) {', '.join(unknown) or '(none)'}; "
            f"use human or a bot: {', '.join(sorted(BOTS))}",
            param_hint="--seats",
        )
    return kinds


def seat_names(kinds: list[str], names: tuple[str, ...]) -> list[str]:
    given = list(names)
    out = []
    for i, kind in enumerate(kinds):
        if kind == HUMAN:
            out.append(given.pop(0) if given else f"Player {i + 1}")
        else:
            out.append(f"{kind.capitalize()} {i + 1}")
    return out


def make_terminal() -> Terminal:
    console = Console(highlight=False)
    interactive = sys.stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):  # line editing for input(), where available
            import readline  # noqa: F401
    return Terminal(
        console=console,
        read=input,
        echo=not interactive,
        clear_screen=interactive and console.is_terminal,
    )


@click.command("play")
@click.option(
    "--map",
    "map_id",
    default="eastern-us",
    show_default=True,
    help="Board to play (see `railways map list`).",
)
@click.option("--players", type=click.IntRange(2, 6), default=None, help="Number of players.")
@click.option(
    "--seats",
    default=None,
    help="Who plays each seat, in order: human or a bot name, e.g. human,greedy,greedy. "
    "Default: you plus bots.",
)
@click.option("--seed", type=int, default=None, help="Seed of the game (default: a random one).")
@click.option(
    "--load",
    "load_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Resume a game saved with the `save` command.",
)
@click.option("--name", "names", multiple=True, help="Name of a human player (repeat for several).")
@click.option("--short", is_flag=True, help="Shorter game: two fewer Empty City Markers.")
@click.option(
    "--delay",
    type=click.FloatRange(0),
    default=0.3,
    show_default=True,
    help="Seconds to pause after each bot move.",
)
@click.option(
    "--clear/--no-clear",
    default=False,
    show_default=True,
    help="Clear the screen before each of your turns (always done when players change seats).",
)
@click.option(
    "--undo-pause/--no-undo-pause",
    default=True,
    show_default=True,
    help="After each of your actions that can be taken back, wait for Enter (or z to undo).",
)
@click.pass_context
def play(
    ctx: click.Context,
    map_id: str,
    players: int | None,
    seats: str | None,
    seed: int | None,
    load_path: str | None,
    names: tuple[str, ...],
    short: bool,
    delay: float,
    clear: bool,
    undo_pause: bool,
) -> None:
    """Play Railways of the World in the terminal.

    \b
    Examples:
      railways play                               you against three bots
      railways play --players 3 --name Ada        you (Ada) against two bots
      railways play --seats human,human,random    two people at one keyboard, one bot
      railways play --load mygame.json            carry on with a saved game
    """
    kinds = parse_seats(seats) if seats else None
    # Tests hand in their own terminal (console and input) through the context object.
    given = ctx.obj.get("terminal") if isinstance(ctx.obj, dict) else None
    term = given if isinstance(given, Terminal) else make_terminal()
    game: Game
    if load_path:
        try:
            game = load_record(load_path)
        except FileNotFoundError:
            raise click.BadParameter(f"no such file: {load_path}", param_hint="--load") from None
        except RecordError as exc:
            raise click.ClickException(f"cannot load {load_path}: {exc}") from None
        if kinds is None:
            kinds = [HUMAN] + [best_bot()] * (game.n - 1)
        if len(kinds) != game.n:
            raise click.BadParameter(
                f"the saved game has {game.n} seats, --seats names {len(kinds)}",
                param_hint="--seats",
            )
        if players is not None and players != game.n:
            raise click.BadParameter(f"the saved game has {game.n} players", param_hint="--players")
        term.say(Text(f"Resuming {load_path}: turn {game.state.turn}, seed {game.seed}"))
    else:
        if map_id not in available_maps() and "/" not in map_id:
            raise click.BadParameter(
                f"no map {map_id!r}; known: {', '.join(available_maps())}", param_hint="--map"
            )
        if kinds is None:
            count = players or 4
            kinds = [HUMAN] + [best_bot()] * (count - 1)
        elif players is not None and players != len(kinds):
            raise click.BadParameter(
                f"--players {players} but --seats names {len(kinds)} seats", param_hint="--seats"
            )
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big") % 1_000_000
        try:
            game = new_game(
                map_id,
                seat_names(kinds, names),
                seed,
                Options(shorter_game=short),
            )
        except (MapError, ValueError) as exc:
            raise click.ClickException(str(exc)) from None
        who = ", ".join(f"{name} ({kind})" for name, kind in zip(game.seats, kinds, strict=True))
        term.say(Text(f"{game.board.name}: {who}", style="bold"))
        term.say(
            Text(
                f"Seed {seed}: play this game again with --seed {seed}. "
                "Type h at any prompt for help.",
                style="dim",
            )
        )
    session = Session(game, kinds, term, delay=delay, undo_pause=undo_pause, clear=clear)
    session.run()
