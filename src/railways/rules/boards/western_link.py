"""Eastern U.S.: the Build Western Link action and its Major Line (RW-p10-10..18).

Everything about the Western Link lives here: the action and its kind, the red
cubes it brings, the bonus cubes for red deliveries to the city beyond, the Major
Line it unlocks, the Rail Baron who scores for it, the board checks of its hexes
and the markers front ends draw for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from railways.content.mapcheck import joined_groups
from railways.core.actions import Action, kept_action, register
from railways.core.board import Board, Color, MajorLine, SpecialHex
from railways.core.cards import BaronDef, BaronEffect
from railways.core.errors import IllegalAction
from railways.core.game import Delivery, Game
from railways.core.kinds import ActionInfo, ActionKind, KindInfo
from railways.core.plugins import Marker, Plugin
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.legal import LegalActions
    from railways.core.rng import Rng

KIND = "western_link"  # the special hexes' kind and the Major Line requirement
WESTERN_LINK_COST = 30  # $30,000 (RW-p10-11), unless the hex's params say otherwise
RED_CUBES_ADDED = 4  # RW-p10-14
CHICAGO_BONUS_CUBES = 2  # RW-p10-15
_RED = Color.RED  # read once: a member read from its Enum class is a slow lookup


@register
@dataclass(frozen=True, slots=True)
class BuildWesternLink(Action):
    city: str = ""
    kind: ClassVar[str] = "build_western_link"

    def __str__(self) -> str:
        return f"P{self.seat + 1} builds the Western Link at {self.city}"


def _built(game: Game) -> dict[str, int]:
    data = game.state.plugin_data
    built: dict[str, int] | None = data.get("western_links")
    if built is None:  # (not setdefault: asked at every listing, that made a dict each time)
        built = data["western_links"] = {}
    return built


def _hexes(board: Board) -> dict[str, SpecialHex]:
    """City id -> its Western Link hex, for every Western Link hex of the board (made once
    per board: every check of any action asks). Do not modify the answer."""

    def make() -> dict[str, SpecialHex]:
        specials = board.specials.values()
        return {s.city: s for s in specials if s.kind == KIND and s.city is not None}

    return board.derived("western_link_hexes", make)


def _sorted_cities(board: Board) -> list[str]:
    """The Western Link cities of the board, sorted (made once per board)."""
    return board.derived("western_link_cities", lambda: sorted(_hexes(board)))


def _unrefused(game: Game, seat: int, options: list[BuildWesternLink]) -> list[Action]:
    """The options of ``seat`` (Western Link cities of the board) that the kind's
    ``check`` does not surely refuse, told without its exception: not built already, and
    reached by a link of the seat's own."""
    built = _built(game)
    return [
        action
        for action in options
        if action.city not in built and game.has_own_link_to(seat, action.city)
    ]


def _bonus_city(board: Board) -> str:
    """The red city beyond the Western Links (RW-p10-15), found once per board."""

    def find() -> str:
        for special in _hexes(board).values():
            target = special.params.get("delivers_to")
            if isinstance(target, str):
                return target
        return "chicago"

    found: str = board.derived("western_link_bonus_city", find)
    return found


def _cost(special: SpecialHex) -> int:
    cost = special.params.get("cost", WESTERN_LINK_COST)
    return cost if isinstance(cost, int) else WESTERN_LINK_COST


class BuildWesternLinkKind(ActionKind):
    action_type = BuildWesternLink
    info = KindInfo(
        "Western Link",
        "build it at a Western Link city you have a link to: red goods arrive",
        "RW-p10-10",
        "w",
    )

    def check(self, game: Game, action: BuildWesternLink) -> object:
        eligible = _hexes(game.board)
        if action.city not in eligible:
            names = " or ".join(game.city_name(c) for c in sorted(eligible))
            raise IllegalAction(f"a Western Link can only be built at {names}", "RW-p10-12")
        if action.city in _built(game):
            raise IllegalAction(
                f"{game.city_name(action.city)} already has its Western Link", "RW-p10-12"
            )
        if not game.has_own_link_to(action.seat, action.city):
            raise IllegalAction(
                f"you need a completed link of your own to {game.city_name(action.city)} first",
                "RW-p10-10",
            )
        return None

    def perform(self, game: Game, action: BuildWesternLink, checked: object) -> None:
        special = _hexes(game.board)[action.city]
        game.pay(action.seat, _cost(special), "Western Link")  # RW-p10-11
        _built(game)[action.city] = action.seat  # RW-p10-13
        game.add_cubes(action.city, game.draw_cube_of(Color.RED, RED_CUBES_ADDED))  # RW-p10-14
        game.log(
            f"{game.seats[action.seat]} builds the Western Link at {game.city_name(action.city)}"
        )
        game.check_major_lines(action.seat)

    def __init__(self) -> None:
        # seat -> (the board, its option at each Western Link city), made once
        self._made: dict[int, tuple[Board, list[BuildWesternLink]]] = {}

    def _options(self, game: Game, seat: int) -> list[BuildWesternLink]:
        """The kept list of options (do not modify it)."""
        made = self._made.get(seat)
        if made is None or made[0] is not game.board:
            cities = _sorted_cities(game.board)
            made = self._made[seat] = (
                game.board,
                [kept_action(BuildWesternLink, seat, c) for c in cities],
            )
        return made[1]

    def options(self, game: Game, seat: int) -> list[Action]:
        return list(self._options(game, seat))

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        options = _unrefused(game, seat, self._options(game, seat))
        if options:  # each a Western Link city, not built, reached: what ``check`` asks
            legal.simple.extend(game.allowed_as_listed(options, [True] * len(options)))

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        # ``draw_legal`` as it draws, but an unrefused option (what ``check`` asks, as
        # ``list_into`` says) is asked only the rest of the check.
        built = _built(game)
        choices = list(self._options(game, seat))
        while choices:
            i = rng.below(len(choices))
            action = choices[i]
            if (
                action.city not in built  # refused as _unrefused says, else set aside
                and game.has_own_link_to(seat, action.city)
                and game.allowed_as_listed([action], [True])
            ):
                return action
            choices[i] = choices[-1]  # set aside: the last takes its place
            choices.pop()
        return None

    def describe(self, game: Game, action: BuildWesternLink) -> ActionInfo:
        special = _hexes(game.board).get(action.city)
        if special is None:
            return ActionInfo(str(action), help="RW-p10-10")
        return ActionInfo(
            f"Build the Western Link at {game.city_name(action.city)}",
            _cost(special),
            hexes=(special.at,),
            cities=(action.city,),
            help="RW-p10-10",
        )


class BuiltWesternLink(BaronEffect):
    """The Rail Baron who scores for building a Western Link (RW-p19)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        return baron.points if seat in _built(game).values() else 0


@register_plugin
class WesternLink(Plugin):
    id = "western_link"
    requirements = frozenset({KIND})
    feature_kinds = frozenset({KIND})
    baron_effects: Mapping[str, BaronEffect] = {"built_western_link": BuiltWesternLink()}

    def setup(self, game: Game) -> None:
        _built(game)

    def action_kinds(self) -> Sequence[ActionKind]:
        return (BuildWesternLinkKind(),)

    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        # RW-p10-15: red goods from a Western Link city to the red city beyond bring two cubes.
        if delivery.color is not _RED:  # (most deliveries: nothing more asked)
            return
        target = _bonus_city(game.board)
        if delivery.source in _built(game) and delivery.destination == target:
            game.add_cubes(target, game.draw_cubes(CHICAGO_BONUS_CUBES))
            game.log(f"Western trade: two new cubes arrive in {game.city_name(target)}")

    def major_line_met(
        self, game: Game, seat: int, line: MajorLine, network: frozenset[str]
    ) -> bool | None:
        if KIND not in line.requires:
            return None
        # RW-p10-17, RW-p10-18: the seat's own Western Link must be on the same own network.
        return any(owner == seat and city in network for city, owner in _built(game).items())

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        return {"western_links": dict(_built(game))}

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        hexes = _hexes(game.board)
        return [
            Marker(
                kind="western_link_built",
                label=f"Western Link at {game.city_name(city)} ({game.seats[owner]})",
                symbol="W",
                hex=hexes[city].at if city in hexes else None,
                city=city,
                owner=owner,
                help="RW-p10-13",
            )
            for city, owner in sorted(_built(game).items())
        ]

    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        for special in sorted(board.specials.values(), key=lambda s: s.id):
            if special.kind != KIND:
                continue
            if special.city is None or special.city not in board.cities:
                problems.append(f"Western Link {special.id} names no city of the board")
                continue
            city = board.cities[special.city]
            side = city.at.side_towards(special.at)
            if side is None:
                problems.append(
                    f"Western Link {special.id} ({special.at}) is not next to "
                    f"{city.name} ({city.at})"
                )
            elif side not in city.spokes:
                problems.append(
                    f"{city.name} has no spoke {side.name} towards its Western Link {special.id}"
                )
        group_of = joined_groups(board)
        links = list(_hexes(board).values())
        for line in sorted(board.major_lines.values(), key=lambda m: m.id):
            if KIND not in line.requires:
                continue
            ends = [e for e in line.endpoints if e in board.cities]
            usable = [
                s
                for s in links
                if s.city is not None and ends and group_of.get(s.city) == group_of.get(ends[0])
            ]
            if not usable:
                problems.append(
                    f"Major Line {line.id} needs a Western Link, but the board has none that "
                    "track can join to its cities"
                )
        return problems
