"""``railways export-games``: finished games as training data (docs/rl.md).

Either plays bot games (``--bots``, ``--games``, ``--seed``; game ``i`` from seed
``--seed + i``, seats filled as in ``railways simulate``) or reads saved game records
(``--records``, files written by the game or ``railways play``), and writes one row per
action: the acting seat's observation, its legal action indices, the action (its index
and JSON form) and the reward. JSON Lines by default; Parquet for ``.parquet`` files
(needs pyarrow).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import click

from railways.bots import BOTS, unknown_bots_message
from railways.cli.shared_options import jobs_option
from railways.content.maps import DEFAULT_MAP
from railways.core.errors import RecordError
from railways.core.record import GameRecord

MAX_ACTIONS = 5000


def _bot_record(task: tuple[str, int, list[str], int]) -> GameRecord:
    """Play one bot game and return its record (runs in a worker); 1 player: solo."""
    from railways.bots import make_bot
    from railways.core.legal import legal_actions
    from railways.rules import new_game
    from railways.rules.records import record_of
    from railways.rules.solo import new_solo_game

    map_id, players, names, seed = task
    if players == 1:
        game = new_solo_game(map_id, seed=seed)
    else:
        game = new_game(map_id, players=players, seed=seed)
    seats = [make_bot(names[i % len(names)], seed * 31 + i) for i in range(players)]
    count = 0
    while not game.over and count < MAX_ACTIONS:
        seat = game.to_act
        assert seat is not None
        game.apply(seats[seat].choose(game, seat, legal_actions(game, seat)))
        count += 1
    return record_of(game)


@click.command("export-games")
@click.option("--map", "map_id", default=DEFAULT_MAP, show_default=True)
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@click.option(
    "--solo",
    is_flag=True,
    help="Play solo games against the Railbot (one seat; --players is ignored).",
)
@click.option("--bots", default="random", show_default=True, help="Bots per seat, repeated.")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@click.option(
    "--records",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Export these saved game records instead of playing bot games (repeatable).",
)
@click.option(
    "--observations",
    type=click.Choice(["sparse", "dense", "none"]),
    default="sparse",
    show_default=True,
    help="How each row holds the observation: nonzero entries, the whole vector, or not at all.",
)
@click.option(
    "--legal",
    type=click.Choice(["indices", "mask", "both"]),
    default="indices",
    show_default=True,
    help="How each row holds the legal actions: sorted indices (legal), the packed mask "
    "(mask), or both.",
)
@jobs_option()
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="Output file: .jsonl (JSON Lines) or .parquet (needs pyarrow).",
)
def export_games(
    map_id: str,
    players: int,
    solo: bool,
    bots: str,
    games: int,
    seed: int,
    records: tuple[Path, ...],
    observations: str,
    legal: str,
    jobs: int,
    out: Path,
) -> None:
    """Write finished games as per-step observations and actions, for training."""
    try:
        from railways.rl.export import export_metadata, game_rows, write_jsonl, write_parquet
    except ImportError as exc:
        raise click.ClickException(f"export-games needs the 'rl' extra ({exc})") from None
    parquet = out.suffix == ".parquet"
    if parquet:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise click.ClickException(
                "Parquet output needs pyarrow: pip install pyarrow"
            ) from None
    loaded: list[GameRecord] = []
    for path in records:
        try:
            loaded.append(GameRecord.from_dict(json.loads(path.read_text())))
        except (RecordError, ValueError) as exc:  # JSONDecodeError is a ValueError
            raise click.ClickException(f"{path}: {exc}") from None
    if not loaded:
        names = [b.strip() for b in bots.split(",") if b.strip()]
        unknown = [b for b in names if b not in BOTS]
        if unknown or not names:
            raise click.BadParameter(
                unknown_bots_message(unknown),
                param_hint="--bots",
            )
        from railways.cli.pool import run_tasks

        seats = 1 if solo else players
        tasks = [(map_id, seats, names, seed + i) for i in range(games)]
        try:
            loaded = sorted(run_tasks(_bot_record, tasks, jobs), key=lambda r: r.seed)
        except ValueError as exc:  # an unknown map or a player count it does not take
            raise click.ClickException(str(exc)) from None

    def rows() -> Iterator[dict[str, object]]:
        for i, record in enumerate(loaded):
            yield from game_rows(record, i, observations, legal)

    out.parent.mkdir(parents=True, exist_ok=True)
    if parquet:
        metadata = export_metadata(loaded, observations, legal)
        count = write_parquet(out, rows(), observations, legal=legal, metadata=metadata)
    else:
        count = write_jsonl(out, rows())
    click.echo(f"wrote {count} steps of {len(loaded)} games to {out}")
