"""Australia's towns in the solo game: the town tracker card (RB-093..RB-095).

The towns themselves are the board's (``rules.boards.australia``): unbuilt, a town is a gray
city without goods, built by a link that ends there (AU-028..AU-031) or by its card (AU-032).
The solo appendix adds a tracker card beside the board:

- a town the player builds by paying for it (a link of the player's that ends there, not its
  Operations card) draws a third cube, which goes on the tracker's *built* column (RB-093);
- the first cube the player delivers to each town goes on its *delivered* column instead of
  back into the bag (RB-094);
- at the end both columns score by their tables, and a player who never delivered to a town
  loses whatever the score (RB-094);
- a Railbot link that must reach an unbuilt town builds it, with two cubes and nothing on the
  tracker (RB-095).

Cubes on the tracker are out of the bag for the rest of the game (``SoloRules.cubes_held``).
The tracker's tables are the ``[towns]`` table of ``solo.toml``, read here; what it holds is
kept in the solo state's ``own`` table (:class:`Kept`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from railways.content.solo import SoloMap
from railways.core.board import Board, Color
from railways.core.game import Delivery, Game
from railways.core.state import Link
from railways.rules.boards.australia import state as au
from railways.rules.boards.australia.regions import TOWN
from railways.rules.solo.hooks import SoloHook
from railways.rules.solo.state import solo_map, solo_state

PLAYER = 0
TABLE = "towns"  # the table of solo.toml
_KEYS = {"source", "built_points", "delivered_points", "must_deliver"}


@dataclass(frozen=True)
class TownTracker:
    """The town tracker card (RB-093, RB-094): points for the towns the player built by paying
    for them and for the towns the player delivered to, and whether a delivery to a town is
    needed to win."""

    built_points: tuple[int, ...]  # points for 1, 2, ... towns built (the last for more)
    delivered_points: tuple[int, ...]  # points for 1, 2, ... towns delivered to
    must_deliver: bool  # no delivery to a town by the end: the player loses (RB-094)

    def points_for_built(self, towns: int) -> int:
        return _table_points(self.built_points, towns)

    def points_for_delivered(self, towns: int) -> int:
        return _table_points(self.delivered_points, towns)


BUILT, DELIVERED, CUBES = "towns_built", "towns_delivered", "tracker"  # solo state's own keys


class Kept:
    """What the tracker holds, in the solo state's ``own`` table (plain lists, so the state
    copies and replays as before): the towns the player built by paying for them, the towns
    it delivered to, and the colours of the cubes on the card."""

    def __init__(self, game: Game) -> None:
        own = solo_state(game).own
        self.built: list[str] = own.get(BUILT, [])
        self.delivered: list[str] = own.get(DELIVERED, [])
        self.cubes: list[str] = own.get(CUBES, [])

    @staticmethod
    def start(game: Game) -> None:
        """The empty tracker, at set-up."""
        solo_state(game).own.update({BUILT: [], DELIVERED: [], CUBES: []})


def _table_points(table: tuple[int, ...], count: int) -> int:
    if count <= 0 or not table:
        return 0
    return table[min(count, len(table)) - 1]


def read_tracker(raw: object, board: Board, p: list[str]) -> TownTracker | None:
    """The ``[towns]`` table, checked against the printed board."""
    file, key = "solo.toml", TABLE
    if raw is None:
        return None
    if not isinstance(raw, dict):
        p.append(f"{file}:{key}: expected a table")
        return None
    p += [f"{file}:{key}.{k}: unknown key" for k in raw if k not in _KEYS]
    if not board.towns:
        p.append(f"{file}:{key}: {board.id} has no towns")
    tables: list[tuple[int, ...]] = []
    for name in ("built_points", "delivered_points"):
        value = raw.get(name, [])
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value
        ):
            p.append(f"{file}:{key}.{name}: expected a list of points")
            value = []
        tables.append(tuple(value))
    must = raw.get("must_deliver", False)
    if not isinstance(must, bool):
        p.append(f"{file}:{key}.must_deliver: expected true or false")
        must = False
    return TownTracker(built_points=tables[0], delivered_points=tables[1], must_deliver=must)


def tracker_of(game: Game) -> TownTracker | None:
    """The game's town tracker (None when its solo appendix keeps none)."""
    appendix = solo_map(game).appendix
    return appendix if isinstance(appendix, TownTracker) else None


def in_force(game: Game) -> bool:
    """Whether this solo map keeps a town tracker."""
    return tracker_of(game) is not None


def is_town(game: Game, city: str) -> bool:
    """Whether ``city`` began the game as a town, built or not."""
    found = game.board.cities.get(city)
    return found is not None and TOWN in found.flags


def is_unbuilt(game: Game, city: str | None) -> bool:
    return in_force(game) and au.is_unbuilt(game, city)


def unbuilt_prices(game: Game) -> dict[str, int]:
    """What a path pays to reach each unbuilt town: $5,000 (AU-028), which the Railbot's
    cheapest path counts like any other price (RB-065, RB-095)."""
    if not in_force(game):
        return {}
    return {town: au.TOWN_COST for town in au.unbuilt(game)}


def player_builds(game: Game, seat: int, link: Link) -> None:
    """RB-093: the player's link is about to build the town it ends at (the board's plug-in
    builds it after every plug-in's ``after_build``): a third cube goes on the tracker."""
    if seat != PLAYER or not link.complete or not is_unbuilt(game, link.end):
        return
    assert link.end is not None
    kept = Kept(game)
    kept.built.append(link.end)
    cubes = game.draw_cubes(1)
    kept.cubes.extend(c.value for c in cubes)
    name = game.city_name(link.end)
    if cubes:
        game.log(f"A {cubes[0].value} cube goes on the town tracker: {name} is built by you")
    else:
        game.log(f"{name} is built by you (the bag has no cube for the town tracker)")


def railbot_builds(game: Game, link: Link) -> None:
    """RB-095: a Railbot link that reaches an unbuilt town (or leaves one) builds it with two
    random cubes, as the board's rules build a town (AU-031); nothing goes on the tracker."""
    for city in (link.start, link.end):
        if is_unbuilt(game, city):
            assert city is not None
            au.build_town(game, city, "built by the Railbot")


def delivered(game: Game, delivery: Delivery) -> None:
    """RB-094: the first cube delivered to a town goes on the tracker, not into the bag."""
    town = delivery.destination
    kept = Kept(game)
    if not in_force(game) or not is_town(game, town) or town in kept.delivered:
        return
    kept.delivered.append(town)
    color = delivery.color
    if game.state.bag[color] > 0:  # the delivery put it back in the bag (RW-p5-30)
        game.state.bag[color] -= 1
        kept.cubes.append(color.value)
    game.log(
        f"The {color.value} cube delivered to {game.city_name(town)} goes on the town tracker "
        f"({len(kept.delivered)} town{'' if len(kept.delivered) == 1 else 's'} "
        "delivered to)"
    )


def final_points(game: Game) -> int:
    """RB-093, RB-094: the tracker's points after the last turn."""
    tracker = tracker_of(game)
    if tracker is None:
        return 0
    kept = Kept(game)
    built = tracker.points_for_built(len(kept.built))
    reached = tracker.points_for_delivered(len(kept.delivered))
    if built:
        game.log(f"Towns you built: {len(kept.built)}, {built} points")
    if reached:
        game.log(f"Towns you delivered to: {len(kept.delivered)}, {reached} points")
    return built + reached


def lost_by_towns(game: Game) -> bool:
    """RB-094: no cube delivered to a town by the end loses the game."""
    tracker = tracker_of(game)
    return tracker is not None and tracker.must_deliver and not Kept(game).delivered


def held(game: Game) -> dict[Color, int]:
    """The cubes on the tracker card, by colour (out of the bag)."""
    out: dict[Color, int] = {}
    for value in Kept(game).cubes:
        out[Color(value)] = out.get(Color(value), 0) + 1
    return out


def tracker_view(game: Game) -> dict[str, Any] | None:
    """What each column of the tracker holds and scores now (RB-093, RB-094)."""
    tracker = tracker_of(game)
    if tracker is None:
        return None
    kept = Kept(game)
    return {
        "built": list(kept.built),
        "delivered": list(kept.delivered),
        "built_points": tracker.points_for_built(len(kept.built)),
        "delivered_points": tracker.points_for_delivered(len(kept.delivered)),
        "must_deliver": tracker.must_deliver,
    }


def delivery_points(game: Game, city: str) -> int:
    """What the tracker's delivered column gains if the next cube goes to ``city``."""
    tracker = tracker_of(game)
    delivered_to = Kept(game).delivered
    if tracker is None or not is_town(game, city) or city in delivered_to:
        return 0
    reached = len(delivered_to)
    return tracker.points_for_delivered(reached + 1) - tracker.points_for_delivered(reached)


def delivery_needed(game: Game, city: str) -> bool:
    """Whether a cube to ``city`` would be the first to a town, which the game needs (RB-094)."""
    tracker = tracker_of(game)
    return (
        tracker is not None
        and tracker.must_deliver
        and not Kept(game).delivered
        and is_town(game, city)
    )


def build_points(game: Game, city: str | None) -> int:
    """What the tracker's built column gains if the player's next link builds ``city``."""
    tracker = tracker_of(game)
    if tracker is None or not is_unbuilt(game, city):
        return 0
    built = len(Kept(game).built)
    return tracker.points_for_built(built + 1) - tracker.points_for_built(built)


class AustraliaSolo(SoloHook):
    """The town tracker as the solo game's hook (``Australia.solo_hook``)."""

    def setup(self, game: Game) -> None:
        if in_force(game):
            Kept.start(game)

    def appendix_keys(self) -> frozenset[str]:
        return frozenset({TABLE})

    def read_appendix(self, smap: SoloMap, board: Board, problems: list[str]) -> object:
        return read_tracker(smap.own.get(TABLE), board, problems)

    def view(self, game: Game) -> dict[str, Any]:
        return {"towns": tracker_view(game)}

    def delivery_points(self, game: Game, city: str) -> int:
        return delivery_points(game, city)

    def delivery_needed(self, game: Game, city: str) -> bool:
        return delivery_needed(game, city)

    def build_points(self, game: Game, city: str | None) -> int:
        return build_points(game, city)

    def is_town(self, game: Game, city: str) -> bool:
        return is_town(game, city)

    def is_unbuilt(self, game: Game, city: str | None) -> bool:
        return is_unbuilt(game, city)

    def path_prices(self, game: Game) -> dict[str, int]:
        return unbuilt_prices(game)

    def player_builds(self, game: Game, seat: int, link: Link) -> None:
        player_builds(game, seat, link)

    def railbot_builds(self, game: Game, link: Link) -> None:
        railbot_builds(game, link)

    def delivered(self, game: Game, delivery: Delivery) -> None:
        delivered(game, delivery)

    def final_points(self, game: Game) -> int:
        return final_points(game)

    def lost(self, game: Game) -> bool:
        return lost_by_towns(game)

    def held(self, game: Game) -> dict[Color, int]:
        return held(game)
