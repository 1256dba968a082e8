"""A candidate Build Track action (:class:`BuildOption`) and what a seat's builds may use now.

How an option is made from a precomputed route (:func:`_option`, kept per board) or from a
build checked in full (:func:`_try`); the tiles and cards a seat has for a build, the hexes
closed to it, and whether a plug-in judges every build.
"""

from __future__ import annotations

from dataclasses import dataclass

from railways.core.actions import BuildTrack
from railways.core.board import Board
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, copied_by_fields
from railways.core.routes import FirstLeg, StaticRoute
from railways.core.state import Link


@dataclass(frozen=True, slots=True)
class BuildOption:
    """A candidate Build Track action and what it does."""

    action: BuildTrack
    cost: int
    tiles: int
    to_city: str | None
    route: tuple[Hex, ...]  # the whole planned route, for links that need more than one action


def _max_tiles(game: Game, seat: int) -> tuple[int, tuple[str, ...]]:
    """The most tiles the seat can lay now, and the cards that allow it."""
    base = BuildTrack(seat=seat)
    best = game.build_rules(base).max_tiles
    cards: tuple[str, ...] = ()
    player = game.state.players[seat]
    for card_id in player.kept:
        try:
            rules = game.build_rules(BuildTrack(seat=seat, cards=(card_id,)))
        except IllegalAction:
            continue
        if rules.max_tiles > best:
            best, cards = rules.max_tiles, (card_id,)
    return best, cards


def _option(
    board: Board,
    seat: int,
    cards: tuple[str, ...],
    route: StaticRoute | FirstLeg,
    dest: str | None,
) -> BuildOption:
    """The option of a route over empty hexes: made once per board, seat and cards."""
    made: dict[tuple[int, tuple[str, ...], StaticRoute | FirstLeg], BuildOption]
    made = board.derived("build_options", dict)
    key = (seat, cards, route)
    option = made.get(key)
    if option is None:
        if isinstance(route, FirstLeg):
            action = BuildTrack(seat=seat, path=route.path, exit=route.exit, cards=cards)
            option = BuildOption(action, route.cost, len(route.path) - 1, None, route.route)
        else:
            action = BuildTrack(seat=seat, path=route.path, cards=cards)
            option = BuildOption(action, route.cost, route.tiles, dest, route.path)
        made[key] = option
    return option


def _closed(game: Game, seat: int) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """Hexes closed to the seat's builds now, and hexes closed only as a build's start."""
    restrictions = game.build_restrictions(seat)
    return _union([r.hexes for r in restrictions if not r.starts_only]), _union(
        [r.hexes for r in restrictions if r.starts_only]
    )


def _union(sets: list[frozenset[Hex]]) -> frozenset[Hex]:
    # One set is kept as it is: the same object each time hashes once (frozensets keep their
    # hash), and these key the listing caches (a closed Western board is 679 hexes).
    return sets[0] if len(sets) == 1 else frozenset().union(*sets)


def _judged(game: Game) -> bool:
    """Whether a plug-in judges every build (``Plugin.judges_builds``): each candidate is
    then checked in full, as no precomputed route can know the plug-in's verdict."""
    return any(p.judges_builds for p in game.ruleset.plugins)


def _judged_cities(game: Game) -> frozenset[str]:
    """The cities whose links a plug-in judges in full now (``Plugin.judged_cities``)."""
    found: frozenset[str] = frozenset()
    for plugin in game.ruleset.plugins:
        found |= plugin.judged_cities(game)
    return found


def _try(
    game: Game, action: BuildTrack, route: tuple[Hex, ...], dest: str | None
) -> BuildOption | None:
    try:
        plan = game.plan(action)
    except IllegalAction:
        return None
    return BuildOption(action, plan.cost, plan.tiles_laid, dest, route)


def _open_links(game: Game, seat: int) -> list[Link]:
    """The seat's incomplete links (kept until the track changes; do not modify)."""
    state = game.state
    hit = game.derived.get("open_links")
    if hit is None or hit[0] != state.track_version:
        by_seat: dict[int, list[Link]] = {}
        for link in state.links.values():
            if link.end is None:
                by_seat.setdefault(link.owner, []).append(link)
        hit = game.derived["open_links"] = (state.track_version, by_seat)
    found: list[Link] = hit[1].get(seat, [])
    return found


copied_by_fields(BuildOption)  # copy and pickle work compiled too (hexgrid)
