"""The Railways Through Time plug-in: time gates, travel through time, Time Lines, the era
choice, the auction and the set-up of its cards.

Time gates (TT-013, RW-p13-16..21) are cities flagged ``time-gate`` on the board: track may
end in one (which completes a link and ends the action, like reaching a city) or start from
one, and joining track to a gate costs $1,000 more (``edge_cost``), even with a Land Grant
(RW-p13-21). A city next to a gate is not joined to it (RW-p13-20): only a link is. Track
built from a gate must reach a city (TT-020, RW-p14-07): we read that strictly, so a build
from a gate must end in a city other than a gate in the same action and no loose end ever
hangs off a gate (docs/rules-interpretations.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from railways.core.actions import Action, BuildTrack, TakeOperationsCard
from railways.core.board import Board, Color, MajorLine
from railways.core.cards import CardDef, CardEffect
from railways.core.delivery import DeliveryHook, RouteLink
from railways.core.errors import IllegalAction
from railways.core.hexgrid import Hex
from railways.core.plugins import Marker, OptionSpec, Plugin
from railways.rules.boards.through_time.auction import TimeAuctionTurn, after_auction_action
from railways.rules.boards.through_time.eras import (
    TIME_LINE,
    eras_of,
    game_board,
    is_gate,
    time_lines,
)
from railways.rules.boards.through_time.operations import EFFECTS
from railways.rules.boards.through_time.timelines import CHART, STEP, claim_lines, claims
from railways.rules.boards.through_time.travel import TimeTravel, gate_links, time_links
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.game import Game, Options
    from railways.core.state import Link

GATE_COST = 1  # $1,000 more to join track to a time gate (TT-013, RW-p13-17)
# The eras a game plays when its players choose none: players + 1 of them (TT-004), in
# this order, which puts a red city (Napoleonic) among the first three.
DEFAULT_PICK = (
    "stone-age",
    "egypt",
    "napoleonic",
    "industrial",
    "roman-empire",
    "medieval",
    "wild-west",
    "future",
)
# Optional modules tried and played with Through Time; the others change a rule this
# board replaces (the auction, the set-up cubes) or put goods on any city (a time gate).
MODULES = frozenset({"shorter-game", "cut-throat", "hotels", "mines"})


def _gate_hexes(board: Board) -> frozenset[Hex]:
    return board.derived(
        "through-time-gate-hexes",
        lambda: frozenset(c.at for c in board.cities.values() if is_gate(c)),
    )


def choose_eras(full: Board, options: Options, players: int) -> list[str]:
    """The eras of a game: ``options.extra["eras"]`` checked, or the default (TT-004)."""
    eras = eras_of(full)
    chosen = options.extra.get("eras")
    if chosen is None:
        pick = [e for e in DEFAULT_PICK if e in eras.by_id] + [
            e for e in eras.order if e not in DEFAULT_PICK
        ]
        return [e for e in eras.order if e in pick[: players + 1]]
    known = ", ".join(eras.order)
    if not isinstance(chosen, list) or not all(isinstance(e, str) for e in chosen):
        raise ValueError(f"options.eras: expected a list of era ids (known: {known})")
    unknown = [e for e in chosen if e not in eras.by_id]
    if unknown:
        raise ValueError(f"options.eras: unknown era(s) {', '.join(unknown)} (known: {known})")
    if len(set(chosen)) != len(chosen):
        raise ValueError("options.eras: an era is named twice")
    if len(chosen) < 2:
        raise ValueError(
            "options.eras: choose at least two eras, or nothing can travel through time "
            "(TT-004 recommends players + 1)"
        )
    if not eras.red & set(chosen):
        red = ", ".join(e for e in eras.order if e in eras.red)
        raise ValueError(
            "options.eras: include an era with a red city, or red goods can never be "
            f"delivered (TT-004, RW-p13-06; eras with one: {red})"
        )
    return [e for e in eras.order if e in chosen]  # one spelling per choice: board order


@register_plugin
class ThroughTime(Plugin):
    id = "through_time"
    requirements = frozenset({TIME_LINE})
    prices_edges = True
    judges_routes = True
    option_keys = frozenset({"eras"})
    option_specs = (
        OptionSpec(
            "eras",
            "Railways Through Time: the era boards to play. Eras: stone-age, egypt, "
            "roman-empire, medieval, napoleonic, wild-west, industrial, future.",
            clause="TT-004",
            default="players + 1 of them, one with a red city",
            max_items=8,
        ),
    )
    turn_structure = TimeAuctionTurn
    help_file = "help.toml"  # the terminal's help on gates and Time Lines
    card_effects: Mapping[str, CardEffect] = EFFECTS  # Time Blazer, Time Bounty
    bot_pieces: Mapping[str, str] = {
        "greedy": "railways.rules.boards.through_time.greedy:TimeContext"
    }

    # -- the game's board and cards -------------------------------------------------------
    @classmethod
    def game_board(cls, board: Board, options: Options, players: int) -> tuple[Board, Options]:
        """The chosen eras side by side (TT-004), and the options with the choice written."""
        modules = sorted(set(options.extra.get("modules", [])) - MODULES)
        if modules:
            raise ValueError(
                f"options.modules: {', '.join(modules)} cannot be played with Railways Through "
                f"Time (it has its own auction and set-up; modules that go with it: "
                f"{', '.join(sorted(MODULES))})"
            )
        chosen = choose_eras(board, options, players)
        return game_board(board, chosen), replace(options, extra={**options.extra, "eras": chosen})

    @classmethod
    def option_choices(cls, board: Board) -> Mapping[str, Sequence[tuple[str, str]]]:
        eras = eras_of(board)
        return {"eras": [(e, eras.by_id[e].name) for e in eras.order]}

    def cards_in_play(self, board: Board, cards: Mapping[str, CardDef]) -> Mapping[str, CardDef]:
        """The deck without the cards of eras not played (TT-007, RW-p13-09)."""
        out = {}
        for cid, card in cards.items():
            city, era = card.params.get("city"), card.params.get("era")
            if city is not None and city not in board.cities:
                continue
            if era is not None and era not in board.regions:
                continue
            out[cid] = card
        return out

    def setup(self, game: Game) -> None:
        # A time gate holds no goods (TT-001), but the base set-up gives every city at least
        # one: they go back to the bag, and a city the bag ran short for (all eight eras
        # print more goods than the bag holds less one a gate) gets its printed number now.
        state = game.state
        cities = sorted(game.board.cities.items())
        for cid, city in cities:
            if is_gate(city):
                for color in state.cubes[cid]:
                    state.bag[color] += 1
                state.cubes[cid] = []
        for cid, city in cities:  # every city its printed goods, none fewer (TT-005)
            missing = city.cubes - len(state.cubes[cid])
            if missing > 0:
                state.cubes[cid].extend(game.draw_cubes(missing))

    # -- building -----------------------------------------------------------------------
    def edge_cost(self, board: Board, a: Hex, b: Hex) -> int:
        gates = _gate_hexes(board)
        return GATE_COST if a in gates or b in gates else 0

    def route_allowed(self, board: Board, path: Sequence[Hex]) -> bool:
        """No route from a time gate but one that ends in a city (TT-020, RW-p14-07)."""
        gates = _gate_hexes(board)
        if path[0] not in gates:
            return True
        end = board.city_at(path[-1])
        return end is not None and end.at not in gates

    def check_action(self, game: Game, action: Action) -> None:
        if isinstance(action, BuildTrack):
            self._check_build(game, action)
        elif isinstance(action, TakeOperationsCard):
            target = game.board.cities.get(action.target or "")
            if target is not None and is_gate(target):
                raise IllegalAction(
                    f"{target.name} is a time gate, not a city: it holds no goods", "TT-001"
                )

    def _check_build(self, game: Game, action: BuildTrack) -> None:
        if not action.path:
            return
        board = game.board
        start = board.city_at(action.path[0])
        if start is not None and is_gate(start):
            end = board.city_at(action.path[-1]) if len(action.path) > 1 else None
            if end is None:
                raise IllegalAction(
                    f"track built from {start.name} must reach a city in the same build",
                    "TT-020",
                )
            if is_gate(end):
                raise IllegalAction(
                    f"track from {start.name} must connect to a city, not to another time gate",
                    "TT-020",
                )

    def after_build(self, game: Game, seat: int, link: Link) -> None:
        if link.complete:
            claim_lines(game, seat)

    def major_line_met(
        self, game: Game, seat: int, line: MajorLine, network: frozenset[str]
    ) -> bool | None:
        # Time Lines are claimed by ``claim_lines`` after each build, never by the base rule.
        return False if TIME_LINE in line.requires else None

    # -- delivering ------------------------------------------------------------------------
    def route_links(self, game: Game) -> Sequence[RouteLink]:
        return time_links(game)

    def delivery_hooks(self, game: Game) -> Sequence[DeliveryHook]:
        return (TimeTravel(game),)

    def after_action(self, game: Game, action: Action) -> None:
        after_auction_action(game, action)

    # -- what front ends show -------------------------------------------------------------
    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        eras = eras_of(game.board)
        return {
            "through_time": {
                "eras": [
                    {
                        "id": e,
                        "name": eras.by_id[e].name,
                        "cities": list(eras.by_id[e].cities),
                        "gates": list(eras.by_id[e].gates),
                    }
                    for e in eras.order
                ],
                "time_lines": {str(p.seat): claims(game, p.seat) for p in game.state.players},
                "chart": {str(k): v for k, v in CHART.items()},
                "chart_step": STEP,
            }
        }

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        board = game.board
        eras = eras_of(board)
        out: list[Marker] = []
        joined: dict[str, set[int]] = {}
        for g in gate_links(board, list(game.state.links.values())):
            joined.setdefault(g.gate, set()).add(g.owner)
        for era_id in eras.order:
            era = eras.by_id[era_id]
            for gate_id in era.gates:
                gate = board.cities[gate_id]
                out.append(
                    Marker(
                        kind="time-gate",
                        label=f"{gate.name}: a time gate of the {era.name} era ($1,000 to join)",
                        symbol="TG",
                        hex=gate.at,
                        city=gate_id,
                        help="TT-013",
                    )
                )
                for owner in sorted(joined.get(gate_id, ())):
                    out.append(
                        Marker(
                            kind="time-gate-joined",
                            label=f"{game.seats[owner]} has track to {gate.name}",
                            symbol=str(owner + 1),
                            city=gate_id,
                            owner=owner,
                            help="TT-014",
                        )
                    )
        for line in time_lines(board):
            holder = game.state.major_lines.get(line.id)
            held = f"claimed by {game.seats[holder]}" if holder is not None else "unclaimed"
            out.append(
                Marker(
                    kind="time-line",
                    label=f"Time Line {line.name or line.id}: {held}",
                    symbol="T",
                    city=line.endpoints[0],
                    owner=holder,
                    help="TT-023",
                )
            )
        return out

    # -- the board's data ----------------------------------------------------------------
    def board_joins(self, board: Board) -> Sequence[tuple[str, str]]:
        """Time gates of different eras are joined by travel through time (TT-014)."""
        eras = eras_of(board)
        gates = [(g, e) for e in eras.order for g in eras.by_id[e].gates]
        return [(a, b) for i, (a, ea) in enumerate(gates) for b, eb in gates[i + 1 :] if ea != eb]

    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        eras = eras_of(board)
        if not board.regions:
            return ["a Through Time board needs its eras as [[region]]s"]
        placed = set(eras.era_of_city)
        for cid in sorted(set(board.cities) - placed):
            problems.append(f"city {cid} lies in no era (no [[region]] holds its hex)")
        for era_id in eras.order:
            era = eras.by_id[era_id]
            if not era.gates:
                problems.append(f"era {era_id} has no time gate: nothing could reach it")
        for cid, city in sorted(board.cities.items()):
            if is_gate(city) and (city.cubes or city.color is not Color.RED):
                problems.append(f"time gate {cid} must be red and print no goods cubes")
        for line in time_lines(board):
            homes = {eras.of_city(e) for e in line.endpoints}
            if len(homes) != 1:
                problems.append(f"Time Line {line.id} joins cities of different eras")
            if any(is_gate(board.cities[e]) for e in line.endpoints):
                problems.append(f"Time Line {line.id} ends at a time gate")
        if not eras.red:
            problems.append("no era has a red city (TT-004 recommends one in every game)")
        return problems
