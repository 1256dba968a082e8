"""``railways play``: play a game in the terminal against bots (or hot-seat humans).

``railways play --solo`` plays Rail Barons, the solo game against the Railbot.
"""

from __future__ import annotations

import contextlib
import dataclasses
import secrets
import sys
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from railways.bots import BOTS
from railways.cli.terminal.io import Terminal
from railways.cli.terminal.session import HUMAN, Session
from railways.cli.terminal.solo import solo_of
from railways.cli.variants import (
    declared_flags,
    declared_keys,
    declared_values,
    option_pair,
    refuse_foreign_options,
    with_declared_options,
    with_module_options,
)
from railways.content.maps import DEFAULT_MAP, MapError, available_maps
from railways.content.solo import solo_maps
from railways.core.errors import RecordError
from railways.core.game import Game, Options
from railways.core.rng import (
    RNG_KINDS,
    SECURE_RNG,
    SEED_BITS,
    SPLITMIX64,
    parse_seed,
    seed_to_json,
)
from railways.core.view import view_for
from railways.rules import declared_options, new_game
from railways.rules.modules.base import module_classes
from railways.rules.records import load_record
from railways.rules.solo import SoloOptions, is_solo

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
            out.append(f"{kind.split(':')[0].capitalize()} {i + 1}")  # no options in names
    return out


def solo_option_keys() -> list[str]:
    return [f.name for f in dataclasses.fields(SoloOptions)]


def parse_option(text: str) -> tuple[str, bool | int]:
    """``key=value`` -> (key, value); true/false and whole numbers become what they say."""
    key, sep, raw = text.partition("=")
    key = key.strip().replace("-", "_")
    raw = raw.strip()
    if not sep or not key or not raw:
        raise click.BadParameter(f"{text!r}: expected key=value", param_hint="--option")
    if key not in solo_option_keys():
        known = ", ".join([*solo_option_keys(), *declared_keys()])
        raise click.BadParameter(
            f"{key!r} is not a solo option nor a board's or module's; known: {known}",
            param_hint="--option",
        )
    low = raw.lower()
    value: bool | int
    if low in ("true", "yes", "on"):
        value = True
    elif low in ("false", "no", "off"):
        value = False
    else:
        try:
            value = int(raw)
        except ValueError:
            raise click.BadParameter(
                f"{text!r}: the value is true, false or a whole number", param_hint="--option"
            ) from None
    return key, value


def make_terminal() -> Terminal:
    console = Console(highlight=False)
    interactive = sys.stdin.isatty()
    editing = False
    if interactive:
        with contextlib.suppress(ImportError):  # line editing for input(), where available
            import readline  # noqa: F401

            editing = True
    return Terminal(
        console=console,
        read=input,
        echo=not interactive,
        clear_screen=interactive and console.is_terminal,
        end_empty_line=editing,
    )


class SeedType(click.ParamType[int, Any]):
    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        try:
            return parse_seed(int(text) if text.isdigit() else text)
        except ValueError as exc:
            self.fail(f"{value!r}: {exc}", param, ctx)


SEED = SeedType()


def choose_seed(seed: int | None, rng: str | None) -> tuple[int, str]:
    """The game's seed and generator: a random 128-bit seed from the operating system's
    secure source with blake2b-ctr, unless a seed is given (then splitmix64 unless
    ``rng`` says otherwise, so seeds printed by older versions give the same game)."""
    if seed is None:
        return secrets.randbits(SEED_BITS), rng or SECURE_RNG
    return seed, rng or SPLITMIX64


def seed_text(seed: int) -> str:
    return str(seed_to_json(seed))


def again_args(seed: int, rng: str) -> str:
    args = f"--seed {seed_text(seed)}"
    return args if rng == SPLITMIX64 else f"{args} --rng {rng}"


@click.command("play")
@click.option(
    "--map",
    "map_id",
    default=DEFAULT_MAP,
    show_default=True,
    help="Board to play (see `railways map list`).",
)
@click.option("--players", type=click.IntRange(2, 6), default=None, help="Number of players.")
@click.option(
    "--seats",
    default=None,
    help="Who plays each seat, in order: human or a bot name, e.g. human,greedy,greedy. "
    "Bots: the levels easy, medium, hard, or greedy, random, mcts (options after colons, "
    "e.g. mcts:time=1.5; see docs/bots.md). Default: you plus bots (solo: you).",
)
@click.option(
    "--solo",
    is_flag=True,
    help="Rail Barons: play alone against the Railbot, to reach a target score.",
)
@click.option(
    "--duel-barons",
    is_flag=True,
    help="Solo: deal four Duel Barons (goals for you, effects against you); target +15.",
)
@click.option(
    "--option",
    "solo_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Solo: a difficulty setting, e.g. target_score=110, easy_start=true, "
    "operations_limit=4, base_exhaust_change=1, railbot_cards_removed=1, "
    "fewer_empty_cities=1; or an option a board or module declares, KEY=ID,ID (its flag "
    "below) (repeat for several).",
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed of the game, a number or 0x-hex (default: a random 128-bit one).",
)
@click.option(
    "--rng",
    type=click.Choice(RNG_KINDS),
    default=None,
    help=f"Random generator (default: {SECURE_RNG}, or {SPLITMIX64} with --seed, "
    "so an old seed gives the same game).",
)
@click.option(
    "--load",
    "load_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Resume a game saved with the `save` command.",
)
@click.option("--name", "names", multiple=True, help="Name of a human player (repeat for several).")
@click.option(
    "--short",
    is_flag=True,
    help="Shorter game: two fewer Empty City Markers (the same as --with shorter-game).",
)
@with_module_options
@with_declared_options
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
    /,
    map_id: str,
    players: int | None,
    seats: str | None,
    solo: bool,
    duel_barons: bool,
    solo_options: tuple[str, ...],
    seed: int | None,
    rng: str | None,
    load_path: str | None,
    names: tuple[str, ...],
    short: bool,
    modules: tuple[str, ...],
    without: tuple[str, ...],
    delay: float,
    clear: bool,
    undo_pause: bool,
    **board_options: tuple[str, ...],
) -> None:
    """Play Railways of the World in the terminal.

    \b
    Examples:
      railways play                               you against three bots
      railways play --players 3 --name Ada        you (Ada) against two bots
      railways play --seats human,human,random    two people at one keyboard, one bot
      railways play --load mygame.json            carry on with a saved game
      railways play --solo                        you against the Railbot (Rail Barons)
      railways play --solo --duel-barons --option target_score=110
      railways play --solo --seats random         watch a bot play the solo game
    """
    kinds = parse_seats(seats) if seats else None
    pairs = [pair for text in solo_options if (pair := option_pair(text)) is not None]
    extra: dict[str, bool | int | str] = dict(
        parse_option(text) for text in solo_options if option_pair(text) is None
    )
    if duel_barons:
        extra["duel_barons"] = True
    chosen_options = declared_values(board_options, pairs)
    if chosen_options and (solo or load_path):
        (spec,) = [s for s in declared_options() if s.key == next(iter(chosen_options))]
        raise click.BadParameter(
            f"{spec.label.lower()} are chosen when a game starts",
            param_hint=spec.flag,
        )
    if (modules or without) and (solo or load_path):
        raise click.BadParameter(
            "modules are chosen when a multi-player game starts", param_hint="--with"
        )
    if extra and not solo and not load_path:
        raise click.BadParameter("solo settings need --solo", param_hint="--option/--duel-barons")
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
        if extra:
            raise click.BadParameter(
                "a saved game keeps the settings it was started with",
                param_hint="--option/--duel-barons",
            )
        kind = " (solo, against the Railbot)" if is_solo(game) else ""
        term.say(Text(f"Resuming {load_path}{kind}: turn {game.state.turn}, seed {game.seed}"))
    elif solo:
        seed, rng = choose_seed(seed, rng)
        if rng != SPLITMIX64:
            extra["rng"] = rng
        game = start_solo(term, map_id, kinds, names, seed, short, players, extra)
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
        refuse_foreign_options(map_id, chosen_options)
        seed, rng = choose_seed(seed, rng)
        options = game_options(short, modules, rng, without)
        if chosen_options:  # a board's or module's own options (its plug-in checks them)
            options = dataclasses.replace(options, extra={**options.extra, **chosen_options})
        try:
            game = new_game(map_id, seat_names(kinds, names), seed, options)
        except (MapError, ValueError) as exc:
            raise click.ClickException(str(exc)) from None
        who = ", ".join(f"{name} ({kind})" for name, kind in zip(game.seats, kinds, strict=True))
        term.say(Text(f"{game.board.name}: {who}", style="bold"))
        chosen = list(game.options.extra.get("modules", []))
        left_out = list(game.options.extra.get("without_modules", []))
        again = again_args(seed, rng) + "".join(f" --with {m}" for m in chosen)
        again += "".join(f" --without {m}" for m in left_out)
        again += declared_flags(game.options.extra)
        if chosen:
            titles = [m.title for mid, m in module_classes().items() if mid in chosen]
            term.say(Text(f"Modules: {', '.join(titles)}", style="bold"))
        term.say(
            Text(
                f"Seed {seed_text(seed)}: play this game again with {again}. "
                "Type h at any prompt for help.",
                style="dim",
            )
        )
    if kinds is None:
        kinds = [HUMAN]
    session = Session(game, kinds, term, delay=delay, undo_pause=undo_pause, clear=clear)
    session.run()


def game_options(
    short: bool,
    modules: tuple[str, ...],
    rng: str,
    without: tuple[str, ...] = (),
) -> Options:
    """A multi-player game's options: --short is the shorter-game module (RW-p8-06);
    ``without`` leaves out modules the board plays by default (map.toml ``[modules]``)."""
    chosen = sorted(set(modules) | ({"shorter-game"} if short else set()))
    extra: dict[str, object] = {"modules": chosen} if chosen else {}
    if without:
        extra["without_modules"] = sorted(set(without))
    return Options(shorter_game="shorter-game" in chosen, extra=extra, rng=rng)


def start_solo(
    term: Terminal,
    map_id: str,
    kinds: list[str] | None,
    names: tuple[str, ...],
    seed: int | None,
    short: bool,
    players: int | None,
    extra: dict[str, bool | int | str],
) -> Game:
    """A new solo game, with everything said about it that the player needs to know."""
    if map_id not in solo_maps():
        raise click.BadParameter(
            f"no solo game on {map_id!r}; maps with one: {', '.join(solo_maps()) or 'none'}",
            param_hint="--map",
        )
    if players is not None:
        raise click.BadParameter("a solo game has one player", param_hint="--players")
    if short:
        raise click.BadParameter(
            "a solo game is shortened with --option fewer_empty_cities=1 (or 2)",
            param_hint="--short",
        )
    kinds = kinds or [HUMAN]
    if len(kinds) != 1:
        raise click.BadParameter(
            f"a solo game has one seat, --seats names {len(kinds)}", param_hint="--seats"
        )
    if seed is None:
        chosen = extra.pop("rng", None)
        seed, rng = choose_seed(None, chosen if isinstance(chosen, str) else None)
        if rng != SPLITMIX64:
            extra["rng"] = rng
    try:
        game = new_game(map_id, seat_names(kinds, names), seed, {"solo": True, **extra})
    except (MapError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    target = (solo_of(view_for(game, 0)) or {}).get("target_score")
    term.say(
        Text(
            f"{game.board.name}, solo: {game.seats[0]} ({kinds[0]}) against the Railbot. "
            f"Target: {target} points.",
            style="bold",
        )
    )
    again = ["--solo", again_args(seed, str(extra.pop("rng", SPLITMIX64)))]
    if map_id != DEFAULT_MAP:
        again += ["--map", map_id]
    for key, value in sorted(extra.items()):
        if key == "duel_barons" and value is True:
            again.append("--duel-barons")
        else:
            again += ["--option", f"{key}={str(value).lower()}"]
    term.say(
        Text(
            f"Seed {seed_text(seed)}: play this game again with {' '.join(again)}. "
            "Type h at any prompt for help (h solo: how the solo turn goes).",
            style="dim",
        )
    )
    return game
